//! The expert's play of the cards: a search to the end of the play over
//! sampled deals of the cards the player cannot see.
//!
//! # Worlds
//!
//! The player knows its own cards, the starter and every card played. The
//! other hands are unseen, but not unknown: a player who has played a
//! seven kept it, and kept it with three other cards that made a hand it
//! liked. So each opponent's deal is sampled, with a seeded generator, as
//! the cards it has played plus unseen cards drawn at random to make up its
//! deal (six with two players); a model of its discard then keeps four, and
//! the sample is kept only if those four include every card it has played
//! (rejection sampling: the kept worlds are distributed as the model's
//! keeps conditioned on the cards seen). A go says the opponent held no
//! card that fitted the count, in any count of the round; it holds none of
//! them still, and worlds that disagree are rejected too. The model of the
//! opponent's discard is an [`Inference`]; with three or four players
//! every other seat's deal is inferred the same way, one seat after
//! another.
//!
//! # Search
//!
//! In each world every card is known, and the rest of the play is searched
//! to its end by minimax with alpha-beta pruning: the player's side plays to
//! maximise, the others to minimise, the player's side's points less the
//! others'. Each card the player may play is valued by its average over the
//! worlds, and the best is played (perfect-information Monte Carlo). With
//! four players, and three near the end of the game, the search stops after
//! a few plies until few cards are left.
//!
//! # The board
//!
//! Near the end of a game of two sides (two players, or four in
//! partnerships) points are not the goal: winning is. There the search
//! values the end of the play, and every win or loss on the way, by the
//! chance of winning the game: a side that reaches the target during the
//! play wins at once; at the end of the play the hands and the crib of the
//! world are counted in the order of the show (from the dealer's left round
//! to the dealer, then the crib), and if no one has won, the chance of
//! winning from the scores is read from the table of the game's players
//! ([`WinTable::for_players`]), the next round dealt by the other side. So
//! a pone who needs three points plays for the go and the pair rather than
//! the safe count, and a dealer who will count out first in the show plays
//! safe. With four players the search of this chance stops a few plies
//! deep until few cards are left (as the search for points does), and
//! values the rest of the play there by its measured mean points for each
//! side.

use crib_core::{
    Card, CardSet, GameConfig, MAX_COUNT, Pegging, Rules, Seat, Side, View, score_unchecked,
};
use rand::RngExt;
use serde::Serialize;

use crate::board::win_table::WinTable;
use crate::expect::sensible::{CribTable, sensible_discard};
use crate::expect::throw_model::Stake;
use crate::players::learn::RoundPlays;

/// How the cards an opponent kept are inferred from what it has shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Inference {
    /// Any unseen cards, equally likely (only the cards played and the gos
    /// said are taken into account).
    Uniform,
    /// The opponent kept the best hand of its deal.
    Hand,
    /// The opponent kept the best hand plus or minus crib, as a sensible
    /// player does (see [`measure_throws`](crate::measure_throws)).
    Sensible,
    /// Either of the two above, drawn for each seat of each sample with
    /// even odds, or the odds learnt from the seat's hands and the crib
    /// ([`PegOptions::best_hand`]): some players keep the best hand, others
    /// weigh the crib too. A sample is kept only if its model's keep holds
    /// the cards played, so the model that explains the play better gets
    /// more of the samples.
    Mixed,
}

/// How the opponents are thought to choose their cards in the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayModel {
    /// As the expert does: every opponent searches, seeing the sample's
    /// cards.
    Search,
    /// Drawn for each sample, greedy with [`PegOptions::greedy`]'s chance
    /// (even odds by default), by the rules of thumb with
    /// [`PegOptions::rules`]'s (none by default), else the search above,
    /// for every seat of the other sides. The greedy play is `basic`'s and
    /// many simple programs' (the card that pegs the most now, the highest
    /// of equals); the rules of thumb are `classic`'s, as club players are
    /// taught them. Such a sample is kept only if each opponent's cards
    /// played in this count (every count of the round, for an expert that
    /// has followed the round, as the built-in player and the engine do)
    /// are the ones its play chooses from the cards the sample gives it
    /// (for the rules, only where the round was followed), so against a
    /// player who does not play so these samples thin out as the count goes
    /// on, and against one who does, they say what it cannot hold.
    Mixed,
}

/// How the expert searches the play.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PegOptions {
    /// Worlds sampled for each decision with two players; with three or four
    /// half as many (each searched wider, if only a few plies deep).
    pub worlds: u32,
    /// Deals drawn at most for each world kept before the rest of the worlds
    /// are drawn uniformly.
    pub tries: u32,
    /// The model of the opponent's discard.
    pub inference: Inference,
    /// With [`Inference::Mixed`], the chance that a sample infers each
    /// seat's keep with the best-hand model rather than the sensible one, by
    /// seat: even odds, unless the expert has seen which of the two the
    /// seat's shown hands and the crib fit (see
    /// [`Observed`](crate::Observed)).
    pub best_hand: [f64; 4],
    /// The model of the opponents' play.
    pub play: PlayModel,
    /// With [`PlayModel::Mixed`], the chance that a sample's other sides
    /// play greedily: even odds, unless the expert has seen them play
    /// greedily in earlier rounds (see [`Observed`](crate::Observed)).
    pub greedy: f64,
    /// With [`PlayModel::Mixed`], the chance that a sample's other sides
    /// play by the rules of thumb of `classic` instead of searching: none,
    /// unless the expert has seen them play so (see
    /// [`Observed`](crate::Observed)).
    pub rules: f64,
    /// With [`PlayModel::Mixed`] at a table whose other sides' seats play
    /// differently (one greedily, one by the rules of thumb), each seat's
    /// own chances `[greedy, rules]`, by seat, drawn for each seat of a
    /// sample on its own; `None`: every seat plays alike in a sample, with
    /// the chances above.
    pub by_seat: Option<[[f64; 2]; 4]>,
    /// With four players, and three near the end of the game, the plies
    /// searched (near the end of the game, every ply once few cards are
    /// left); with three away from it the search goes to the end of the
    /// play.
    pub depth: u32,
    /// The search plays for the win instead of points once a side is this
    /// close to the target (0 never), by the chance of winning: with three
    /// players only within a narrower window (20 points; see
    /// `peg_more::THREE_SIDES_WINDOW`).
    pub endgame: u16,
}

impl Default for PegOptions {
    fn default() -> PegOptions {
        PegOptions {
            worlds: 256,
            tries: 12,
            inference: Inference::Mixed,
            best_hand: [0.5; 4],
            play: PlayModel::Mixed,
            greedy: 0.5,
            rules: 0.0,
            by_seat: None,
            depth: 6,
            endgame: 40,
        }
    }
}

/// One sample of the hidden cards.
#[derive(Clone, Copy, Debug)]
pub(crate) struct World {
    /// The cards each seat holds, the player's own included.
    pub(crate) held: [CardSet; 4],
    /// The other seats' cards in the crib and, with three players, the
    /// deck's.
    pub(crate) crib: CardSet,
    /// How each seat of the other sides plays in this world, by seat (see
    /// [`PlayModel`]); the player's own side's seats search.
    pub(crate) replies: [Reply; 4],
}

/// How the other sides' seats choose their cards in one world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reply {
    /// Each searches, seeing the world's cards.
    Search,
    /// The greedy play of `basic` ([`greedy_play`](crate::rules_of_thumb::greedy_play)).
    Greedy,
    /// The rules of thumb of `classic`
    /// ([`rules_play`](crate::rules_of_thumb::rules_play)).
    Rules,
}

