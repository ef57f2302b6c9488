//! The WebAssembly package (wasm/), served under `/wasm/` as it lies in its folder, so that a
//! page imports `/wasm/index.js`, whose module finds `pkg/sumpuzzles.js` and
//! `pkg/sumpuzzles_bg.wasm` beside it, and runs the engine in the browser with no server.
//!
//! The package is embedded when it was built before the server (scripts/build-wasm.sh, then
//! `cargo build`; see build.rs): its toolchain is not needed for a plain build, and a server
//! built without it answers these routes with a 404 problem saying how to build it.
//!
//! A page that loads the module needs, of its Content-Security-Policy, at the least its
//! scripts from this origin, WebAssembly compiled (`'wasm-unsafe-eval'`, which allows
//! compiling WebAssembly and nothing of `eval`; browsers refuse to compile it under a CSP
//! without it), and the `.wasm` fetched from this origin: `script-src 'self'
//! 'wasm-unsafe-eval'; connect-src 'self'` (the play page's worker has it). These routes are
//! kept out of the OpenAPI document, as the play page's are.

use axum::http::header::{
    CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::problem::ApiError;

/// The package's files, embedded.
pub struct Package {
    /// `index.js`: the package's module.
    pub index: &'static str,
    /// `pkg/sumpuzzles.js`: wasm-bindgen's glue.
    pub glue: &'static str,
    /// `pkg/sumpuzzles_bg.wasm`: the engine.
    pub module: &'static [u8],
    /// A strong validator of the three files together.
    pub etag: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/wasm_package.rs"));

/// `/wasm/index.js`, `/wasm/pkg/sumpuzzles.js` and `/wasm/pkg/sumpuzzles_bg.wasm`.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    const SCRIPT: &str = "text/javascript; charset=utf-8";
    Router::new()
        .route(
            "/wasm/index.js",
            get(|headers: HeaderMap| async move { file(&headers, SCRIPT, |p| p.index.as_bytes()) }),
        )
        .route(
            "/wasm/pkg/sumpuzzles.js",
            get(|headers: HeaderMap| async move { file(&headers, SCRIPT, |p| p.glue.as_bytes()) }),
        )
        .route(
            "/wasm/pkg/sumpuzzles_bg.wasm",
            get(|headers: HeaderMap| async move { file(&headers, "application/wasm", |p| p.module) }),
        )
}

/// One of the package's files, or 304 when the client holds this build's, or the 404 of a
/// server built without the package.
fn file(
    headers: &HeaderMap,
    content_type: &'static str,
    body: fn(&Package) -> &'static [u8],
) -> Response {
    let Some(package) = &PACKAGE else {
        return ApiError::NotFound(
            "this server was built without the WebAssembly package: run scripts/build-wasm.sh \
             (see wasm/README.md), then build the server again"
                .into(),
        )
        .into_response();
    };
    let fresh = headers
        .get(IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == package.etag));
    // Revalidated on every use: a new server may carry a new engine, and the three files must
    // come from the same build (the glue and the module are made for each other).
    let headers = [
        (CACHE_CONTROL, "no-cache"),
        (ETAG, package.etag),
        (X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    (headers, [(CONTENT_TYPE, content_type)], body(package)).into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::{to_bytes, Body};
    use axum::http::Request;
    use tower::ServiceExt;

    use super::*;

    const ROUTES: [(&str, &str); 3] = [
        ("/wasm/index.js", "text/javascript; charset=utf-8"),
        ("/wasm/pkg/sumpuzzles.js", "text/javascript; charset=utf-8"),
        ("/wasm/pkg/sumpuzzles_bg.wasm", "application/wasm"),
    ];

    async fn get(path: &str, etag: Option<&str>) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut request = Request::get(path);
        if let Some(etag) = etag {
            request = request.header(IF_NONE_MATCH, etag);
        }
        let response = router::<()>()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let (parts, body) = response.into_parts();
        let body = to_bytes(body, usize::MAX).await.unwrap().to_vec();
        (parts.status, parts.headers, body)
    }

    /// Whichever way this server was built: with the package, its files as they lie in wasm/
    /// (and 304 for a client that holds them); without, the 404 that says how to build it.
    #[tokio::test]
    async fn the_package_is_served_as_built_or_explained() {
        for (path, content_type) in ROUTES {
            let (status, headers, body) = get(path, None).await;
            match &PACKAGE {
                Some(package) => {
                    assert_eq!(status, StatusCode::OK, "{path}");
                    assert_eq!(headers[CONTENT_TYPE], content_type, "{path}");
                    assert_eq!(headers[ETAG], package.etag, "{path}");
                    let on_disk = concat!(env!("CARGO_MANIFEST_DIR"), "/wasm/");
                    let file = path.trim_start_matches("/wasm/");
                    assert_eq!(body, std::fs::read(format!("{on_disk}{file}")).unwrap());
                    let (status, _, body) = get(path, Some(package.etag)).await;
                    assert_eq!(status, StatusCode::NOT_MODIFIED, "{path}");
                    assert!(body.is_empty());
                    let (status, _, _) = get(path, Some("\"other\"")).await;
                    assert_eq!(status, StatusCode::OK, "{path}");
                }
                None => {
                    assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
                    assert_eq!(headers[CONTENT_TYPE], "application/problem+json");
                    let problem: serde_json::Value = serde_json::from_slice(&body).unwrap();
                    let detail = problem["detail"].as_str().unwrap();
                    assert!(detail.contains("scripts/build-wasm.sh"), "{detail}");
                }
            }
        }
    }
}
