//! What a client's account of worker time leaves it, as the rate limit headers say it.

use axum::http::{HeaderName, HeaderValue};

use super::accounts::Rate;

/// What a client's account of worker time leaves it, as the IETF draft on rate limit headers
/// (draft-ietf-httpapi-ratelimit-headers) says it, in milliseconds of worker time (see
/// [`RateLeft::headers`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RateLeft {
    pub(super) rate: Rate,
    pub(super) left_ms: u64,
    pub(super) whole_in_s: u64,
}

/// The name both headers give the policy.
const POLICY_NAME: &str = "client";

impl RateLeft {
    /// `RateLimit-Policy: "client";q=<burst ms>;w=<seconds to come back in full>` and
    /// `RateLimit: "client";r=<ms left at once>;t=<seconds until whole again>`.
    pub fn headers(&self) -> [(HeaderName, HeaderValue); 2] {
        let quota = self.rate.burst.floor() as u64;
        let window = (self.rate.burst / self.rate.per_second).ceil().max(1.0) as u64;
        let value = |text: String| HeaderValue::from_str(&text).expect("a header of ASCII");
        [
            (
                HeaderName::from_static("ratelimit-policy"),
                value(format!("\"{POLICY_NAME}\";q={quota};w={window}")),
            ),
            (
                HeaderName::from_static("ratelimit"),
                value(format!(
                    "\"{POLICY_NAME}\";r={};t={}",
                    self.left_ms.min(quota),
                    self.whole_in_s
                )),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 500 ms of worker time a second, 10 s of it at once: the quota is 10,000 ms in 20 s; a
    /// client that has 3,700 ms left gets the other 6,300 back in 12.6 s, 13 s rounded up.
    #[test]
    fn the_rate_limit_headers_state_the_policy_and_what_is_left() {
        let rate = Rate {
            per_second: 500.0,
            burst: 10_000.0,
        };
        let left = RateLeft {
            rate,
            left_ms: 3_700,
            whole_in_s: 13,
        };
        let [(policy_name, policy_value), (left_name, left_value)] = left.headers();
        assert_eq!(policy_name, "ratelimit-policy");
        assert_eq!(policy_value, "\"client\";q=10000;w=20");
        assert_eq!(left_name, "ratelimit");
        assert_eq!(left_value, "\"client\";r=3700;t=13");
    }
}
