//! A match: games in sequence until a side has won enough of them, or a
//! fixed number of games won on club points ([`MatchLength`]).
//!
//! The first dealer is found by cutting: every seat cuts a card, the lowest
//! (aces low) deals, and seats that tie for lowest cut again. After that the
//! loser of a game deals first in the next. Every random choice (the cut for
//! the deal, every game's decks) comes from the match's `u64` seed through
//! [`derive_seed`], so a match replays exactly from its seed and its players'
//! choices, and game `i` can be replayed alone from `derive_seed(seed, i)`.

use crate::{
    Action, Card, Claims, ConfigError, Deck, Event, Game, GameConfig, IllegalAction, MatchLength,
    Phase, Rank, Seat, Side, Skunk, View, derive_seed, game_spread,
};

/// Cuts for the first deal from a deck shuffled by `seed`: every seat cuts
/// a card; the lowest rank deals (aces low); seats tied for lowest cut
/// again. Returns the dealer and every cut in order.
///
/// ```
/// use crib_core::{cut_for_deal, GameConfig};
/// let (dealer, cuts) = cut_for_deal(GameConfig::default(), 11);
/// let lowest = cuts.iter().map(|(_, card)| card.rank()).min().unwrap();
/// assert!(cuts.iter().any(|&(seat, card)| seat == dealer && card.rank() == lowest));
/// ```
#[must_use]
pub fn cut_for_deal(config: GameConfig, seed: u64) -> (Seat, Vec<(Seat, Card)>) {
    let mut deck = Deck::shuffled(derive_seed(seed, 0));
    let mut reshuffles = 0;
    let mut cutting: Vec<Seat> = config.seats().collect();
    let mut cuts = Vec::new();
    loop {
        let mut lowest = Rank::King;
        let mut round = Vec::with_capacity(cutting.len());
        for &seat in &cutting {
            let card = match deck.deal() {
                Some(card) => card,
                None => {
                    // Ties used up the deck (it takes many): shuffle anew.
                    reshuffles += 1;
                    deck = Deck::shuffled(derive_seed(seed, reshuffles));
                    deck.deal().expect("a new deck holds cards")
                }
            };
            lowest = lowest.min(card.rank());
            round.push((seat, card));
        }
        cuts.extend_from_slice(&round);
        cutting =
            round.iter().filter(|(_, card)| card.rank() == lowest).map(|&(seat, _)| seat).collect();
        if let [dealer] = cutting[..] {
            return (dealer, cuts);
        }
    }
}

/// Games played one after another until a side wins enough of them, or
/// all of a fixed number of them ([`MatchLength`]).
///
/// ```
/// use crib_core::{GameConfig, Match, Phase};
/// let (mut play, events) = Match::new(GameConfig::default(), 1, 3)?;
/// assert!(matches!(events[0], crib_core::Event::CutForDeal { .. }));
/// while play.winner().is_none() {
///     let game = play.game();
///     let seat = game.to_act()[0];
///     let action = game.legal_actions(seat)[0];
///     play.play(seat, action)?;
/// }
/// assert_eq!(play.games_won().iter().sum::<u32>(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    config: GameConfig,
    seed: u64,
    length: MatchLength,
    tally: MatchTally,
    /// The number of the current game, from 0.
    index: u32,
    game: Game,
    winner: Option<Side>,
}

impl Match {
    /// A match of `config` games as long as `length` (a number is the
    /// games to win, at least 1), all randomness from `seed`. Returns the
    /// match, ready for its first deal, and the events of the cut for the
    /// deal and the first game.
    ///
    /// # Errors
    ///
    /// A length the table cannot play ([`MatchLength::check`]: games all
    /// played need two sides and an odd count).
    pub fn new(
        config: GameConfig,
        length: impl Into<MatchLength>,
        seed: u64,
    ) -> Result<(Match, Vec<Event>), ConfigError> {
        let length = match length.into() {
            MatchLength::FirstTo(wins) => MatchLength::FirstTo(wins.max(1)),
            length => length.check(config.sides())?,
        };
        let (dealer, cuts) = cut_for_deal(config, seed);
        let game = Game::new(config, dealer, derive_seed(seed, 1))?;
        let events = vec![Event::CutForDeal { cuts, dealer }, Event::NewGame { game: 0, dealer }];
        let play = Match {
            config,
            seed,
            length,
            tally: MatchTally::new(config.sides()),
            index: 0,
            game,
            winner: None,
        };
        Ok((play, events))
    }

