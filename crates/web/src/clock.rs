//! A table's move clock: how long a person has for each move, whose clock
//! runs and until when, and how many moves running the clock has made for
//! each seat. No I/O and no table here: the table ([`crate::table`]) says
//! which seats may move after each change, and the timer
//! ([`crate::timer`]) wakes at the earliest deadline.
//!
//! Each person's seat that may move has a deadline: a seat newly due starts
//! one a whole move's time away, a seat still due keeps its own (the others
//! discarding beside it do not give it more time), a seat that moved starts
//! afresh at its next move, and a seat not due has none. Every change of
//! the deadlines bumps a serial, and a timer is good only for the serial it
//! was set for: a person who moves in time changes it under the table's
//! lock, so a timer that wakes late finds nothing to do.

use std::ops::RangeInclusive;
use std::time::Duration;

use crib_core::{BySeat, GameConfig, Seat};
use serde::Serialize;
use tokio::task::AbortHandle;
use tokio::time::Instant;

/// The seconds a table's clock may give each move.
pub const CLOCK_SECONDS: RangeInclusive<u32> = 5..=600;

/// Moves running made by the clock for one seat, its person never moving in
/// between, after which the seat has left: it forfeits the match.
pub const TIMEOUTS_TO_FORFEIT: u8 = 3;

/// A table's move clock as chosen: the seconds each move may take, and how
/// long a second lasts (a second, but for tests, which shorten it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveClock {
    seconds: u32,
    unit: Duration,
}

impl MoveClock {
    /// A clock of `seconds` a move, each `unit` long.
    ///
    /// # Errors
    ///
    /// Seconds outside [`CLOCK_SECONDS`], in words.
    pub(crate) fn new(seconds: u32, unit: Duration) -> Result<MoveClock, String> {
        if CLOCK_SECONDS.contains(&seconds) {
            Ok(MoveClock { seconds, unit })
        } else {
            Err(format!(
                "clock must be {} to {} seconds a move, not {seconds}",
                CLOCK_SECONDS.start(),
                CLOCK_SECONDS.end()
            ))
        }
    }

    /// The seconds each move may take.
    pub(crate) const fn seconds(self) -> u32 {
        self.seconds
    }

    /// How long each move may take.
    fn limit(self) -> Duration {
        self.unit.saturating_mul(self.seconds)
    }
}

/// When the timer should wake: the earliest deadline, and the serial of the
/// deadlines it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Alarm {
    pub serial: u64,
    pub at: Instant,
}

/// A table's clock as it runs.
#[derive(Debug)]
pub(crate) struct Clock {
    clock: MoveClock,
    /// When each seat's time runs out, for the seats that may move now.
    deadlines: BySeat<Option<Instant>>,
    /// Bumped on every change of `deadlines`.
    serial: u64,
    /// The serial the timer was last set for.
    armed: Option<u64>,
    /// The timer's task, aborted when it is set again or the clock dropped.
    timer: Option<AbortHandle>,
    /// Moves running the clock made for each seat.
    timeouts: BySeat<u8>,
}

impl Drop for Clock {
    fn drop(&mut self) {
        if let Some(timer) = self.timer.take() {
            timer.abort();
        }
    }
}

impl Clock {
    /// A clock for a table of `config`, no seat's time running yet.
    pub(crate) fn new(clock: MoveClock, config: GameConfig) -> Clock {
        Clock {
            clock,
            deadlines: BySeat::new(config, |_| None),
            serial: 0,
            armed: None,
            timer: None,
            timeouts: BySeat::new(config, |_| 0),
        }
    }

