//! The statistics of the benchmark tables, shared by the examples that print them: times
//! sorted with failures last (a failure counts as infinitely slow), their quantiles, and how
//! a duration is written in a table.

use std::time::Duration;

/// Sorts times ascending, the failures (`None`) after every time.
pub fn sort_times(times: &mut [Option<Duration>]) {
    times.sort_by(|a, b| match (a, b) {
        (Some(a), Some(b)) => a.cmp(b),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    });
}

/// The `q` quantile (0.5 the median, 1.0 the maximum) of times sorted by [`sort_times`],
/// nearest rank, written as a table cell: `—` when it falls on a failure (or there are no
/// times).
pub fn quantile(sorted: &[Option<Duration>], q: f64) -> String {
    if sorted.is_empty() {
        return "—".into();
    }
    let index = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].map_or("—".to_string(), format_duration)
}

/// A duration in a table cell: seconds with one decimal from a second, whole milliseconds
/// from 10 ms, else milliseconds with one decimal.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms >= 1000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else if ms >= 10.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{ms:.1} ms")
    }
}
