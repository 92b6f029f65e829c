//! Ratings: Glicko-2, as the `skillratings` crate computes it, over rated
//! two-player matches.
//!
//! A rating is a number on the familiar scale (1500 for a newcomer, 400
//! points for a factor of ten in the odds of winning), its deviation (how
//! unsure the number is: 350 knows nothing) and its volatility (how much
//! the player's strength seems to move). Glicko-2 updates them once a
//! rating period from the period's results ([`Rating::after_period`]); a
//! club that rates each match as it ends makes every match a period of its
//! own ([`rate_match`]). A rated match counts as one result, whatever its
//! format: a win (1) for its winner and a loss (0) for its loser. There
//! are no draws: every format of a two-player match has a winner.
//!
//! Three- and four-player results are not rated. Glicko-2 is a model of
//! two players: the chance that one beats the other. `skillratings` has no
//! Glicko-2 for more players or for teams; its models for those (Weng-Lin,
//! TrueSkill) are other systems on other scales, and a rating list that
//! mixed their numbers with Glicko-2's would compare what cannot be
//! compared.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{
    Glicko2Config, Glicko2Rating, expected_score, glicko2, glicko2_rating_period,
};

/// Glicko-2's system constant τ, which limits how fast a volatility moves:
/// 0.5, as in Glickman's worked example ("reasonable choices are between
/// 0.3 and 1.2").
pub const TAU: f64 = 0.5;

/// A player's Glicko-2 rating.
///
/// A `Rating` that exists has a finite rating and a deviation and a
/// volatility that are finite and above zero: [`Rating::new`] and
/// deserialising check it.
///
/// ```
/// use crib_club::{Rating, rate_match};
/// let (winner, loser) = rate_match(Rating::NEW, Rating::NEW);
/// assert!(winner.rating() > 1500.0 && loser.rating() < 1500.0);
/// assert!(winner.deviation() < 350.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A rating as it arrives from outside, before [`Rating::new`] checks it.
#[derive(Deserialize)]
struct Unchecked {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

impl TryFrom<Unchecked> for Rating {
    type Error = RatingError;

    fn try_from(rating: Unchecked) -> Result<Rating, RatingError> {
        Rating::new(rating.rating, rating.deviation, rating.volatility)
    }
}

/// Why three numbers are not a rating.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum RatingError {
    /// A rating that is not a finite number.
    #[error("a rating is a finite number, not {0}")]
    Rating(f64),
    /// A deviation that is not finite or not above zero.
    #[error("a rating's deviation is a finite number above 0, not {0}")]
    Deviation(f64),
    /// A volatility that is not finite or not above zero.
    #[error("a rating's volatility is a finite number above 0, not {0}")]
    Volatility(f64),
}

/// A result of a rated match, from the rated player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player won the match: 1.
    Win,
    /// The player lost it: 0.
    Loss,
}

impl Outcome {
    /// The outcome as `skillratings` writes it.
    const fn to_glicko(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Loss => Outcomes::LOSS,
        }
    }
}

impl Default for Rating {
    /// [`Rating::NEW`].
    fn default() -> Rating {
        Rating::NEW
    }
}

impl Rating {
    /// A newcomer's rating: 1500, deviation 350, volatility 0.06.
    pub const NEW: Rating = Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06 };

    /// The rating with these numbers.
    ///
    /// # Errors
    ///
    /// A rating that is not finite, or a deviation or volatility that is
    /// not finite and above zero.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Rating, RatingError> {
        let positive = |value: f64| value.is_finite() && value > 0.0;
        if !rating.is_finite() {
            Err(RatingError::Rating(rating))
        } else if !positive(deviation) {
            Err(RatingError::Deviation(deviation))
        } else if !positive(volatility) {
            Err(RatingError::Volatility(volatility))
        } else {
            Ok(Rating { rating, deviation, volatility })
        }
    }

    /// The rating itself.
    #[must_use]
    pub const fn rating(self) -> f64 {
        self.rating
    }

    /// Its deviation: about a 95% chance that the player's strength is
    /// within two deviations of the rating.
    #[must_use]
    pub const fn deviation(self) -> f64 {
        self.deviation
    }

    /// Its volatility.
    #[must_use]
    pub const fn volatility(self) -> f64 {
        self.volatility
    }

    /// The rating after a rating period with these results against
    /// opponents rated as they were at the period's start. A period with
    /// no results leaves the rating and widens its deviation, as Glicko-2
    /// does for a player who did not play (to at most 350).
    #[must_use]
    pub fn after_period(self, results: &[(Rating, Outcome)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = results
            .iter()
            .map(|&(opponent, outcome)| (opponent.to_glicko(), outcome.to_glicko()))
            .collect();
        Rating::from_glicko(glicko2_rating_period(&self.to_glicko(), &results, &config()))
    }

    /// The chance that this player wins a rated match against `opponent`,
    /// by both ratings and their deviations.
    #[must_use]
    pub fn chance_against(self, opponent: Rating) -> f64 {
        expected_score(&self.to_glicko(), &opponent.to_glicko()).0
    }

    /// The rating as `skillratings` keeps it.
    const fn to_glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// A rating `skillratings` computed from valid ones.
    const fn from_glicko(rating: Glicko2Rating) -> Rating {
        Rating { rating: rating.rating, deviation: rating.deviation, volatility: rating.volatility }
    }
}

