//! A club's rating list: every rated player's Glicko-2 rating after the
//! rated matches so far, taken in the order they ended, with each player's
//! rating after each of their matches (the chart of a member's page).
//!
//! The list is a fold over the results, so whoever keeps the results keeps
//! the list: nothing else need be saved, and a match is counted exactly as
//! often as it is in the results.

use std::collections::BTreeMap;

use crate::rating::{Rating, rate_match};

/// One player on the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The rating now.
    pub rating: Rating,
    /// The rating each rated match left, in order, with the label the
    /// match was recorded with (its time, say).
    pub history: Vec<(String, Rating)>,
    /// Rated matches won.
    pub wins: u32,
    /// Rated matches lost.
    pub losses: u32,
}

impl Entry {
    fn new(start: Rating) -> Entry {
        Entry { rating: start, history: Vec::new(), wins: 0, losses: 0 }
    }
}

/// The rating list of the players known by keys `K`.
///
/// ```
/// use crib_club::{Ladder, Rating, computer_start};
/// let mut ladder = Ladder::new();
/// ladder.enter("expert", computer_start("expert").unwrap());
/// ladder.record("Ann", "expert", Rating::NEW, "2026-11-29T10:00:00Z");
/// assert!(ladder.get(&"Ann").unwrap().rating.rating() > 1500.0);
/// assert_eq!(ladder.get(&"expert").unwrap().losses, 1);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder<K> {
    players: BTreeMap<K, Entry>,
}

impl<K: Ord + Clone> Default for Ladder<K> {
    fn default() -> Self {
        Ladder::new()
    }
}

impl<K: Ord + Clone> Ladder<K> {
    /// A list with no one on it.
    #[must_use]
    pub const fn new() -> Ladder<K> {
        Ladder { players: BTreeMap::new() }
    }

    /// Puts `key` on the list at `start`, unless they are on it.
    pub fn enter(&mut self, key: K, start: Rating) {
        self.players.entry(key).or_insert_with(|| Entry::new(start));
    }

    /// A rated match that `winner` won against `loser`, labelled `at`;
    /// a player not yet on the list enters at `newcomer`.
    pub fn record(&mut self, winner: K, loser: K, newcomer: Rating, at: &str) {
        let before = |ladder: &mut Ladder<K>, key: &K| {
            ladder.players.entry(key.clone()).or_insert_with(|| Entry::new(newcomer)).rating
        };
        let (won, lost) = rate_match(before(self, &winner), before(self, &loser));
        for (key, after, won) in [(winner, won, true), (loser, lost, false)] {
            let entry = self.players.entry(key).or_insert_with(|| Entry::new(newcomer));
            entry.rating = after;
            entry.history.push((at.to_owned(), after));
            if won {
                entry.wins += 1;
            } else {
                entry.losses += 1;
            }
        }
    }

    /// Where `key` stands, if they are on the list.
    #[must_use]
    pub fn get(&self, key: &K) -> Option<&Entry> {
        self.players.get(key)
    }

    /// Everyone on the list, the highest rating first (ties by key).
    #[must_use]
    pub fn table(&self) -> Vec<(&K, &Entry)> {
        let mut table: Vec<(&K, &Entry)> = self.players.iter().collect();
        table
            .sort_by(|a, b| b.1.rating.rating().total_cmp(&a.1.rating.rating()).then(a.0.cmp(b.0)));
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is the fold of `rate_match` over the results in order.
    #[test]
    fn the_list_is_each_match_rated_in_turn() {
        let mut ladder = Ladder::new();
        ladder.record('a', 'b', Rating::NEW, "1");
        ladder.record('b', 'c', Rating::NEW, "2");
        ladder.record('a', 'c', Rating::NEW, "3");
        let (a1, b1) = rate_match(Rating::NEW, Rating::NEW);
        let (b2, c2) = rate_match(b1, Rating::NEW);
        let (a3, c3) = rate_match(a1, c2);
        let at = |key| ladder.get(&key).unwrap();
        assert_eq!((at('a').rating, at('b').rating, at('c').rating), (a3, b2, c3));
        assert_eq!(at('a').history, [("1".to_owned(), a1), ("3".to_owned(), a3)]);
        assert_eq!((at('a').wins, at('a').losses, at('c').wins, at('c').losses), (2, 0, 0, 2));
        assert_eq!((at('b').wins, at('b').losses), (1, 1));
        let order: Vec<char> = ladder.table().into_iter().map(|(key, _)| *key).collect();
        assert_eq!(order, ['a', 'b', 'c']);
    }

    /// A player entered at a start keeps it until they play; one entered
    /// twice keeps the first.
    #[test]
    fn an_entered_player_starts_where_entered() {
        let mut ladder = Ladder::new();
        let strong = Rating::new(1800.0, 100.0, 0.06).unwrap();
        ladder.enter("x", strong);
        ladder.enter("x", Rating::NEW);
        assert_eq!(ladder.get(&"x").unwrap().rating, strong);
        ladder.record("y", "x", Rating::NEW, "t");
        let (y, x) = rate_match(Rating::NEW, strong);
        assert_eq!(ladder.get(&"x").unwrap().rating, x);
        assert_eq!(ladder.get(&"y").unwrap().rating, y);
        // Beating a strong player moves a newcomer more than beating an
        // equal one.
        assert!(y.rating() > rate_match(Rating::NEW, Rating::NEW).0.rating());
    }
}
