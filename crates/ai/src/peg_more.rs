//! The expert's play of the cards with three or four players: the worlds it
//! samples and the search of each.
//!
//! # Worlds
//!
//! As with two players (see [`peg`](crate::peg)), each other seat's deal
//! is its played cards plus unseen cards drawn at random, five in all; the
//! model of its discard keeps four, and the deal is kept only if those four
//! include every card it has played and agree with the gos it said this
//! round. Seats are drawn one after another, each from the cards the ones
//! before left; a seat whose deal the model explains too rarely to find in
//! a few tries gets cards drawn uniformly. The crib's unseen cards (the
//! other seats' throws, and with three players the deck's card) complete
//! the world.
//!
//! # Search
//!
//! The rest of the play is searched by minimax with alpha-beta pruning (the
//! one search for points at every table, [`NetPoints`]): the player's side
//! maximises its points less the others' (shared equally
//! between the two other sides with three players), every other seat
//! minimises. A partner is the player's side, so it plays for it. With four
//! players the search stops after a few plies until few cards are left
//! ([`plies`]). With three it goes to the end of the play, remembering the
//! value of each position at the start of a count (which many orders of
//! play reach, see [`Memo`]), so that it sees the go and the last card; so
//! does the four-player search once few cards are left. Near the end of
//! the game, below.
//!
//! # The end of the game
//!
//! A side that reaches the target wins at once, even in the middle of the
//! play. Once a side is within [`PegOptions::endgame`] of the target (with
//! three sides [`THREE_SIDES_WINDOW`], if smaller):
//!
//! - with four players (two sides) the world is searched by its chance of
//!   winning, as with two players (see [`peg`](crate::peg)), a few plies
//!   deep or to the end of the play once few cards are left
//!   ([`plies`]);
//! - with three players each side's chance of winning is searched by
//!   max-n, each side playing for its own chance (in a greedy world, or
//!   one of the rules of thumb, the other sides by that play). At the end
//!   of the play (or where the search stops, [`plies`], as if the play
//!   ended there) the world's hands and crib are counted in the order of
//!   the show (from the dealer's left round to the dealer, then the crib),
//!   the first side to reach the target winning; if none does, each side's
//!   chance is the three players' table's for the next round
//!   ([`ThreeTable`]).
//!
//! So the expert pegs out when it can, and spends a card to block a side
//! that is about to.

use crib_core::{Card, CardSet, GameConfig, Pegging, Seat, Side, View};

use crate::board::three_table::{ThreeTable, round_order};
use crate::expect::throw_model::Stake;
use crate::peg::{
    Inference, Memo, NetPoints, PegOptions, Reply, World, agrees_with_go, draw, draw_replies,
    explained, home_in_show, inferred_keep, most_constrained_first, net_gain, playable,
    uniform_held, world_show,
};
use crate::players::learn::RoundPlays;

/// With three sides the search plays for the game only within this many
/// points of the target (or [`PegOptions::endgame`], if smaller): its
/// max-n search stops after six plies (until ten cards are left) where the
/// search for points sees the whole play. Over the last 40 points that cost
/// more than playing for the game won before the three players' table, and
/// with the table it won no more, in self-play at three players.
pub(crate) const THREE_SIDES_WINDOW: u16 = 20;

/// Whether the search of a three-sided table plays for the game: a side
/// is within [`THREE_SIDES_WINDOW`] (or `options.endgame`, if smaller) of
/// the target.
pub(crate) fn plays_for_the_game_of_three(view: &View, options: &PegOptions) -> bool {
    view.config.sides() == 3
        && crate::board::standing::within_reach(view, options.endgame.min(THREE_SIDES_WINDOW))
}

/// Once no more than this many cards are still to play, a search that is
/// otherwise cut after a few plies (four players, and three near the end
/// of the game) goes on to the end of the play, and near the end of the
/// game on through the show; before, it stops at the usual depth (a win on
/// the way still counts). Searching every order of sixteen cards at four
/// players took 40 ms at the lead, against 1.6 ms for six plies; after six
/// cards, with ten left, every order takes 1.2 ms (divan medians).
const FEW_CARDS: usize = 10;

