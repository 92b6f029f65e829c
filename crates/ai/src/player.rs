//! Computer players: what a seat decides, from what it may know.
//!
//! A [`Player`] sees only a [`View`] of the game (its own cards and what is
//! public), never the game itself, and makes the two decisions of cribbage:
//! which cards to give to the crib, and which card to play (or go). The
//! dealer's deal is no decision and [`Player::act`] takes it on its own.
//!
//! Built-in players, named by [`Strategy`], weakest first:
//!
//! - `random`: any legal discard or play, from a seeded generator;
//! - `easy`, for beginners: a random discard; in the play, the card that
//!   pegs the most now if any card pegs, else a random card that fits;
//! - `basic`: the discard that keeps the best expected hand
//!   ([`best_keep`](crate::best_keep)), then in the play the card that pegs
//!   the most now, else the highest card that fits;
//! - `classic`, by the book: the discard from a published-style crib table
//!   plus the hand's expectation, and club players' rules of thumb in the
//!   play: no five led when another rank will do, lead below five or from
//!   a pair, avoid leaving 5 or 21, pair cautiously (the dealer only when
//!   every other card is worse), open no runs, play toward 15 and 31, high
//!   cards first ([`ClassicPlayer`](crate::ClassicPlayer));
//! - `expert`: the discard that is worth most in hand, crib and play
//!   together ([`keep_values`](crate::keep_values)), or near the end of a
//!   two-player game the one most likely to win it, and in the play a
//!   search to the end of the play over sampled hands of the opponents
//!   (each sample searching, or playing greedily as `basic` does),
//!   playing for the win near the end of a game
//!   ([`choose_play`](crate::choose_play)).

use std::fmt;
use std::str::FromStr;

use crib_core::{Action, Card, CardSet, Phase, Seat, SeededRng, View, derive_seed, seeded_rng};
use rand::RngExt;
use serde::Serialize;

use crate::learn::{Observed, PlayTypes};
use crate::rules_of_thumb::greedy_play;

/// A seat's decision maker.
pub trait Player {
    /// The cards to give to the crib: 2 with two players, else 1, from the
    /// view's hand.
    fn discard(&mut self, view: &View) -> CardSet;

    /// The card to play, or `None` to say go (only when no held card fits).
    fn play(&mut self, view: &View) -> Option<Card>;

    /// Takes note of what happened at the table that a view does not keep:
    /// the deal, the other seats' plays and gos, and the hands and crib
    /// shown. A player that learns from the game uses it; by default it is
    /// ignored.
    fn observe(&mut self, observed: &Observed) {
        let _ = observed;
    }

    /// The action for whatever the view asks of the seat: the deal, a
    /// discard or a play; `None` when the seat is not to act.
    fn act(&mut self, view: &View) -> Option<Action> {
        match view.phase {
            Phase::Deal if view.seat == view.dealer => Some(Action::Deal),
            Phase::Discard if !view.has_discarded(view.seat) => {
                Some(Action::Discard(self.discard(view)))
            }
            Phase::Pegging if view.pegging.turn() == Some(view.seat) => {
                Some(self.play(view).map_or(Action::Go, Action::Play))
            }
            _ => None,
        }
    }
}

/// The built-in players, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Any legal action, at random.
    Random,
    /// For beginners: a random discard, then the most points now, else a
    /// random card.
    Easy,
    /// Best expected hand, then the most points now, else the highest card.
    Basic,
    /// By the book: a published-style crib table plus the hand, and club
    /// players' rules of thumb in the play.
    Classic,
    /// Hand, crib and play valued together; a search of the play.
    Expert,
}

impl Strategy {
    /// Every built-in player, weakest first.
    pub const ALL: [Strategy; 5] =
        [Strategy::Random, Strategy::Easy, Strategy::Basic, Strategy::Classic, Strategy::Expert];

    /// The strongest built-in player: the opponent a person gets unless they
    /// ask for another, and the one that gives hints.
    pub const STRONGEST: Strategy = Strategy::Expert;