impl Reply {
    /// The cards `seat` may play in the search, holding `held` of which
    /// `fits` (one card a rank) fit the count, in a round dealt by
    /// `dealer`: all of `fits` when it searches, else its one choice.
    pub(crate) fn choices(
        self,
        pegging: &Pegging,
        seat: Seat,
        dealer: Seat,
        held: CardSet,
        fits: CardSet,
    ) -> CardSet {
        match self {
            Reply::Search => fits,
            Reply::Greedy => {
                crate::rules_of_thumb::greedy_play(pegging, seat, fits).into_iter().collect()
            }
            Reply::Rules => crate::rules_of_thumb::rules_play(pegging, seat, seat == dealer, held)
                .into_iter()
                .collect(),
        }
    }

    /// Whether `card`, played by `seat` from `held` (the cards it held
    /// then) to the play as it stood `before`, is of the rank this reply
    /// plays (the suit does not change what a card pegs); a searching seat
    /// may play any.
    pub(crate) fn chooses(
        self,
        before: &Pegging,
        seat: Seat,
        dealer: Seat,
        held: CardSet,
        card: Card,
    ) -> bool {
        if self == Reply::Search {
            return true;
        }
        let choices = self.choices(before, seat, dealer, held, playable(before, held));
        choices.iter().any(|choice| choice.rank() == card.rank())
    }
}

/// The show of `world` with `starter`, in the order it is counted: each
/// hand from the dealer's left round to the dealer, then the crib, each
/// with the side that counts it; the first `players + 1` entries are the
/// show. A hand or crib the world leaves short of four cards counts 0.
pub(crate) fn world_show(view: &View, world: &World, starter: Card) -> [(Side, u16); 5] {
    let config = view.config;
    let count = |cards: CardSet, rules| {
        if cards.len() == 4 { u16::from(score_unchecked(cards, starter, rules)) } else { 0 }
    };
    let mut show = [(config.side_of(view.dealer), 0); 5];
    let mut seat = view.dealer;
    for slot in show.iter_mut().take(usize::from(config.players())) {
        seat = seat.next(config.players());
        let kept = if seat == view.seat {
            view.kept
        } else {
            view.pegging.played_by(seat) | world.held[seat.index()]
        };
        *slot = (config.side_of(seat), count(kept, Rules::Hand));
    }
    let crib = view.discards | world.crib;
    show[usize::from(config.players())] = (config.side_of(view.dealer), count(crib, Rules::Crib));
    show
}

/// The first party that `show` (each stage's party and points, in the order
/// it is counted, as [`world_show`] gives it) takes to `target` from
/// `scores` (by `index`); if none, the scores after the show. One reading
/// of the show for the searches near the end with two sides and three.
pub(crate) fn home_in_show<T: Copy, const N: usize>(
    show: &[(T, u16)],
    index: impl Fn(T) -> usize,
    mut scores: [u16; N],
    target: u16,
) -> Result<T, [u16; N]> {
    for &(party, points) in show {
        let score = &mut scores[index(party)];
        *score += points;
        if *score >= target {
            return Ok(party);
        }
    }
    Err(scores)
}

/// What the expert's values of the cards measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayMeasure {
    /// Net points for the player's side from now to the end of the play.
    NetPoints,
    /// The chance of winning the game (near its end).
    WinChance,
}

/// The expert's analysis of a play: every card that fits with its value,
/// and the card it plays.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayAnalysis {
    /// Every card that fits, lowest first, with its value averaged over the
    /// sampled worlds.
    pub values: Vec<(Card, f64)>,
    /// What the values measure.
    pub measure: PlayMeasure,
    /// The card played: the best value, ties to the lowest card; `None`
    /// when no card fits (a go) or the player is not to play.
    pub choice: Option<Card>,
}

/// The value of each card the player may play now, averaged over the
/// sampled worlds: net points for the player's side to the end of the play,
/// or, near the end of a game, the chance of winning it. Empty when the
/// player is not to play or holds no card that fits (a go).
#[must_use]
pub fn play_values(view: &View, options: &PegOptions, seed: u64) -> Vec<(Card, f64)> {
    analyse_play(view, options, seed).values
}

/// The expert's analysis of the play in `view`: what [`play_values`] gives,
/// what the values measure, and the card [`choose_play`] plays.
#[must_use]
pub fn analyse_play(view: &View, options: &PegOptions, seed: u64) -> PlayAnalysis {
    analyse_play_seen(view, options, seed, &RoundPlays::default())
}

/// [`analyse_play`] by a player who has followed the round, its plays so
/// far in `round`: a greedy sample (or one of the rules of thumb) must
/// explain each opponent's plays in every count where `round` holds all of
/// them, not only in this one (see [`explained`]).
pub(crate) fn analyse_play_seen(
    view: &View,
    options: &PegOptions,
    seed: u64,
    round: &RoundPlays,
) -> PlayAnalysis {
    let board = Endgame::new(view, options);
    let measure = if board.is_some() || crate::peg_more::plays_for_the_game_of_three(view, options)
    {
        PlayMeasure::WinChance
    } else {
        PlayMeasure::NetPoints
    };
    let playable = view.playable();
    if view.pegging.turn() != Some(view.seat) || playable.is_empty() {
        return PlayAnalysis { values: Vec::new(), measure, choice: None };
    }
    let mut rng = crib_core::seeded_rng(seed);
    let worlds = sample_worlds(view, options, round, &mut rng);
    let mut totals = vec![0.0; playable.len()];
    // Each model of the others' play values positions otherwise: each
    // keeps its own memo.
    let mut memos: Vec<([Reply; 4], Memo)> = Vec::new();
    for world in &worlds {
        let index = match memos.iter().position(|(replies, _)| *replies == world.replies) {
            Some(index) => index,
            None => {
                memos.push((world.replies, Memo::new()));
                memos.len() - 1
            }
        };
        let memo = &mut memos[index].1;
        let search = if view.config.players() == 2 || board.is_some() {
            WorldSearch::Two(Search::new(view, world, board.as_ref()))
        } else {
            WorldSearch::More(crate::peg_more::Search::new(view, world, options))
        };
        // Near the end of a game of two sides the values depend on the
        // world's show; away from it the memo's positions name every card
        // held (and a four-player search cut at a depth keeps none), so
        // its values hold in every world.
        if board.is_some() {
            memo.clear();
        }
        let mut last: Option<(Card, f64)> = None;
        for (total, card) in totals.iter_mut().zip(playable) {
            // Cards come in rank order: a second card of a rank is the
            // same play as the first.
            let value = match last {
                Some((previous, value)) if previous.rank() == card.rank() => value,
                _ => match &search {
                    WorldSearch::Two(search) => search.root(card, memo),
                    WorldSearch::More(search) => search.root(card, memo),
                },
            };
            last = Some((card, value));
            *total += value;
        }
    }
    let count = worlds.len().max(1) as f64;
    let values: Vec<(Card, f64)> =
        playable.iter().zip(totals).map(|(card, total)| (card, total / count)).collect();
    let choice = best_of(&values);
    PlayAnalysis { values, measure, choice }
}

/// The card with the best value; ties go to the lowest card (cards come
/// lowest first, and only a strictly better value replaces), which keeps
/// higher ones for later counts.
fn best_of(values: &[(Card, f64)]) -> Option<Card> {
    let mut best: Option<(f64, Card)> = None;
    for &(card, value) in values {
        if best.is_none_or(|(top, _)| value > top + 1e-9) {
            best = Some((value, card));
        }
    }
    best.map(|(_, card)| card)
}

/// The card the expert plays, or `None` for a go.
#[must_use]
pub fn choose_play(view: &View, options: &PegOptions, seed: u64) -> Option<Card> {
    choose_play_seen(view, options, seed, &RoundPlays::default())
}

/// [`choose_play`] by a player who has followed the round (see
/// [`analyse_play_seen`]).
pub(crate) fn choose_play_seen(
    view: &View,
    options: &PegOptions,
    seed: u64,
    round: &RoundPlays,
) -> Option<Card> {
    let playable = view.playable();
    if playable.len() == 1 {
        return playable.first();
    }
    analyse_play_seen(view, options, seed, round).choice
}

