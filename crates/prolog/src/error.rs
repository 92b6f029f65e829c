//! What can go wrong: why a file could not be checked at all
//! ([`CheckError`]), and the errors and warnings SWI-Prolog gives while
//! loading it ([`LoadMessage`]), which a report lists too.

use serde::Serialize;

/// An error or warning from loading the file, as SWI-Prolog words it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoadMessage {
    /// `error` or `warning`.
    pub kind: String,
    /// The message's lines.
    pub text: Vec<String>,
}

/// Why a file could not be checked at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The SWI-Prolog program is not there.
    #[error(
        "{program}: SWI-Prolog is not installed (or not on the PATH); on Debian or Ubuntu \
         install it with `sudo apt-get install swi-prolog-nox`, or see https://www.swi-prolog.org/download/stable"
    )]
    NoSwipl {
        /// The program that was looked for.
        program: String,
    },
    /// The file cannot be read.
    #[error("{file}: {reason}")]
    File {
        /// The file.
        file: String,
        /// Why.
        reason: String,
    },
    /// SWI-Prolog stopped while loading the file (`halt/0` in a directive,
    /// for instance).
    #[error("{file}: swipl stopped while loading it ({status}){}", messages_text(messages))]
    LoadStopped {
        /// The file.
        file: String,
        /// How the process ended.
        status: String,
        /// What it said while loading.
        messages: Vec<LoadMessage>,
    },
    /// Loading the file took longer than [`LOAD_LIMIT`](crate::LOAD_LIMIT).
    #[error("{file}: loading it took longer than {seconds} s")]
    LoadTimeout {
        /// The file.
        file: String,
        /// The limit.
        seconds: u64,
    },
    /// The file defines neither predicate.
    #[error(
        "{file} defines neither hand_value/3 nor select_hand/3: nothing to check{}",
        messages_text(messages)
    )]
    NoPredicates {
        /// The file.
        file: String,
        /// The errors and warnings of loading it.
        messages: Vec<LoadMessage>,
    },
    /// Input or output with the process failed.
    #[error("{0}")]
    Io(String),
}

/// Load messages appended to an error's text.
fn messages_text(messages: &[LoadMessage]) -> String {
    let mut text = String::new();
    for message in messages {
        text.push_str(&format!("\n  {}: {}", message.kind, message.text.join("\n    ")));
    }
    text
}