    /// Sets the deadlines for the seats that may move now (`due`), at
    /// `now`: a seat newly due gets a whole move's time, one still due
    /// keeps its deadline, and one not due has none.
    pub(crate) fn update(&mut self, due: &BySeat<bool>, now: Instant) {
        let limit = self.clock.limit();
        let mut changed = false;
        for (seat, deadline) in self.deadlines.iter_mut() {
            let next = match (due[seat], *deadline) {
                (true, Some(kept)) => Some(kept),
                (true, None) => Some(now + limit),
                (false, _) => None,
            };
            changed |= next != *deadline;
            *deadline = next;
        }
        if changed {
            self.serial += 1;
        }
    }

    /// `seat` moved, by its person or (`by_clock`) by the clock: its time
    /// starts afresh at its next move. Returns the moves running the clock
    /// has now made for it.
    pub(crate) fn moved(&mut self, seat: Seat, by_clock: bool) -> u8 {
        if self.deadlines[seat].take().is_some() {
            self.serial += 1;
        }
        let timeouts = &mut self.timeouts[seat];
        *timeouts = if by_clock { timeouts.saturating_add(1) } else { 0 };
        *timeouts
    }

    /// A new match: no seat's time runs, and no seat has run out of time.
    pub(crate) fn reset(&mut self) {
        for (_, deadline) in self.deadlines.iter_mut() {
            *deadline = None;
        }
        for (_, timeouts) in self.timeouts.iter_mut() {
            *timeouts = 0;
        }
        self.serial += 1;
    }

    /// The seat whose time has run out at `now`, the earliest first, if the
    /// deadlines are still those of `serial`.
    pub(crate) fn expired(&self, serial: u64, now: Instant) -> Option<Seat> {
        if serial != self.serial {
            return None;
        }
        self.earliest().filter(|&(_, at)| at <= now).map(|(seat, _)| seat)
    }

    /// The timer has fired: its task is done, not to be aborted.
    pub(crate) fn fired(&mut self) {
        self.timer = None;
    }

    /// The earliest deadline, and its seat (the first seat of a tie).
    fn earliest(&self) -> Option<(Seat, Instant)> {
        self.deadlines
            .iter()
            .filter_map(|(seat, deadline)| deadline.map(|at| (seat, at)))
            .min_by_key(|&(seat, at)| (at, seat.index()))
    }

    /// The alarm the timer should be set for, unless it is set for it
    /// already: the timer set before is aborted, and the clock takes the
    /// alarm as set ([`Clock::set_timer`] keeps the new timer's handle).
    pub(crate) fn alarm(&mut self) -> Option<Alarm> {
        if self.armed == Some(self.serial) {
            return None;
        }
        if let Some(timer) = self.timer.take() {
            timer.abort();
        }
        self.armed = Some(self.serial);
        self.earliest().map(|(_, at)| Alarm { serial: self.serial, at })
    }

    /// Keeps the task of the timer just set.
    pub(crate) fn set_timer(&mut self, timer: AbortHandle) {
        self.timer = Some(timer);
    }

    /// The clock as a seat or a spectator is told at `now`.
    pub(crate) fn told(&self, now: Instant, forfeit: Option<Forfeit>) -> ClockState {
        let running = self
            .deadlines
            .iter()
            .filter_map(|(seat, deadline)| {
                let left = (*deadline)?.saturating_duration_since(now);
                Some(Running { seat, left_ms: u64::try_from(left.as_millis()).unwrap_or(u64::MAX) })
            })
            .collect();
        ClockState {
            seconds: self.clock.seconds(),
            running,
            timeouts: self.timeouts.iter().map(|(_, &count)| count).collect(),
            forfeit,
        }
    }
}

/// A table's move clock, as its state tells it.
#[derive(Debug, Serialize)]
pub(crate) struct ClockState {
    /// The seconds each move may take.
    pub seconds: u32,
    /// The seats whose time is running, with the milliseconds each has
    /// left as the server answers (for the page to count down from, not
    /// from the browser's own clock).
    pub running: Vec<Running>,
    /// Moves running the clock has made for each seat, seat 0 first: at
    /// [`TIMEOUTS_TO_FORFEIT`] the seat forfeits the match.
    pub timeouts: Vec<u8>,
    /// The seat that forfeited the match on the clock, if one did.
    pub forfeit: Option<Forfeit>,
}