// ---------------------------------------------------------------------------
// Sampling

pub(crate) fn sample_worlds(
    view: &View,
    options: &PegOptions,
    round: &RoundPlays,
    rng: &mut impl rand::Rng,
) -> Vec<World> {
    if view.config.players() != 2 {
        return crate::peg_more::sample_worlds(view, options, round, rng);
    }
    let unseen: Vec<Card> = (!view.known_cards()).iter().collect();
    let wanted = crate::peg_more::worlds_wanted(2, options);
    let mut worlds = Vec::with_capacity(wanted);
    if options.inference != Inference::Uniform {
        let mut tries = wanted * options.tries as usize;
        while worlds.len() < wanted && tries > 0 {
            tries -= 1;
            worlds.extend(inferred_world(view, &unseen, options, round, rng));
        }
    }
    // The rest uniformly: the worlds the model of the discard explains too
    // rarely to find.
    while worlds.len() < wanted {
        worlds.push(uniform_world(view, &unseen, rng));
    }
    worlds
}

/// Draws `count` distinct cards from `pool` (which it reorders).
pub(crate) fn draw(pool: &mut [Card], count: usize, rng: &mut impl rand::Rng) -> CardSet {
    let mut cards = CardSet::EMPTY;
    for i in 0..count.min(pool.len()) {
        let j = rng.random_range(i..pool.len());
        pool.swap(i, j);
        cards.insert(pool[i]);
    }
    cards
}

/// Whether `held` agrees with the gos `seat` has said this round: a seat
/// that said go held no card that fitted then, and still holds none of
/// them ([`Pegging::go_room`]).
pub(crate) fn agrees_with_go(pegging: &Pegging, seat: Seat, held: CardSet) -> bool {
    held.iter().all(|card| after_go(pegging, seat, card))
}

/// Whether `seat` may still hold `card` after the gos it has said this
/// round.
fn after_go(pegging: &Pegging, seat: Seat, card: Card) -> bool {
    card.value() > pegging.go_room(seat)
}

/// One world in which the opponent's deal is its played cards and unseen
/// cards, and its kept cards are what the model of its discard keeps from
/// that deal, played as the model of its play draws; `None` if they do not
/// include the cards it has played, disagree with its go, or (a greedy
/// player) are not its greedy plays ([`explained`]).
fn inferred_world(
    view: &View,
    unseen: &[Card],
    options: &PegOptions,
    round: &RoundPlays,
    rng: &mut impl rand::Rng,
) -> Option<World> {
    let config = view.config;
    let other = view.seat.next(config.players());
    let played = view.pegging.played_by(other);
    let mut pool = unseen.to_vec();
    let deal = played | draw(&mut pool, config.dealt() - played.len(), rng);
    let stake = Stake::of(config, other, view.dealer);
    let keep =
        inferred_keep(deal, stake, options.inference, options.best_hand[other.index()], rng)?;
    let held = keep - played;
    if !played.is_subset(keep) || !agrees_with_go(&view.pegging, other, held) {
        return None;
    }
    let replies = draw_replies(view, options, rng);
    let mut world = World { held: [CardSet::EMPTY; 4], crib: deal - keep, replies };
    world.held[view.seat.index()] = view.hand;
    world.held[other.index()] = held;
    explained(view, world, round)
}

/// The model of the other sides' play for one try at a world
/// ([`PlayModel`]): under `Mixed`, greedy with `options.greedy`'s chance,
/// else by the rules of thumb with `options.rules`'s, else searching.
pub(crate) fn draw_reply(options: &PegOptions, rng: &mut impl rand::Rng) -> Reply {
    if options.play != PlayModel::Mixed {
        return Reply::Search;
    }
    let greedy = options.greedy.clamp(0.0, 1.0);
    if rng.random_bool(greedy) {
        return Reply::Greedy;
    }
    // Of the rest, the rules' share (no draw when they have none).
    let rules = if greedy < 1.0 { (options.rules / (1.0 - greedy)).clamp(0.0, 1.0) } else { 0.0 };
    if rules > 0.0 && rng.random_bool(rules) { Reply::Rules } else { Reply::Search }
}

/// The model of each other side's seat's play for one try at a world: one
/// draw for every seat ([`draw_reply`]), or with
/// [`PegOptions::by_seat`] one for each seat with its own chances.
pub(crate) fn draw_replies(
    view: &View,
    options: &PegOptions,
    rng: &mut impl rand::Rng,
) -> [Reply; 4] {
    let Some(by_seat) = options.by_seat else {
        return [draw_reply(options, rng); 4];
    };
    let config = view.config;
    let me = config.side_of(view.seat);
    let mut replies = [Reply::Search; 4];
    for seat in config.seats().filter(|&seat| config.side_of(seat) != me) {
        let [greedy, rules] = by_seat[seat.index()];
        replies[seat.index()] = draw_reply(&PegOptions { greedy, rules, ..*options }, rng);
    }
    replies
}

/// `world`, unless its other sides play greedily or by the rules and some
/// seat of theirs did not, holding what `world` gives it: in any count of
/// the round where `round` holds every play the seat has made
/// ([`RoundPlays::follows_throughout`], exact: the play as it stood, go
/// and last card included); else, a greedy seat in this count
/// ([`plays_greedily`]), and a seat of the rules is not tested.
pub(crate) fn explained(view: &View, world: World, round: &RoundPlays) -> Option<World> {
    let me = view.config.side_of(view.seat);
    let follows = |seat: Seat| {
        let (held, reply) = (world.held[seat.index()], world.replies[seat.index()]);
        if reply == Reply::Search {
            return true;
        }
        let seen = round.follows_throughout(&view.pegging, seat, held, reply, view.dealer);
        seen.unwrap_or_else(|| reply != Reply::Greedy || plays_greedily(&view.pegging, seat, held))
    };
    let mut seats = view.config.seats().filter(|&seat| view.config.side_of(seat) != me);
    seats.all(follows).then_some(world)
}

/// Whether the cards `seat` played in the current count are each the
/// greedy play ([`greedy_play`](crate::rules_of_thumb::greedy_play)) from what it
/// held then: `held` (what it holds now) and its cards played later in the
/// count. A card's points are counted from the count alone, without the
/// go or last card, which depend on who else could play: so a greedy card
/// chosen for its go point may fail the test.
pub(crate) fn plays_greedily(pegging: &Pegging, seat: Seat, held: CardSet) -> bool {
    let count = pegging.current();
    let own = pegging.played_by(seat);
    let mut later: CardSet = count.iter().copied().filter(|&card| own.contains(card)).collect();
    for (at, &card) in count.iter().enumerate() {
        if !own.contains(card) {
            continue;
        }
        let room = MAX_COUNT - count[..at].iter().map(|card| card.value()).sum::<u8>();
        let fits: CardSet = (held | later).iter().filter(|card| card.value() <= room).collect();
        later.remove(card);
        // The count up to this card, each card that fitted tried in its place.
        let mut cards = [card; 16];
        cards[..at].copy_from_slice(&count[..at]);
        let points = |play: Card| {
            let mut cards = cards;
            cards[at] = play;
            crib_core::count_points(&cards[..=at]).total()
        };
        if crate::rules_of_thumb::most_points(fits, points)
            .is_none_or(|greedy| greedy.rank() != card.rank())
        {
            return false;
        }
    }
    true
}

