//! Saving off the caller's thread, with group commit: one thread owns a
//! write connection and commits the writes queued by many tables in one
//! transaction and one sync.
//!
//! A server that saves each move in its own transaction pays a full disk
//! sync per move, on whichever thread made the move. Here a move's saving is
//! queued ([`Writer::record`] and its kin return at once) and the writer
//! thread takes everything queued since its last commit, runs each write in a
//! savepoint of one `BEGIN IMMEDIATE` transaction, and commits once: under
//! load many moves share one sync, and an idle server still commits a lone
//! move at once.
//!
//! Writes belong to a [`Line`]: the writes of one table, saved in the order
//! they were queued. A line keeps its writes until [`Writer::flush`] hands
//! them to the writer thread together, so that the writes of one request (a
//! person's move and the computer's answers) go into one commit rather than
//! the first alone into one and the rest into the next. A line tells how far
//! it is durable, and callers await that ([`Line::saved`]) before
//! acknowledging anything: nothing is answered
//! as done before the commit that holds it has returned. A write that fails
//! breaks its line: every later write of that line fails without being
//! tried, so that a line's saved writes are always a prefix of its queued
//! ones and a match on disk never skips a move. A failed commit fails every
//! write of the batch, and breaks their lines.
//!
//! A match is known by its number only once its start is written, while the
//! moves after it are already queued: a [`GameSlot`] stands for it, filled by
//! the writer thread when the start is written, read by the later writes of
//! the same line, which run after it.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::thread::JoinHandle;

use crib_core::{Action, Claims, Event, Seat};
use rusqlite::{Connection, TransactionBehavior};
use tokio::sync::watch;

use crate::matches::{close_given_up, events_json, insert_action, insert_game, mark_by_clock};
use crate::store::connect;
use crate::web::upsert_web_table;
use crate::{GameId, NewGame, Store, StoreError, WebTable};

/// The most writes committed in one transaction: a bound on how long the
/// first of them waits for the last.
const MAX_BATCH: usize = 1024;

/// Commits between two checkpoints of the write-ahead log. SQLite would
/// checkpoint inside the commit that fills the log (every 1000 pages), and
/// every write of that batch would wait for it; a thread of its own does it
/// beside the writer instead.
const CHECKPOINT_EVERY: u64 = 64;

/// What a queued write runs, in the writer's transaction.
type Write = Box<dyn FnOnce(&Connection) -> Result<(), StoreError> + Send>;

/// One queued write: what to run in the transaction, for which line.
struct Job {
    line: Arc<LineState>,
    /// Its number in its line, from 1.
    seq: u64,
    write: Write,
}

/// The writer thread's handle: queue writes to it; dropping it lets the
/// thread finish what is queued, then waits for it.
#[derive(Debug)]
pub struct Writer {
    queue: Option<mpsc::Sender<Vec<Job>>>,
    /// The writer thread, then the checkpointer.
    threads: Vec<JoinHandle<()>>,
    counts: Arc<Counts>,
}

/// What the writer thread has done, for tests and measurements.
#[derive(Debug, Default)]
struct Counts {
    commits: AtomicU64,
    writes: AtomicU64,
}

impl Writer {
    /// Starts the writer thread on a connection of its own to `store`'s
    /// file, once it has checked that the file can be written: a file or
    /// directory that is read-only is refused here, not found out at the
    /// first move.
    ///
    /// # Errors
    ///
    /// [`StoreError::ReadOnly`] for a database that cannot be written; a
    /// file that cannot be opened.
    pub fn spawn(store: &Store) -> Result<Writer, StoreError> {
        let path = store.path();
        let mut conn = connect(path)?;
        check_writable(&mut conn)
            .map_err(|source| StoreError::ReadOnly { path: path.to_owned(), source })?;
        let failed = |source| StoreError::Open { path: path.to_owned(), source };
        conn.pragma_update(None, "wal_autocheckpoint", 0).map_err(failed)?;
        let checkpointer = connect(path)?;
        let (kick, kicks) = mpsc::sync_channel(1);
        let spawn = |name: &str, work: Box<dyn FnOnce() + Send>| {
            std::thread::Builder::new()
                .name(name.to_owned())
                .spawn(work)
                .map_err(|source| StoreError::Thread { source })
        };
        let checkpoints =
            spawn("crib-store-checkpoint", Box::new(move || checkpoint(&checkpointer, &kicks)))?;
        let (queue, jobs) = mpsc::channel();
        let counts = Arc::new(Counts::default());
        let writing = spawn("crib-store-writer", {
            let counts = Arc::clone(&counts);
            Box::new(move || run(&mut conn, &jobs, &counts, &kick))
        })?;
        Ok(Writer { queue: Some(queue), threads: vec![writing, checkpoints], counts })
    }

    /// Transactions committed so far.
    #[must_use]
    pub fn commits(&self) -> u64 {
        self.counts.commits.load(Ordering::Relaxed)
    }

    /// Writes committed so far.
    #[must_use]
    pub fn writes(&self) -> u64 {
        self.counts.writes.load(Ordering::Relaxed)
    }

