//! A day of the calendar, as the daily puzzle and the wire read it: its text `YYYY-MM-DD`, its
//! seed, today in UTC and the seconds to the next day.

use std::fmt;
use std::str::FromStr;

use crate::core::{InputError, Location};

/// A day of the (proleptic) Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u32,
    month: u32,
    day: u32,
}

/// Seconds in a day.
const DAY_SECONDS: u64 = 86_400;

impl Date {
    /// The first date that has a daily puzzle.
    pub const FIRST_DAILY: Date = Date {
        year: 2000,
        month: 1,
        day: 1,
    };
    /// The last date that has a daily puzzle.
    pub const LAST_DAILY: Date = Date {
        year: 2099,
        month: 12,
        day: 31,
    };

    /// The date `year-month-day`, when there is such a day.
    pub fn new(year: u32, month: u32, day: u32) -> Option<Date> {
        let valid = (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        valid.then_some(Date { year, month, day })
    }

    /// The date in UTC `seconds` after 1970-01-01T00:00:00Z.
    pub fn from_unix_seconds(seconds: u64) -> Date {
        // Howard Hinnant's civil_from_days, for days since 1970-01-01 (none before it here).
        let z = seconds / DAY_SECONDS + 719_468;
        let era = z / 146_097;
        let day_of_era = z - era * 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let shifted_month = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
        let month = if shifted_month < 10 {
            shifted_month + 3
        } else {
            shifted_month - 9
        } as u32;
        let year = (year_of_era + era * 400) as u32 + u32::from(month <= 2);
        Date { year, month, day }
    }

    /// Today in UTC, by the system clock.
    pub fn today_utc() -> Date {
        Date::from_unix_seconds(unix_now())
    }

    /// The seed of this date's daily puzzle: its digits YYYYMMDD read as one number.
    pub fn daily_seed(self) -> u64 {
        u64::from(self.year) * 10_000 + u64::from(self.month) * 100 + u64::from(self.day)
    }
}

/// Seconds from `now` (Unix seconds) to the next midnight in UTC: how long today's daily
/// puzzle stays today's.
pub fn seconds_to_next_utc_midnight(now: u64) -> u64 {
    DAY_SECONDS - now % DAY_SECONDS
}

/// Seconds since 1970-01-01T00:00:00Z by the system clock (the host's, on the web target).
pub fn unix_now() -> u64 {
    crate::core::clock::unix_seconds()
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = InputError;

    /// `YYYY-MM-DD`; a date that does not exist is refused as outside its limits.
    fn from_str(text: &str) -> Result<Date, InputError> {
        let malformed = || {
            InputError::syntax(
                Location::Input,
                format!("a date is written YYYY-MM-DD, such as 2025-03-14; found '{text}'"),
            )
        };
        let parts: Vec<&str> = text.split('-').collect();
        let [year, month, day] = parts[..] else {
            return Err(malformed());
        };
        let number = |part: &str, digits: usize| -> Result<u32, InputError> {
            if part.len() != digits || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(malformed());
            }
            part.parse().map_err(|_| malformed())
        };
        let (year, month, day) = (number(year, 4)?, number(month, 2)?, number(day, 2)?);
        Date::new(year, month, day)
            .ok_or_else(|| InputError::limits(format!("there is no day {text} in the calendar")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::InputErrorKind;

    fn date(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn a_dates_seed_is_its_digits() {
        assert_eq!(date("2025-03-14").daily_seed(), 20_250_314);
        assert_eq!(date("2000-01-01").daily_seed(), 20_000_101);
        assert_eq!(date("2024-02-29").to_string(), "2024-02-29");
    }

    #[test]
    fn only_dates_of_the_calendar_are_read() {
        for bad in [
            "2025-3-14",
            "2025/03/14",
            "20250314",
            "2025-03-14T00:00",
            "+025-03-14",
            "",
        ] {
            let error = bad.parse::<Date>().unwrap_err();
            assert_eq!(error.kind, InputErrorKind::Syntax, "{bad}");
        }
        for missing in [
            "2025-02-29",
            "2100-02-29",
            "2025-13-01",
            "2025-04-31",
            "2025-00-10",
        ] {
            let error = missing.parse::<Date>().unwrap_err();
            assert_eq!(error.kind, InputErrorKind::Limits, "{missing}");
        }
        assert!("2000-02-29".parse::<Date>().is_ok());
    }

    #[test]
    fn unix_seconds_give_the_utc_date() {
        assert_eq!(Date::from_unix_seconds(0), date("1970-01-01"));
        // 2025-03-14T23:59:59Z and the second after it.
        assert_eq!(Date::from_unix_seconds(1_741_996_799), date("2025-03-14"));
        assert_eq!(Date::from_unix_seconds(1_741_996_800), date("2025-03-15"));
        assert_eq!(Date::from_unix_seconds(951_782_400), date("2000-02-29"));
        assert_eq!(Date::from_unix_seconds(4_102_444_799), date("2099-12-31"));
        assert_eq!(seconds_to_next_utc_midnight(1_741_996_799), 1);
        assert_eq!(seconds_to_next_utc_midnight(1_741_996_800), 86_400);
    }

    #[test]
    fn every_day_from_the_epoch_follows_the_previous_one() {
        let mut previous = Date::from_unix_seconds(0);
        for day in 1..(130 * 366) {
            let next = Date::from_unix_seconds(day * DAY_SECONDS + 12 * 3600);
            assert!(next > previous, "{next} after {previous}");
            let expected = Date::new(previous.year, previous.month, previous.day + 1)
                .or_else(|| Date::new(previous.year, previous.month + 1, 1))
                .unwrap_or(Date {
                    year: previous.year + 1,
                    month: 1,
                    day: 1,
                });
            assert_eq!(next, expected);
            previous = next;
        }
    }
}
