//! The `expert`: the discard worth most in hand, crib and play together,
//! and a search of the play over sampled hands of the opponents, both
//! playing for the game near its end; what it learns of the other players
//! over a game steers its samples.

use crib_core::{Card, CardSet, Seat, View, derive_seed};
use serde::Serialize;

use crate::board::standing::near_end;
use crate::expect::keep::{KeepValue, keep_values, keep_values_for_game};
use crate::expect::throw_model::ThrowModel;
use crate::players::basic::BasicPlayer;
use crate::players::learn::PlayTypes;
use crate::players::player::{Observed, Player};
use crate::search::analysis::{PlayAnalysis, analyse_play_seen, choose_play_seen};
use crate::search::options::PegOptions;

/// The expert: the discard worth most in hand, crib and play together, and
/// a search of the play over sampled hands of the opponents.
///
/// Its choices depend only on the seed, on what the view shows and on what
/// it has seen of the game before ([`Player::observe`]: in the play, how
/// often its samples' opponents play greedily, and what each has played
/// this round, see [`Observed`]): each
/// decision draws its samples from a generator seeded by the player's seed
/// and the position, so the same position in the same game always gets the
/// same answer.
#[derive(Clone, Debug)]
pub struct ExpertPlayer {
    seed: u64,
    /// How it decides.
    pub options: ExpertOptions,
    /// What it has learnt of the other seats' play this game.
    types: PlayTypes,
}

/// The settings of an [`ExpertPlayer`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ExpertOptions {
    /// The model of the other players' discards for the crib's expectation.
    pub throws: ThrowModel,
    /// How the play is searched.
    pub pegging: PegOptions,
    /// The discard plays for the game instead of points once a side is this
    /// close to the target (two sides: two players, or four in
    /// partnerships; 0 never): see
    /// [`keep_values_for_game`](crate::keep_values_for_game).
    pub discard_for_game_within: u16,
}

impl Default for ExpertOptions {
    fn default() -> ExpertOptions {
        ExpertOptions {
            throws: *ThrowModel::reasonable(),
            pegging: PegOptions::default(),
            discard_for_game_within: 40,
        }
    }
}

impl ExpertOptions {
    /// The thinking budget of the default settings, in milliseconds: about
    /// what a lead takes with 256 sampled worlds on the reference machine
    /// (two cores, 2026).
    pub const DEFAULT_THINK_MS: u32 = 3;

    /// The largest thinking budget, in milliseconds.
    pub const MAX_THINK_MS: u32 = 10_000;

    /// Settings that think for about `think_ms` milliseconds a play (at the
    /// lead, two players, on the reference machine; later plays take less):
    /// the sampled worlds grow in proportion to the budget, and from 30 ms
    /// on the search with four players (or three near the end of the game)
    /// looks two plies deeper (to the end of the play it would cost ten
    /// times as much at four). The budget is converted to work, not
    /// timed: the move depends on the seed, the position and the budget,
    /// never on the machine's speed or load. Budgets are clamped to
    /// `1..=MAX_THINK_MS`; [`DEFAULT_THINK_MS`](Self::DEFAULT_THINK_MS) gives
    /// the default settings.
    ///
    /// ```
    /// use crib_ai::ExpertOptions;
    /// let default = ExpertOptions::default();
    /// assert_eq!(ExpertOptions::thinking(ExpertOptions::DEFAULT_THINK_MS), default);
    /// assert!(ExpertOptions::thinking(300).pegging.worlds > 50 * default.pegging.worlds);
    /// ```
    #[must_use]
    pub fn thinking(think_ms: u32) -> ExpertOptions {
        let think_ms = think_ms.clamp(1, ExpertOptions::MAX_THINK_MS);
        let mut options = ExpertOptions::default();
        let worlds = u64::from(options.pegging.worlds) * u64::from(think_ms)
            / u64::from(ExpertOptions::DEFAULT_THINK_MS);
        options.pegging.worlds = u32::try_from(worlds.max(16)).unwrap_or(u32::MAX);
        if think_ms >= 30 {
            options.pegging.depth += 2;
        }
        options
    }
}

impl ExpertPlayer {
    /// An expert whose samples follow from `seed`, with the default settings.
    #[must_use]
    pub fn new(seed: u64) -> ExpertPlayer {
        ExpertPlayer::with_options(seed, ExpertOptions::default())
    }

    /// An expert with the given settings.
    #[must_use]
    pub fn with_options(seed: u64, options: ExpertOptions) -> ExpertPlayer {
        ExpertPlayer { seed, options, types: PlayTypes::default() }
    }

