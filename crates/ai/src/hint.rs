//! Hints: what the expert would do in a seat, and the facts of why.
//!
//! Shared by every interface (the terminal and the web page), so that advice
//! is computed once, from a seat's view, and never in display code. The
//! words for these facts live in `crib_table::advice`.
//!
//! Nothing here ranks or values on its own: the discard hint is the
//! expert's own [`keep_analysis`](crate::ExpertPlayer::keep_analysis), in
//! its order (hand, crib and pegging together, or near the end of a
//! game of two sides the chance of winning it), and the play hint is its
//! [`play_analysis`](crate::ExpertPlayer::play_analysis), the card it plays
//! first. What is added to each card is what is *true of the position*:
//! what it pegs now, which replies of the unseen cards would peg against it,
//! and which of the seat's own cards would peg back after a reply. Those
//! facts are counted over the cards the seat cannot see (the other hands,
//! the crib and the deck), which is all a player may know.

use crib_core::{Card, CardSet, PegPlay, PegPoints, Pegging, Phase, Rank, Seat, View};

use crate::expect::keep::KeepValue;
use crate::expect::throw_model::Stake;
use crate::players::expert::ExpertPlayer;
use crate::search::analysis::PlayMeasure;

/// A hint for one seat.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint {
    /// Every keep of four, as the expert ranks them.
    Discard(DiscardHint),
    /// Every card that fits, as the expert values them.
    Play(PlayHint),
    /// No card fits: go.
    Go {
        /// The count that no card fits.
        count: u8,
    },
    /// Nothing to advise now, and why.
    Nothing {
        /// Why.
        reason: &'static str,
    },
}

/// The discard hint: the expert's keeps, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscardHint {
    /// Every keep with its value split into hand, crib and pegging (and
    /// near the end of a game of two sides its chance of winning, which then
    /// orders them), in the expert's order: the first is what it throws.
    pub keeps: Vec<KeepValue>,
    /// The seat whose crib the discards go to (the dealer).
    pub crib_of: Seat,
    /// Whether that crib counts for the seat's side or against it.
    pub stake: Stake,
}

/// The play hint: every card that fits, the expert's card first.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayHint {
    /// The count before the play.
    pub count: u8,
    /// The card the expert plays.
    pub choice: Card,
    /// What the values measure: net points to the end of the play, or the
    /// chance of winning the game near its end.
    pub measure: PlayMeasure,
    /// Every card that fits, best first as the expert values them (its card
    /// first, ties lowest card first).
    pub options: Vec<CardFacts>,
    /// The cards the seat cannot see (the pool the replies are counted in).
    pub unseen: u8,
}

/// One card that fits, with the expert's value of it and what is true of
/// playing it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardFacts {
    /// The card.
    pub card: Card,
    /// The expert's value of it (see [`PlayHint::measure`]).
    pub value: f64,
    /// What it pegs now, and the count it makes.
    pub now: PegPlay,
    /// Whether what it pegs now reaches the target: it wins the game.
    pub wins: bool,
    /// The seat to play after it, if the play goes on and the game is not
    /// won.
    pub next: Option<Seat>,
    /// The replies that would peg against it, by what they peg, most
    /// points first.
    pub risks: Vec<Risk>,
    /// The seat's own cards that would peg after a reply, by card and
    /// what they peg, most replies first.
    pub setups: Vec<Setup>,
}

/// A risk of a card: the replies to it that would peg the same points for
/// the next player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Risk {
    /// The seat that would reply.
    pub by: Seat,
    /// What the reply pegs.
    pub points: PegPoints,
    /// The count it makes.
    pub count: u8,
    /// The ranks of the unseen cards that make it, lowest first.
    pub ranks: Vec<Rank>,
    /// How many unseen cards make it.
    pub cards: u8,
}

/// A card the seat holds that would peg the same points after some
/// replies to its play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The card held back.
    pub card: Card,
    /// What it would peg after each of those replies.
    pub points: PegPoints,
    /// The ranks of the unseen replies after which it pegs so, lowest
    /// first.
    pub after: Vec<Rank>,
    /// How many unseen cards are such replies.
    pub cards: u8,
}