/// The four cards the model of the discard keeps from `deal`, dealt to a
/// seat with `stake` in the crib (the mixed model draws its model with
/// `rng`, the best hand with the chance `best_hand`).
pub(crate) fn inferred_keep(
    deal: CardSet,
    stake: Stake,
    inference: Inference,
    best_hand: f64,
    rng: &mut impl rand::Rng,
) -> Option<CardSet> {
    match inference {
        // Uniform worlds are drawn without a model; were one asked for
        // here, the best hand is as good a guess as any.
        Inference::Hand | Inference::Uniform => crate::expect::discard::best_hand(deal),
        Inference::Sensible => Some(deal - sensible_discard(deal, stake, CribTable::reasonable())),
        Inference::Mixed => {
            let model = if rng.random_bool(best_hand.clamp(0.0, 1.0)) {
                Inference::Hand
            } else {
                Inference::Sensible
            };
            inferred_keep(deal, stake, model, best_hand, rng)
        }
    }
}

/// Whether the model of the discard may keep `hand` from `deal`, dealt to
/// a seat with `stake` in the crib: for the best hand, any keep whose
/// expectation ties the best; any keep at all for uniform inference; for
/// the mixed model, either model's keep.
pub(crate) fn keeps(deal: CardSet, stake: Stake, inference: Inference, hand: CardSet) -> bool {
    match inference {
        Inference::Uniform => hand.is_subset(deal) && hand.len() == 4,
        Inference::Hand => {
            let (mut best, mut held) = (0, None);
            for (keep, points) in crate::expect::discard::keep_points(deal) {
                best = best.max(points);
                if keep == hand {
                    held = Some(points);
                }
            }
            held == Some(best)
        }
        Inference::Sensible => {
            deal - sensible_discard(deal, stake, CribTable::reasonable()) == hand
        }
        Inference::Mixed => [Inference::Hand, Inference::Sensible]
            .into_iter()
            .any(|model| keeps(deal, stake, model, hand)),
    }
}

/// Hands for the other seats drawn uniformly from the unseen cards, each
/// only from the cards its gos allow ([`uniform_held`]).
fn uniform_world(view: &View, unseen: &[Card], rng: &mut impl rand::Rng) -> World {
    let config = view.config;
    let mut world =
        World { held: [CardSet::EMPTY; 4], crib: CardSet::EMPTY, replies: [Reply::Search; 4] };
    world.held[view.seat.index()] = view.hand;
    let mut pool: Vec<Card> = unseen.to_vec();
    for seat in most_constrained_first(view) {
        let held = uniform_held(&view.pegging, seat, &pool, rng);
        pool.retain(|&card| !held.contains(card));
        world.held[seat.index()] = held;
    }
    if config.players() == 2 {
        world.crib = draw(&mut pool, config.discards(), rng);
    }
    world
}

/// The other seats, the one that said go with the most room first: the
/// cards each may hold are the cards worth more than its room, so each
/// seat's cards are among the next one's, and drawing the seats' held
/// cards in this order leaves every seat enough (the cards it truly holds
/// are among them).
pub(crate) fn most_constrained_first(view: &View) -> Vec<Seat> {
    let mut seats: Vec<Seat> = view.config.seats().filter(|&seat| seat != view.seat).collect();
    seats.sort_by_key(|&seat| std::cmp::Reverse(view.pegging.go_room(seat)));
    seats
}

/// The cards `seat` still holds drawn uniformly from `pool`, only from the
/// cards its gos allow ([`Pegging::go_room`]); should the pool hold too few
/// of those (a seat drawn before took them), the rest from the others.
pub(crate) fn uniform_held(
    pegging: &Pegging,
    seat: Seat,
    pool: &[Card],
    rng: &mut impl rand::Rng,
) -> CardSet {
    let count = usize::from(pegging.held(seat));
    let (mut allowed, mut others): (Vec<Card>, Vec<Card>) =
        pool.iter().partition(|&&card| after_go(pegging, seat, card));
    let held = draw(&mut allowed, count, rng);
    held | draw(&mut others, count - held.len(), rng)
}

// ---------------------------------------------------------------------------
// The board near the end of the game

/// What the search needs to play for the win in a game of two sides (two
/// players, or four in partnerships).
#[derive(Clone, Copy, Debug)]
struct Endgame {
    target: u16,
    /// The player's side's score and the other side's, now.
    scores: [u16; 2],
    /// Whether the player's side deals this round.
    dealing: bool,
    /// The chance of winning from the start of a round, for the rounds
    /// after this one.
    table: &'static WinTable,
    /// The plies searched from the player's play: every one with two
    /// players; with four a few, or every one once few cards are left
    /// ([`plies`](crate::peg_more::plies)).
    depth: u32,
    /// The measured mean points of the play for each card still to play:
    /// the player's side's and the other's. At the depth cut the rest of
    /// the play is worth this much.
    per_card: [f64; 2],
}

impl Endgame {
    fn new(view: &View, options: &PegOptions) -> Option<Endgame> {
        let config = view.config;
        let scores = crate::board::standing::near_end(view, options.endgame)?;
        let table = WinTable::for_players(config.players())?;
        let dealing = config.side_of(view.seat) == config.side_of(view.dealer);
        let depth = if config.players() == 2 {
            u32::MAX
        } else {
            crate::peg_more::plies(&view.pegging, options)
        };
        let cards = f64::from(u32::from(config.players()) * u32::from(crib_core::CARDS_TO_PLAY));
        let per_card = table.play_means(dealing).map(|points| points / cards);
        Some(Endgame {
            target: u16::from(config.target()),
            scores,
            dealing,
            table,
            depth,
            per_card,
        })
    }
}

// ---------------------------------------------------------------------------
// Search

/// The search of one world: two players, and four near the end of the
/// game, here; three, and four before the end, in
/// [`peg_more`](crate::peg_more).
enum WorldSearch<'a> {
    Two(Search<'a>),
    More(crate::peg_more::Search),
}

/// The search of one world with two players, to the end of the play, or
/// of two sides near the end of the game.
struct Search<'a> {
    config: GameConfig,
    me: Side,
    start: Pegging,
    held: [CardSet; 4],
    endgame: Option<&'a Endgame>,
    /// Near the end: the points of the show in this world, in the order it
    /// is counted (each hand from the dealer's left round to the dealer,
    /// then the crib), each with whether the player's side counts it; the
    /// first `players + 1` are the show.
    show: [(bool, u16); 5],
    /// Away from the end: the search for net points, to the end of the play.
    points: NetPoints,
}

/// A very small weight for points in the endgame search, so that among
/// plays with the same chance of winning the one that pegs more is chosen.
const POINT_TIEBREAK: f64 = 1e-4;

/// Values of positions at the start of a count, which many orders of play
/// reach: a count that restarts forgets how it was reached, and what is
/// left to score depends only on the cards held (by rank: suits never peg),
/// who leads, and near the end the scores and the world's show. So away
/// from the end its values hold in every sampled world and are kept from
/// one to the next; near the end it is cleared between worlds.
/// Direct-mapped, exact values only.
///
/// Entries carry the generation they were written in, so that clearing the
/// memo is one increment rather than a pass over the table.
pub(crate) struct Memo {
    entries: Vec<MemoEntry>,
    generation: u32,
}

#[derive(Clone, Copy)]
struct MemoEntry {
    key: (u64, u64),
    generation: u32,
    value: f64,
}

impl Memo {
    const SIZE: usize = 1024;

    pub(crate) fn new() -> Memo {
        let empty = MemoEntry { key: (0, 0), generation: 0, value: 0.0 };
        Memo { entries: vec![empty; Memo::SIZE], generation: 1 }
    }

    fn slot(key: (u64, u64)) -> usize {
        let mixed = crib_core::derive_seed(key.0, key.1);
        (mixed % Memo::SIZE as u64) as usize
    }

    /// The value at `key`: remembered, or else found by `search` (which
    /// gets the memo back, for the positions below) and remembered.
    pub(crate) fn value_at(
        &mut self,
        key: (u64, u64),
        search: impl FnOnce(&mut Memo) -> f64,
    ) -> f64 {
        if let Some(value) = self.get(key) {
            return value;
        }
        let value = search(self);
        self.put(key, value);
        value
    }