/// The cards still to play, every seat's.
fn cards_left(pegging: &Pegging) -> usize {
    Seat::ALL.iter().map(|&seat| usize::from(pegging.held(seat))).sum()
}

/// The plies searched with four players, and with three near the end of
/// the game: every one once no more than [`FEW_CARDS`] cards are left to
/// play, else `options.depth`.
pub(crate) fn plies(pegging: &Pegging, options: &PegOptions) -> u32 {
    if cards_left(pegging) <= FEW_CARDS { u32::MAX } else { options.depth }
}

// ---------------------------------------------------------------------------
// Sampling

/// With three or four players a decision samples `PegOptions::worlds`
/// divided by this: each world is searched wider than with two. Half as
/// many (128) won a little more than a quarter (64) at three and four
/// players, within the noise, for twice the time.
pub(crate) const WORLDS_DIVISOR: u32 = 2;

/// With three players, whose search goes to the end of the play, a
/// decision samples `PegOptions::worlds` divided by this: a quarter (64),
/// which pegged as well as half (128) over the same 3,000 rounds
/// (`examples/peg3.rs`) for half the time.
pub(crate) const WORLDS_DIVISOR_THREE: u32 = 4;

/// The worlds a decision samples with `players` at the table:
/// `options.worlds` with two, fewer with three or four
/// ([`WORLDS_DIVISOR`], [`WORLDS_DIVISOR_THREE`]).
pub(crate) fn worlds_wanted(players: u8, options: &PegOptions) -> usize {
    let divisor = match players {
        2 => return options.worlds as usize,
        3 => WORLDS_DIVISOR_THREE,
        _ => WORLDS_DIVISOR,
    };
    (options.worlds / divisor).max(1) as usize
}

/// The worlds for a decision with three or four players
/// ([`worlds_wanted`]).
pub(crate) fn sample_worlds(
    view: &View,
    options: &PegOptions,
    round: &RoundPlays,
    rng: &mut impl rand::Rng,
) -> Vec<World> {
    let unseen: Vec<Card> = (!view.known_cards()).iter().collect();
    let wanted = worlds_wanted(view.config.players(), options);
    (0..wanted)
        .map(|_| {
            // The models of the play drawn for each try, as with two
            // players: each opponent's plays must be its model's (greedy,
            // or the rules of thumb) in a world ([`explained`]), or it is
            // drawn again.
            let tried = (0..options.tries).find_map(|_| {
                let replies = draw_replies(view, options, rng);
                let world = sample_world(view, options, &unseen, rng);
                explained(view, World { replies, ..world }, round)
            });
            tried.unwrap_or_else(|| sample_world(view, options, &unseen, rng))
        })
        .collect()
}

/// One world: each other seat's cards inferred from its deal where the
/// model finds one, else drawn uniformly, then the rest of the crib.
fn sample_world(
    view: &View,
    options: &PegOptions,
    unseen: &[Card],
    rng: &mut impl rand::Rng,
) -> World {
    let pegging = &view.pegging;
    let mut world =
        World { held: [CardSet::EMPTY; 4], crib: CardSet::EMPTY, replies: [Reply::Search; 4] };
    world.held[view.seat.index()] = view.hand;
    let mut pool = unseen.to_vec();
    for seat in most_constrained_first(view) {
        let inferred =
            (0..options.tries).find_map(|_| inferred_cards(view, seat, options, &mut pool, rng));
        let (held, thrown) =
            inferred.unwrap_or_else(|| (uniform_held(pegging, seat, &pool, rng), CardSet::EMPTY));
        pool.retain(|&card| !held.contains(card) && !thrown.contains(card));
        world.held[seat.index()] = held;
        world.crib |= thrown;
    }
    // The crib's four cards: the player's throw, the throws just inferred,
    // and the rest from the cards no one holds.
    let missing = 4usize.saturating_sub(view.discards.len() + world.crib.len());
    world.crib |= draw(&mut pool, missing, rng);
    world
}