/// The hint for `view`, the view of the seat that asks, from the expert
/// seeded `seed` (the seed of its samples of the play).
#[must_use]
pub fn hint(view: &View, seed: u64) -> Hint {
    let expert = ExpertPlayer::new(seed);
    match view.phase {
        Phase::Discard if !view.has_discarded(view.seat) => {
            let keeps = expert.keep_analysis(view);
            if keeps.is_empty() {
                return Hint::Nothing { reason: "there is no deal to choose from" };
            }
            Hint::Discard(DiscardHint {
                keeps,
                crib_of: view.dealer,
                stake: Stake::of(view.config, view.seat, view.dealer),
            })
        }
        Phase::Pegging if view.pegging.turn() == Some(view.seat) => {
            if view.playable().is_empty() {
                return Hint::Go { count: view.pegging.count() };
            }
            let analysis = expert.play_analysis(view);
            let Some(choice) = analysis.choice else {
                return Hint::Go { count: view.pegging.count() };
            };
            let unseen = !view.known_cards();
            let mut options: Vec<CardFacts> = analysis
                .values
                .iter()
                .map(|&(card, value)| card_facts(view, unseen, card, value))
                .collect();
            // The expert's order: its card, then the others by value, ties
            // lowest card first (the values come lowest card first, and the
            // sort is stable).
            options.sort_by(|a, b| {
                (b.card == choice).cmp(&(a.card == choice)).then(b.value.total_cmp(&a.value))
            });
            Hint::Play(PlayHint {
                count: view.pegging.count(),
                choice,
                measure: analysis.measure,
                options,
                unseen: unseen.len() as u8,
            })
        }
        Phase::Discard => {
            Hint::Nothing { reason: "your cards are in the crib: the other discard is awaited" }
        }
        Phase::Pegging => Hint::Nothing { reason: "it is not your turn to play" },
        Phase::Deal => Hint::Nothing { reason: "the hand is over: the next deal is to come" },
        Phase::Over => Hint::Nothing { reason: "the game is over" },
    }
}

/// What is true of `card` played from `view`, with the expert's `value`.
fn card_facts(view: &View, unseen: CardSet, card: Card, value: f64) -> CardFacts {
    let mut after = view.pegging;
    let now = after.play_unchecked(view.seat, card);
    let side = view.config.side_of(view.seat);
    let wins =
        view.board.score(side) + u16::from(now.points.total()) >= u16::from(view.config.target());
    let next = if wins { None } else { after.turn() };
    let (risks, setups) =
        if wins { (Vec::new(), Vec::new()) } else { replies(view, after, unseen, card) };
    CardFacts { card, value, now, wins, next, risks, setups }
}

/// The replies to a play that leaves the play at `after`: which unseen
/// cards would peg for the next player, and which of the seat's own
/// remaining cards would peg after a reply; nothing when the next to play
/// is the seat or its partner.
fn replies(view: &View, after: Pegging, unseen: CardSet, played: Card) -> (Vec<Risk>, Vec<Setup>) {
    let Some(next) = after.turn() else { return (Vec::new(), Vec::new()) };
    let side = view.config.side_of(view.seat);
    if next == view.seat || view.config.side_of(next) == side {
        return (Vec::new(), Vec::new());
    }
    let mine = view.hand - CardSet::single(played);
    let mut risks: Vec<Risk> = Vec::new();
    let mut setups: Vec<Setup> = Vec::new();
    for reply in unseen.iter().filter(|&reply| after.fits(reply)) {
        let mut answered = after;
        let play = answered.play_unchecked(next, reply);
        if !play.points.is_empty() {
            match risks.iter_mut().find(|risk| risk.points == play.points) {
                Some(risk) => add_rank(&mut risk.ranks, &mut risk.cards, reply.rank()),
                None => risks.push(Risk {
                    by: next,
                    points: play.points,
                    count: play.count,
                    ranks: vec![reply.rank()],
                    cards: 1,
                }),
            }
        }
        if answered.turn() != Some(view.seat) {
            continue;
        }
        for card in mine.iter().filter(|&card| answered.fits(card)) {
            let back = answered.preview(view.seat, card).map(|play| play.points);
            let Ok(points) = back else { continue };
            if points.is_empty() {
                continue;
            }
            match setups.iter_mut().find(|setup| setup.card == card && setup.points == points) {
                Some(setup) => add_rank(&mut setup.after, &mut setup.cards, reply.rank()),
                None => setups.push(Setup { card, points, after: vec![reply.rank()], cards: 1 }),
            }
        }
    }
    risks.sort_by(|a, b| b.points.total().cmp(&a.points.total()).then(b.cards.cmp(&a.cards)));
    setups.sort_by(|a, b| b.cards.cmp(&a.cards).then(b.points.total().cmp(&a.points.total())));
    (risks, setups)
}

/// Counts one more card of `rank`, adding the rank to `ranks` (kept in
/// order: the cards come lowest first) if it is new.
fn add_rank(ranks: &mut Vec<Rank>, cards: &mut u8, rank: Rank) {
    if ranks.last() != Some(&rank) {
        ranks.push(rank);
    }
    *cards += 1;
}

impl PlayHint {
    /// The facts of the expert's card.
    #[must_use]
    pub fn chosen(&self) -> Option<&CardFacts> {
        self.options.iter().find(|option| option.card == self.choice)
    }
}

impl CardFacts {
    /// The unseen cards that make some reply peg against this card.
    #[must_use]
    pub fn risky_cards(&self) -> u8 {
        // A reply card pegs for one set of reasons only, so the groups are
        // disjoint.
        self.risks.iter().map(|risk| risk.cards).sum()
    }
}
