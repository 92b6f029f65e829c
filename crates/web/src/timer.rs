//! The timer of a table's move clock: one tokio task a table whose clock
//! runs, asleep until the earliest deadline ([`crate::clock`]).
//!
//! The timer is set again after every change to the table (the API calls
//! [`arm`] with the table locked, once its work is done): if the deadlines
//! changed, the task set before is aborted and another started for the new
//! earliest one; if not, the task runs on. The task holds the table weakly,
//! so a table dropped from memory is not kept alive by its clock (and its
//! clock's task is aborted with it). Woken, the task locks the table, which
//! moves for the seat whose time ran out only if its deadlines are still
//! the ones the task was set for (`Room::time_out`); then it sets the timer
//! for the next deadline and hands the move to the writer thread. Nothing
//! polls: a table with no clock, or no person due, has no task.

use std::sync::Arc;

use crib_table::error_chain;

use crate::store::Entry;
use crate::table::{Pending, Room};

/// Sets the timer of `room`, the table of `entry` (locked by the caller),
/// for its clock's earliest deadline, unless it is set for it already.
pub(crate) fn arm(entry: &Arc<Entry>, room: &mut Room) {
    let Some(alarm) = room.alarm() else { return };
    let table = Arc::downgrade(entry);
    let task = tokio::spawn(async move {
        tokio::time::sleep_until(alarm.at).await;
        let Some(entry) = table.upgrade() else { return };
        let pending = {
            let mut room = entry.lock();
            if !room.time_out(alarm.serial) {
                return;
            }
            arm(&entry, &mut room);
            room.pending()
        };
        // Nothing waits for the answer: a move that cannot be saved breaks
        // the table's line, and the next request that waits on it drops the
        // table from memory, as for any move.
        if let Some(Pending { line, count }) = pending
            && let Err(error) = line.saved(count).await
        {
            eprintln!("crib: saving a move made by the clock failed: {}", error_chain(&*error));
        }
    });
    room.set_timer(task.abort_handle());
}
