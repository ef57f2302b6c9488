//! Extractors that read a request into an operation's request type, with our problem details
//! for every rejection: a JSON body (read as every door reads one, [`ops::from_json`]), an
//! optional JSON body (where empty means absent), and a query string.

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
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
        let bytes = Bytes::from_request(request, state).await?;
        Ok(ApiJson(ops::from_json(&bytes)?))
    }
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

/// An optional JSON body. Empty means absent: no body, an empty body (or one of only
/// whitespace) whatever its content type, and the JSON `null` are all `None`, since that is
/// what clients send for "no body" (`curl -d ''` sends an empty form, a browser's `fetch` with
/// `body: ""` an empty `text/plain`, generated clients `null`). Any other body needs a JSON
/// content type (415 otherwise).
pub struct OptionalJson<T>(pub Option<T>);

impl<T, S> FromRequest<S> for OptionalJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiProblem;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiProblem> {
        // A request without a body reads as empty bytes at once.
        let json = is_json(request.headers());
        let bytes = Bytes::from_request(request, state).await?;
        if bytes.trim_ascii().is_empty() {
            return Ok(OptionalJson(None));
        }
        if !json {
            return Err(ApiProblem::UnsupportedMediaType);
        }
        Ok(OptionalJson(ops::from_json::<Option<T>>(&bytes)?))
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