/// The ratings of a rated match's winner and loser after it: the match is
/// a rating period of its own for both, with one result.
#[must_use]
pub fn rate_match(winner: Rating, loser: Rating) -> (Rating, Rating) {
    let (winner, loser) =
        glicko2(&winner.to_glicko(), &loser.to_glicko(), &Outcomes::WIN, &config());
    (Rating::from_glicko(winner), Rating::from_glicko(loser))
}

/// Glicko-2's constants: τ = [`TAU`], and `skillratings`' own tolerance.
fn config() -> Glicko2Config {
    Glicko2Config { tau: TAU, ..Glicko2Config::new() }
}

/// Where a computer level starts on the rating list, by its name (the
/// names of `crib-ai`'s levels: random, easy, basic, classic, expert), or
/// `None` for a name that is no level's.
///
/// These are starting points, not measurements: each starts with a
/// deviation of 250, wide enough for its first rated matches to move it
/// far. The gaps between basic, classic and expert follow their duplicate
/// matches, game by game: the expert wins about 71% of its games against
/// basic and 63% against classic, and classic about 60% against basic,
/// which on this scale are gaps of about 150, 90 and 70 points. Where
/// basic sits, and the levels below it, are guesses: `easy` discards at
/// random, `random` plays at random.
#[must_use]
pub fn computer_start(level: &str) -> Option<Rating> {
    let rating = match level {
        "random" => 1000.0,
        "easy" => 1200.0,
        "basic" => 1450.0,
        "classic" => 1515.0,
        "expert" => 1600.0,
        _ => return None,
    };
    Some(Rating { rating, deviation: COMPUTER_DEVIATION, volatility: Rating::NEW.volatility })
}

/// The deviation every computer level starts with.
const COMPUTER_DEVIATION: f64 = 250.0;

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating::new(rating, deviation, 0.06).unwrap()
    }

    /// Glickman's worked example in "Example of the Glicko-2 system": a
    /// player of 1500 (deviation 200) beats a 1400 (30) and loses to a 1550
    /// (100) and a 1700 (300) in one period, with τ = 0.5.
    #[test]
    fn glickmans_worked_example() {
        let player = rating(1500.0, 200.0);
        let results = [
            (rating(1400.0, 30.0), Outcome::Win),
            (rating(1550.0, 100.0), Outcome::Loss),
            (rating(1700.0, 300.0), Outcome::Loss),
        ];
        let after = player.after_period(&results);
        assert!((after.rating() - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation() - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility() - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_match_is_a_period_of_one_result_for_each() {
        let (winner, loser) = (rating(1600.0, 80.0), rating(1450.0, 120.0));
        let (won, lost) = rate_match(winner, loser);
        let close = |a: Rating, b: Rating| {
            (a.rating() - b.rating()).abs() < 1e-9
                && (a.deviation() - b.deviation()).abs() < 1e-9
                && (a.volatility() - b.volatility()).abs() < 1e-12
        };
        assert!(close(won, winner.after_period(&[(loser, Outcome::Win)])));
        assert!(close(lost, loser.after_period(&[(winner, Outcome::Loss)])));
        assert!(won.rating() > winner.rating() && lost.rating() < loser.rating());
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_only() {
        let player = rating(1700.0, 50.0);
        let idle = player.after_period(&[]);
        assert_eq!(idle.rating(), 1700.0);
        assert!(idle.deviation() > 50.0);
        assert_eq!(Rating::NEW.after_period(&[]).deviation(), 350.0);
    }

    #[test]
    fn chances_favour_the_higher_rating() {
        let (strong, weak) = (rating(1700.0, 50.0), rating(1500.0, 50.0));
        let chance = strong.chance_against(weak);
        assert!(chance > 0.7 && chance < 0.8, "{chance}");
        assert!((chance + weak.chance_against(strong) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn bad_numbers_are_refused() {
        assert_eq!(
            Rating::new(f64::NAN, 1.0, 0.06).unwrap_err().to_string().as_str(),
            "a rating is a finite number, not NaN"
        );
        assert_eq!(Rating::new(1500.0, 0.0, 0.06), Err(RatingError::Deviation(0.0)));
        assert_eq!(Rating::new(1500.0, 30.0, -0.1), Err(RatingError::Volatility(-0.1)));
        assert_eq!(
            Rating::new(1500.0, f64::INFINITY, 0.06),
            Err(RatingError::Deviation(f64::INFINITY))
        );
        let json = r#"{"rating":1500.0,"deviation":0.0,"volatility":0.06}"#;
        assert!(
            serde_json::from_str::<Rating>(json).unwrap_err().to_string().contains("deviation")
        );
        let json = serde_json::to_string(&Rating::NEW).unwrap();
        assert_eq!(json, r#"{"rating":1500.0,"deviation":350.0,"volatility":0.06}"#);
        assert_eq!(serde_json::from_str::<Rating>(&json).unwrap(), Rating::NEW);
        assert_eq!(Rating::default(), Rating::NEW);
    }

    #[test]
    fn every_level_starts_in_order_of_strength_with_a_wide_deviation() {
        let levels = ["random", "easy", "basic", "classic", "expert"];
        let starts: Vec<Rating> =
            levels.iter().map(|level| computer_start(level).unwrap()).collect();
        assert!(starts.windows(2).all(|pair| pair[0].rating() < pair[1].rating()));
        assert!(starts.iter().all(|start| start.deviation() >= 200.0));
        assert_eq!(computer_start("Expert"), None);
    }
}
