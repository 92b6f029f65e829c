//! The memo of the searches ([`Memo`]): the values of positions at the
//! start of a count, keyed by the cards each seat holds (by rank), the
//! seat to lead and, near the end of a game of two sides, the scores.

use crib_core::{CardSet, Seat};

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
    pub(crate) fn clear(&mut self) {
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
pub(crate) fn restart_key(
    players: u8,
    held: &[CardSet; 4],
    leader: Seat,
    scores: [u16; 2],
) -> (u64, u64) {
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