    /// Queues the start of a match on `line`: its setup and opening events;
    /// `game` is filled with its number once written.
    pub fn start(&self, line: &Line, game: &GameSlot, setup: NewGame, opening: &[Event]) {
        let opening = events_json(opening);
        let game = game.clone();
        self.submit(line, move |conn| {
            let id = insert_game(conn, &setup, &opening)?;
            // A slot is filled once: a second start for it is a caller's bug,
            // which the line's failure reports.
            game.0.set(id).map_err(|_| StoreError::Unsaved("a match was started twice"))
        });
    }

    /// Queues one action of `game` on `line`, as [`Store::record`] saves it.
    pub fn record(
        &self,
        line: &Line,
        game: &GameSlot,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) {
        // The JSON is made here, on the caller's thread, so that the one
        // writer thread only writes.
        let text = events_json(events);
        let events = events.to_vec();
        let game = game.clone();
        self.submit(line, move |conn| {
            insert_action(conn, game.id()?, seat, action, claims, &events, &text).map(|_| ())
        });
    }

    /// Queues marking the last action queued for `game` on `line` as made by
    /// the move clock, for a person who ran out of time: queue it right after
    /// that action.
    pub fn moved_by_clock(&self, line: &Line, game: &GameSlot) {
        let game = game.clone();
        self.submit(line, move |conn| mark_by_clock(conn, game.id()?));
    }

    /// Queues giving up `game` on `line`, as [`Store::give_up`] does.
    pub fn give_up(&self, line: &Line, game: &GameSlot, seat: Option<Seat>) {
        let game = game.clone();
        self.submit(line, move |conn| close_given_up(conn, game.id()?, seat));
    }

    /// Queues saving a browser table on `line`, as [`Store::save_web_table`]
    /// does, naming `game` as its match (whatever `table.game` says).
    pub fn save_web_table(&self, line: &Line, game: &GameSlot, mut table: WebTable) {
        let game = game.clone();
        self.submit(line, move |conn| {
            table.game = game.id()?;
            upsert_web_table(conn, &table)
        });
    }

    /// Hands every write kept by `line` to the writer thread, in order.
    pub fn flush(&self, line: &Line) {
        // Under the line's lock, so that two flushes of one line cannot
        // cross.
        let mut queued = line.0.queued.lock().unwrap_or_else(PoisonError::into_inner);
        if queued.kept.is_empty() {
            return;
        }
        let jobs = std::mem::take(&mut queued.kept);
        let sent = self.queue.as_ref().map(|queue| queue.send(jobs));
        if !matches!(sent, Some(Ok(()))) {
            line.0.fail(Arc::new(StoreError::Unsaved("the writer thread has stopped")));
        }
    }

    /// Keeps `write` as the next write of `line`, until the next flush.
    pub(crate) fn submit(
        &self,
        line: &Line,
        write: impl FnOnce(&Connection) -> Result<(), StoreError> + Send + 'static,
    ) {
        let mut queued = line.0.queued.lock().unwrap_or_else(PoisonError::into_inner);
        queued.count += 1;
        let job = Job { line: Arc::clone(&line.0), seq: queued.count, write: Box::new(write) };
        queued.kept.push(job);
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // The writer finishes what is queued, then drops the checkpointer's
        // channel, which ends it.
        drop(self.queue.take());
        for thread in self.threads.drain(..) {
            // A thread that panicked has nothing more to finish.
            thread.join().ok();
        }
    }
}

/// Writes that a file can be written, and takes it back: SQLite opens a
/// read-only file (or one in a read-only directory) without a word and only
/// refuses the first write.
fn check_writable(conn: &mut Connection) -> Result<(), rusqlite::Error> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    tx.pragma_update(None, "user_version", version)?;
    tx.rollback()
}

/// The writer thread: waits for a write, takes every write queued since,
/// commits them together, tells their lines.
fn run(
    conn: &mut Connection,
    jobs: &mpsc::Receiver<Vec<Job>>,
    counts: &Counts,
    checkpoint: &mpsc::SyncSender<()>,
) {
    while let Ok(mut batch) = jobs.recv() {
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(more) => batch.extend(more),
                Err(_) => break,
            }
        }
        let outcomes = commit(conn, &mut batch);
        match outcomes {
            Ok(outcomes) => {
                // Counted before anyone is told, so that whoever was waiting
                // sees the counts with their write in them.
                let written = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
                counts.commits.fetch_add(1, Ordering::Relaxed);
                counts.writes.fetch_add(written as u64, Ordering::Relaxed);
                for (job, outcome) in batch.iter().zip(outcomes) {
                    match outcome {
                        Ok(()) => job.line.saved_through(job.seq),
                        Err(error) => job.line.fail(Arc::new(error)),
                    }
                }
                if counts.commits.load(Ordering::Relaxed).is_multiple_of(CHECKPOINT_EVERY) {
                    // A checkpoint already asked for covers this one too.
                    checkpoint.try_send(()).ok();
                }
            }
            Err(error) => {
                let error = Arc::new(error);
                for job in &batch {
                    job.line.fail(Arc::clone(&error));
                }
            }
        }
    }
}