/// The cards `seat` holds and the card it threw, by the model of its
/// discard from a deal of its played cards and cards drawn from `pool`;
/// `None` if the model's keep does not explain its plays and gos.
fn inferred_cards(
    view: &View,
    seat: Seat,
    options: &PegOptions,
    pool: &mut [Card],
    rng: &mut impl rand::Rng,
) -> Option<(CardSet, CardSet)> {
    let inference = options.inference;
    if inference == Inference::Uniform {
        return None;
    }
    let config = view.config;
    let played = view.pegging.played_by(seat);
    let deal = played | draw(pool, config.dealt().saturating_sub(played.len()), rng);
    let stake = Stake::of(config, seat, view.dealer);
    let keep = inferred_keep(deal, stake, inference, options.best_hand[seat.index()], rng)?;
    let held = keep - played;
    (played.is_subset(keep) && agrees_with_go(&view.pegging, seat, held))
        .then_some((held, deal - keep))
}

// ---------------------------------------------------------------------------
// Search

/// The board the search plays for once a side is near the target, with
/// three sides.
#[derive(Clone, Copy, Debug)]
struct Board {
    target: u16,
    /// Each side's score now, by side.
    scores: [u16; 3],
    /// The show of this world in the order it is counted: each hand from
    /// the dealer's left round to the dealer, then the crib, with the side
    /// that counts it.
    show: [(Side, u16); 5],
    /// The next round's pone, second pone and dealer (three players).
    next_round: [Side; 3],
}

impl Board {
    /// Each side's chance of winning from the end of the play at
    /// `scores`: the show counted in its order, and if it takes no side
    /// home, the chances of the rounds after ([`ThreeTable`]).
    fn end_of_play(&self, players: u8, scores: [u16; 3]) -> [f64; 3] {
        let show = &self.show[..usize::from(players) + 1];
        match home_in_show(show, Side::index, scores, self.target) {
            Ok(side) => winner(side),
            Err(scores) => {
                let chances = ThreeTable::stored().chances(
                    self.next_round.map(|side| self.target.saturating_sub(scores[side.index()])),
                );
                let mut values = [0.0; 3];
                for (side, chance) in self.next_round.iter().zip(chances) {
                    values[side.index()] = chance;
                }
                values
            }
        }
    }
}

/// The search of one world with three or four players.
pub(crate) struct Search {
    config: GameConfig,
    me: Side,
    start: Pegging,
    held: [CardSet; 4],
    board: Option<Board>,
    /// The search for points, whose plies are also those of the max-n
    /// search near the end: without a limit once few cards are left, and
    /// with three players away from the end of the game; without a limit
    /// and away from the end it remembers the values of positions at the
    /// start of a count (see [`Memo`]).
    points: NetPoints,
}

impl Search {
    pub(crate) fn new(view: &View, world: &World, options: &PegOptions) -> Search {
        let config = view.config;
        let board = Self::board(view, world, options);
        let me = config.side_of(view.seat);
        let depth = if config.players() == 3 && board.is_none() {
            u32::MAX
        } else {
            plies(&view.pegging, options)
        };
        let remember = board.is_none() && depth == u32::MAX;
        Search {
            config,
            me,
            start: view.pegging,
            held: world.held,
            board,
            points: NetPoints {
                config,
                me,
                depth,
                remember,
                replies: world.replies,
                dealer: view.dealer,
            },
        }
    }

    /// The board of the world, if the table has three sides and the search
    /// plays for the game ([`plays_for_the_game_of_three`]); two sides near
    /// the end are searched by their chance of winning, in
    /// [`peg`](crate::peg).
    fn board(view: &View, world: &World, options: &PegOptions) -> Option<Board> {
        let config = view.config;
        if !plays_for_the_game_of_three(view, options) {
            return None;
        }
        let target = u16::from(config.target());
        let mut scores = [0; 3];
        for side in config.all_sides() {
            scores[side.index()] = view.board.score(side);
        }
        let starter = view.starter?;
        // The next round is dealt by this round's pone.
        let next_round = round_order(view.pone()).map(|seat| config.side_of(seat));
        Some(Board { target, scores, show: world_show(view, world, starter), next_round })
    }

