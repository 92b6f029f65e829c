//! The lobby's news: a bell that a listed table rings when its listing
//! changes (it is opened, a seat is taken or left, play begins, the match is
//! won or given up), the lobby's answer kept until the bell rings again, and
//! the live stream of it that the page's lobby listens to.
//!
//! Every change to a table goes through one place (`Room::changed`), which
//! rings only when the table's listing is not what it was, so that the moves
//! of a game under way wake no one in the lobby.

use std::convert::Infallible;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use tokio::sync::watch;

/// The least time between two messages of a stream: the changes within it
/// are told together, so that a busy club's lobby, where tables open and
/// fill several times a second, costs each stream one message a second.
const GAP: Duration = Duration::from_secs(1);

/// The time between two comments on a quiet stream, which keep it open
/// through proxies that close a silent connection.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What a listed table rings when its listing changes.
#[derive(Clone, Debug)]
pub(crate) struct Bell(watch::Sender<u64>);

impl Bell {
    /// Tells the lobby that a listing changed.
    pub(crate) fn ring(&self) {
        self.0.send_modify(|rung| *rung = rung.wrapping_add(1));
    }
}

/// One answer of the lobby, made once and shared by every request and
/// stream that sends it (cloning it copies no bytes): its JSON, and the
/// same as a `lobby` message of the live stream.
#[derive(Clone, Debug)]
pub(crate) struct Answer {
    /// The answer of `GET /api/lobby`.
    pub(crate) json: Bytes,
    /// The stream's message: `event: lobby`, then the JSON on `data:`
    /// lines.
    event: Bytes,
}

impl Answer {
    pub(crate) fn new(json: String) -> Answer {
        let mut event = String::with_capacity(json.len() + 32);
        event.push_str("event: lobby\n");
        // Compact JSON has no line breaks; were there any, each line would
        // be a `data:` line of its own, as the stream's format asks.
        for line in json.split('\n') {
            event.push_str("data: ");
            event.push_str(line);
            event.push('\n');
        }
        event.push('\n');
        Answer { json: Bytes::from(json), event: Bytes::from(event) }
    }
}

/// The lobby's bell, and its last answer with the ring it answered.
#[derive(Debug)]
pub(crate) struct Lobby {
    bell: Bell,
    kept: Mutex<Option<(u64, Answer)>>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby { bell: Bell(watch::Sender::new(0)), kept: Mutex::new(None) }
    }
}

impl Lobby {
    /// The bell, for a table to ring.
    pub(crate) fn bell(&self) -> Bell {
        self.bell.clone()
    }

    /// The lobby's answer: the one kept if the bell has not rung since it
    /// was made, else made by `make` (and kept).
    ///
    /// It is made with the kept answer locked, so that when a ring wakes
    /// every stream at once the first makes it and the others wait for it,
    /// rather than each making it again.
    pub(crate) fn answer<E>(&self, make: impl FnOnce() -> Result<String, E>) -> Result<Answer, E> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        // Read before making: a ring while it is made leaves what is kept
        // older than the bell, so the next answer is made again.
        let rung = *self.bell.0.borrow();
        if let Some((kept_at, answer)) = &*kept
            && *kept_at == rung
        {
            return Ok(answer.clone());
        }
        let made = Answer::new(make()?);
        *kept = Some((rung, made.clone()));
        Ok(made)
    }

    /// The live stream of the lobby (`text/event-stream`): a `lobby` event
    /// with the answer at once, then again each time the bell rings (the
    /// rings within [`GAP`] of the last message are told once, after it),
    /// and a comment every
    /// [`KEEP_ALIVE`] between. Every stream sends the same bytes of each
    /// answer. A lobby that cannot be made is left out of the stream until
    /// it can.
    pub(crate) fn stream<F, E>(&self, answer: F) -> Response
    where
        F: Fn() -> Result<Answer, E> + Send + Sync + 'static,
    {
        let receiver = self.bell.0.subscribe();
        let answer = std::sync::Arc::new(answer);
        let mut quiet = tokio::time::interval(KEEP_ALIVE);
        quiet.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let stream = futures_util::stream::unfold(
            (receiver, None::<Bytes>, true, quiet),
            move |(mut receiver, mut sent, first, mut quiet)| {
                let answer = std::sync::Arc::clone(&answer);
                async move {
                    let mut first = first;
                    loop {
                        if first {
                            // The interval's first tick is at once.
                            quiet.tick().await;
                        } else {
                            if sent.is_some() {
                                tokio::time::sleep(GAP).await;
                            }
                            tokio::select! {
                                changed = receiver.changed() => changed.ok()?,
                                _ = quiet.tick() => {
                                    let comment = Bytes::from_static(b":\n\n");
                                    return Some((Ok::<_, Infallible>(comment), (receiver, sent, false, quiet)));
                                }
                            }
                        }
                        first = false;
                        receiver.borrow_and_update();
                        let Ok(now) = answer() else { continue };
                        // The same lobby again (a ring whose change undid
                        // another) is not sent twice.
                        if sent.as_ref() == Some(&now.json) {
                            continue;
                        }
                        sent = Some(now.json);
                        quiet.reset();
                        return Some((Ok(now.event), (receiver, sent, false, quiet)));
                    }
                }
            },
        );
        (
            [(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")],
            Body::from_stream(stream),
        )
            .into_response()
    }
}