    /// The chance that `seat` plays greedily, from the plays and hands the
    /// expert has seen this game (one half before any).
    #[must_use]
    pub fn greedy_chance(&self, seat: Seat) -> f64 {
        self.types.greedy(seat)
    }

    /// The chance that `seat` keeps the best hand rather than the sensible
    /// keep (hand plus or minus crib), from the hands and cribs the expert
    /// has seen this game (one half before any; at most 0.95 either way).
    #[must_use]
    pub fn best_hand_chance(&self, seat: Seat) -> f64 {
        self.types.best_hand()[seat.index()]
    }

    /// The chance that `seat` plays by the rules of thumb of `classic`, from
    /// the plays and hands the expert has seen this game (one half before
    /// any).
    #[must_use]
    pub fn rules_chance(&self, seat: Seat) -> f64 {
        self.types.rules(seat)
    }
}

/// A seed for the decision in `view`: the same position gives the same
/// seed.
fn position_seed(seed: u64, view: &View) -> u64 {
    let mut hash = derive_seed(seed, view.hand.bits());
    for seat in view.config.seats() {
        hash = derive_seed(hash, view.pegging.played_by(seat).bits());
    }
    let board: u64 = view.board.scores().iter().fold(0, |acc, &score| acc << 16 | u64::from(score));
    hash = derive_seed(hash, board);
    derive_seed(hash, u64::from(view.pegging.count()) << 8 | u64::from(view.round))
}

impl ExpertPlayer {
    /// Every keep of four from the view's hand, best first, as the expert
    /// ranks them: its discard is the first one's. Empty when the view is
    /// not a deal to discard from.
    ///
    /// Near the end of a game of two sides (two players, or four in
    /// partnerships; a side within
    /// [`ExpertOptions::discard_for_game_within`] points of the target) the keeps are
    /// ranked by their chance of winning the game, which each then carries
    /// ([`keep_values_for_game`](crate::keep_values_for_game)); elsewhere
    /// by points ([`keep_values`](crate::keep_values)).
    ///
    /// Hints and reviews read the expert's reasons here, so what they show
    /// is what the expert does.
    #[must_use]
    pub fn keep_analysis(&self, view: &View) -> Vec<KeepValue> {
        let (config, seat, dealer, model) =
            (view.config, view.seat, view.dealer, &self.options.throws);
        let keeps = match near_end(view, self.options.discard_for_game_within) {
            Some(scores) => {
                let target = u16::from(config.target());
                let needs = scores.map(|score| target.saturating_sub(score));
                keep_values_for_game(config, seat, dealer, view.hand, model, needs)
            }
            None => keep_values(config, seat, dealer, view.hand, model),
        };
        keeps.unwrap_or_default()
    }

    /// Every card the view's seat may play, with the expert's value of it,
    /// and the card it plays.
    #[must_use]
    pub fn play_analysis(&self, view: &View) -> PlayAnalysis {
        let options = self.pegging_options(view);
        analyse_play_seen(view, &options, position_seed(self.seed, view), self.types.round())
    }

    /// The settings of the play's search in `view`: the samples' opponents
    /// greedy as often as the game so far suggests.
    fn pegging_options(&self, view: &View) -> PegOptions {
        let mut options = self.options.pegging;
        (options.greedy, options.rules) = self.types.reply_samples(view.config, view.seat);
        options.by_seat = self.types.by_seat(view.config, view.seat);
        options.best_hand = self.types.best_hand();
        options
    }
}

impl Player for ExpertPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        self.types.set_config(view.config);
        let discard = match self.keep_analysis(view).first() {
            Some(best) => best.discard,
            // Not a deal (a view outside the discard): as the basic player.
            None => BasicPlayer.discard(view),
        };
        self.types.note_throw(view.seat, discard);
        discard
    }

    /// The analysis's choice, without the search when one card fits; the
    /// samples' opponents greedy as often as the game so far suggests.
    fn play(&mut self, view: &View) -> Option<Card> {
        self.types.set_config(view.config);
        self.types.sync(&view.pegging);
        let options = self.pegging_options(view);
        let seed = position_seed(self.seed, view);
        let card = choose_play_seen(view, &options, seed, self.types.round());
        let seat = view.seat;
        self.observe(&card.map_or(Observed::Go { seat }, |card| Observed::Played { seat, card }));
        card
    }

    fn observe(&mut self, observed: &Observed) {
        self.types.see(observed);
    }
}
