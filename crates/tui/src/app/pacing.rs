//! Pacing: what the screen shows lags the game on purpose, so that a person
//! can follow it. The events of each move wait in a queue and are presented
//! one by one; a show is counted on screen a step at a time and pegged once
//! counted whole; the computer seems to think before it moves. This module
//! owns the queue, the shows of the round as they are counted, and the
//! pauses between them; what each event does to the screen is the model's.

use std::collections::VecDeque;
use std::time::Duration;

use crib_core::{Breakdown, CountStep, Event, Seat};

/// How long the computer seems to think before a move.
pub const THINK: Duration = Duration::from_millis(700);

/// The pause between two steps of a count.
pub const STEP: Duration = Duration::from_millis(450);

/// The pause after a hand is counted, before it is pegged and the next one
/// starts.
pub const COUNTED: Duration = Duration::from_millis(900);

/// One show of the round (a hand or the crib) as it is counted on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowItem {
    /// The seat that shows.
    pub seat: Seat,
    /// Whether it is the crib.
    pub crib: bool,
    /// The true count.
    pub breakdown: Breakdown,
    /// The count step by step.
    pub steps: Vec<CountStep>,
    /// How many steps are on screen.
    pub revealed: usize,
    /// What the person claimed, with muggins.
    pub claimed: Option<u8>,
    /// Whether the person is still to type their count.
    pub awaiting_claim: bool,
    /// Whether the show is counted and pegged.
    pub done: bool,
}

impl ShowItem {
    /// The points pegged for this show by its seat.
    #[must_use]
    pub fn pegged(&self) -> u8 {
        let total = self.breakdown.total();
        self.claimed.map_or(total, |claimed| claimed.min(total))
    }

    /// The event that pegs the show once it is counted on screen.
    fn event(&self) -> Event {
        let breakdown = self.breakdown.clone();
        match self.claimed {
            Some(claimed) => {
                Event::Claimed { seat: self.seat, crib: self.crib, breakdown, claimed }
            }
            None if self.crib => Event::CribShown { dealer: self.seat, breakdown },
            None => Event::Shown { seat: self.seat, breakdown },
        }
    }
}

/// What a beat of time did to the show being counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Beat {
    /// No show is being counted: the time is the computer's, if it is to
    /// move.
    NoShow,
    /// The show waits for the person's count: time does nothing.
    AwaitingClaim,
    /// One more step of the count is on screen.
    Stepped,
    /// The show is counted whole: its event, to peg and say.
    Counted(Event),
}

/// The events not yet presented and the shows of the round as counted on
/// screen.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pacing {
    /// Events of moves taken (or previewed), as the person's seat sees
    /// them, waiting to be presented.
    queue: VecDeque<Event>,
    /// The shows of the round counted so far.
    shows: Vec<ShowItem>,
}

impl Pacing {
    /// Queues events to present after those already waiting.
    pub(crate) fn queue(&mut self, events: impl IntoIterator<Item = Event>) {
        self.queue.extend(events);
    }

    /// The next event to present.
    pub(crate) fn next_event(&mut self) -> Option<Event> {
        self.queue.pop_front()
    }

    /// Whether every event queued has been presented.
    pub(crate) fn presented_all(&self) -> bool {
        self.queue.is_empty()
    }

    /// The shows of the round counted so far (empty before the show).
    pub(crate) fn shows(&self) -> &[ShowItem] {
        &self.shows
    }

    /// The show being counted now: while there is one, no other event is
    /// presented.
    pub(crate) fn current_show(&self) -> Option<&ShowItem> {
        self.shows.iter().find(|item| !item.done)
    }

    /// A show to count on screen, from its first step.
    pub(crate) fn begin_show(
        &mut self,
        seat: Seat,
        crib: bool,
        breakdown: &Breakdown,
        claimed: Option<u8>,
        awaiting_claim: bool,
    ) {
        self.shows.push(ShowItem {
            seat,
            crib,
            breakdown: breakdown.clone(),
            steps: breakdown.steps(),
            revealed: 0,
            claimed,
            awaiting_claim,
            done: false,
        });
    }

    /// A new round or game: no shows yet.
    pub(crate) fn clear_shows(&mut self) {
        self.shows.clear();
    }