    /// The players and the target of every game.
    #[must_use]
    pub const fn config(&self) -> GameConfig {
        self.config
    }

    /// The game being played (or the last one, once the match is won).
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.game
    }

    /// The number of the current game, from 0.
    #[must_use]
    pub const fn game_index(&self) -> u32 {
        self.index
    }

    /// The games each side has won, side 0 first.
    #[must_use]
    pub fn games_won(&self) -> &[u32] {
        self.tally.games_won()
    }

    /// How long the match is.
    #[must_use]
    pub const fn length(&self) -> MatchLength {
        self.length
    }

    /// The games won, club points and spread of each side so far.
    #[must_use]
    pub const fn tally(&self) -> &MatchTally {
        &self.tally
    }

    /// The side that won the match, once it is won.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// What `seat` knows of the current game.
    #[must_use]
    pub fn view(&self, seat: Seat) -> View {
        self.game.view(seat)
    }

    /// `seat` takes `action` in the current game. When it wins the game, the
    /// match counts it and either ends or sets up the next game, whose first
    /// dealer is the loser. On error nothing changes.
    ///
    /// # Errors
    ///
    /// As [`Game::play`]; [`IllegalAction::GameOver`] once the match is won.
    pub fn play(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, IllegalAction> {
        self.play_claiming(seat, action, Claims::NONE)
    }

    /// [`Match::play`] where seats count their own shows, by the rule of
    /// muggins: see [`Game::play_claiming`].
    ///
    /// # Errors
    ///
    /// As [`Match::play`].
    pub fn play_claiming(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
    ) -> Result<Vec<Event>, IllegalAction> {
        let mut events = self.game.play_claiming(seat, action, claims)?;
        if let Some(result) = self.game.result() {
            let winner = result.winner;
            self.tally.count(self.config.target(), &result.scores, winner);
            if let Some(winner) = self.tally.decided(self.length) {
                self.winner = Some(winner);
                let points = matches!(self.length, MatchLength::AllOf(_))
                    .then(|| self.tally.club_points().to_vec());
                events.push(Event::MatchWon { winner, games: self.games_won().to_vec(), points });
            } else {
                let dealer = self.next_first_dealer(&result.scores, winner);
                self.index += 1;
                let seed = derive_seed(self.seed, u64::from(self.index) + 1);
                self.game = Game::new(self.config, dealer, seed)
                    .expect("the next dealer is a seat at the table");
                events.push(Event::NewGame { game: self.index, dealer });
            }
        }
        debug_assert!(self.winner.is_some() || self.game.phase() != Phase::Over);
        Ok(events)
    }

    /// The loser deals first. With three players the loser is the side with
    /// the lowest score; with four, the losing partnership deals from its
    /// seat that comes first after the last game's first dealer. Ties go to
    /// the seat that comes first after the last game's first dealer.
    fn next_first_dealer(&self, scores: &[u16], winner: Side) -> Seat {
        let players = self.config.players();
        let mut seat = self.game.first_dealer();
        let mut best: Option<(u16, Seat)> = None;
        for _ in 0..players {
            seat = seat.next(players);
            let side = self.config.side_of(seat);
            let score = scores.get(side.index()).copied().unwrap_or_default();
            if side != winner && best.is_none_or(|(lowest, _)| score < lowest) {
                best = Some((score, seat));
            }
        }
        best.map_or(self.game.first_dealer(), |(_, seat)| seat)
    }
}