    /// The value of the player's playing `card` now; `memo` holds values
    /// of positions (three players away from the end of the game).
    pub(crate) fn root(&self, card: Card, memo: &mut Memo) -> f64 {
        let Some(seat) = self.start.turn() else { return 0.0 };
        let mut held = self.held;
        let mut pegging = self.start;
        let points = pegging.play_unchecked(seat, card).points.total();
        held[seat.index()].remove(card);
        if let Some(board) = self.board {
            let mut scores = board.scores;
            let values = self.each_side(&board, &pegging, &mut held, &mut scores, seat, points, 1);
            return values[self.me.index()];
        }
        let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
        net_gain(self.config, self.me, seat, points)
            + self.points.value(&pegging, &mut held, low, high, 1, memo)
    }

    /// Three sides near the end of the game (max-n): each seat plays for
    /// its own side's chance of winning (in a greedy world, or one of the
    /// rules of thumb, the other sides' seats make that play instead). A
    /// minimax here would have the two other sides play for each other,
    /// and one would hand the other the game. Returns each side's chance
    /// once `seat` has pegged `points`; `scores` are restored on return.
    #[allow(clippy::too_many_arguments)]
    fn each_side(
        &self,
        board: &Board,
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        scores: &mut [u16; 3],
        seat: Seat,
        points: u8,
        depth: u32,
    ) -> [f64; 3] {
        let side = self.config.side_of(seat);
        scores[side.index()] += u16::from(points);
        let chances = if scores[side.index()] >= board.target {
            winner(side)
        } else {
            self.each_side_below(board, pegging, held, scores, depth)
        };
        scores[side.index()] -= u16::from(points);
        chances
    }

    fn each_side_below(
        &self,
        board: &Board,
        pegging: &Pegging,
        held: &mut [CardSet; 4],
        scores: &mut [u16; 3],
        depth: u32,
    ) -> [f64; 3] {
        let Some(seat) = pegging.turn() else {
            return board.end_of_play(self.config.players(), *scores);
        };
        if depth >= self.points.depth {
            // Cut off: as if the play ended here.
            return board.end_of_play(self.config.players(), *scores);
        }
        let fits = playable(pegging, held[seat.index()]);
        if fits.is_empty() {
            let mut next = *pegging;
            return match next.go_unchecked(seat).point_to {
                Some(to) => self.each_side(board, &next, held, scores, to, 1, depth),
                None => self.each_side_below(board, &next, held, scores, depth),
            };
        }
        let side = self.config.side_of(seat);
        // In a greedy world (or one of the rules) the other sides play so
        // here too.
        let mut best: Option<[f64; 3]> = None;
        for (card, next, points) in self.points.plays(pegging, seat, held, fits, side == self.me) {
            held[seat.index()].remove(card);
            let values = self.each_side(board, &next, held, scores, seat, points, depth + 1);
            held[seat.index()].insert(card);
            // Among the seat's equal choices, the one worst for the player.
            let better = best.is_none_or(|best| {
                values[side.index()] > best[side.index()] + 1e-9
                    || (values[side.index()] > best[side.index()] - 1e-9
                        && values[self.me.index()] < best[self.me.index()])
            });
            if better {
                best = Some(values);
            }
        }
        best.unwrap_or([0.0; 3])
    }
}

/// Each of three sides' chance once `side` has won the game.
fn winner(side: Side) -> [f64; 3] {
    let mut values = [0.0; 3];
    values[side.index()] = 1.0;
    values
}

#[cfg(test)]
mod tests {
    use crib_core::{Action, Game, GameConfig, Phase};

    use super::*;
    use crate::Player;

