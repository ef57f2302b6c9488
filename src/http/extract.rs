//! Extractors that read a request into an operation's request type, with our problem details
//! for every rejection: a JSON body (read as every door reads one, [`ops::from_json`]), an
//! optional JSON body (where empty means absent), and a query string.

use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::{ACCEPT, CONTENT_ENCODING, CONTENT_TYPE};
use axum::http::HeaderMap;
use hyper::body as http_body;
use serde::de::DeserializeOwned;

use super::limits::{MAX_BODY_PIECES, MIN_AVERAGE_PIECE};
use super::problem::ApiError;
use crate::ops;

/// A JSON body, read by [`ops::from_json`]; it needs a JSON content type (415 otherwise).
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        if !is_json(request.headers()) {
            return Err(ApiError::UnsupportedMediaType);
        }
        if is_encoded(request.headers()) {
            return Err(ApiError::EncodedBody);
        }
        let bytes = read_body(request, state).await?;
        Ok(ApiJson(ops::from_json(&bytes)?))
    }
}

/// The whole body, within the server's body timeout ([`BodyTimeout`]; 408 past it), its
/// size limit (413), and in pieces of a reasonable size ([`MAX_BODY_PIECES`]; 400).
async fn read_body<S: Send + Sync>(request: Request, state: &S) -> Result<Bytes, ApiError> {
    let timeout = request
        .extensions()
        .get::<BodyTimeout>()
        .map_or(Duration::MAX, |timeout| timeout.0);
    let fragmented = Arc::new(AtomicBool::new(false));
    let request = request.map(|body| {
        Body::new(CountedPieces {
            body,
            pieces: 0,
            bytes: 0,
            fragmented: fragmented.clone(),
        })
    });
    let read = tokio::time::timeout(timeout, Bytes::from_request(request, state))
        .await
        .map_err(|_| ApiError::SlowBody)?;
    match read {
        Err(_) if fragmented.load(Ordering::Relaxed) => Err(ApiError::FragmentedBody),
        read => Ok(read?),
    }
}

/// A request body that counts its pieces, and ends in an error when there are too many.
struct CountedPieces {
    body: Body,
    pieces: u64,
    bytes: u64,
    fragmented: Arc<AtomicBool>,
}

impl http_body::Body for CountedPieces {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        let frame = std::task::ready!(Pin::new(&mut this.body).poll_frame(cx));
        if let Some(Ok(data)) = frame
            .as_ref()
            .map(|f| f.as_ref().map(http_body::Frame::data_ref))
        {
            this.pieces += 1;
            this.bytes += data.map_or(0, |data| data.len() as u64);
            if this.pieces > MAX_BODY_PIECES && this.bytes < this.pieces * MIN_AVERAGE_PIECE {
                this.fragmented.store(true, Ordering::Relaxed);
                return Poll::Ready(Some(Err(axum::Error::new(
                    "the body came in too many pieces",
                ))));
            }
        }
        Poll::Ready(frame)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
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
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        // A request without a body reads as empty bytes at once.
        let (json, encoded) = (is_json(request.headers()), is_encoded(request.headers()));
        let bytes = read_body(request, state).await?;
        if bytes.trim_ascii().is_empty() {
            return Ok(OptionalJson(None));
        }
        if !json {
            return Err(ApiError::UnsupportedMediaType);
        }
        if encoded {
            return Err(ApiError::EncodedBody);
        }
        // `null` is no body; anything else must be the request object.
        if bytes.trim_ascii() == b"null" {
            return Ok(OptionalJson(None));
        }
        Ok(OptionalJson(Some(ops::from_json::<T>(&bytes)?)))
    }
}

/// Whether `Accept` asks for the operation's other representation `other` (an SVG drawing,
/// an NDJSON stream) rather than its JSON, which is the default: a request without `Accept`,
/// with `*/*` (or `application/*`) only, or naming neither type gets JSON, since that is what
/// a generated client parses. `other` is sent when it is named, exactly or by its type's
/// wildcard (`image/*`; not `application/*`, which covers JSON too), with a quality above 0
/// and at least JSON's when JSON is named too: a named type wins over `*/*` at any quality.
/// JSON refused outright (`application/json;q=0`) with a wildcard that allows `other` gets
/// `other` too.
pub fn wants(headers: &HeaderMap, other: &str) -> bool {
    let kind = other.split_once('/').map_or(other, |(kind, _)| kind);
    let (mut json, mut exact, mut partial, mut any) = (None, None, None, None);
    let most = |seen: &mut Option<f32>, quality: f32| {
        *seen = Some(seen.map_or(quality, |q: f32| q.max(quality)));
    };
    let ranges = headers
        .get_all(ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','));
    for range in ranges {
        let mut parts = range.split(';');
        let mime = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let quality = parts
            .filter_map(|parameter| parameter.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        if mime == "application/json" {
            most(&mut json, quality);
        } else if mime == other {
            most(&mut exact, quality);
        } else if kind != "application" && mime.strip_suffix("/*") == Some(kind) {
            most(&mut partial, quality);
        } else if mime == "*/*" || mime == "application/*" {
            most(&mut any, quality);
        }
    }
    // The most specific range that names `other` gives its quality (RFC 9110, 12.5.1).
    match exact.or(partial) {
        Some(named) if named > 0.0 => json.is_none_or(|json| named >= json),
        Some(_) => false,
        None => json == Some(0.0) && any.is_some_and(|any| any > 0.0),
    }
}

/// A query string, with our problem details for every rejection.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
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

    #[test]
    fn json_unless_the_other_type_is_asked_for() {
        let accept = |value: &str, other: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(ACCEPT, value.parse().unwrap());
            wants(&headers, other)
        };
        let svg = "image/svg+xml";
        for json in [
            "*/*",
            "application/json",
            "application/json, */*",
            "image/svg+xml;q=0.5, application/json",
            "*/*;q=0.1, application/json;q=0.2",
            "image/*;q=0.8, application/json",
            "text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8",
            "image/svg+xml;q=0, image/*, */*",
            "application/*",
            "text/plain",
        ] {
            assert!(!accept(json, svg), "{json}");
        }
        for other in [
            "image/svg+xml",
            "image/*",
            "image/svg+xml;q=0.01, */*",
            "image/*, application/json;q=0.5",
            "image/svg+xml, application/json",
            "application/json;q=0, */*",
            "text/html, application/json;q=0.9, */*;q=0.9, image/svg+xml",
            // A browser's image request (Chrome, Firefox).
            "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8",
            "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5",
        ] {
            assert!(accept(other, svg), "{other}");
        }
        let ndjson = "application/x-ndjson";
        assert!(accept(ndjson, ndjson));
        assert!(accept("application/x-ndjson, application/json", ndjson));
        assert!(!accept("application/json", ndjson));
        assert!(!accept("application/*", ndjson));
        assert!(!accept("*/*", ndjson));
        assert!(!wants(&HeaderMap::new(), svg));
        assert!(!wants(&HeaderMap::new(), ndjson));
    }
}