    /// The player's name, as the command line writes it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Strategy::Random => "random",
            Strategy::Easy => "easy",
            Strategy::Basic => "basic",
            Strategy::Classic => "classic",
            Strategy::Expert => "expert",
        }
    }

    /// A player of this strategy; `seed` drives its random choices, if any.
    #[must_use]
    pub fn player(self, seed: u64) -> BuiltIn {
        match self {
            Strategy::Random => BuiltIn::Random(RandomPlayer::new(seed)),
            Strategy::Easy => BuiltIn::Easy(EasyPlayer::new(seed)),
            Strategy::Basic => BuiltIn::Basic(BasicPlayer),
            Strategy::Classic => BuiltIn::Classic(crate::ClassicPlayer),
            Strategy::Expert => BuiltIn::Expert(ExpertPlayer::new(seed)),
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A name that is not a built-in player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player {0:?}: the players are random, easy, basic, classic and expert")]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    /// Reads a player's name, case-insensitively.
    ///
    /// ```
    /// use crib_ai::Strategy;
    /// assert_eq!("Basic".parse::<Strategy>()?, Strategy::Basic);
    /// assert!("clever".parse::<Strategy>().is_err());
    /// # Ok::<(), crib_ai::UnknownStrategy>(())
    /// ```
    fn from_str(text: &str) -> Result<Strategy, UnknownStrategy> {
        Strategy::ALL
            .into_iter()
            .find(|strategy| strategy.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownStrategy(text.to_owned()))
    }
}

/// One of the built-in players (an enum rather than a boxed trait object, so
/// that simulations pay no indirection).
// The random player's generator is 300 bytes; a game holds a few players, so
// the size costs nothing, and a box would cost an allocation per player.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum BuiltIn {
    /// See [`RandomPlayer`].
    Random(RandomPlayer),
    /// See [`EasyPlayer`].
    Easy(EasyPlayer),
    /// See [`BasicPlayer`].
    Basic(BasicPlayer),
    /// See [`ClassicPlayer`](crate::ClassicPlayer).
    Classic(crate::ClassicPlayer),
    /// See [`ExpertPlayer`].
    Expert(ExpertPlayer),
}

impl Player for BuiltIn {
    fn discard(&mut self, view: &View) -> CardSet {
        match self {
            BuiltIn::Random(player) => player.discard(view),
            BuiltIn::Easy(player) => player.discard(view),
            BuiltIn::Basic(player) => player.discard(view),
            BuiltIn::Classic(player) => player.discard(view),
            BuiltIn::Expert(player) => player.discard(view),
        }
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        match self {
            BuiltIn::Random(player) => player.play(view),
            BuiltIn::Easy(player) => player.play(view),
            BuiltIn::Basic(player) => player.play(view),
            BuiltIn::Classic(player) => player.play(view),
            BuiltIn::Expert(player) => player.play(view),
        }
    }

    fn observe(&mut self, observed: &Observed) {
        if let BuiltIn::Expert(player) = self {
            player.observe(observed);
        }
    }
}

/// Any legal action, chosen uniformly by a seeded generator.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SeededRng,
}

impl RandomPlayer {
    /// A random player whose choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer { rng: seeded_rng(seed) }
    }

    fn pick(&mut self, cards: CardSet) -> Option<Card> {
        if cards.is_empty() {
            return None;
        }
        cards.iter().nth(self.rng.random_range(0..cards.len()))
    }
}

impl Player for RandomPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        let mut discard = CardSet::EMPTY;
        let mut left = view.hand;
        for _ in 0..view.config.discards() {
            if let Some(card) = self.pick(left) {
                discard.insert(card);
                left.remove(card);
            }
        }
        discard
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        self.pick(view.playable())
    }
}

/// For beginners: a random discard; in the play, the card that pegs the
/// most now if any does, else a random card that fits. It never breaks a
/// rule, and it never misses points lying on the table, but it keeps
/// nothing in mind.
#[derive(Clone, Debug)]
pub struct EasyPlayer {
    random: RandomPlayer,
}

impl EasyPlayer {
    /// An easy player whose random choices follow from `seed`.
    #[must_use]
    pub fn new(seed: u64) -> EasyPlayer {
        EasyPlayer { random: RandomPlayer::new(seed) }
    }
}

