//! The play page: `GET /` serves a page that generates, checks, hints and rates puzzles through
//! the API, as an example for puzzle websites. Its scripts and styles are separate files
//! embedded in the binary, so the page needs nothing from outside the service and its Content-
//! Security-Policy can forbid everything but this origin (no inline script or style at all).
//! Each board kind ([`BoardKind`]) is drawn by a script and a style sheet of its own
//! (`/board-<kind>.js`, `/board-<kind>.css`), which the page loads beside its own.
//!
//! The page can also run the engine itself: `/play-worker.js`, a module Web Worker, loads the
//! WebAssembly package (`/wasm/`, see [`super::wasm`]). Only the worker compiles WebAssembly, so
//! only the worker's policy allows it (`'wasm-unsafe-eval'`; a dedicated worker is governed by
//! the policy of its own script's response): the page's own policy stays without it. The page
//! and the worker are cross-origin isolated (COOP and COEP; everything they load is from this
//! origin), so that the page can hand the worker a `SharedArrayBuffer` cell that cancels a
//! search without losing the worker.
//!
//! These routes are kept out of the OpenAPI document: they are a client of the API, not part of it.

use axum::http::header::{
    HeaderName, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

#[cfg(test)]
use crate::genres::BoardKind;

const PAGE: &str = include_str!("play/index.html");
/// The `<sum-puzzle>` element's entry module: the page's one player, and a puzzle on any page.
const ELEMENT: &str = include_str!("play/sum-puzzle.js");
/// A host page a site can copy: a puzzle embedded with the element, listening for its events.
const EMBED_EXAMPLE: &str = include_str!("play/embed-example.html");
const WORKER: &str = include_str!("play/play-worker.js");

/// Only this origin, for scripts, styles, the API calls and the engine's worker; no frames,
/// forms or plugins, and no WebAssembly on the page itself (its worker compiles it).
pub const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'none'; script-src 'self'; \
style-src 'self'; connect-src 'self'; img-src 'self'; worker-src 'self'; manifest-src 'self'; \
base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The engine's worker: its scripts and the `.wasm` from this origin, and WebAssembly compiled
/// (`'wasm-unsafe-eval'` allows that and nothing of `eval`): what `wasm.rs` says a runner of
/// the package needs, and no more.
pub const WORKER_CONTENT_SECURITY_POLICY: &str =
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'";

const CROSS_ORIGIN_OPENER_POLICY: HeaderName =
    HeaderName::from_static("cross-origin-opener-policy");
const CROSS_ORIGIN_EMBEDDER_POLICY: HeaderName =
    HeaderName::from_static("cross-origin-embedder-policy");

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    served(content_type, CONTENT_SECURITY_POLICY_VALUE, body)
}

