//! What asks the tournaments' director for a sweep, and what it keeps
//! between sweeps: with no knowledge of a server, so that every part of
//! the server can ask (a table whose tournament match ended pokes it) and
//! the director itself (`crate::tournaments`) reads it.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{Notify, watch};

/// The task that opens the tables of the tournaments' matches, and what
/// asks it to.
#[derive(Debug)]
pub(crate) struct Director {
    started: AtomicBool,
    wake: Arc<Notify>,
    /// Sweeps asked for so far; `done` is the count a finished sweep had
    /// seen asked for when it began.
    asked: AtomicU64,
    done: watch::Sender<u64>,
    /// The matches whose tables are being opened or played now, by
    /// tournament and number: never opened twice.
    busy: Mutex<BTreeSet<(i64, u16)>>,
}

impl Default for Director {
    fn default() -> Director {
        Director {
            started: AtomicBool::new(false),
            wake: Arc::new(Notify::new()),
            asked: AtomicU64::new(0),
            done: watch::Sender::new(0),
            busy: Mutex::new(BTreeSet::new()),
        }
    }
}

impl Director {
    /// Whether the director's task is to start now: true once only.
    pub(crate) fn begins(&self) -> bool {
        !self.started.swap(true, Ordering::SeqCst)
    }

    /// Asks the director, if it runs, for a sweep soon.
    pub(crate) fn poke(&self) {
        self.asked.fetch_add(1, Ordering::SeqCst);
        self.wake.notify_one();
    }

    /// Asks for a sweep, and waits until one that began after the asking is
    /// done. The director's task must run.
    pub(crate) async fn sweep_now(&self) {
        let mut done = self.done.subscribe();
        let ticket = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
        self.wake.notify_one();
        // An error only if the director is gone with its server.
        let _ = done.wait_for(|&swept| swept >= ticket).await;
    }

    /// The sweeps asked for so far: what a sweep beginning now answers.
    pub(crate) fn asked(&self) -> u64 {
        self.asked.load(Ordering::SeqCst)
    }

    /// A sweep that began when `ticket` sweeps were asked for is done.
    pub(crate) fn swept(&self, ticket: u64) {
        self.done.send_modify(|swept| *swept = (*swept).max(ticket));
    }

    /// What wakes the director's task.
    pub(crate) fn wake(&self) -> Arc<Notify> {
        Arc::clone(&self.wake)
    }

    /// Marks match `key` busy: false if it already was.
    pub(crate) fn take(&self, key: (i64, u16)) -> bool {
        self.busy.lock().unwrap_or_else(PoisonError::into_inner).insert(key)
    }

    pub(crate) fn free(&self, key: (i64, u16)) {
        self.busy.lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
    }
}