    /// The inferred worlds are not uniform ones: players who discard
    /// sensibly keep their fives, so the other seats hold more of them
    /// than cards drawn at random would give.
    #[test]
    fn other_seats_keep_their_fives() {
        let config = GameConfig::new(3, 121).unwrap();
        let fives = |inference| {
            let options = PegOptions { inference, ..PegOptions::default() };
            let mut count = 0;
            for seed in 0..40 {
                let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
                game.play(Seat::ALL[0], Action::Deal).unwrap();
                for seat in config.seats() {
                    let discard = crate::BasicPlayer.discard(&game.view(seat));
                    game.play(seat, Action::Discard(discard)).unwrap();
                }
                let view = game.view(game.pegging().turn().unwrap());
                let mut rng = crib_core::seeded_rng(seed);
                for world in sample_worlds(&view, &options, &RoundPlays::default(), &mut rng) {
                    for seat in config.seats().filter(|&seat| seat != view.seat) {
                        let held = world.held[seat.index()];
                        count += held.iter().filter(|card| card.value() == 5).count();
                    }
                }
            }
            count
        };
        let (sensible, uniform) = (fives(Inference::Sensible), fives(Inference::Uniform));
        assert!(sensible * 100 > uniform * 105, "{sensible} fives against {uniform}");
    }

    /// Every order of the rest of the play, the player's side maximising
    /// its net points and the others minimising: no pruning, no memo, no
    /// merged ranks. The reference the search to the end of the play must
    /// equal.
    fn every_order(config: GameConfig, me: Side, pegging: &Pegging, held: [CardSet; 4]) -> f64 {
        let Some(seat) = pegging.turn() else { return 0.0 };
        let fits: Vec<Card> =
            held[seat.index()].iter().filter(|&card| pegging.fits(card)).collect();
        if fits.is_empty() {
            let mut next = *pegging;
            let gain =
                next.go_unchecked(seat).point_to.map_or(0.0, |to| net_gain(config, me, to, 1));
            return gain + every_order(config, me, &next, held);
        }
        let values = fits.into_iter().map(|card| {
            let mut next = *pegging;
            let points = next.play_unchecked(seat, card).points.total();
            let mut held = held;
            held[seat.index()].remove(card);
            net_gain(config, me, seat, points) + every_order(config, me, &next, held)
        });
        if config.side_of(seat) == me {
            values.fold(f64::NEG_INFINITY, f64::max)
        } else {
            values.fold(f64::INFINITY, f64::min)
        }
    }

