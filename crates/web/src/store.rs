//! The tables kept by the server, their secrets, and the bound on how many
//! are kept.
//!
//! Each table is found by an unguessable id and each of its seats answers to
//! its own secret token, both 128 bits from the operating system's generator.
//! The store holds at most [`Limits::games`] tables: to open one more it
//! drops first any table idle for longer than [`Limits::idle`], then, if still
//! full, the finished table (or failing that the table) least recently used,
//! so memory stays bounded whatever clients do.
//!
//! A seat is recognised by the SHA-256 of its token
//! ([`crib_store::token_hash`]), never the token itself: that hash is what
//! the saved games keep, so that a table loaded after a restart recognises
//! its seats the same way as one opened since.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use crib_core::{BySeat, Seat};
use crib_store::token_hash;

use crate::lobby::Bell;
use crate::table::Room;

/// How many tables the server keeps, and for how long unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most tables kept at once.
    pub games: usize,
    /// How long a table may go unused before it may be dropped.
    pub idle: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { games: 1000, idle: Duration::from_secs(6 * 60 * 60) }
    }
}

/// A secret: 128 random bits, as 32 hexadecimal digits.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Secret(String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Tokens stay out of logs and panic messages.
        f.write_str("Secret(..)")
    }
}

/// The operating system's generator failed.
#[derive(Clone, Copy, Debug, thiserror::Error)]
#[error("the system's random number generator failed")]
pub struct NoRandomness;

impl Secret {
    /// A fresh secret from the operating system's generator.
    pub(crate) fn new() -> Result<Secret, NoRandomness> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|_| NoRandomness)?;
        Ok(Secret(bytes.iter().map(|byte| format!("{byte:02x}")).collect()))
    }

    /// The secret as text.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether two texts are equal, compared in time that does not depend on
/// where they first differ.
fn same(ours: &str, theirs: &str) -> bool {
    let ours = ours.as_bytes();
    let theirs = theirs.as_bytes();
    ours.len() == theirs.len()
        && ours.iter().zip(theirs).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

/// What recognises a seat: the hash of its token, and the token itself while
/// this server still has it to hand out (a table loaded after a restart only
/// has the hashes).
#[derive(Clone)]
pub(crate) struct Key {
    hash: String,
    secret: Option<Secret>,
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(..)")
    }
}

impl Key {
    /// A new key with a fresh token.
    pub(crate) fn new() -> Result<Key, NoRandomness> {
        let secret = Secret::new()?;
        Ok(Key { hash: token_hash(secret.as_str()), secret: Some(secret) })
    }

    /// A key known only by its token's hash.
    pub(crate) fn from_hash(hash: String) -> Key {
        Key { hash, secret: None }
    }

    /// The hash of the token.
    pub(crate) fn hash(&self) -> &str {
        &self.hash
    }

    /// The token, while this server has it to hand out.
    pub(crate) fn token(&self) -> Option<&str> {
        self.secret.as_ref().map(Secret::as_str)
    }

    /// Whether `token` is this key's, compared in time that does not tell
    /// how nearly right it was.
    pub(crate) fn opens(&self, token: &str) -> bool {
        same(&self.hash, &token_hash(token))
    }
}

/// A table with the keys of its seats (a program's seat has a key too,
/// which no one is ever given).
#[derive(Debug)]
pub(crate) struct Entry {
    /// The table.
    pub table: Mutex<Room>,
    /// Changed only to give a seat left before play a new token
    /// ([`Entry::renew`]).
    keys: Mutex<BySeat<Key>>,
}

impl Entry {
    /// A table whose seats answer to `keys`.
    pub(crate) fn new(table: Room, keys: BySeat<Key>) -> Entry {
        Entry { table: Mutex::new(table), keys: Mutex::new(keys) }
    }

    fn keys(&self) -> MutexGuard<'_, BySeat<Key>> {
        self.keys.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The seat whose token is `token`, if any.
    pub(crate) fn seat_of(&self, token: &str) -> Option<Seat> {
        let hash = token_hash(token);
        // Every seat is compared, so that the time taken does not tell
        // which seat's token was nearly right.
        self.keys()
            .iter()
            .map(|(seat, key)| same(&key.hash, &hash).then_some(seat))
            .fold(None, |found, seat| found.or(seat))
    }

    /// The token of `seat`, if this server has it to hand out.
    pub(crate) fn token(&self, seat: Seat) -> Option<Secret> {
        self.keys().get(seat)?.secret.clone()
    }

    /// Gives `seat` the new key `key`, so that the old token opens it no
    /// longer: a seat left before play, offered again.
    pub(crate) fn renew(&self, seat: Seat, key: Key) {
        if let Some(kept) = self.keys().get_mut(seat) {
            *kept = key;
        }
    }

    /// The hashes of every seat's token, seat 0 first.
    pub(crate) fn hashes(&self) -> BySeat<String> {
        self.keys().map(|_, key| key.hash().to_owned())
    }

    /// The table, locked; a panic elsewhere while it was held does not make
    /// it unusable, since every change to a table is made whole or not at all.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Room> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Every table kept.
#[derive(Debug, Default)]
pub(crate) struct Store {
    tables: Mutex<HashMap<String, Arc<Entry>>>,
    limits: Limits,
    /// Rung when tables are dropped to make room: a table kept only in
    /// memory leaves the lobby with them.
    bell: Option<Bell>,
}

impl Store {
    /// An empty store with these limits.
    pub(crate) fn new(limits: Limits) -> Store {
        Store { tables: Mutex::new(HashMap::new()), limits, bell: None }
    }