fn served(
    content_type: &'static str,
    policy: &'static str,
    body: &'static str,
) -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, content_type),
            (CONTENT_SECURITY_POLICY, policy),
            (X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (X_FRAME_OPTIONS, "DENY"),
            (REFERRER_POLICY, "no-referrer"),
            // Cross-origin isolated, for the worker's shared cancel cell: the page opens no
            // window of another origin and loads nothing from one.
            (CROSS_ORIGIN_OPENER_POLICY, "same-origin"),
            (CROSS_ORIGIN_EMBEDDER_POLICY, "require-corp"),
            // Small and embedded: revalidating costs little and a new binary shows at once.
            (CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

const SCRIPT: &str = "text/javascript; charset=utf-8";
const STYLE: &str = "text/css; charset=utf-8";

/// The page's assets that carry the page's own policy: path, content type, body. The board
/// kinds' drawings are among them, one script and one style sheet per kind.
const ASSETS: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", PAGE),
    ("/sum-puzzle.js", SCRIPT, ELEMENT),
    ("/play.js", SCRIPT, include_str!("play/play.js")),
    (
        "/play-engine.js",
        SCRIPT,
        include_str!("play/play-engine.js"),
    ),
    ("/play-board.js", SCRIPT, include_str!("play/play-board.js")),
    (
        "/board-sum-grid.js",
        SCRIPT,
        include_str!("play/board-sum-grid.js"),
    ),
    (
        "/board-shading.js",
        SCRIPT,
        include_str!("play/board-shading.js"),
    ),
    (
        "/board-caged.js",
        SCRIPT,
        include_str!("play/board-caged.js"),
    ),
    ("/play.css", STYLE, include_str!("play/play.css")),
    (
        "/board-sum-grid.css",
        STYLE,
        include_str!("play/board-sum-grid.css"),
    ),
    (
        "/board-shading.css",
        STYLE,
        include_str!("play/board-shading.css"),
    ),
    (
        "/board-caged.css",
        STYLE,
        include_str!("play/board-caged.css"),
    ),
    (
        "/embed-example.html",
        "text/html; charset=utf-8",
        EMBED_EXAMPLE,
    ),
    // The page's service worker (it loads offline once visited) and its web app manifest.
    ("/sw.js", SCRIPT, include_str!("play/sw.js")),
    (
        "/manifest.webmanifest",
        "application/manifest+json",
        include_str!("play/manifest.webmanifest"),
    ),
    (
        "/embed-example.js",
        SCRIPT,
        include_str!("play/embed-example.js"),
    ),
    (
        "/embed-example.css",
        STYLE,
        include_str!("play/embed-example.css"),
    ),
    (
        "/favicon.svg",
        "image/svg+xml",
        include_str!("play/favicon.svg"),
    ),
];

/// `/`, `/sum-puzzle.js` (the element, which loads `/play.js`, `/play-engine.js`,
/// `/play-board.js` and each board kind's module), `/play.css` (with each board kind's style
/// sheet), `/embed-example.html` (with its script and style sheet), `/sw.js` and
/// `/manifest.webmanifest` (the page offline and installable), `/favicon.svg`, and
/// `/play-worker.js` with the worker's own policy.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let page = ASSETS
        .iter()
        .fold(Router::new(), |router, &(path, content_type, body)| {
            router.route(path, get(move || async move { asset(content_type, body) }))
        });
    page.route(
        "/play-worker.js",
        get(|| async { served(SCRIPT, WORKER_CONTENT_SECURITY_POLICY, WORKER) }),
    )
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{HeaderMap, Request, StatusCode};
    use tower::ServiceExt;

    use super::*;

    async fn headers_of(path: &str) -> HeaderMap {
        let response = router::<()>()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.headers().clone()
    }

    /// Only the worker may compile WebAssembly; the page may start it; both are cross-origin
    /// isolated (the shared cancel cell needs both).
    #[tokio::test]
    async fn only_the_worker_compiles_webassembly() {
        let page = headers_of("/").await;
        let page_policy = page[CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(!page_policy.contains("wasm-unsafe-eval"), "{page_policy}");
        assert!(page_policy.contains("worker-src 'self'"), "{page_policy}");
        let worker = headers_of("/play-worker.js").await;
        let worker_policy = worker[CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(
            worker_policy.contains("default-src 'none'")
                && worker_policy.contains("script-src 'self' 'wasm-unsafe-eval'"),
            "{worker_policy}"
        );
        assert!(worker[CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/javascript"));
        for headers in [&page, &worker] {
            assert_eq!(headers[CROSS_ORIGIN_OPENER_POLICY], "same-origin");
            assert_eq!(headers[CROSS_ORIGIN_EMBEDDER_POLICY], "require-corp");
        }
    }

    /// Every board kind has its drawing: a module that adds it to the player's `BOARD_KINDS`
    /// under the kind's name, and a style sheet, both served and loaded by the element.
    #[test]
    fn every_board_kind_has_its_drawing() {
        for kind in BoardKind::ALL {
            let name = serde_json::to_value(kind).unwrap();
            let name = name.as_str().unwrap();
            let file = name.replace('_', "-");
            for path in [format!("/board-{file}.js"), format!("/board-{file}.css")] {
                let served = ASSETS.iter().find(|(served, ..)| *served == path);
                let Some(&(_, _, body)) = served else {
                    panic!("{path} is not served")
                };
                let loaded = if path.ends_with(".js") {
                    format!("import('.{path}')")
                } else {
                    format!("'{}'", &path[1..])
                };
                assert!(
                    ELEMENT.contains(&loaded),
                    "sum-puzzle.js does not load {path}"
                );
                if path.ends_with(".js") {
                    let registered = format!("BOARD_KINDS.{name} = ");
                    assert!(body.contains(&registered), "{path} does not draw {name}");
                }
            }
        }
    }

    /// Every script and style sheet the page, the embed example and the element load is
    /// served (the element names its files relative to the service: 'play.js', './board-…').
    #[tokio::test]
    async fn everything_the_page_loads_is_served() {
        let mut assets: Vec<String> = Vec::new();
        for page in [PAGE, EMBED_EXAMPLE] {
            assets.extend(page.split('"').map(str::to_string));
        }
        assets.extend(
            ELEMENT
                .split('\'')
                .map(|part| format!("/{}", part.trim_start_matches("./"))),
        );
        let files = assets.iter().filter(|part| {
            part.starts_with('/')
                && !part.contains(' ')
                && [".js", ".css", ".svg"].iter().any(|e| part.ends_with(e))
        });
        let mut served = 0;
        for asset in files {
            headers_of(asset).await;
            served += 1;
        }
        // The page's style sheet and element, the example's three, the element's seven.
        assert!(served >= 12, "only {served} files found to check");
    }

    /// The worker loads the package from the paths the server serves it at.
    #[test]
    fn the_worker_loads_the_served_package() {
        for path in ["'/wasm/index.js'", "'/wasm/pkg/sumpuzzles_bg.wasm'"] {
            assert!(WORKER.contains(path), "play-worker.js does not load {path}");
        }
        let engine = ASSETS.iter().find(|(path, ..)| *path == "/play-engine.js");
        let engine = engine.unwrap().2;
        assert!(engine
            .contains("new Worker(new URL('/play-worker.js', player.base), { type: 'module' })"));
    }
}