/// The checkpointer thread: copies the write-ahead log into the database
/// whenever the writer asks, without stopping the writer (a passive
/// checkpoint takes no write lock), until the writer stops.
fn checkpoint(conn: &Connection, kicks: &mpsc::Receiver<()>) {
    while kicks.recv().is_ok() {
        // A checkpoint that cannot finish now (a reader holds old pages)
        // is done by the next one; the log is only longer meanwhile.
        conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())).ok();
    }
}

/// Runs every write of `batch` in one transaction, each in a savepoint of
/// its own so that a failed write is undone alone; commits. The outcome of
/// each write, or the failure of the whole.
fn commit(
    conn: &mut Connection,
    batch: &mut [Job],
) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for job in batch.iter_mut() {
        if job.line.broken.load(Ordering::Acquire) {
            outcomes.push(Err(StoreError::Unsaved("an earlier write of this table failed")));
            continue;
        }
        let write = std::mem::replace(&mut job.write, Box::new(|_| Ok(())));
        let savepoint = tx.savepoint()?;
        let outcome = write(&savepoint);
        match &outcome {
            Ok(()) => savepoint.commit()?,
            // Dropped, the savepoint rolls back; later writes of the line
            // are not tried.
            Err(_) => job.line.broken.store(true, Ordering::Release),
        }
        outcomes.push(outcome);
    }
    tx.commit()?;
    Ok(outcomes)
}

/// The writes of one table, saved in the order they were queued.
#[derive(Clone, Debug, Default)]
pub struct Line(Arc<LineState>);

/// How far a line is saved.
#[derive(Clone, Debug, Default)]
struct Saved {
    /// The writes committed, from the first: the first `through` of them.
    through: u64,
    /// Why the line broke, if it did: its first failure.
    failed: Option<Arc<StoreError>>,
}

#[derive(Default)]
struct LineState {
    queued: Mutex<Queued>,
    /// Set by the writer thread as soon as a write fails.
    broken: AtomicBool,
    saved: watch::Sender<Saved>,
}

/// A line's writes not yet handed to the writer thread.
#[derive(Default)]
struct Queued {
    /// The writes queued so far, numbered from 1.
    count: u64,
    /// Those not handed over yet, in order.
    kept: Vec<Job>,
}

impl std::fmt::Debug for LineState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LineState").field("saved", &*self.saved.borrow()).finish_non_exhaustive()
    }
}

impl LineState {
    fn saved_through(&self, seq: u64) {
        self.saved.send_modify(|saved| saved.through = saved.through.max(seq));
    }

    fn fail(&self, error: Arc<StoreError>) {
        self.broken.store(true, Ordering::Release);
        self.saved.send_modify(|saved| {
            saved.failed.get_or_insert(error);
        });
    }
}

impl Line {
    /// A new line, with nothing queued.
    #[must_use]
    pub fn new() -> Line {
        Line::default()
    }

    /// The number of writes queued so far: what [`Line::saved`] waits for to
    /// cover everything queued until now.
    #[must_use]
    pub fn queued(&self) -> u64 {
        self.0.queued.lock().unwrap_or_else(PoisonError::into_inner).count
    }

    /// Whether a write of the line failed: nothing more is saved on it.
    #[must_use]
    pub fn broken(&self) -> bool {
        self.0.broken.load(Ordering::Acquire)
    }

    /// Waits until the first `count` writes of the line are committed: at
    /// once if they are. Writes not flushed are never committed.
    ///
    /// # Errors
    ///
    /// One of them failed, or a write before them did: the reason.
    pub async fn saved(&self, count: u64) -> Result<(), Arc<StoreError>> {
        let mut saved = self.0.saved.subscribe();
        let result = saved
            .wait_for(|saved| saved.through >= count || saved.failed.is_some())
            .await
            .map(|saved| saved.clone());
        match result {
            Ok(saved) if saved.through >= count => Ok(()),
            Ok(saved) => Err(saved
                .failed
                .unwrap_or_else(|| Arc::new(StoreError::Unsaved("the write failed")))),
            // The sender lives in the line itself, which `self` holds.
            Err(_) => Err(Arc::new(StoreError::Unsaved("the line was dropped"))),
        }
    }
}

/// The number of a match whose start may not be written yet.
#[derive(Clone, Debug, Default)]
pub struct GameSlot(Arc<OnceLock<GameId>>);

impl GameSlot {
    /// A slot for a match yet to be started.
    #[must_use]
    pub fn new() -> GameSlot {
        GameSlot::default()
    }

    /// The slot of a match already saved as `id`.
    #[must_use]
    pub fn saved(id: GameId) -> GameSlot {
        GameSlot(Arc::new(OnceLock::from(id)))
    }

    /// The match's number, once its start is written.
    #[must_use]
    pub fn get(&self) -> Option<GameId> {
        self.0.get().copied()
    }

    pub(crate) fn id(&self) -> Result<GameId, StoreError> {
        self.get().ok_or_else(|| StoreError::Unsaved("the match was not saved at its start"))
    }
}
