//! The deal of the day: a date, and the seed of that day's deals, drawn
//! from the club's secret seed so that every member gets the same deals
//! and nobody can work out tomorrow's without the secret.

use std::fmt;
use std::str::FromStr;

use crib_core::derive_seed;
use serde::{Deserialize, Serialize};

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
pub struct Day {
    // In this order, so that the derived order is the calendar's.
    year: u16,
    month: u8,
    day: u8,
}

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

/// Days from 0000-03-01 to 1970-01-01, in a calendar whose years begin in
/// March (so that the leap day ends a year).
const UNIX_EPOCH_FROM_MARCH_0: i64 = 719_468;

/// Days in 400 Gregorian years: the calendar repeats after them.
const DAYS_IN_400_YEARS: i64 = 146_097;

impl Day {
    /// The first day there is.
    pub const FIRST: Day = Day { year: 1, month: 1, day: 1 };

    /// The last day there is.
    pub const LAST: Day = Day { year: 9999, month: 12, day: 31 };

    /// The day `day` of `month` of `year`.
    ///
    /// # Errors
    ///
    /// A year outside 1 to 9999, a month outside 1 to 12, or a day that is
    /// not in that month.
    pub const fn new(year: u16, month: u8, day: u8) -> Result<Day, DayError> {
        if year < 1 || year > 9999 {
            return Err(DayError::Year(year));
        }
        if month < 1 || month > 12 {
            return Err(DayError::Month(month));
        }
        let days = days_in_month(year, month);
        if day < 1 || day > days {
            return Err(DayError::Day { year, month, days, day });
        }
        Ok(Day { year, month, day })
    }

    /// The year.
    #[must_use]
    pub const fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    #[must_use]
    pub const fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    #[must_use]
    pub const fn day(self) -> u8 {
        self.day
    }

    /// The days from 1970-01-01 to this day (negative before it): a Unix
    /// time divided by 86,400 and rounded down is the day it falls in, in
    /// UTC.
    #[must_use]
    pub const fn unix_days(self) -> i64 {
        // Counted in years that begin on 1 March, so that February, with
        // its leap day, is a year's last month.
        let march_year = (self.year as i64) - if self.month <= 2 { 1 } else { 0 };
        let march_month = (self.month as i64 + 9) % 12; // March is 0
        let leap_days = march_year / 4 - march_year / 100 + march_year / 400;
        // The months March to January have 31, 30, 31, 30, 31, 31, 30, 31,
        // 30, 31, 31 days: 153 days in each 5 months from March.
        let days_before_month = (153 * march_month + 2) / 5;
        365 * march_year + leap_days + days_before_month + (self.day as i64 - 1)
            - UNIX_EPOCH_FROM_MARCH_0
    }

    /// The day `days` days from 1970-01-01 ([`Day::unix_days`] turned
    /// round).
    ///
    /// # Errors
    ///
    /// A count that falls outside years 1 to 9999.
    pub const fn from_unix_days(days: i64) -> Result<Day, DayError> {
        if days < Day::FIRST.unix_days() || days > Day::LAST.unix_days() {
            return Err(DayError::UnixDays(days));
        }
        let since_march_0 = days + UNIX_EPOCH_FROM_MARCH_0;
        let cycles = since_march_0 / DAYS_IN_400_YEARS;
        let in_cycle = since_march_0 % DAYS_IN_400_YEARS;
        // The year of the cycle: 365 days a year, less a day for each leap
        // day already passed (every 1,461 days, but not at the 36,524th
        // and the last day of the cycle, 146,096).
        let year_of_cycle =
            (in_cycle - in_cycle / 1460 + in_cycle / 36_524 - in_cycle / 146_096) / 365;
        let day_of_year =
            in_cycle - (365 * year_of_cycle + year_of_cycle / 4 - year_of_cycle / 100);
        let march_month = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * march_month + 2) / 5 + 1;
        let month = if march_month < 10 { march_month + 3 } else { march_month - 9 };
        let year = cycles * 400 + year_of_cycle + if month <= 2 { 1 } else { 0 };
        // In range, checked above: a year of 1 to 9999, a month of 1 to 12
        // and a day of 1 to 31 all fit.
        Ok(Day { year: year as u16, month: month as u8, day: day as u8 })
    }

    /// The seed of this day's deals at a club whose secret seed is
    /// `club_secret`: the day's games are dealt from this seed, so every
    /// member who plays the day gets the same deals, as a seeded match
    /// deals the same cards for the same seed.
    ///
    /// The days' seeds are a stream of their own, drawn from the secret
    /// by `crib-core`'s [`derive_seed`], so other uses of the secret do not
    /// repeat them. `derive_seed` mixes well but is not one-way: it can be
    /// turned back, so a day's seed reveals the club's secret, and every
    /// other day's deals with it. A day's seed is as secret as the club's.
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
    pub const fn seed(self, club_secret: u64) -> u64 {
        // Two's complement keeps every day's index distinct.
        let index = self.unix_days() as u64;
        derive_seed(derive_seed(club_secret, DAILY_STREAM), index)
    }
}

/// The index under the club's secret of the stream of days' seeds: "daily"
/// in ASCII, far from the small indexes other uses take.
const DAILY_STREAM: u64 = 0x64_61_69_6C_79;

/// Whether `year` has a 29 February.
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

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
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
                    let expected = Day { year, month, day };
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

    /// What the seed's documentation warns of: a day's seed and its date
    /// give the club's secret, and so every other day's seed.
    #[test]
    fn a_days_seed_gives_the_secret_away() {
        let secret = 0x0123_4567_89AB_CDEF;
        let today = day("2026-12-01");
        let stream = underive_seed(today.seed(secret), today.unix_days() as u64);
        assert_eq!(underive_seed(stream, DAILY_STREAM), secret);
    }
}
