//! The deal of the day: a date, the seed of that day's deals, drawn from
//! the club's secret seed so that every member gets the same deals and
//! nobody can work out tomorrow's without the secret, and the day's rounds
//! ([`Day::rounds`]). The calendar is the `time` crate's.
//!
//! A day is [`DAY_ROUNDS`] rounds of duplicate play against the expert: four
//! deals, each played once from each seat. Each round is the first round
//! of a two-player game to 121 at 0 to 0, the match's seed dealt as any
//! seeded match deals it (the cut for the deal, then the deck), so that
//! the expert's answer to every decision is graded as the review grades a
//! match's first round. In rounds 1 to 4 the member sits at the seat that
//! deals the round, in rounds 5 to 8 at the other seat with the same cards:
//! each deal is played as the dealer and as the pone. A member who
//! remembers round 1's show knows the cards of round 5; every member can,
//! so the day's ranking stays fair between them.

use std::fmt;
use std::str::FromStr;

use crib_core::{GameConfig, Seat, cut_for_deal, derive_seed};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use time::{Date, Month};

/// A day of the (proleptic Gregorian) calendar, from year 1 to year 9999,
/// written `YYYY-MM-DD`.
///
/// ```
/// use crib_club::Day;
/// let day: Day = "2026-02-28".parse()?;
/// assert_eq!((day.year(), day.month(), day.day()), (2026, 2, 28));
/// assert_eq!(day.to_string(), "2026-02-28");
/// assert_eq!(Day::from_unix_days(day.unix_days() + 1)?.to_string(), "2026-03-01");
/// assert_eq!(
///     "2026-02-29".parse::<Day>().unwrap_err().to_string(),
///     "2026-02 has 28 days, not 29"
/// );
/// # Ok::<(), crib_club::DayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Day(Date);

/// Why a date is not a [`Day`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DayError {
    /// Text that is not of the form `YYYY-MM-DD`.
    #[error("`{0}` is not a date: write it as YYYY-MM-DD")]
    Format(String),
    /// A year outside 1 to 9999.
    #[error("there is no year {0} here: years are 1 to 9999")]
    Year(u16),
    /// A month outside 1 to 12.
    #[error("there is no month {0}: months are 1 to 12")]
    Month(u8),
    /// A day past the end of its month, or 0.
    #[error("{year:04}-{month:02} has {days} days, not {day}")]
    Day {
        /// The year.
        year: u16,
        /// The month.
        month: u8,
        /// The month's days.
        days: u8,
        /// The day asked for.
        day: u8,
    },
    /// A count of days that falls outside years 1 to 9999.
    #[error("day {0} from 1970-01-01 is outside years 1 to 9999")]
    UnixDays(i64),
}

/// The Julian day of 1970-01-01.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

impl Day {
    /// The first day there is.
    pub const FIRST: Day = Day::known(1, Month::January, 1);

    /// The last day there is.
    pub const LAST: Day = Day::known(9999, Month::December, 31);

    /// A day known to be in the calendar.
    const fn known(year: i32, month: Month, day: u8) -> Day {
        match Date::from_calendar_date(year, month, day) {
            Ok(date) => Day(date),
            Err(_) => panic!("a day of the calendar"),
        }
    }

    /// The day `day` of `month` of `year`.
    ///
    /// # Errors
    ///
    /// A year outside 1 to 9999, a month outside 1 to 12, or a day that is
    /// not in that month.
    pub fn new(year: u16, month: u8, day: u8) -> Result<Day, DayError> {
        if !(1..=9999).contains(&year) {
            return Err(DayError::Year(year));
        }
        let named = Month::try_from(month).map_err(|_| DayError::Month(month))?;
        Date::from_calendar_date(i32::from(year), named, day).map(Day).map_err(|_| DayError::Day {
            year,
            month,
            days: named.length(i32::from(year)),
            day,
        })
    }

    /// The year.
    #[must_use]
    pub fn year(self) -> u16 {
        // Years 1 to 9999 only, by construction.
        u16::try_from(self.0.year()).unwrap_or_default()
    }

    /// The month, 1 to 12.
    #[must_use]
    pub fn month(self) -> u8 {
        u8::from(self.0.month())
    }

    /// The day of the month, from 1.
    #[must_use]
    pub const fn day(self) -> u8 {
        self.0.day()
    }