    /// The person's count of the show waiting for it, which is then counted
    /// on screen; whether it is the crib (`None` if no show waits). The
    /// events still queued were the preview's: they are dropped, to come
    /// again from the move taken with the claim.
    pub(crate) fn claim_show(&mut self, points: u8) -> Option<bool> {
        let item = self.shows.iter_mut().find(|item| !item.done)?;
        item.claimed = Some(points);
        item.awaiting_claim = false;
        self.queue.clear();
        Some(item.crib)
    }

    /// How long until the next beat: a step of the count, the pegging of a
    /// show counted whole, or (with no show being counted, when
    /// `computer_due`) the computer's move; `None` while the person is to
    /// count a show or nothing is due.
    pub(crate) fn wants_tick(&self, computer_due: bool) -> Option<Duration> {
        match self.current_show() {
            Some(item) if item.awaiting_claim => None,
            Some(item) if item.revealed < item.steps.len() => Some(STEP),
            Some(_) => Some(COUNTED),
            None => computer_due.then_some(THINK),
        }
    }

    /// A beat of time for the show being counted.
    pub(crate) fn beat(&mut self) -> Beat {
        let Some(item) = self.shows.iter_mut().find(|item| !item.done) else {
            return Beat::NoShow;
        };
        if item.awaiting_claim {
            Beat::AwaitingClaim
        } else if item.revealed < item.steps.len() {
            item.revealed += 1;
            Beat::Stepped
        } else {
            item.done = true;
            Beat::Counted(item.event())
        }
    }

    /// The rest of the count being counted on screen at once; false when
    /// it had no step left to show (or waits for the person's count).
    pub(crate) fn hurry(&mut self) -> bool {
        match self.shows.iter_mut().find(|item| !item.done) {
            Some(item) if !item.awaiting_claim && item.revealed < item.steps.len() => {
                item.revealed = item.steps.len();
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib_core::{Rules, Show, parse_cards};

    const PERSON: Seat = Seat::ALL[0];
    const COMPUTER: Seat = Seat::ALL[1];

    /// A hand with fifteens, a pair and runs: several steps to count.
    fn breakdown() -> Breakdown {
        let cards = parse_cards("5H 5S JD 4C 6C").expect("cards");
        Show::from_five(&cards).expect("a show").breakdown(Rules::Hand)
    }

    #[test]
    fn a_show_is_counted_a_step_at_a_time_then_pegged() {
        let mut pacing = Pacing::default();
        assert_eq!(pacing.wants_tick(true), Some(THINK));
        assert_eq!(pacing.wants_tick(false), None);
        pacing.begin_show(COMPUTER, false, &breakdown(), None, false);
        let steps = pacing.current_show().expect("a show").steps.len();
        assert!(steps > 1, "{steps} steps");
        for step in 1..=steps {
            assert_eq!(pacing.wants_tick(true), Some(STEP), "the count first");
            assert_eq!(pacing.beat(), Beat::Stepped);
            assert_eq!(pacing.current_show().expect("still counted").revealed, step);
        }
        assert_eq!(pacing.wants_tick(true), Some(COUNTED));
        let shown = Event::Shown { seat: COMPUTER, breakdown: breakdown() };
        assert_eq!(pacing.beat(), Beat::Counted(shown));
        assert_eq!(pacing.current_show(), None);
        assert_eq!(pacing.shows().len(), 1, "a counted show stays on screen");
        assert_eq!(pacing.beat(), Beat::NoShow);
    }

    #[test]
    fn a_show_waits_for_the_persons_count_and_is_pegged_as_claimed() {
        let mut pacing = Pacing::default();
        pacing.queue([Event::Go { seat: COMPUTER, point_to: None }]);
        pacing.begin_show(PERSON, true, &breakdown(), None, true);
        assert_eq!(pacing.wants_tick(true), None, "time waits for the count");
        assert_eq!(pacing.beat(), Beat::AwaitingClaim);
        assert!(!pacing.hurry(), "nothing to hurry before the count");
        assert_eq!(pacing.claim_show(3), Some(true), "the crib");
        assert!(pacing.presented_all(), "the preview's events are dropped");
        assert!(pacing.hurry());
        let item = pacing.current_show().expect("counted now");
        assert_eq!(item.revealed, item.steps.len());
        assert_eq!(item.pegged(), 3);
        let claimed =
            Event::Claimed { seat: PERSON, crib: true, breakdown: breakdown(), claimed: 3 };
        assert_eq!(pacing.beat(), Beat::Counted(claimed));
        assert_eq!(pacing.claim_show(5), None, "no show waits");
    }
}
