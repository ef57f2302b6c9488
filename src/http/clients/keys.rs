//! The API keys: the keys file's entries, and the key a request sends.

use axum::http::HeaderMap;
use serde::Deserialize;

/// One API key as the keys file lists it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyEntry {
    /// The secret the client sends.
    pub key: String,
    /// Its name, in logs and as its client identity.
    pub name: String,
    /// Milliseconds of worker time a second (default: the anonymous share; 0: no limit).
    pub work_ms: Option<u32>,
    /// Milliseconds of worker time at once (default: the anonymous burst).
    pub work_burst_ms: Option<u32>,
    /// Largest step budget of an operation on a puzzle (default: the anonymous one).
    pub budget: Option<u64>,
    /// Largest step budget of a generation (default: the anonymous one).
    pub generate_budget: Option<u64>,
    /// Requests running at once (default: the anonymous limit).
    pub concurrency: Option<usize>,
}

/// The API keys a server knows, and whether every puzzle operation needs one.
#[derive(Clone, Debug, Default)]
pub struct ApiKeys {
    /// The keys, each with its own limits.
    pub entries: Vec<KeyEntry>,
    /// Whether the puzzle operations refuse a request without a known key (401); otherwise a
    /// request without a key gets the anonymous limits.
    pub required: bool,
}

impl ApiKeys {
    /// Reads a JSON array of [`KeyEntry`] objects, such as
    /// `[{"key": "s3cret", "name": "publisher", "work_ms": 2000, "budget": 100000000}]`.
    pub fn parse(json: &str) -> Result<Vec<KeyEntry>, String> {
        let entries: Vec<KeyEntry> =
            serde_json::from_str(json).map_err(|error| format!("API keys: {error}"))?;
        for (index, entry) in entries.iter().enumerate() {
            if entry.key.len() < 16 || entry.key.chars().any(char::is_whitespace) {
                return Err(format!(
                    "API key {index} ({}): a key is at least 16 characters without spaces",
                    entry.name
                ));
            }
            if entries[..index].iter().any(|other| other.key == entry.key) {
                return Err(format!("API key {index} ({}) is listed twice", entry.name));
            }
        }
        Ok(entries)
    }
}

/// The API key a request sends: `Authorization: Bearer <key>` or `X-API-Key: <key>`.
pub(super) fn api_key(headers: &HeaderMap) -> Option<&str> {
    let bearer = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| {
            let (scheme, token) = value.trim().split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then_some(token.trim())
        });
    bearer.or_else(|| {
        headers
            .get("x-api-key")
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_read_and_checked() {
        let entries =
            ApiKeys::parse(r#"[{"key": "0123456789abcdef", "name": "pub", "work_ms": 5}]"#)
                .unwrap();
        assert_eq!(entries[0].work_ms, Some(5));
        // The request-counting settings of before are refused, not ignored.
        assert!(
            ApiKeys::parse(r#"[{"key": "0123456789abcdef", "name": "x", "rate": 5}]"#).is_err()
        );
        assert!(ApiKeys::parse(r#"[{"key": "short", "name": "x"}]"#).is_err());
        assert!(ApiKeys::parse(r#"[{"key": "0123456789abcdef", "nam": "x"}]"#).is_err());
    }
}