    /// The days from 1970-01-01 to this day (negative before it): a Unix
    /// time divided by 86,400 and rounded down is the day it falls in, in
    /// UTC.
    #[must_use]
    pub const fn unix_days(self) -> i64 {
        self.0.to_julian_day() as i64 - UNIX_EPOCH_JULIAN_DAY
    }

    /// The day `days` days from 1970-01-01 ([`Day::unix_days`] turned
    /// round).
    ///
    /// # Errors
    ///
    /// A count that falls outside years 1 to 9999.
    pub fn from_unix_days(days: i64) -> Result<Day, DayError> {
        if days < Day::FIRST.unix_days() || days > Day::LAST.unix_days() {
            return Err(DayError::UnixDays(days));
        }
        i32::try_from(days + UNIX_EPOCH_JULIAN_DAY)
            .ok()
            .and_then(|julian| Date::from_julian_day(julian).ok())
            .map(Day)
            .ok_or(DayError::UnixDays(days))
    }

    /// The seed of this day's deals at a club whose secret seed is
    /// `club_secret`: the day's games are dealt from this seed, so every
    /// member who plays the day gets the same deals, as a seeded match
    /// deals the same cards for the same seed.
    ///
    /// The seed is the first eight bytes of HMAC-SHA-256, keyed by the
    /// secret, of the words "crib deal of the day" and the date: one-way,
    /// so a day's seed, published once the day is over so that anyone can
    /// replay its deals, tells nothing of the secret or of any other day's.
    ///
    /// ```
    /// use crib_club::Day;
    /// let day = Day::new(2026, 12, 1)?;
    /// assert_eq!(day.seed(7), day.seed(7));
    /// assert_ne!(day.seed(7), day.seed(8));
    /// assert_ne!(day.seed(7), Day::new(2026, 12, 2)?.seed(7));
    /// # Ok::<(), crib_club::DayError>(())
    /// ```
    #[must_use]
    pub fn seed(self, club_secret: u64) -> u64 {
        let mut mac = Hmac::<Sha256>::new_from_slice(&club_secret.to_le_bytes())
            .expect("HMAC takes a key of any length");
        mac.update(b"crib deal of the day ");
        mac.update(self.to_string().as_bytes());
        let digest = mac.finalize().into_bytes();
        let mut first = [0; 8];
        first.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(first)
    }
}

/// The rounds of a day's deal: four deals, each played from both seats.
pub const DAY_ROUNDS: u32 = 8;

/// One round of the deal of the day, the same for every member.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DayRound {
    /// The round, from 1 to [`DAY_ROUNDS`].
    pub number: u32,
    /// The deal, from 1 to 4: rounds `n` and `n + 4` play the same one.
    pub deal: u32,
    /// The seed of the round's match ([`crib_core::Match::new`] with
    /// [`GameConfig::default`]): its cut for the deal and its cards.
    pub seed: u64,
    /// The member's seat; the expert has the other.
    pub seat: Seat,
    /// Whether the member deals the round (and owns the crib).
    pub deals: bool,
}

impl Day {
    /// The day's [`DAY_ROUNDS`] rounds at a club whose secret seed is
    /// `club_secret`, in order: deal `k` (1 to 4) is the match of seed
    /// `derive_seed(self.seed(club_secret), k)`, played in round `k` from
    /// the seat that deals and in round `k + 4` from the other.
    ///
    /// ```
    /// use crib_club::{DAY_ROUNDS, Day};
    /// let rounds = Day::new(2026, 12, 1)?.rounds(7);
    /// assert_eq!(rounds.len(), DAY_ROUNDS as usize);
    /// let (first, fifth) = (rounds[0], rounds[4]);
    /// assert_eq!((first.seed, first.deals), (fifth.seed, !fifth.deals));
    /// assert_ne!(first.seat, fifth.seat);
    /// # Ok::<(), crib_club::DayError>(())
    /// ```
    #[must_use]
    pub fn rounds(self, club_secret: u64) -> Vec<DayRound> {
        let config = GameConfig::default();
        let day = self.seed(club_secret);
        let deals = DAY_ROUNDS / 2;
        (1..=DAY_ROUNDS)
            .map(|number| {
                let deals_it = number <= deals;
                let deal = if deals_it { number } else { number - deals };
                let seed = derive_seed(day, u64::from(deal));
                let (dealer, _) = cut_for_deal(config, seed);
                let seat = if deals_it { dealer } else { dealer.next(config.players()) };
                DayRound { number, deal, seed, seat, deals: deals_it }
            })
            .collect()
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year(), self.month(), self.day())
    }
}

