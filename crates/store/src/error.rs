//! The one error type of the store: what can go wrong opening, migrating,
//! writing or replaying saved games.

use std::path::PathBuf;

use crib_core::{ConfigError, IllegalAction};

use crate::GameId;

/// Why the store could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The platform gives no data directory (no home directory).
    #[error("no data directory for this user: choose a database with --db")]
    NoDataDir,
    /// The database's directory could not be made.
    #[error("cannot create the directory {path}")]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Whether the database exists could not be found out.
    #[error("cannot look for the database {path}")]
    Look {
        /// The database file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The path names a directory, not a database file.
    #[error("{path} is a directory: --db names the database file, e.g. {}", .path.join("crib.db").display())]
    Directory {
        /// The directory.
        path: PathBuf,
    },
    /// The database could not be opened or set up.
    #[error("cannot open the database {path}")]
    Open {
        /// The database file.
        path: PathBuf,
        /// Why.
        #[source]
        source: rusqlite::Error,
    },
    /// An SQLite database of another program's (its `application_id` is not
    /// crib's, or it has tables and no crib schema): it is refused, and
    /// nothing is written into it.
    #[error("{path} is not a database of crib's saved games ({why}): choose another with --db")]
    Foreign {
        /// The database file.
        path: PathBuf,
        /// What shows that it is another program's.
        why: String,
    },
    /// The database was written by a newer version of this program.
    #[error("the database {path} has schema version {found}, newer than this program's {known}")]
    NewerSchema {
        /// The database file.
        path: PathBuf,
        /// The version found in the file.
        found: i64,
        /// The newest version this program knows.
        known: i64,
    },
    /// The database can be read but not written (a read-only file or
    /// directory): refused before anything is played.
    #[error("the database {path} cannot be written: choose another with --db")]
    ReadOnly {
        /// The database file.
        path: PathBuf,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// The writer thread could not be started.
    #[error("cannot start the database's writer thread")]
    Thread {
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A queued write was not made: the reason.
    #[error("not saved: {0}")]
    Unsaved(&'static str),
    /// Any other failure of SQLite.
    #[error("database error")]
    Sql(#[from] rusqlite::Error),
    /// No game has this id.
    #[error("no saved game {0}")]
    NoSuchGame(GameId),
    /// An action recorded for a game that is finished or abandoned.
    #[error("game {0} is over: no more actions can be recorded")]
    Closed(GameId),
    /// A stored value that this program cannot read back.
    #[error("game {game}: unreadable {what} {text:?}")]
    Unreadable {
        /// The game.
        game: GameId,
        /// What was being read: an action, claims, a seat…
        what: &'static str,
        /// The stored text.
        text: String,
    },
    /// A stored answer of a drill that this program cannot read back.
    #[error("drill answer {id}: unreadable {what} {text:?}")]
    UnreadableDrill {
        /// The answer's row.
        id: i64,
        /// What was being read: the cards, a count…
        what: &'static str,
        /// The stored text.
        text: String,
    },
    /// A stored round of the deal of the day that this program cannot read
    /// back.
    #[error("a round of the deal of the day: unreadable {what} {text:?}")]
    UnreadableDaily {
        /// What was being read: the moves, a decision's cards…
        what: &'static str,
        /// The stored text.
        text: String,
    },
    /// A setting of the club's that this program cannot read back.
    #[error("the setting {0} is unreadable")]
    UnreadableSetting(&'static str),
    /// The system's random number generator failed: no key can be made.
    #[error("the system's random number generator failed")]
    NoRandomness,
    /// A new member's name is a present member's (whatever its case).
    #[error("there is already a member called {0}")]
    NameTaken(String),
    /// A new member's name is a removed member's, whose games keep it.
    #[error("{0} was a member and was removed: the name stays with their games")]
    NameOfRemoved(String),
    /// No member has this name.
    #[error("no member is called {0}")]
    NoSuchMember(String),
    /// The member was removed: their key cannot be re-issued, nor are they
    /// removed again.
    #[error("{0} was removed from the club")]
    MemberRemoved(String),
    /// A sign-in key that is no present member's.
    #[error("this sign-in key is no member's: ask the club for a new link")]
    UnknownKey,
    /// A stored configuration that is not a valid game.
    #[error("game {game}: bad configuration")]
    Config {
        /// The game.
        game: GameId,
        /// Why.
        #[source]
        source: ConfigError,
    },
    /// A stored action that the rules refuse on replay.
    #[error("game {game}: action {ply} is refused on replay")]
    Illegal {
        /// The game.
        game: GameId,
        /// The number of the action, from 0.
        ply: u32,
        /// Why.
        #[source]
        source: IllegalAction,
    },
    /// Replaying a stored action gave other events than those stored with
    /// it: the database and the rules disagree.
    #[error("game {game}: {} replays to other events than were stored", which(*ply))]
    Diverged {
        /// The game.
        game: GameId,
        /// The number of the action, from 0; `None` for the events of the
        /// start (the cut for the deal).
        ply: Option<u32>,
    },
}

/// Names an action by its number, or the start of the match.
fn which(ply: Option<u32>) -> String {
    ply.map_or_else(|| "the start".to_owned(), |ply| format!("action {ply}"))
}
