//! The one record: a table's matches saved in `crib_store` as they are
//! played, whichever interface plays them: at once and synchronously
//! ([`StoreRecorder`], for the terminal and `crib match`), or queued to the
//! store's writer thread and committed with other tables' moves
//! ([`QueuedRecorder`], for the web server, which answers a move only once
//! its table's [`Line`] says it is saved).

use std::sync::Arc;

use crib_core::{Action, BySeat, Claims, Event, Seat};
use crib_store::{GameId, GameSlot, Line, NewGame, Player, Store, Writer};

use crate::table::{RecordError, Recorder, Sitter, TableSetup};

/// Saves every match of a table in a [`Store`]: its setup and seats when it
/// starts, each action in its own transaction the moment it is taken, and a
/// match given up as such.
#[derive(Debug)]
pub struct StoreRecorder {
    store: Arc<Store>,
    /// The match being saved.
    current: Option<GameId>,
}

impl StoreRecorder {
    /// A recorder of new matches into `store`.
    #[must_use]
    pub const fn new(store: Arc<Store>) -> StoreRecorder {
        StoreRecorder { store, current: None }
    }

    /// A recorder that goes on saving the match `id` (a resumed one).
    #[must_use]
    pub const fn resuming(store: Arc<Store>, id: GameId) -> StoreRecorder {
        StoreRecorder { store, current: Some(id) }
    }

    /// The match being saved, once its start is saved.
    #[must_use]
    pub const fn current(&self) -> Option<GameId> {
        self.current
    }
}

/// How a seat is saved: a person by name, a program by what starts it
/// again ([`Contestant::saved_name`](crate::Contestant::saved_name)).
#[must_use]
pub fn saved_player(sitter: &Sitter) -> Player {
    match sitter {
        Sitter::Person { name } => Player::person(name.clone()),
        Sitter::Program(program) => Player::computer(program.saved_name()),
    }
}

/// A match as saved: its setup and its seats' players.
fn new_game(setup: &TableSetup, seats: &BySeat<Sitter>) -> NewGame {
    NewGame {
        seed: setup.seed,
        config: setup.config,
        length: setup.length,
        muggins: setup.muggins,
        muggins_pegging: setup.muggins_pegging,
        players: seats.iter().map(|(_, sitter)| saved_player(sitter)).collect(),
    }
}

impl Recorder for StoreRecorder {
    fn started(
        &mut self,
        setup: &TableSetup,
        seats: &BySeat<Sitter>,
        opening: &[Event],
    ) -> Result<(), RecordError> {
        self.current = None;
        self.current = Some(self.store.start(&new_game(setup, seats), opening)?);
        Ok(())
    }

    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) -> Result<(), RecordError> {
        let id = self.current.ok_or("the match was not saved at its start")?;
        self.store.record(id, seat, action, claims, events)?;
        Ok(())
    }

    fn given_up(&mut self, seat: Option<Seat>) -> Result<(), RecordError> {
        if let Some(id) = self.current.take() {
            self.store.give_up(id, seat)?;
        }
        Ok(())
    }
}

/// Queues every match of a table to a [`Writer`], on the table's [`Line`]:
/// its start, each action, a match given up. Nothing waits here; whoever
/// answers for the table waits for [`Line::saved`] before saying a move is
/// done.
#[derive(Debug)]
pub struct QueuedRecorder {
    writer: Arc<Writer>,
    line: Line,
    /// The match being saved: its number once its start is written.
    current: GameSlot,
}

impl QueuedRecorder {
    /// A recorder of new matches on `line`.
    #[must_use]
    pub fn new(writer: Arc<Writer>, line: Line) -> QueuedRecorder {
        QueuedRecorder { writer, line, current: GameSlot::new() }
    }

    /// A recorder that goes on saving the match `id` (a resumed one).
    #[must_use]
    pub fn resuming(writer: Arc<Writer>, line: Line, id: GameId) -> QueuedRecorder {
        QueuedRecorder { writer, line, current: GameSlot::saved(id) }
    }

    /// The match being saved (its number may not be written yet).
    #[must_use]
    pub const fn current(&self) -> &GameSlot {
        &self.current
    }
}

impl Recorder for QueuedRecorder {
    fn started(
        &mut self,
        setup: &TableSetup,
        seats: &BySeat<Sitter>,
        opening: &[Event],
    ) -> Result<(), RecordError> {
        self.current = GameSlot::new();
        self.writer.start(&self.line, &self.current, new_game(setup, seats), opening);
        Ok(())
    }

    fn taken(
        &mut self,
        seat: Seat,
        action: Action,
        claims: Claims,
        events: &[Event],
    ) -> Result<(), RecordError> {
        self.writer.record(&self.line, &self.current, seat, action, claims, events);
        Ok(())
    }

    fn given_up(&mut self, seat: Option<Seat>) -> Result<(), RecordError> {
        self.writer.give_up(&self.line, &self.current, seat);
        Ok(())
    }
}