impl Player for EasyPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        self.random.discard(view)
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        let scoring = BasicPlayer.play(view).filter(|&card| {
            view.pegging.preview(view.seat, card).is_ok_and(|play| !play.points.is_empty())
        });
        scoring.or_else(|| self.random.play(view))
    }
}

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
    pub throws: crate::ThrowModel,
    /// How the play is searched.
    pub pegging: crate::PegOptions,
    /// The discard plays for the game instead of points once a side is this
    /// close to the target (two sides: two players, or four in
    /// partnerships; 0 never): see
    /// [`keep_values_for_game`](crate::keep_values_for_game).
    pub endgame: u16,
}

impl Default for ExpertOptions {
    fn default() -> ExpertOptions {
        ExpertOptions {
            throws: *crate::ThrowModel::reasonable(),
            pegging: crate::PegOptions::default(),
            endgame: 40,
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
    /// [`ExpertOptions::endgame`] points of the target) the keeps are
    /// ranked by their chance of winning the game, which each then carries
    /// ([`keep_values_for_game`](crate::keep_values_for_game)); elsewhere
    /// by points ([`keep_values`](crate::keep_values)).
    ///
    /// Hints and reviews read the expert's reasons here, so what they show
    /// is what the expert does.
    #[must_use]
    pub fn keep_analysis(&self, view: &View) -> Vec<crate::KeepValue> {
        let (config, seat, dealer, model) =
            (view.config, view.seat, view.dealer, &self.options.throws);
        let keeps = match crate::board::standing::near_end(view, self.options.endgame) {
            Some(scores) => {
                let target = u16::from(config.target());
                let needs = scores.map(|score| target.saturating_sub(score));
                crate::keep_values_for_game(config, seat, dealer, view.hand, model, needs)
            }
            None => crate::keep_values(config, seat, dealer, view.hand, model),
        };
        keeps.unwrap_or_default()
    }

    /// Every card the view's seat may play, with the expert's value of it,
    /// and the card it plays (see [`analyse_play`](crate::analyse_play)).
    #[must_use]
    pub fn play_analysis(&self, view: &View) -> crate::PlayAnalysis {
        let options = self.pegging_options(view);
        crate::peg::analyse_play_seen(
            view,
            &options,
            position_seed(self.seed, view),
            self.types.round(),
        )
    }

    /// The settings of the play's search in `view`: the samples' opponents
    /// greedy as often as the game so far suggests.
    fn pegging_options(&self, view: &View) -> crate::PegOptions {
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
        if view.config.players() == 3 && self.options.pegging.endgame > 0 {
            crate::board::three_table::ThreeTable::build_ahead();
        }
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
        let card = crate::peg::choose_play_seen(view, &options, seed, self.types.round());
        let seat = view.seat;
        self.observe(&card.map_or(Observed::Go { seat }, |card| Observed::Played { seat, card }));
        card
    }

    fn observe(&mut self, observed: &Observed) {
        self.types.see(observed);
    }
}

/// The discard that keeps the best expected hand; in the play, the card
/// that pegs the most now, else the highest card that fits.
///
/// Ties in the play go to the higher card (in card order: rank, then suit),
/// so the player is deterministic.
///
/// ```
/// use crib_ai::{BasicPlayer, Player};
/// use crib_core::{Action, CardSet, Game, GameConfig, Seat};
/// let mut game = Game::new(GameConfig::default(), Seat::ALL[0], 1)?;
/// game.play(Seat::ALL[0], Action::Deal)?;
/// let discard = BasicPlayer.discard(&game.view(Seat::ALL[1]));
/// assert_eq!(discard.len(), 2);
/// assert!(discard.is_subset(game.hand(Seat::ALL[1])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicPlayer;

impl Player for BasicPlayer {
    fn discard(&mut self, view: &View) -> CardSet {
        match crate::best_keep(view.hand) {
            Ok(keep) => keep.discard,
            // Not a deal of 5 or 6 (a view outside the discard): give the
            // lowest cards, which is at least well defined.
            Err(_) => view.hand.iter().take(view.config.discards()).collect(),
        }
    }

    fn play(&mut self, view: &View) -> Option<Card> {
        greedy_play(&view.pegging, view.seat, view.playable())
    }
}