/// One seat's running time.
#[derive(Debug, Serialize)]
pub(crate) struct Running {
    /// The seat.
    pub seat: Seat,
    /// Its milliseconds left.
    pub left_ms: u64,
}

/// A match forfeited on the clock.
#[derive(Debug, Serialize)]
pub(crate) struct Forfeit {
    /// The seat that ran out of time [`TIMEOUTS_TO_FORFEIT`] times running.
    pub seat: Seat,
    /// It in words, from the reader's side.
    pub said: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> Clock {
        let config = GameConfig::new(3, 121).unwrap_or_default();
        Clock::new(
            MoveClock::new(10, Duration::from_secs(1)).unwrap_or_else(|e| panic!("{e}")),
            config,
        )
    }

    fn due(seats: [bool; 3]) -> BySeat<bool> {
        let config = GameConfig::new(3, 121).unwrap_or_default();
        BySeat::new(config, |seat| seats[seat.index()])
    }

    #[test]
    fn the_seconds_are_checked() {
        let unit = Duration::from_secs(1);
        assert!(MoveClock::new(4, unit).is_err());
        assert!(MoveClock::new(601, unit).is_err());
        assert_eq!(MoveClock::new(5, unit).map(MoveClock::seconds), Ok(5));
        let refused = MoveClock::new(0, unit).unwrap_err();
        assert_eq!(refused, "clock must be 5 to 600 seconds a move, not 0");
    }

    #[test]
    fn a_seat_keeps_its_deadline_while_due_and_starts_afresh_after_moving() {
        let mut clock = clock();
        let start = Instant::now();
        clock.update(&due([true, false, true]), start);
        let alarm = clock.alarm().unwrap();
        assert_eq!(alarm.at, start + Duration::from_secs(10));
        assert_eq!(clock.alarm(), None, "set already");
        // Seat 2 moves four seconds in; seat 0 keeps its time.
        let later = start + Duration::from_secs(4);
        assert_eq!(clock.moved(Seat::ALL[2], false), 0);
        clock.update(&due([true, false, false]), later);
        let next = clock.alarm().unwrap();
        assert_ne!(next.serial, alarm.serial);
        assert_eq!(next.at, alarm.at);
        // The old timer finds nothing; the new one finds seat 0, on time.
        let late = start + Duration::from_secs(10);
        assert_eq!(clock.expired(alarm.serial, late), None);
        assert_eq!(clock.expired(next.serial, later), None, "not yet");
        assert_eq!(clock.expired(next.serial, late), Some(Seat::ALL[0]));
        // Moved for by the clock, then due again: a whole move's time.
        assert_eq!(clock.moved(Seat::ALL[0], true), 1);
        clock.update(&due([true, false, false]), late);
        assert_eq!(clock.alarm().unwrap().at, late + Duration::from_secs(10));
        assert_eq!(clock.moved(Seat::ALL[0], true), 2);
        assert_eq!(clock.moved(Seat::ALL[0], false), 0, "the person moved: the run is over");
        let told = clock.told(late, None);
        assert_eq!(told.timeouts, [0, 0, 0]);
        assert!(told.running.is_empty());
    }

    #[test]
    fn the_state_tells_the_time_left() {
        let mut clock = clock();
        let start = Instant::now();
        clock.update(&due([false, true, false]), start);
        let told = clock.told(start + Duration::from_millis(2500), None);
        assert_eq!(told.seconds, 10);
        assert_eq!(told.running.len(), 1);
        assert_eq!((told.running[0].seat, told.running[0].left_ms), (Seat::ALL[1], 7500));
        // A new match: nothing runs.
        clock.reset();
        assert!(clock.told(start, None).running.is_empty());
        assert_eq!(clock.alarm(), None);
    }
}