    fn get(&self, key: (u64, u64)) -> Option<f64> {
        let entry = self.entries[Memo::slot(key)];
        (entry.generation == self.generation && entry.key == key).then_some(entry.value)
    }

    fn put(&mut self, key: (u64, u64), value: f64) {
        self.entries[Memo::slot(key)] = MemoEntry { key, generation: self.generation, value };
    }

    /// Forgets every entry.
    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 clears, entries of generation 0 could look current.
            *self = Memo::new();
        }
    }
}

/// The cards of `cards` as counts per rank, three bits a rank (39 bits).
fn rank_counts(cards: CardSet) -> u64 {
    cards.iter().fold(0u64, |key, card| key + (1 << (3 * card.rank().index())))
}

/// The memo's key of a position at the start of a count at a table of
/// `players`: every hand held, the seat to lead, and the two sides' scores
/// (near the end of a game of two sides; the three-player search remembers
/// positions only away from the end, where they are `[0, 0]`).
fn restart_key(players: u8, held: &[CardSet; 4], leader: Seat, scores: [u16; 2]) -> (u64, u64) {
    match players {
        2 => restart_key_two(held, leader, scores),
        3 => {
            debug_assert_eq!(scores, [0, 0], "three players are remembered without scores");
            restart_key_three(held, leader)
        }
        _ => restart_key_four(held, leader, scores),
    }
}

/// Two players: the held cards of the two seats as counts per rank (three
/// bits a rank), the seat to lead, and the scores.
fn restart_key_two(held: &[CardSet; 4], leader: Seat, scores: [u16; 2]) -> (u64, u64) {
    let extra =
        (leader.index() as u64) << 39 | u64::from(scores[0]) << 41 | u64::from(scores[1]) << 52;
    (rank_counts(held[0]), rank_counts(held[1]) | extra)
}

/// Three players: the held cards of the three seats as counts per rank and
/// the seat to lead; the third seat's 39 bits are split between the two
/// words.
fn restart_key_three(held: &[CardSet; 4], leader: Seat) -> (u64, u64) {
    let third = rank_counts(held[2]);
    let low = third & ((1 << 25) - 1);
    let high = third >> 25;
    (
        rank_counts(held[0]) | low << 39,
        rank_counts(held[1]) | high << 39 | (leader.index() as u64) << 53,
    )
}

/// Four players: each seat's held cards (four at most at a count's start)
/// as their ranks, lowest first, four bits each (0 for none), the seat to
/// lead, and the scores. The cards held also fix the plies searched so
/// far, so the depth cut sees the same position too.
fn restart_key_four(held: &[CardSet; 4], leader: Seat, scores: [u16; 2]) -> (u64, u64) {
    let ranks = |cards: CardSet| {
        cards.iter().fold(0u64, |key, card| key << 4 | (card.rank().index() as u64 + 1))
    };
    let hands = held.iter().fold(0u64, |key, &cards| key << 16 | ranks(cards));
    let extra = leader.index() as u64 | u64::from(scores[0]) << 2 | u64::from(scores[1]) << 13;
    (hands, extra)
}