impl FromStr for Day {
    type Err = DayError;

    /// Exactly `YYYY-MM-DD`: four digits, two and two, with hyphens.
    fn from_str(text: &str) -> Result<Day, DayError> {
        let format = || DayError::Format(text.to_owned());
        let bytes = text.as_bytes();
        let shaped = bytes.len() == 10
            && bytes.iter().enumerate().all(|(i, byte)| match i {
                4 | 7 => *byte == b'-',
                _ => byte.is_ascii_digit(),
            });
        if !shaped {
            return Err(format());
        }
        let number =
            |range: std::ops::Range<usize>| text[range].parse::<u16>().map_err(|_| format());
        let year = number(0..4)?;
        let month = u8::try_from(number(5..7)?).map_err(|_| format())?;
        let day = u8::try_from(number(8..10)?).map_err(|_| format())?;
        Day::new(year, month, day)
    }
}

crate::text::as_text!(Day, DayError);

#[cfg(test)]
mod tests {

    use super::*;

    /// Whether `year` has a 29 February: the reference the calendar is
    /// held to.
    const fn is_leap(year: u16) -> bool {
        year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
    }

    /// The days of `month` (1 to 12) in `year`.
    const fn days_in_month(year: u16, month: u8) -> u8 {
        match month {
            2 if is_leap(year) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    fn day(text: &str) -> Day {
        text.parse().unwrap()
    }

    #[test]
    fn days_count_from_the_unix_epoch() {
        assert_eq!(day("1970-01-01").unix_days(), 0);
        assert_eq!(day("1969-12-31").unix_days(), -1);
        assert_eq!(day("2000-03-01").unix_days(), 11_017);
        // 1 December 2026, 00:00 UTC is Unix time 1,796,083,200.
        assert_eq!(day("2026-12-01").unix_days(), 1_796_083_200 / 86_400);
        assert_eq!(Day::FIRST.unix_days(), -719_162);
        assert_eq!(Day::from_unix_days(-719_162), Ok(Day::FIRST));
        assert_eq!(Day::from_unix_days(Day::LAST.unix_days()), Ok(Day::LAST));
        assert_eq!(Day::from_unix_days(-719_163), Err(DayError::UnixDays(-719_163)));
        assert!(Day::from_unix_days(i64::MAX).is_err());
        assert!(Day::from_unix_days(i64::MIN).is_err());
    }

    /// Every day from year 1 to 9999, counted one by one from the first
    /// with the month lengths alone, against both conversions.
    #[test]
    fn every_day_against_a_count_day_by_day() {
        let mut unix_days = Day::FIRST.unix_days();
        for year in 1..=9999 {
            for month in 1..=12 {
                for day in 1..=days_in_month(year, month) {
                    let expected = Day::new(year, month, day).unwrap();
                    assert_eq!(
                        (expected.year(), expected.month(), expected.day()),
                        (year, month, day)
                    );
                    assert_eq!(expected.unix_days(), unix_days, "{expected}");
                    assert_eq!(Day::from_unix_days(unix_days), Ok(expected));
                    unix_days += 1;
                }
            }
        }
        assert_eq!(unix_days, Day::LAST.unix_days() + 1);
    }

    #[test]
    fn leap_years_follow_the_gregorian_rule() {
        assert!(Day::new(2024, 2, 29).is_ok());
        assert!(Day::new(2000, 2, 29).is_ok());
        assert_eq!(
            Day::new(1900, 2, 29),
            Err(DayError::Day { year: 1900, month: 2, days: 28, day: 29 })
        );
        assert_eq!(Day::new(2026, 4, 31).unwrap_err().to_string(), "2026-04 has 30 days, not 31");
        assert_eq!(Day::new(2026, 1, 0).unwrap_err().to_string(), "2026-01 has 31 days, not 0");
    }

    #[test]
    fn text_is_exactly_year_month_day() {
        for bad in [
            "2026-1-01",
            "2026/01/01",
            " 2026-01-01",
            "2026-01-01 ",
            "+026-01-01",
            "26-01-01",
            "",
            "２０２６-01-01",
        ] {
            assert_eq!(bad.parse::<Day>(), Err(DayError::Format(bad.to_owned())), "{bad:?}");
        }
        assert_eq!(
            "2026-13-01".parse::<Day>().unwrap_err().to_string(),
            "there is no month 13: months are 1 to 12"
        );
        assert_eq!(
            "0000-01-01".parse::<Day>().unwrap_err().to_string(),
            "there is no year 0 here: years are 1 to 9999"
        );
        assert_eq!(
            "20260101".parse::<Day>().unwrap_err().to_string(),
            "`20260101` is not a date: write it as YYYY-MM-DD"
        );
        assert_eq!(day("0001-01-01").to_string(), "0001-01-01");
        assert!(day("2026-01-31") < day("2026-02-01"));
        assert_eq!(serde_json::to_string(&day("2026-12-01")).unwrap(), "\"2026-12-01\"");
        assert!(serde_json::from_str::<Day>("\"2026-12-32\"").is_err());
    }

    #[test]
    fn seeds_differ_by_day_and_by_club() {
        let days: Vec<u64> =
            (0..1000).map(|n| Day::from_unix_days(20_000 + n).unwrap().seed(42)).collect();
        let mut distinct = days.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), days.len());
        assert_ne!(day("2026-12-01").seed(42), day("2026-12-01").seed(43));
        // Not simply the day's index under the secret.
        let today = day("2026-12-01");
        assert_ne!(today.seed(42), derive_seed(42, today.unix_days() as u64));
    }

