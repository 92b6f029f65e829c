//! The search for points. In a world every card is known, and the rest of
//! the play is searched by minimax with alpha-beta pruning ([`NetPoints`]):
//! the player's side plays to maximise its points less the others' (shared
//! equally between the two other sides with three players), every other
//! seat to minimise, each seat of the other sides as the world's model of
//! its play says (searching, greedily, or by the rules of thumb). A partner
//! is the player's side, so it plays for it. With two and three players
//! the search goes to the end of the play, remembering the value of each
//! position at the start of a count ([`Memo`]), so that it sees the go and
//! the last card; with four it stops after a few plies until few cards are
//! left ([`plies`]), and then goes to the end too.
//!
//! It is the search of every world away from the end of the game; near the
//! end, the searches for the game take each seat's plays from it.

use crib_core::{Card, CardSet, GameConfig, Pegging, Seat, Side, View};

use crate::rules_of_thumb::greedy_move;
use crate::search::memo::{Memo, restart_key};
use crate::search::opponents::{PlayStyle, playable};
use crate::search::options::{PegOptions, plies};
use crate::search::worlds::World;

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
    /// How each other side's seat plays, by seat ([`PlayStyle`]).
    pub(crate) styles: [PlayStyle; 4],
    /// The round's dealer (the rules of thumb pair more cautiously as
    /// dealer).
    pub(crate) dealer: Seat,
}

impl NetPoints {
    /// The search of `world` for points: to the end of the play with two
    /// or three players, and with four once few cards are left, remembering
    /// the values of positions at the start of a count; else with four a
    /// few plies ([`plies`]).
    pub(crate) fn for_points(view: &View, world: &World, options: &PegOptions) -> NetPoints {
        let config = view.config;
        let depth = if config.players() == 4 { plies(&view.pegging, options) } else { u32::MAX };
        NetPoints {
            config,
            me: config.side_of(view.seat),
            depth,
            remember: depth == u32::MAX,
            styles: world.styles,
            dealer: view.dealer,
        }
    }

    /// The value of the seat to play's playing `card` from `start`, the
    /// seats holding `held`; `memo` holds the values of positions.
    pub(crate) fn root(
        &self,
        start: &Pegging,
        held: [CardSet; 4],
        card: Card,
        memo: &mut Memo,
    ) -> f64 {
        let Some(seat) = start.turn() else { return 0.0 };
        let mut held = held;
        let mut pegging = *start;
        let points = pegging.play_unchecked(seat, card).points.total();
        held[seat.index()].remove(card);
        let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
        net_gain(self.config, self.me, seat, points)
            + self.value(&pegging, &mut held, low, high, 1, memo)
    }