impl<'a> Search<'a> {
    fn new(view: &View, world: &World, endgame: Option<&'a Endgame>) -> Search<'a> {
        let config = view.config;
        let me = config.side_of(view.seat);
        let mut show = [(false, 0); 5];
        if endgame.is_some()
            && let Some(starter) = view.starter
        {
            show = world_show(view, world, starter).map(|(side, points)| (side == me, points));
        }
        let (replies, dealer) = (world.replies, view.dealer);
        let points = NetPoints { config, me, depth: u32::MAX, remember: true, replies, dealer };
        Search { config, me, start: view.pegging, held: world.held, endgame, show, points }
    }

    /// The value of the player's playing `card` now.
    fn root(&self, card: Card, memo: &mut Memo) -> f64 {
        let Some(seat) = self.start.turn() else { return 0.0 };
        let mut held = self.held;
        let mut pegging = self.start;
        let play = pegging.play_unchecked(seat, card);
        held[seat.index()].remove(card);
        let points = play.points.total();
        let gain = self.gain(seat, points);
        let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
        match self.endgame {
            None => gain + self.points.value(&pegging, &mut held, low, high, 1, memo),
            Some(endgame) => {
                let mut scores = endgame.scores;
                scores[usize::from(self.config.side_of(seat) != self.me)] += u16::from(points);
                POINT_TIEBREAK * gain
                    + match self.decided(endgame, scores) {
                        Some(result) => result,
                        None => self.wins(endgame, &pegging, &mut held, scores, low, high, memo, 1),
                    }
            }
        }
    }

    /// Points pegged by `seat`, as they count for the player: positive for
    /// the player's side, negative for the others (shared between them with
    /// three players).
    fn gain(&self, seat: Seat, points: u8) -> f64 {
        net_gain(self.config, self.me, seat, points)
    }

    /// The game's result if `scores` decide it: 1 for the player's win, 0
    /// for the loss.
    fn decided(&self, endgame: &Endgame, scores: [u16; 2]) -> Option<f64> {
        if scores[0] >= endgame.target {
            Some(1.0)
        } else if scores[1] >= endgame.target {
            Some(0.0)
        } else {
            None
        }
    }

    /// Minimax over the chance of winning the game, plus a whisker of the
    /// net points still to peg, two sides; `depth` plies played from the
    /// player's play.
    #[allow(clippy::too_many_arguments)]
    fn wins(
        &self,
        endgame: &Endgame,
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        scores: [u16; 2],
        alpha: f64,
        beta: f64,
        memo: &mut Memo,
        depth: u32,
    ) -> f64 {
        let Some(seat) = pegging.turn() else {
            return self.after_play(endgame, scores);
        };
        if depth >= endgame.depth {
            return self.rest_of_play(endgame, held, scores);
        }
        if pegging.count() == 0 {
            let key = restart_key(self.config.players(), held, seat, scores);
            let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
            return memo.value_at(key, |memo| {
                self.wins_below(endgame, pegging, held, seat, scores, low, high, memo, depth)
            });
        }
        self.wins_below(endgame, pegging, held, seat, scores, alpha, beta, memo, depth)
    }

    #[allow(clippy::too_many_arguments)]
    fn wins_below(
        &self,
        endgame: &Endgame,
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        seat: Seat,
        scores: [u16; 2],
        mut alpha: f64,
        mut beta: f64,
        memo: &mut Memo,
        depth: u32,
    ) -> f64 {
        let mine = self.config.side_of(seat) == self.me;
        let fits = playable(pegging, held[seat.index()]);
        if fits.is_empty() {
            let mut next = *pegging;
            let go = next.go_unchecked(seat);
            let mut scores = scores;
            let mut gain = 0.0;
            if let Some(to) = go.point_to {
                scores[usize::from(self.config.side_of(to) != self.me)] += 1;
                gain = POINT_TIEBREAK * self.gain(to, 1);
                if let Some(result) = self.decided(endgame, scores) {
                    return gain + result;
                }
            }
            let (alpha, beta) = (alpha - gain, beta - gain);
            return gain + self.wins(endgame, &next, held, scores, alpha, beta, memo, depth);
        }
        // The world's model of the other side's play, as in the search for
        // points.
        let mut best = if mine { f64::NEG_INFINITY } else { f64::INFINITY };
        for (card, next, points) in self.points.plays(pegging, seat, held, fits, mine) {
            let mut scores = scores;
            scores[usize::from(!mine)] += u16::from(points);
            let gain = POINT_TIEBREAK * self.gain(seat, points);
            let value = gain
                + match self.decided(endgame, scores) {
                    Some(result) => result,
                    None => {
                        held[seat.index()].remove(card);
                        let value = self.wins(
                            endgame,
                            &next,
                            held,
                            scores,
                            alpha - gain,
                            beta - gain,
                            memo,
                            depth + 1,
                        );
                        held[seat.index()].insert(card);
                        value
                    }
                };
            if cut_off(value, mine, &mut best, &mut alpha, &mut beta) {
                break;
            }
        }
        best
    }

    /// The chance of winning once the play is over, from the scores: the
    /// show in its order, then the rounds to come.
    fn after_play(&self, endgame: &Endgame, scores: [u16; 2]) -> f64 {
        let stages = usize::from(self.config.players()) + 1;
        let show = &self.show[..stages];
        let scores = match home_in_show(show, |mine| usize::from(!mine), scores, endgame.target) {
            Ok(mine) => return if mine { 1.0 } else { 0.0 },
            Err(scores) => scores,
        };
        let need = |score: u16| endgame.target - score;
        // The next round is dealt by the seat after this round's dealer,
        // on the other side: the sides alternate the deal.
        endgame.table.chance(need(scores[0]), need(scores[1]), !endgame.dealing)
    }

    /// The chance of winning at the depth cut (four players, before the
    /// last few cards): the rest of the play is worth its measured mean
    /// points to each side for the cards still held ([`Endgame::per_card`],
    /// split between the two nearest points), a side that reaches the
    /// target with them wins (both: either as likely), then the show and the
    /// rounds to come as at the end of the play. The mean rather than 0,
    /// because near the end the last few points of the play decide games:
    /// a side needing two with eight cards to play usually pegs them.
    fn rest_of_play(&self, endgame: &Endgame, held: &[CardSet; 4], scores: [u16; 2]) -> f64 {
        let left: usize = held.iter().map(|cards| cards.len()).sum();
        let [mine, theirs] = endgame.per_card.map(|points| points * left as f64);
        let mut chance = 0.0;
        for (my_points, my_share) in crate::board::win_table::split(mine) {
            for (their_points, their_share) in crate::board::win_table::split(theirs) {
                let share = my_share * their_share;
                if share == 0.0 {
                    continue;
                }
                // Means are never negative: neither are their floors.
                let points = |moved: isize| u16::try_from(moved).unwrap_or(0);
                let scores = [scores[0] + points(my_points), scores[1] + points(their_points)];
                let home = scores.map(|score| score >= endgame.target);
                chance += share
                    * match home {
                        [true, true] => 0.5,
                        [true, false] => 1.0,
                        [false, true] => 0.0,
                        [false, false] => self.after_play(endgame, scores),
                    };
            }
        }
        chance
    }
}

/// The minimax over net points for the player's side (see [`net_gain`])
/// from a position to the end of the play, or to a depth: the search of
/// every world away from the end of the game, at any table. The player's
/// side maximises, every other seat minimises.
pub(crate) struct NetPoints {
    pub(crate) config: GameConfig,
    pub(crate) me: Side,
    /// The plies searched (`u32::MAX`: to the end of the play).
    pub(crate) depth: u32,
    /// Whether the values of positions at the start of a count are kept in
    /// the memo: only for a search to the end of the play (the key holds
    /// every hand).
    pub(crate) remember: bool,
    /// How each other side's seat plays, by seat ([`PlayModel`]).
    pub(crate) replies: [Reply; 4],
    /// The round's dealer (the rules of thumb pair more cautiously as
    /// dealer).
    pub(crate) dealer: Seat,
}

impl NetPoints {
    /// The plays `seat` makes in the search, `fits` being its cards that
    /// fit (one a rank), each with the play that follows and its points:
    /// every one for the player's side (`own`) and a searching seat, else
    /// the one its model of the play chooses ([`Reply::choices`]). A greedy
    /// seat's card is played once, to find it, not again.
    pub(crate) fn plays<'a>(
        &self,
        pegging: &'a Pegging,
        seat: Seat,
        held: &[CardSet; 4],
        fits: CardSet,
        own: bool,
    ) -> Plays<'a> {
        let reply = if own { Reply::Search } else { self.replies[seat.index()] };
        match reply {
            Reply::Greedy => Plays::One(crate::rules_of_thumb::greedy_move(pegging, seat, fits)),
            _ => {
                let cards = reply.choices(pegging, seat, self.dealer, held[seat.index()], fits);
                Plays::Each { pegging, seat, cards }
            }
        }
    }

    /// The net points still to peg from `pegging`, `depth` plies searched
    /// so far.
    pub(crate) fn value(
        &self,
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        alpha: f64,
        beta: f64,
        depth: u32,
        memo: &mut Memo,
    ) -> f64 {
        let Some(seat) = pegging.turn() else { return 0.0 };
        if depth >= self.depth {
            return 0.0;
        }
        // A count that restarts forgets how it was reached: what is left
        // to peg depends only on the cards held and the leader.
        if self.remember && pegging.count() == 0 {
            let key = restart_key(self.config.players(), held, seat, [0, 0]);
            let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
            return memo
                .value_at(key, |memo| self.below(pegging, held, seat, low, high, depth, memo));
        }
        self.below(pegging, held, seat, alpha, beta, depth, memo)
    }

    /// [`value`](Self::value) at a position the memo does not hold.
    #[allow(clippy::too_many_arguments)]
    fn below(
        &self,
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        seat: Seat,
        mut alpha: f64,
        mut beta: f64,
        depth: u32,
        memo: &mut Memo,
    ) -> f64 {
        let fits = playable(pegging, held[seat.index()]);
        if fits.is_empty() {
            let mut next = *pegging;
            let go = next.go_unchecked(seat);
            let gain = go.point_to.map_or(0.0, |to| net_gain(self.config, self.me, to, 1));
            return gain + self.value(&next, held, alpha - gain, beta - gain, depth, memo);
        }
        let maximise = self.config.side_of(seat) == self.me;
        let mut best = if maximise { f64::NEG_INFINITY } else { f64::INFINITY };
        for (card, next, points) in self.plays(pegging, seat, held, fits, maximise) {
            held[seat.index()].remove(card);
            let gain = net_gain(self.config, self.me, seat, points);
            let value = gain + self.value(&next, held, alpha - gain, beta - gain, depth + 1, memo);
            held[seat.index()].insert(card);
            if cut_off(value, maximise, &mut best, &mut alpha, &mut beta) {
                break;
            }
        }
        best
    }
}

/// The plays of one seat in the search ([`NetPoints::plays`]): each card
/// with the play that follows it and its points.
pub(crate) enum Plays<'a> {
    /// Each of `cards`, played as the iteration reaches it.
    Each { pegging: &'a Pegging, seat: Seat, cards: CardSet },
    /// One play, already made.
    One(Option<(Card, Pegging, u8)>),
}

impl Iterator for Plays<'_> {
    type Item = (Card, Pegging, u8);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Plays::Each { pegging, seat, cards } => {
                let card = cards.first()?;
                cards.remove(card);
                let mut next = **pegging;
                let points = next.play_unchecked(*seat, card).points.total();
                Some((card, next, points))
            }
            Plays::One(play) => play.take(),
        }
    }
}

/// Points pegged by `seat`, as they count for side `me`: positive for its
/// own, negative for the others' (shared between them with three players).
pub(crate) fn net_gain(config: GameConfig, me: Side, seat: Seat, points: u8) -> f64 {
    let points = f64::from(points);
    if config.side_of(seat) == me { points } else { -points / f64::from(config.sides() - 1) }
}

/// The cards of `held` that fit the count, one of each rank: suits never
/// peg, so two cards of a rank are the same play.
pub(crate) fn playable(pegging: &Pegging, held: CardSet) -> CardSet {
    let room = MAX_COUNT - pegging.count();
    let mut ranks = 0u16;
    let mut cards = CardSet::EMPTY;
    for card in held {
        let rank = card.rank().index();
        if card.value() <= room && ranks & 1 << rank == 0 {
            ranks |= 1 << rank;
            cards.insert(card);
        }
    }
    cards
}