    /// The same store, ringing `bell` whenever it drops tables to make room.
    pub(crate) fn telling(self, bell: Bell) -> Store {
        Store { bell: Some(bell), ..self }
    }

    fn tables(&self) -> MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        self.tables.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps `table` under a new id, with new tokens for its seats; returns
    /// the id and the entry.
    pub(crate) fn open(&self, table: Room) -> Result<(String, Arc<Entry>), NoRandomness> {
        let id = Self::new_id()?;
        let entry = self.open_at(&id, table)?;
        Ok((id, entry))
    }

    /// A new table's id: a secret, so that a table is found only by its
    /// link.
    pub(crate) fn new_id() -> Result<String, NoRandomness> {
        Ok(Secret::new()?.0)
    }

    /// Keeps the new table `table` under `id` (from [`Store::new_id`]), with
    /// a new key for each seat.
    pub(crate) fn open_at(&self, id: &str, table: Room) -> Result<Arc<Entry>, NoRandomness> {
        let mut keys = Vec::new();
        for _ in 0..table.plan().kinds.len() {
            keys.push(Key::new()?);
        }
        let keys = BySeat::from_vec(keys).map_err(|_| NoRandomness)?;
        Ok(self.insert(id, Entry::new(table, keys)))
    }

    /// Keeps `entry` under `id`, unless a table is already kept under it:
    /// then that one is kept, and returned.
    pub(crate) fn insert(&self, id: &str, entry: Entry) -> Arc<Entry> {
        let mut tables = self.tables();
        if let Some(kept) = tables.get(id) {
            return Arc::clone(kept);
        }
        self.make_room(&mut tables);
        let entry = Arc::new(entry);
        tables.insert(id.to_owned(), Arc::clone(&entry));
        entry
    }

    /// The table with this id.
    pub(crate) fn get(&self, id: &str) -> Option<Arc<Entry>> {
        self.tables().get(id).cloned()
    }

    /// Drops the table kept under `id` if it is `entry`: a table whose
    /// saving failed, to be loaded again as it was saved.
    pub(crate) fn forget(&self, id: &str, entry: &Arc<Entry>) {
        let mut tables = self.tables();
        if tables.get(id).is_some_and(|kept| Arc::ptr_eq(kept, entry)) {
            tables.remove(id);
        }
    }

    /// Every table kept, with its id.
    pub(crate) fn all(&self) -> Vec<(String, Arc<Entry>)> {
        self.tables().iter().map(|(id, entry)| (id.clone(), Arc::clone(entry))).collect()
    }

    /// The number of tables kept.
    pub(crate) fn len(&self) -> usize {
        self.tables().len()
    }

    fn make_room(&self, tables: &mut HashMap<String, Arc<Entry>>) {
        if tables.len() < self.limits.games.max(1) {
            return;
        }
        if let Some(bell) = &self.bell {
            bell.ring();
        }
        // A table in use by a request right now (one holds it, locked or
        // not) is neither idle nor a candidate: dropped from here, it would
        // be loaded again while that request still moves at it, and two
        // copies would record the same match.
        tables.retain(|_, entry| {
            in_use(entry)
                || entry
                    .table
                    .try_lock()
                    .map_or(true, |table| table.touched().elapsed() < self.limits.idle)
        });
        while tables.len() >= self.limits.games.max(1) {
            let victim = tables
                .iter()
                .filter(|(_, entry)| !in_use(entry))
                .filter_map(|(id, entry)| {
                    let table = entry.table.try_lock().ok()?;
                    Some(((!table.finished(), table.touched()), id.clone()))
                })
                .min()
                .map(|(_, id)| id);
            match victim {
                Some(id) => {
                    tables.remove(&id);
                }
                // Every table is busy this instant: keep one over the bound
                // rather than wait.
                None => return,
            }
        }
    }
}

/// Whether a request holds `entry`: the store's own handle is the only one
/// otherwise. Handles are only taken under the store's lock, which the
/// caller holds, so the answer cannot go stale before it is acted on.
fn in_use(entry: &Arc<Entry>) -> bool {
    Arc::strong_count(entry) > 1
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use std::time::Duration;

    use crib_ai::Strategy;
    use crib_core::{GameConfig, MatchLength};

    use super::*;
    use crate::table::{Plan, SeatKind};

    fn room(seed: u64) -> Room {
        let config = GameConfig::default();
        let kinds = BySeat::new(config, |seat| {
            if seat.index() == 0 { SeatKind::Creator } else { SeatKind::Computer(Strategy::Basic) }
        });
        Room::open(
            Plan {
                kinds,
                config,
                length: MatchLength::SINGLE,
                seed,
                muggins_pegging: false,
                listed: false,
                rated: false,
                clock: None,
                tournament: None,
            },
            &Vec::new(),
            None,
        )
        .unwrap()
    }

    #[test]
    fn a_table_held_by_a_request_is_never_evicted() {
        let store = Store::new(Limits { games: 1, idle: Duration::from_secs(3600) });
        let (first, held) = store.open(room(1)).unwrap();
        // Another table opened while a request holds the first (not locked:
        // between finding it and locking it) keeps the first.
        let (second, _) = store.open(room(2)).unwrap();
        assert!(Arc::ptr_eq(&store.get(&first).unwrap(), &held), "the same copy");
        assert!(store.get(&second).is_some());
        drop(held);
        // Free again, it may go.
        store.open(room(3)).unwrap();
        assert!(store.get(&first).is_none());
    }
}
