//! Extractors that read a request into an operation's request type, with our problem details
//! for every rejection: a JSON body (read as every door reads one, [`ops::from_json`]), an
//! optional JSON body, and a query string.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use std::time::Duration;

use axum::http::header::{CONTENT_ENCODING, CONTENT_LENGTH, CONTENT_TYPE, TRANSFER_ENCODING};
use axum::http::HeaderMap;
use serde::de::DeserializeOwned;

use super::problem::ApiProblem;
use crate::ops;

/// A JSON body, read by [`ops::from_json`]; it needs a JSON content type (415 otherwise).
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiProblem;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiProblem> {
        if !is_json(request.headers()) {
            return Err(ApiProblem::UnsupportedMediaType);
        }
        if is_encoded(request.headers()) {
            return Err(ApiProblem::EncodedBody);
        }
        let timeout = request
            .extensions()
            .get::<BodyTimeout>()
            .map_or(Duration::MAX, |timeout| timeout.0);
        let bytes = tokio::time::timeout(timeout, Bytes::from_request(request, state))
            .await
            .map_err(|_| ApiProblem::SlowBody)??;
        Ok(ApiJson(ops::from_json(&bytes)?))
    }
}

/// How long a client may take to send a request body (a request extension the server sets;
/// without it, as long as it likes).
#[derive(Clone, Copy, Debug)]
pub struct BodyTimeout(pub Duration);

/// Whether the body comes with a content coding other than `identity` (gzip and the like):
/// it would be read as JSON text, so it is refused as an unsupported media type.
fn is_encoded(headers: &HeaderMap) -> bool {
    headers.get_all(CONTENT_ENCODING).iter().any(|value| {
        value.to_str().map_or(true, |codings| {
            codings
                .split(',')
                .any(|coding| !coding.trim().eq_ignore_ascii_case("identity"))
        })
    })
}

/// Whether the content type is JSON: `application/json` or `application/<anything>+json`,
/// with parameters or without.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(mime) = headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
    else {
        return false;
    };
    let mime = mime.trim().to_ascii_lowercase();
    mime.split_once('/').is_some_and(|(kind, subtype)| {
        kind == "application" && (subtype == "json" || subtype.ends_with("+json"))
    })
}

/// An optional JSON body: absent or empty is `None`; present needs a JSON content type.
pub struct OptionalJson<T>(pub Option<T>);

impl<T, S> FromRequest<S> for OptionalJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiProblem;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiProblem> {
        let headers = request.headers();
        let has_body = headers
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .map_or(headers.contains_key(TRANSFER_ENCODING), |len| len > 0);
        if !has_body && !headers.contains_key(CONTENT_TYPE) {
            return Ok(OptionalJson(None));
        }
        let ApiJson(value) = ApiJson::<T>::from_request(request, state).await?;
        Ok(OptionalJson(Some(value)))
    }
}

/// A query string, with our problem details for every rejection.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiProblem))]
pub struct ApiQuery<T>(pub T);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types_are_recognised() {
        let headers = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(CONTENT_TYPE, value.parse().unwrap());
            headers
        };
        for json in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON;charset=utf-8",
            "application/problem+json",
        ] {
            assert!(is_json(&headers(json)), "{json}");
        }
        for other in ["text/json", "text/plain", "application/jsonx", "json"] {
            assert!(!is_json(&headers(other)), "{other}");
        }
        assert!(!is_json(&HeaderMap::new()));
    }
}