/// Folds one move's value into an alpha-beta node: the node's best so far
/// and its window move towards `value` for the side to move (`maximise`).
/// Returns whether the window has closed, so the node's other moves cannot
/// matter.
#[inline]
pub(crate) fn cut_off(
    value: f64,
    maximise: bool,
    best: &mut f64,
    alpha: &mut f64,
    beta: &mut f64,
) -> bool {
    if maximise {
        *best = best.max(value);
        *alpha = alpha.max(value);
    } else {
        *best = best.min(value);
        *beta = beta.min(value);
    }
    *alpha >= *beta
}

#[cfg(test)]
mod tests {
    use crib_core::{Action, Game, Phase};

    use super::*;
    use crate::expect::ranks::{Unseen, hand_points};
    use crate::peg_more::{WORLDS_DIVISOR, WORLDS_DIVISOR_THREE};
    use crate::{Player, Strategy};

    /// The mixed model keeps the best hand in about half its draws and the
    /// sensible keep in the rest, on a pone's deal where the two differ
    /// (the first of a seeded run of deals).
    #[test]
    fn the_mixed_model_draws_either_keep() {
        let mut rng = crib_core::seeded_rng(11);
        let stake = Stake::Balk;
        let (deal, hand, sensible) = (0..1000)
            .find_map(|index| {
                let deal = crib_core::Deck::shuffled(index).deal_set(6).unwrap();
                let hand = inferred_keep(deal, stake, Inference::Hand, 0.5, &mut rng).unwrap();
                let sensible =
                    inferred_keep(deal, stake, Inference::Sensible, 0.5, &mut rng).unwrap();
                (hand != sensible).then_some((deal, hand, sensible))
            })
            .expect("a deal the models disagree on");
        let draws = 4000;
        let (mut hands, mut sensibles) = (0, 0);
        for _ in 0..draws {
            let keep = inferred_keep(deal, stake, Inference::Mixed, 0.5, &mut rng).unwrap();
            hands += u32::from(keep == hand);
            sensibles += u32::from(keep == sensible);
        }
        assert_eq!(hands + sensibles, draws);
        // Half of 4,000 within four standard deviations (about 126).
        assert!(hands.abs_diff(draws / 2) < 130, "{hands} best hands of {draws}");
        // A learnt chance of the best hand: nine in ten, within four
        // standard deviations (about 76).
        let hands = (0..draws)
            .filter(|_| inferred_keep(deal, stake, Inference::Mixed, 0.9, &mut rng) == Some(hand))
            .count();
        assert!(hands.abs_diff(3600) < 80, "{hands} best hands of {draws}");
        // Each model knows its own keep, and not the other's.
        assert!(keeps(deal, stake, Inference::Hand, hand));
        assert!(!keeps(deal, stake, Inference::Hand, sensible));
        assert!(keeps(deal, stake, Inference::Sensible, sensible));
        assert!(!keeps(deal, stake, Inference::Sensible, hand));
        assert!(keeps(deal, stake, Inference::Mixed, hand));
        assert!(keeps(deal, stake, Inference::Mixed, sensible));
    }

    /// The best-hand model keeps a hand from a deal exactly when no keep of
    /// the deal is worth more over the starters, ties included, so that
    /// `basic`'s keep (`best_keep`) is always one of its keeps, and the
    /// one it draws; the sensible model keeps exactly the one hand its
    /// discard leaves.
    #[test]
    fn the_models_know_their_keeps() {
        let mut rng = crib_core::seeded_rng(5);
        for index in 0..300 {
            for dealt in [6, 5] {
                let deal = crib_core::Deck::shuffled(index).deal_set(dealt).unwrap();
                let unseen = Unseen::new(deal);
                let best = deal.subsets(4).map(|keep| hand_points(keep, &unseen)).max();
                let stake = if dealt == 6 { Stake::Own } else { Stake::Balk };
                let basic = crate::best_keep(deal).unwrap().keep;
                assert!(keeps(deal, stake, Inference::Hand, basic), "{deal}");
                let inferred = inferred_keep(deal, stake, Inference::Hand, 1.0, &mut rng);
                assert_eq!(inferred, Some(basic), "{deal}");
                for keep in deal.subsets(4) {
                    let by_hand = Some(hand_points(keep, &unseen)) == best;
                    assert_eq!(keeps(deal, stake, Inference::Hand, keep), by_hand, "{deal} {keep}");
                    let sensible =
                        inferred_keep(deal, stake, Inference::Sensible, 0.5, &mut rng).unwrap();
                    let by_sense = keep == sensible;
                    assert_eq!(keeps(deal, stake, Inference::Sensible, keep), by_sense);
                }
            }
        }
    }

    /// With each seat's own chances, each other side's seat of a sample
    /// plays its own way, and the player's own side searches.
    #[test]
    fn each_seat_draws_its_own_reply() {
        let by_seat = Some([[1.0, 0.0], [0.0, 1.0], [0.0, 0.0], [1.0, 0.0]]);
        let options = PegOptions { by_seat, ..PegOptions::default() };
        let mut rng = crib_core::seeded_rng(5);
        for (players, seat, replies) in [
            (3, 2, [Reply::Greedy, Reply::Rules, Reply::Search, Reply::Search]),
            (3, 0, [Reply::Search, Reply::Rules, Reply::Search, Reply::Search]),
            // Seat 2 is the partner of seat 0.
            (4, 0, [Reply::Search, Reply::Rules, Reply::Search, Reply::Greedy]),
        ] {
            let config = GameConfig::new(players, 121).unwrap();
            let mut game = Game::new(config, Seat::ALL[0], 1).unwrap();
            game.play(Seat::ALL[0], Action::Deal).unwrap();
            let view = game.view(Seat::ALL[seat]);
            for _ in 0..20 {
                assert_eq!(draw_replies(&view, &options, &mut rng), replies, "{players} players");
            }
        }
        // Without them every seat plays alike in a sample.
        let view = Game::new(GameConfig::new(3, 121).unwrap(), Seat::ALL[0], 1).unwrap();
        let view = view.view(Seat::ALL[0]);
        for _ in 0..20 {
            let replies = draw_replies(&view, &PegOptions::default(), &mut rng);
            assert!(replies.iter().all(|&reply| reply == replies[0]), "{replies:?}");
        }
    }