    #[test]
    fn each_deal_is_played_from_both_seats() {
        let config = GameConfig::default();
        let rounds = day("2026-12-01").rounds(42);
        assert_eq!(rounds.len(), DAY_ROUNDS as usize);
        for (index, round) in rounds.iter().enumerate() {
            assert_eq!(round.number as usize, index + 1);
            let (dealer, _) = cut_for_deal(config, round.seed);
            assert_eq!(round.deals, round.seat == dealer, "{round:?}");
            assert_eq!(round.deals, round.number <= 4);
        }
        for (first, second) in rounds[..4].iter().zip(&rounds[4..]) {
            assert_eq!((first.deal, first.seed), (second.deal, second.seed));
            assert_ne!(first.seat, second.seat);
        }
        let mut seeds: Vec<u64> = rounds[..4].iter().map(|round| round.seed).collect();
        seeds.dedup();
        assert_eq!(seeds.len(), 4);
        // The same for anyone who asks, another the next day.
        assert_eq!(rounds, day("2026-12-01").rounds(42));
        assert!(
            rounds
                .iter()
                .zip(day("2026-12-02").rounds(42))
                .all(|(one, next)| one.seed != next.seed)
        );
    }

    /// `derive_seed` turned back: each of its steps (an addition, a
    /// multiplication by an odd number, a shift folded in by exclusive or)
    /// can be undone.
    fn underive_seed(derived: u64, index: u64) -> u64 {
        let unshift = |folded: u64, shift: u32| {
            (0..64 / shift).fold(folded, |value, _| folded ^ (value >> shift))
        };
        // The inverse of an odd number modulo 2^64, by Newton's iteration.
        let inverse = |odd: u64| {
            (0..6).fold(odd, |x, _| x.wrapping_mul(2_u64.wrapping_sub(odd.wrapping_mul(x))))
        };
        let mut z = unshift(derived, 31).wrapping_mul(inverse(0x94D0_49BB_1331_11EB));
        z = unshift(z, 27).wrapping_mul(inverse(0xBF58_476D_1CE4_E5B9));
        z = unshift(z, 30).wrapping_mul(inverse(0xD6E8_FEB8_6659_FD93));
        z.wrapping_sub(index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// Why the seed is a keyed hash: `derive_seed` is turned back (here),
    /// so a day's seed drawn with it would give the club's secret away;
    /// turning it back from the keyed hash's seed gives nothing.
    #[test]
    fn a_days_seed_keeps_the_secret() {
        let secret = 0x0123_4567_89AB_CDEF;
        let today = day("2026-12-01");
        let drawn = derive_seed(secret, today.unix_days() as u64);
        assert_eq!(underive_seed(drawn, today.unix_days() as u64), secret);
        assert_ne!(underive_seed(today.seed(secret), today.unix_days() as u64), secret);
    }
}
