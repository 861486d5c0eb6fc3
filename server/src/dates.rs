//! Dates of the board's days, YYYY-MM-DD in UTC, by one calendar crate (`jiff`).

use jiff::civil::Date;
use jiff::tz::TimeZone;
use jiff::Timestamp;

/// The date of a well-formed YYYY-MM-DD that exists, from 1970 on.
pub fn parse_date(text: &str) -> Option<Date> {
    let b = text.as_bytes();
    let shape = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        });
    if !shape {
        return None;
    }
    text.parse::<Date>().ok().filter(|d| d.year() >= 1970)
}

/// True for a well-formed date that exists.
pub fn valid_date(text: &str) -> bool {
    parse_date(text).is_some()
}

/// The day a path names (`/api/daily/{date}`, `/api/live/{date}`): a date that exists,
/// else 400 in words.
pub struct DayPath(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for DayPath {
    type Rejection = crate::error::ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<DayPath, Self::Rejection> {
        let axum::extract::Path(date) =
            axum::extract::Path::<String>::from_request_parts(parts, state)
                .await
                .map_err(|_| crate::error::ApiError::NotFound)?;
        if valid_date(&date) {
            Ok(DayPath(date))
        } else {
            Err(crate::error::ApiError::BadRequest(format!(
                "{date:?} is not a date like 2026-11-24."
            )))
        }
    }
}

/// Today's UTC date.
pub fn utc_today() -> Date {
    Timestamp::now().to_zoned(TimeZone::UTC).date()
}

/// The day before `date` (the first representable day has none).
pub fn day_before(date: Date) -> Option<Date> {
    date.yesterday().ok()
}

/// The first microsecond (since 1970) of `date`, UTC.
pub fn start_micros(date: Date) -> Option<i64> {
    let zoned = date.to_zoned(TimeZone::UTC).ok()?;
    Some(zoned.timestamp().as_microsecond())
}

/// `date` as YYYY-MM-DD.
pub fn show(date: Date) -> String {
    date.strftime("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_checked_for_shape_and_calendar() {
        for ok in ["2026-11-24", "2024-02-29", "2000-02-29", "1999-12-31"] {
            assert!(valid_date(ok), "{ok}");
        }
        for bad in [
            "2026-11-31",
            "2023-02-29",
            "1900-02-29",
            "2026-13-01",
            "2026-1-01",
            "+02026-11-2",
            "1969-12-31",
            "x",
            "",
        ] {
            assert!(!valid_date(bad), "{bad}");
        }
    }

    #[test]
    fn a_day_starts_at_midnight_utc() {
        let start = |d: &str| parse_date(d).and_then(start_micros);
        assert_eq!(start("1970-01-02"), Some(86_400_000_000));
        let (a, b) = (start("2026-11-24"), start("2026-11-25"));
        assert_eq!(b.zip(a).map(|(b, a)| b - a), Some(86_400_000_000));
    }

    #[test]
    fn the_day_before_crosses_months_and_leap_days() {
        let before = |d: &str| parse_date(d).and_then(day_before).map(show);
        assert_eq!(before("2026-03-01").as_deref(), Some("2026-02-28"));
        assert_eq!(before("2024-03-01").as_deref(), Some("2024-02-29"));
        assert_eq!(before("2026-01-01").as_deref(), Some("2025-12-31"));
    }
}