    /// Every sampled world is a deal that could be, at every table: each
    /// other seat holds as many cards as it has left, no card is anywhere
    /// twice or is one the player can see, a seat holds nothing that fitted
    /// a count in which it said go (this count or an earlier one), the
    /// crib has its four cards, and the other sides of a greedy world (or
    /// one of the rules of thumb) played each card of the round so: with
    /// every seat played by `basic` and the default options, then by
    /// `classic` and every world of the rules; and at three players with
    /// two `basic` seats and a `classic` one, each seat greedy or of the
    /// rules by its own chances ([`PegOptions::by_seat`]).
    #[test]
    fn sampled_worlds_agree_with_the_table() {
        let rules = PegOptions { greedy: 0.0, rules: 1.0, ..PegOptions::default() };
        let (basic, classic) = (Strategy::Basic, Strategy::Classic);
        let mut tables: Vec<(u8, [Strategy; 4], PegOptions)> = [2, 3, 4]
            .into_iter()
            .flat_map(|players| {
                [(players, [basic; 4], PegOptions::default()), (players, [classic; 4], rules)]
            })
            .collect();
        let by_seat = Some([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.5, 0.0]]);
        let mixed = PegOptions { by_seat, ..PegOptions::default() };
        tables.push((3, [basic, basic, classic, basic], mixed));
        for (players, strategies, options) in tables {
            let config = GameConfig::new(players, 121).unwrap();
            // Views in which a seat said go in an earlier count only.
            let (mut earlier_gos, mut simple) = (0, 0);
            for seed in 0..20 {
                let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
                game.play(Seat::ALL[0], Action::Deal).unwrap();
                let mut round = RoundPlays::default();
                let mut checked = 0;
                while game.phase() != Phase::Deal && checked < 12 {
                    let seat = game.to_act()[0];
                    let view = game.view(seat);
                    if view.phase == Phase::Pegging {
                        simple += check_worlds(&view, &options, &round, seed);
                        checked += 1;
                        earlier_gos += usize::from(config.seats().any(|other| {
                            other != seat
                                && view.pegging.go_room(other) > 0
                                && !view.pegging.has_said_go(other)
                                && view.pegging.held(other) > 0
                        }));
                    }
                    let action = strategies[seat.index()].player(seed).act(&view).unwrap();
                    if let Action::Play(card) = action {
                        round.note(seat, *game.pegging(), card);
                    }
                    game.play(seat, action).unwrap();
                }
            }
            assert!(earlier_gos > 0, "{players} players: no go from an earlier count was checked");
            // Every seat plays as the worlds say, so they stay.
            assert!(simple > 100, "{players} players, {strategies:?}: {simple} worlds");
        }
    }

    /// Checks the worlds sampled for `view` with `options`, every play of
    /// the round seen in `round`; returns how many are greedy or of the
    /// rules for the next seat.
    fn check_worlds(view: &View, options: &PegOptions, round: &RoundPlays, seed: u64) -> usize {
        let mut rng = crib_core::seeded_rng(seed);
        let worlds = sample_worlds(view, options, round, &mut rng);
        let wanted = match view.config.players() {
            2 => options.worlds,
            3 => options.worlds / WORLDS_DIVISOR_THREE,
            _ => options.worlds / WORLDS_DIVISOR,
        };
        assert_eq!(worlds.len(), wanted as usize);
        for world in &worlds {
            let mut seen = view.known_cards();
            for seat in view.config.seats() {
                let held = world.held[seat.index()];
                assert_eq!(held.len(), usize::from(view.pegging.held(seat)));
                if seat == view.seat {
                    assert_eq!(held, view.hand);
                    continue;
                }
                assert!((held & seen).is_empty(), "{held} twice");
                seen |= held;
                let room = view.pegging.go_room(seat);
                assert!(held.iter().all(|card| card.value() > room), "{held} after a go at {room}");
                let opponent = view.config.side_of(seat) != view.config.side_of(view.seat);
                let reply = world.replies[seat.index()];
                if reply != Reply::Search && opponent {
                    // Every play of the round, not only this count's.
                    let dealer = view.dealer;
                    let follows =
                        round.follows_throughout(&view.pegging, seat, held, reply, dealer);
                    assert_eq!(follows, Some(true), "{held}: not {reply:?}");
                }
                if view.pegging.has_said_go(seat) {
                    assert!(held.iter().all(|card| !view.pegging.fits(card)));
                }
            }
            assert!((world.crib & seen).is_empty());
            assert_eq!(world.crib.len() + view.discards.len(), 4);
        }
        let other = view.seat.next(view.config.players());
        worlds.iter().filter(|world| world.replies[other.index()] != Reply::Search).count()
    }

    /// `basic` passes the test of a greedy player at every position of the
    /// play in 100 seeded games, with the cards it truly holds; the expert,
    /// who is not greedy, fails it now and then.
    #[test]
    fn basic_plays_greedily_and_the_expert_does_not() {
        let (mut tested, mut counted) = (0, 0);
        let mut not_greedy = 0;
        let seats = [Strategy::Basic, Strategy::Expert];
        let [basic_seat, expert_seat] = [Seat::ALL[0], Seat::ALL[1]];
        for seed in 0..100 {
            let mut check = |game: &Game| {
                if game.phase() != Phase::Pegging {
                    return;
                }
                // Each seat's cards played in this count, from what it holds.
                let pegging = game.pegging();
                assert!(plays_greedily(pegging, basic_seat, game.hand(basic_seat)));
                not_greedy +=
                    u32::from(!plays_greedily(pegging, expert_seat, game.hand(expert_seat)));
                tested += 1;
                counted += pegging.current().len();
            };
            crate::play_game_watched(GameConfig::default(), &seats, seed, 0, &mut check).unwrap();
        }
        assert!(tested > 3000 && counted > 3000, "{tested} positions, {counted} cards");
        assert!(not_greedy > 100, "the expert played greedily at all but {not_greedy}");
    }

    /// The plain value of the play from `pegging` for the player's side
    /// `me`, the other seat greedy or by the rules of thumb (`reply`, in a
    /// round dealt by `dealer`): every card of the player's tried, no
    /// pruning, no memo.
    fn plain_value(
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        me: Side,
        reply: Reply,
        dealer: Seat,
    ) -> f64 {
        let config = GameConfig::default();
        let Some(seat) = pegging.turn() else { return 0.0 };
        let fits: CardSet = held[seat.index()].iter().filter(|&card| pegging.fits(card)).collect();
        let mut next = *pegging;
        if fits.is_empty() {
            let go = next.go_unchecked(seat);
            let gain = go.point_to.map_or(0.0, |to| net_gain(config, me, to, 1));
            return gain + plain_value(&next, held, me, reply, dealer);
        }
        let mine = config.side_of(seat) == me;
        let choice = match reply {
            _ if mine => None,
            Reply::Greedy => crate::rules_of_thumb::greedy_play(pegging, seat, fits),
            Reply::Rules => {
                crate::rules_of_thumb::rules_play(pegging, seat, seat == dealer, held[seat.index()])
            }
            Reply::Search => unreachable!("the other seat plays by a rule"),
        };
        let choices = choice.map_or(fits, CardSet::single);
        let mut best = f64::NEG_INFINITY;
        for card in choices {
            let mut next = *pegging;
            let points = next.play_unchecked(seat, card).points.total();
            held[seat.index()].remove(card);
            let value =
                net_gain(config, me, seat, points) + plain_value(&next, held, me, reply, dealer);
            held[seat.index()].insert(card);
            best = best.max(value);
        }
        best
    }

    /// The search against a greedy opponent, and against one that plays by
    /// the rules of thumb (alpha-beta, one card a rank, a memo kept across
    /// deals for each side and dealer), agrees with the plain search on
    /// 300 seeded deals, from each seat.
    #[test]
    fn the_search_against_a_greedy_player_or_one_of_the_rules_is_the_plain_one() {
        let config = GameConfig::default();
        for reply in [Reply::Greedy, Reply::Rules] {
            let mut memos = [[Memo::new(), Memo::new()], [Memo::new(), Memo::new()]];
            for seed in 0..300 {
                let mut deck = crib_core::Deck::shuffled(seed);
                let hands = [deck.deal_set(4).unwrap(), deck.deal_set(4).unwrap()];
                let dealer = Seat::ALL[usize::from(seed % 2 == 0)];
                let pegging = Pegging::new(config, dealer).unwrap();
                for me in Seat::ALL[..2].iter().map(|&seat| config.side_of(seat)) {
                    let mut held = [hands[0], hands[1], CardSet::EMPTY, CardSet::EMPTY];
                    let search = NetPoints {
                        config,
                        me,
                        depth: u32::MAX,
                        remember: true,
                        replies: [reply; 4],
                        dealer,
                    };
                    let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
                    let memo = &mut memos[dealer.index()][me.index()];
                    let value = search.value(&pegging, &mut held, low, high, 0, memo);
                    let plain = plain_value(&pegging, &mut held, me, reply, dealer);
                    assert!(
                        (value - plain).abs() < 1e-9,
                        "{reply:?}, seed {seed}: {value} against {plain}"
                    );
                }
            }
        }
    }
}