    /// The plays `seat` makes in the search, `fits` being its cards that
    /// fit (one a rank), each with the play that follows and its points:
    /// every one for the player's side (`own`) and a searching seat, else
    /// the one its model of the play chooses ([`PlayStyle::choices`]). A greedy
    /// seat's card is played once, to find it, not again.
    pub(crate) fn plays<'a>(
        &self,
        pegging: &'a Pegging,
        seat: Seat,
        held: &[CardSet; 4],
        fits: CardSet,
        own: bool,
    ) -> Plays<'a> {
        let style = if own { PlayStyle::Search } else { self.styles[seat.index()] };
        match style {
            PlayStyle::Greedy => Plays::One(greedy_move(pegging, seat, fits)),
            _ => {
                let cards = style.choices(pegging, seat, self.dealer, held[seat.index()], fits);
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
    use crib_core::GameConfig;

    use super::*;
    use crate::rules_of_thumb::{greedy_play, rules_play};
    use crate::search::opponents::{RoundPlays, playable};
    use crate::search::options::{FEW_CARDS, cards_left};
    use crate::search::worlds::sample_worlds;
    use crate::search::worlds::tests::each_turn_to_play;

    /// Every order of the rest of the play from `pegging`, the seats
    /// holding `held`: the player's side (`me`) tries every card and
    /// maximises its net points, every other seat minimises them, trying
    /// every card if it searches (`style`), else playing its style's one
    /// card, in a round dealt by `dealer`. No pruning, no memo, no merged
    /// ranks: the reference every search for points must equal.
    fn every_order(
        config: GameConfig,
        me: Side,
        pegging: &Pegging,
        held: [CardSet; 4],
        style: PlayStyle,
        dealer: Seat,
    ) -> f64 {
        let Some(seat) = pegging.turn() else { return 0.0 };
        let fits: CardSet = held[seat.index()].iter().filter(|&card| pegging.fits(card)).collect();
        if fits.is_empty() {
            let mut next = *pegging;
            let gain =
                next.go_unchecked(seat).point_to.map_or(0.0, |to| net_gain(config, me, to, 1));
            return gain + every_order(config, me, &next, held, style, dealer);
        }
        let mine = config.side_of(seat) == me;
        let choices = match style {
            _ if mine => fits,
            PlayStyle::Search => fits,
            PlayStyle::Greedy => greedy_play(pegging, seat, fits).into_iter().collect(),
            PlayStyle::Rules => {
                rules_play(pegging, seat, seat == dealer, held[seat.index()]).into_iter().collect()
            }
        };
        let values = choices.iter().map(|card| {
            let mut next = *pegging;
            let points = next.play_unchecked(seat, card).points.total();
            let mut held = held;
            held[seat.index()].remove(card);
            net_gain(config, me, seat, points) + every_order(config, me, &next, held, style, dealer)
        });
        if mine {
            values.fold(f64::NEG_INFINITY, f64::max)
        } else {
            values.fold(f64::INFINITY, f64::min)
        }
    }

    /// The search against a greedy opponent, and against one that plays by
    /// the rules of thumb (alpha-beta, one card a rank, a memo kept across
    /// deals for each side and dealer), agrees with every order of the play
    /// on 300 seeded deals, from each seat.
    #[test]
    fn the_search_against_a_greedy_player_or_one_of_the_rules_is_the_plain_one() {
        let config = GameConfig::default();
        for style in [PlayStyle::Greedy, PlayStyle::Rules] {
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
                        styles: [style; 4],
                        dealer,
                    };
                    let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
                    let memo = &mut memos[dealer.index()][me.index()];
                    let value = search.value(&pegging, &mut held, low, high, 0, memo);
                    let plain = every_order(config, me, &pegging, held, style, dealer);
                    assert!(
                        (value - plain).abs() < 1e-9,
                        "{style:?}, seed {seed}: {value} against {plain}"
                    );
                }
            }
        }
    }

    /// Away from the end of the game, the search goes to the end of the
    /// play with three players, and with four once ten cards or fewer are
    /// left (before, it stops after `options.depth` plies); its memo of
    /// positions at the start of a count, kept from one world to the next,
    /// changes nothing: each card's value in each sampled world is what
    /// every order of the rest of the play gives.
    #[test]
    fn searches_to_the_end_of_the_play_with_few_cards_left() {
        // Every other seat searching (greedy opponents, and those of the
        // rules of thumb, are checked above).
        let options = PegOptions { worlds: 8, greedy: 0.0, ..PegOptions::default() };
        for players in [3, 4] {
            let config = GameConfig::new(players, 121).unwrap();
            let mut compared = 0;
            each_turn_to_play(config, 12, |seed, view| {
                let seat = view.seat;
                let whole = players == 3 || cards_left(&view.pegging) <= FEW_CARDS;
                // One memo for all the worlds, as `analyse_play_seen` has it.
                let mut memo = Memo::new();
                let mut rng = crib_core::seeded_rng(seed);
                for world in sample_worlds(&view, &options, &RoundPlays::default(), &mut rng) {
                    let search = NetPoints::for_points(&view, &world, &options);
                    if !whole {
                        assert!(!search.remember);
                        assert_eq!(search.depth, options.depth);
                        continue;
                    }
                    assert!(search.remember && search.depth == u32::MAX);
                    for card in playable(&view.pegging, view.hand) {
                        let mut pegging = view.pegging;
                        let points = pegging.play_unchecked(seat, card).points.total();
                        let mut held = world.held;
                        held[seat.index()].remove(card);
                        let me = config.side_of(seat);
                        let rest =
                            every_order(config, me, &pegging, held, PlayStyle::Search, view.dealer);
                        let expected = net_gain(config, me, seat, points) + rest;
                        let value = search.root(&view.pegging, world.held, card, &mut memo);
                        assert!(
                            (value - expected).abs() < 1e-9,
                            "{players} players, {card}: {value} against {expected}"
                        );
                        compared += 1;
                    }
                }
            });
            assert!(compared > 300, "{players} players: only {compared} values compared");
        }
    }
}
