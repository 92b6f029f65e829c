//! Playing for the game with three sides (three players), by max-n.
//!
//! A side that reaches the target wins at once, even in the middle of the
//! play. Once a side is within [`THREE_SIDES_WINDOW`] of the target (or
//! [`PegOptions::play_for_game_within`], if smaller) each side's chance of winning is
//! searched by max-n, each side playing for its own chance (in a greedy
//! world, or one of the rules of thumb, the other sides by that play). At
//! the end of the play (or where the search stops, [`plies`], as if the
//! play ended there) the world's hands and crib are counted in the order of
//! the show (from the dealer's left round to the dealer, then the crib),
//! the first side to reach the target winning; if none does, each side's
//! chance is the three players' table's for the next round
//! ([`ThreeTable`]).
//!
//! So the expert pegs out when it can, and spends a card to block a side
//! that is about to.

use crib_core::{Card, CardSet, GameConfig, Pegging, Seat, Side, View};

use crate::board::standing::within_reach;
use crate::board::three_table::{ThreeTable, round_order};
use crate::search::opponents::playable;
use crate::search::options::{PegOptions, plies};
use crate::search::points::NetPoints;
use crate::search::worlds::{World, home_in_show, world_show};

/// With three sides the search plays for the game only within this many
/// points of the target (or [`PegOptions::play_for_game_within`], if smaller): its
/// max-n search stops after six plies (until ten cards are left) where the
/// search for points sees the whole play. Over the last 40 points that cost
/// more than playing for the game won before the three players' table, and
/// with the table it won no more, in self-play at three players.
pub(crate) const THREE_SIDES_WINDOW: u16 = 20;

/// Whether the search of a three-sided table plays for the game: a side
/// is within [`THREE_SIDES_WINDOW`] (or `options.play_for_game_within`, if smaller) of
/// the target.
pub(crate) fn plays_for_the_game_of_three(view: &View, options: &PegOptions) -> bool {
    view.config.sides() == 3
        && within_reach(view, options.play_for_game_within.min(THREE_SIDES_WINDOW))
}

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

/// The search of one world of three sides for the game.
pub(crate) struct Search {
    config: GameConfig,
    me: Side,
    start: Pegging,
    held: [CardSet; 4],
    board: Board,
    /// The plays of each seat, as the search for points makes them, and
    /// the plies searched: without a limit once few cards are left.
    points: NetPoints,
}

impl Search {
    /// The search of `world`, if the table has three sides and the search
    /// plays for the game ([`plays_for_the_game_of_three`]).
    pub(crate) fn new(view: &View, world: &World, options: &PegOptions) -> Option<Search> {
        let config = view.config;
        let board = Self::board(view, world, options)?;
        let me = config.side_of(view.seat);
        let depth = plies(&view.pegging, options);
        Some(Search {
            config,
            me,
            start: view.pegging,
            held: world.held,
            board,
            points: NetPoints {
                config,
                me,
                depth,
                remember: false,
                styles: world.styles,
                dealer: view.dealer,
            },
        })
    }

    /// The board of the world, if the table has three sides and the search
    /// plays for the game.
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

    /// The player's chance of winning once it plays `card` now.
    pub(crate) fn root(&self, card: Card) -> f64 {
        let Some(seat) = self.start.turn() else { return 0.0 };
        let mut held = self.held;
        let mut pegging = self.start;
        let points = pegging.play_unchecked(seat, card).points.total();
        held[seat.index()].remove(card);
        let board = self.board;
        let mut scores = board.scores;
        let values = self.each_side(&board, &pegging, &mut held, &mut scores, seat, points, 1);
        values[self.me.index()]
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
    use super::*;
    use crate::rules_of_thumb::greedy_play;
    use crate::search::opponents::{PlayStyle, RoundPlays};
    use crate::search::options::{FEW_CARDS, cards_left};
    use crate::search::worlds::sample_worlds;
    use crate::search::worlds::tests::each_turn_to_play;

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
        let choices =
            if mine { fits } else { greedy_play(pegging, seat, fits).into_iter().collect() };
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
            let mut rng = crib_core::seeded_rng(seed);
            for world in sample_worlds(&view, &options, &RoundPlays::default(), &mut rng) {
                // The worlds drawn uniformly (too rare under the model to
                // find) are searched as searching players.
                if world.styles != [PlayStyle::Greedy; 4] {
                    continue;
                }
                let search =
                    Search::new(&view, &world, &options).expect("near the end of the game");
                let board = search.board;
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
                    let value = search.root(card);
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
