//! Playing for the game with two sides (two players, or four in
//! partnerships).
//!
//! Near the end of a game of two sides points are not the goal: winning
//! is. There the search values the end of the play, and every win or loss
//! on the way, by the chance of winning the game: a side that reaches the
//! target during the play wins at once; at the end of the play the hands
//! and the crib of the world are counted in the order of the show (from the
//! dealer's left round to the dealer, then the crib), and if no one has
//! won, the chance of winning from the scores is read from the table of the
//! game's players ([`WinTable::for_players`]), the next round dealt by the
//! other side. So a pone who needs three points plays for the go and the
//! pair rather than the safe count, and a dealer who will count out first
//! in the show plays safe. With four players the search of this chance
//! stops a few plies deep until few cards are left (as the search for
//! points does), and values the rest of the play there by its measured
//! mean points for each side.

use crib_core::{Card, CardSet, GameConfig, Pegging, Seat, Side, View};

use crate::board::standing::near_end;
use crate::board::win_table::{WinTable, split};
use crate::search::memo::{Memo, restart_key};
use crate::search::opponents::playable;
use crate::search::options::{PegOptions, plies};
use crate::search::points::{NetPoints, cut_off, net_gain};
use crate::search::worlds::{World, home_in_show, world_show};

/// What the search needs to play for the win in a game of two sides (two
/// players, or four in partnerships).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Endgame {
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
    /// ([`plies`]).
    depth: u32,
    /// The measured mean points of the play for each card still to play:
    /// the player's side's and the other's. At the depth cut the rest of
    /// the play is worth this much.
    per_card: [f64; 2],
}

impl Endgame {
    pub(crate) fn new(view: &View, options: &PegOptions) -> Option<Endgame> {
        let config = view.config;
        let scores = near_end(view, options.play_for_game_within)?;
        let table = WinTable::for_players(config.players())?;
        let dealing = config.side_of(view.seat) == config.side_of(view.dealer);
        let depth = if config.players() == 2 { u32::MAX } else { plies(&view.pegging, options) };
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

/// The search of one world of two sides for the game.
pub(crate) struct Search<'a> {
    config: GameConfig,
    me: Side,
    start: Pegging,
    held: [CardSet; 4],
    endgame: &'a Endgame,
    /// The points of the show in this world, in the order it is counted
    /// (each hand from the dealer's left round to the dealer, then the
    /// crib), each with whether the player's side counts it; the first
    /// `players + 1` are the show.
    show: [(bool, u16); 5],
    /// The plays of each seat, as the search for points makes them.
    points: NetPoints,
}

/// A very small weight for points in the endgame search, so that among
/// plays with the same chance of winning the one that pegs more is chosen.
const POINT_TIEBREAK: f64 = 1e-4;

impl<'a> Search<'a> {
    pub(crate) fn new(view: &View, world: &World, endgame: &'a Endgame) -> Search<'a> {
        let config = view.config;
        let me = config.side_of(view.seat);
        let mut show = [(false, 0); 5];
        if let Some(starter) = view.starter {
            show = world_show(view, world, starter).map(|(side, points)| (side == me, points));
        }
        let (styles, dealer) = (world.styles, view.dealer);
        let points = NetPoints { config, me, depth: u32::MAX, remember: true, styles, dealer };
        Search { config, me, start: view.pegging, held: world.held, endgame, show, points }
    }

    /// The value of the player's playing `card` now.
    pub(crate) fn root(&self, card: Card, memo: &mut Memo) -> f64 {
        let Some(seat) = self.start.turn() else { return 0.0 };
        let mut held = self.held;
        let mut pegging = self.start;
        let play = pegging.play_unchecked(seat, card);
        held[seat.index()].remove(card);
        let points = play.points.total();
        let gain = self.gain(seat, points);
        let (low, high) = (f64::NEG_INFINITY, f64::INFINITY);
        let endgame = self.endgame;
        let mut scores = endgame.scores;
        scores[usize::from(self.config.side_of(seat) != self.me)] += u16::from(points);
        POINT_TIEBREAK * gain
            + match self.decided(endgame, scores) {
                Some(result) => result,
                None => self.wins(endgame, &pegging, &mut held, scores, low, high, memo, 1),
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
        for (my_points, my_share) in split(mine) {
            for (their_points, their_share) in split(theirs) {
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