    /// Plays the first round of each of `games` seeded games at `config`'s
    /// table, every seat as `basic`, and shows `visit` the seed and the
    /// view of each seat whose turn it is to play a card, before it plays.
    fn each_turn_to_play(config: GameConfig, games: u64, mut visit: impl FnMut(u64, View)) {
        for seed in 0..games {
            let mut game = Game::new(config, Seat::ALL[0], seed).unwrap();
            game.play(Seat::ALL[0], Action::Deal).unwrap();
            while game.phase() != Phase::Deal {
                let seat = game.to_act()[0];
                let view = game.view(seat);
                if view.phase == Phase::Pegging && view.pegging.turn() == Some(seat) {
                    visit(seed, view);
                }
                let action = crate::BasicPlayer.act(&view).unwrap();
                game.play(seat, action).unwrap();
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
        // Every other seat searching, as the plain minimax has it (greedy
        // opponents are checked against their own plain search in `peg`).
        let options =
            PegOptions { worlds: 8, play: crate::PlayModel::Search, ..PegOptions::default() };
        for players in [3, 4] {
            let config = GameConfig::new(players, 121).unwrap();
            let mut compared = 0;
            each_turn_to_play(config, 12, |seed, view| {
                let seat = view.seat;
                let whole = players == 3 || cards_left(&view.pegging) <= FEW_CARDS;
                // One memo for all the worlds, as `analyse_play` has it.
                let mut memo = Memo::new();
                let mut rng = crib_core::seeded_rng(seed);
                for world in sample_worlds(&view, &options, &RoundPlays::default(), &mut rng) {
                    let search = Search::new(&view, &world, &options);
                    if !whole {
                        assert!(!search.points.remember);
                        assert_eq!(search.points.depth, options.depth);
                        continue;
                    }
                    assert!(search.points.remember && search.points.depth == u32::MAX);
                    for card in playable(&view.pegging, view.hand) {
                        let mut pegging = view.pegging;
                        let points = pegging.play_unchecked(seat, card).points.total();
                        let mut held = world.held;
                        held[seat.index()].remove(card);
                        let me = config.side_of(seat);
                        let expected = net_gain(config, me, seat, points)
                            + every_order(config, me, &pegging, held);
                        let value = search.root(card, &mut memo);
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

    /// The search of three sides near the end of the game in a world
    /// whose other sides play greedily, put as plainly as it can be: every
    /// line of the player's own cards, each other seat playing its greedy
    /// card of all it holds that fit, a side that reaches the target
    /// winning at once, else the world's show counted in order and then
    /// the three players' table. The player's chance of winning.
    fn every_greedy_line(
        board: &Board,
        me: Side,
        pegging: &Pegging,
        held: [CardSet; 4],
        scores: [u16; 3],
    ) -> f64 {
        let config = GameConfig::new(3, 121).unwrap();
        let Some(seat) = pegging.turn() else {
            return board.end_of_play(3, scores)[me.index()];
        };
        // What `points` pegged by `to` after `next` are worth to the player.
        let after = |next: &Pegging, held: [CardSet; 4], to: Seat, points: u8| {
            let mut scores = scores;
            let side = config.side_of(to);
            scores[side.index()] += u16::from(points);
            if scores[side.index()] >= board.target {
                winner(side)[me.index()]
            } else {
                every_greedy_line(board, me, next, held, scores)
            }
        };
        let fits: CardSet = held[seat.index()].iter().filter(|&card| pegging.fits(card)).collect();
        if fits.is_empty() {
            let mut next = *pegging;
            return match next.go_unchecked(seat).point_to {
                Some(to) => after(&next, held, to, 1),
                None => every_greedy_line(board, me, &next, held, scores),
            };
        }
        let mine = config.side_of(seat) == me;
        let choices = if mine {
            fits
        } else {
            crate::rules_of_thumb::greedy_play(pegging, seat, fits).into_iter().collect()
        };
        choices
            .iter()
            .map(|card| {
                let mut next = *pegging;
                let points = next.play_unchecked(seat, card).points.total();
                let mut held = held;
                held[seat.index()].remove(card);
                after(&next, held, seat, points)
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// Near the end of a three-player game, in a world whose other sides
    /// play greedily, they play greedily in the search for the game too,
    /// as they do in the search for points: each card's value is what
    /// every line of the player's own cards gives against them.
    #[test]
    fn greedy_sides_play_greedily_near_the_end_of_the_game() {
        let config = GameConfig::new(3, 121).unwrap();
        let options = PegOptions { worlds: 8, greedy: 1.0, ..PegOptions::default() };
        let mut compared = 0;
        each_turn_to_play(config, 16, |seed, mut view| {
            let seat = view.seat;
            if cards_left(&view.pegging) > FEW_CARDS {
                return;
            }
            let near = [104, 108, 112].map(|score| score + (seed % 5) as u16);
            for (side, score) in config.all_sides().zip(near) {
                view.board.set(side, score);
            }
            let mut memo = Memo::new();
            let mut rng = crib_core::seeded_rng(seed);
            for world in sample_worlds(&view, &options, &RoundPlays::default(), &mut rng) {
                // The worlds drawn uniformly (too rare under the model to
                // find) are searched as searching players.
                if world.replies != [Reply::Greedy; 4] {
                    continue;
                }
                let search = Search::new(&view, &world, &options);
                let board = search.board.expect("near the end of the game");
                let me = config.side_of(seat);
                for card in playable(&view.pegging, view.hand) {
                    let mut pegging = view.pegging;
                    let points = pegging.play_unchecked(seat, card).points.total();
                    let mut held = world.held;
                    held[seat.index()].remove(card);
                    let mut scores = board.scores;
                    scores[me.index()] += u16::from(points);
                    let expected = if scores[me.index()] >= board.target {
                        1.0
                    } else {
                        every_greedy_line(&board, me, &pegging, held, scores)
                    };
                    let value = search.root(card, &mut memo);
                    assert!(
                        (value - expected).abs() < 1e-9,
                        "seed {seed}, {card}: {value} against {expected}"
                    );
                    compared += 1;
                }
            }
        });
        assert!(compared > 100, "only {compared} values compared");
    }
}
