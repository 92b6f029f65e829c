//! The lobby's news: a bell that a listed table rings when its listing
//! changes (it is opened, a seat is taken or left, play begins, the match is
//! won or given up), the lobby's answer kept until the bell rings again, and
//! the live stream of it that the page's lobby listens to.
//!
//! Every change to a table goes through one place (`Room::changed`), which
//! rings only when the table's listing is not what it was, so that the moves
//! of a game under way wake no one in the lobby.

use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::watch;

/// What a listed table rings when its listing changes.
#[derive(Clone, Debug)]
pub(crate) struct Bell(watch::Sender<u64>);

impl Bell {
    /// Tells the lobby that a listing changed.
    pub(crate) fn ring(&self) {
        self.0.send_modify(|rung| *rung = rung.wrapping_add(1));
    }
}

/// The lobby's bell, and its last answer with the ring it answered.
#[derive(Debug)]
pub(crate) struct Lobby {
    bell: Bell,
    kept: Mutex<Option<(u64, Arc<str>)>>,
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

    /// The lobby's answer as JSON: the one kept if the bell has not rung
    /// since it was made, else made by `make` (and kept).
    pub(crate) fn answer<E>(
        &self,
        make: impl FnOnce() -> Result<String, E>,
    ) -> Result<Arc<str>, E> {
        // Read before making: a ring while it is made leaves what is kept
        // older than the bell, so the next answer is made again.
        let rung = *self.bell.0.borrow();
        if let Some((kept_at, kept)) = &*self.kept()
            && *kept_at == rung
        {
            return Ok(Arc::clone(kept));
        }
        let made: Arc<str> = make()?.into();
        *self.kept() = Some((rung, Arc::clone(&made)));
        Ok(made)
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Option<(u64, Arc<str>)>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The live stream of the lobby: a `lobby` event with the answer at
    /// once, then again each time the bell rings (rings close together are
    /// told once). A lobby that cannot be made is left out of the stream
    /// until it can.
    pub(crate) fn stream<F, E>(
        &self,
        answer: F,
    ) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>> + use<F, E>>
    where
        F: Fn() -> Result<Arc<str>, E> + Send + Sync + 'static,
    {
        let receiver = self.bell.0.subscribe();
        let answer = Arc::new(answer);
        let stream = futures_util::stream::unfold(
            (receiver, None::<Arc<str>>, true),
            move |(mut receiver, mut sent, first)| {
                let answer = Arc::clone(&answer);
                async move {
                    let mut first = first;
                    loop {
                        if !first {
                            receiver.changed().await.ok()?;
                        }
                        first = false;
                        receiver.borrow_and_update();
                        let Ok(now) = answer() else { continue };
                        // The same lobby again (a ring whose change undid
                        // another) is not sent twice.
                        if sent.as_deref() == Some(&*now) {
                            continue;
                        }
                        sent = Some(Arc::clone(&now));
                        let event = SseEvent::default().event("lobby").data(&*now);
                        return Some((Ok(event), (receiver, sent, false)));
                    }
                }
            },
        );
        Sse::new(stream).keep_alive(KeepAlive::default())
    }
}