/// What a match counts of its games so far, side by side: the games won,
/// the club points (2 a win, 3 a skunk: [`Skunk::club_points`]) and the
/// spread ([`game_spread`]); and from them, whether a match of a
/// [`MatchLength`] is decided. [`Match`] keeps one; so can anything that
/// keeps only the final scores of a match's games (a club's records).
///
/// ```
/// use crib_core::{MatchLength, MatchTally, GameConfig, Seat};
/// let side = |seat| GameConfig::default().side_of(Seat::ALL[seat]);
/// let mut tally = MatchTally::new(2);
/// tally.count(121, &[121, 85], side(0));
/// assert_eq!(tally.decided(MatchLength::BEST_OF_THREE), None);
/// tally.count(121, &[121, 118], side(0));
/// assert_eq!(tally.decided(MatchLength::BEST_OF_THREE), Some(side(0)));
/// assert_eq!((tally.club_points(), tally.spread()), (&[5, 0][..], &[39, -39][..]));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchTally {
    sides: u8,
    games: u32,
    won: [u32; 3],
    points: [u32; 3],
    spread: [i64; 3],
}

impl MatchTally {
    /// Nothing counted yet, for a board of `sides` sides (2 or 3).
    #[must_use]
    pub const fn new(sides: u8) -> MatchTally {
        MatchTally { sides, games: 0, won: [0; 3], points: [0; 3], spread: [0; 3] }
    }

    /// Counts a game to `target` that ended on `scores` (side 0 first), won
    /// by `winner`.
    pub fn count(&mut self, target: u8, scores: &[u16], winner: Side) {
        let config = GameConfig::new(self.sides, target).unwrap_or_default();
        let skunk = Skunk::deepest(config, scores, winner);
        self.games += 1;
        self.won[winner.index()] += 1;
        self.points[winner.index()] += skunk.club_points();
        for side in (0..self.sides).filter_map(Side::new) {
            self.spread[side.index()] += game_spread(target, scores, winner, side);
        }
    }

    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.games
    }

    /// The games each side has won, side 0 first.
    #[must_use]
    pub fn games_won(&self) -> &[u32] {
        &self.won[..usize::from(self.sides)]
    }

    /// Each side's club points, side 0 first.
    #[must_use]
    pub fn club_points(&self) -> &[u32] {
        &self.points[..usize::from(self.sides)]
    }

    /// Each side's spread, side 0 first.
    #[must_use]
    pub fn spread(&self) -> &[i64] {
        &self.spread[..usize::from(self.sides)]
    }

    /// What `side` is ranked by in the club format.
    #[must_use]
    pub const fn merit(&self, side: Side) -> ClubMerit {
        let at = side.index();
        ClubMerit { points: self.points[at], wins: self.won[at], spread: self.spread[at] }
    }

    /// The winner of a match of `length`, once these games decide it: the
    /// first side to the wins, or after every game of a match of games all
    /// played the most club points, then games won, then spread (with two
    /// sides and an odd count of games the games won differ; of sides level
    /// on all three, the lowest numbered).
    #[must_use]
    pub fn decided(&self, length: MatchLength) -> Option<Side> {
        let mut sides = (0..self.sides).filter_map(Side::new);
        match length {
            MatchLength::FirstTo(wins) => sides.find(|side| self.won[side.index()] >= wins.max(1)),
            MatchLength::AllOf(games) if self.games >= games => {
                sides.rev().max_by_key(|&side| self.merit(side))
            }
            MatchLength::AllOf(_) => None,
        }
    }
}

/// What the club format ranks sides (and a club's standings its entrants)
/// by, in its order, so that the greater merit is the better: club points,
/// then games won, then spread.
///
/// ```
/// use crib_core::ClubMerit;
/// let more_wins = ClubMerit { points: 10, wins: 5, spread: -20 };
/// let more_spread = ClubMerit { points: 10, wins: 4, spread: 90 };
/// assert!(more_wins > more_spread);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ClubMerit {
    /// Club points: 2 a win, 3 a skunk.
    pub points: u32,
    /// Games won.
    pub wins: u32,
    /// Margins won less margins lost.
    pub spread: i64,
}
