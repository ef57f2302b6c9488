//! The play page: `GET /` serves a page that generates, checks, hints and rates puzzles through
//! the API, as an example for puzzle websites. Its scripts and styles are separate files
//! embedded in the binary, so the page needs nothing from outside the service and its Content-
//! Security-Policy can forbid everything but this origin (no inline script or style at all).
//! Each board kind ([`BoardKind`]) is drawn by a script and a style sheet of its own
//! (`/board-<kind>.js`, `/board-<kind>.css`), which the page loads beside its own.
//!
//! Nothing here lists the page's files: every file in `src/http/play/` is served (build.rs
//! embeds the folder), and `/play-files.json`, written from that folder and
//! [`BoardKind::ALL`], tells the page which board kinds to load and its service worker what to
//! keep for offline play. A new board kind is its variant and its two files.
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

use std::sync::LazyLock;

use axum::http::header::{
    HeaderName, CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use serde_json::json;

use crate::genres::BoardKind;

// `FILES`: every file of src/http/play/ by name, with its text (build.rs).
include!(concat!(env!("OUT_DIR"), "/play_files.rs"));

/// The page itself, served at `/`.
const PAGE_FILE: &str = "index.html";
/// The engine's worker, served with a policy of its own.
const WORKER_FILE: &str = "play-worker.js";
/// What the page and its service worker read to know the board kinds' files and the files to
/// keep for offline play; written from [`FILES`] and [`BoardKind::ALL`], never by hand.
const FILE_LIST: &str = "/play-files.json";
/// The WebAssembly package's files, served by [`super::wasm`], that the page keeps offline.
const PACKAGE_FILES: [&str; 3] = [
    "/wasm/index.js",
    "/wasm/pkg/sumpuzzles.js",
    "/wasm/pkg/sumpuzzles_bg.wasm",
];

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

/// The content type of a file of the page, by its extension.
fn content_type(name: &str) -> Option<&'static str> {
    Some(match name.rsplit_once('.')?.1 {
        "html" => "text/html; charset=utf-8",
        "js" => SCRIPT,
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "webmanifest" => "application/manifest+json",
        _ => return None,
    })
}

/// The path a file of the page is served at: `/` for the page, `/<name>` for the others.
fn path_of(name: &str) -> String {
    if name == PAGE_FILE {
        "/".to_string()
    } else {
        format!("/{name}")
    }
}

/// A board kind's drawing: its script and its style sheet, `board-<kind>.js` and
/// `board-<kind>.css` after the kind's name (`sum_grid` is drawn by `board-sum-grid.js`).
fn board_files(kind: BoardKind) -> [String; 2] {
    let name = serde_json::to_value(kind).expect("a board kind serializes as its name");
    let file = name
        .as_str()
        .expect("a board kind's name is a string")
        .replace('_', "-");
    [format!("board-{file}.js"), format!("board-{file}.css")]
}

/// The body of [`FILE_LIST`]: `boards`, each board kind with its script and style sheet, for
/// the element to load; `shell`, every path the page needs to start offline (its files, this
/// list, the WebAssembly package), for the service worker to keep.
static FILE_LIST_BODY: LazyLock<String> = LazyLock::new(|| {
    let boards: Vec<_> = BoardKind::ALL
        .iter()
        .map(|&kind| {
            let [script, style] = board_files(kind);
            json!({"kind": kind, "script": script, "style": style})
        })
        .collect();
    let files = FILES.iter().map(|(name, _)| path_of(name));
    let shell: Vec<String> = files
        .chain([FILE_LIST.to_string()])
        .chain(PACKAGE_FILES.map(str::to_string))
        .collect();
    json!({"boards": boards, "shell": shell}).to_string()
});

/// Every file of src/http/play/ (the page at `/`, the others by name; the engine's worker with
/// its own policy) and `/play-files.json`, the list of them the page and its service worker
/// read. A file of a type not known here is not served (a test says which).
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let files = FILES.iter().filter_map(|&(name, body)| {
        let policy = if name == WORKER_FILE {
            WORKER_CONTENT_SECURITY_POLICY
        } else {
            CONTENT_SECURITY_POLICY_VALUE
        };
        Some((path_of(name), content_type(name)?, policy, body))
    });
    let page = files.fold(
        Router::new(),
        |router, (path, content_type, policy, body)| {
            router.route(
                &path,
                get(move || async move { served(content_type, policy, body) }),
            )
        },
    );
    page.route(
        FILE_LIST,
        get(|| async { asset("application/json", FILE_LIST_BODY.as_str()) }),
    )
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{HeaderMap, Request, StatusCode};
    use serde_json::Value;
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

    /// The text of the page's file `name`.
    fn file(name: &str) -> &'static str {
        let found = FILES.iter().find(|(file, _)| *file == name);
        found
            .unwrap_or_else(|| panic!("{name} is not in src/http/play/"))
            .1
    }

    fn file_list() -> Value {
        serde_json::from_str(&FILE_LIST_BODY).unwrap()
    }

    /// The `/`-rooted or bare file names quoted in `text` (`'/sw.js'`, `'play.js'`, `"/"`).
    fn quoted_files(text: &str) -> Vec<String> {
        let pieces = text.split(['\'', '"', '`']);
        let files = pieces.filter(|piece| {
            !piece.contains([' ', '$', ':', '\n'])
                && [".js", ".css", ".svg", ".json", ".webmanifest", ".html"]
                    .iter()
                    .any(|extension| piece.ends_with(extension))
        });
        let rooted = files.map(|piece| format!("/{}", piece.trim_start_matches(['.', '/'])));
        rooted.collect()
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

    /// Every file in src/http/play/ is of a type the router serves (else it would be left
    /// out), and is served.
    #[tokio::test]
    async fn every_file_of_the_page_is_served() {
        for (name, _) in FILES {
            assert!(content_type(name).is_some(), "{name}: no content type");
            headers_of(&path_of(name)).await;
        }
        let list = headers_of(FILE_LIST).await;
        assert_eq!(list[CONTENT_TYPE], "application/json");
    }

    /// Every board kind has its drawing, a script that adds it to the player's `BOARD_KINDS`
    /// under the kind's name and a style sheet, both listed for the element to load and for
    /// the service worker to keep; and every board file belongs to a board kind.
    #[test]
    fn every_board_kind_has_its_drawing_and_every_drawing_its_kind() {
        let list = file_list();
        let shell = list["shell"].as_array().unwrap();
        for (&kind, listed) in BoardKind::ALL
            .iter()
            .zip(list["boards"].as_array().unwrap())
        {
            let name = serde_json::to_value(kind).unwrap();
            let [script, style] = board_files(kind);
            assert_eq!(
                listed,
                &json!({"kind": name, "script": script, "style": style})
            );
            let registered = format!("BOARD_KINDS.{} = ", name.as_str().unwrap());
            assert!(
                file(&script).contains(&registered),
                "{script} does not draw {name}"
            );
            file(&style);
            for path in [format!("/{script}"), format!("/{style}")] {
                assert!(shell.contains(&json!(path)), "the shell leaves out {path}");
            }
        }
        assert_eq!(
            list["boards"].as_array().unwrap().len(),
            BoardKind::ALL.len()
        );
        let drawings: Vec<String> = BoardKind::ALL
            .iter()
            .flat_map(|&kind| board_files(kind))
            .collect();
        for (name, _) in FILES.iter().filter(|(name, _)| name.starts_with("board-")) {
            assert!(
                drawings.iter().any(|drawing| drawing == name),
                "{name} draws no board kind (BoardKind::ALL: {:?})",
                BoardKind::ALL
            );
        }
    }

    /// The service worker keeps every file of the page, the list itself and the package.
    #[test]
    fn the_shell_holds_every_file_of_the_page() {
        let list = file_list();
        let shell = list["shell"].as_array().unwrap();
        let wanted = FILES.iter().map(|(name, _)| path_of(name));
        let wanted = wanted
            .chain([FILE_LIST.to_string()])
            .chain(PACKAGE_FILES.map(String::from));
        for path in wanted {
            assert!(shell.contains(&json!(path)), "the shell leaves out {path}");
        }
    }

    /// Every file the page, the embed example, the element, the page's scripts and the service
    /// worker name is served (the element names its files relative to the service), and the
    /// element and the service worker read the file list.
    #[tokio::test]
    async fn everything_the_page_loads_is_served() {
        let readers = ["index.html", "embed-example.html", "sum-puzzle.js", "sw.js"];
        let scripts = FILES
            .iter()
            .filter(|(name, _)| name.starts_with("play") && name.ends_with(".js"));
        let mut named: Vec<String> = readers
            .iter()
            .flat_map(|name| quoted_files(file(name)))
            .collect();
        named.extend(scripts.flat_map(|(_, text)| quoted_files(text)));
        named.sort();
        named.dedup();
        let mut served = 0;
        for path in named.iter().filter(|path| !path.starts_with("/wasm/")) {
            headers_of(path).await;
            served += 1;
        }
        // The page's style sheet, icon, manifest and element, the example's three, the
        // element's classic scripts and style sheet, the file list.
        assert!(
            served >= 12,
            "only {served} files found to check: {named:?}"
        );
        for reader in ["sum-puzzle.js", "sw.js"] {
            let quoted = quoted_files(file(reader));
            assert!(
                quoted.iter().any(|path| path == FILE_LIST),
                "{reader} does not read {FILE_LIST}"
            );
        }
    }

    /// The worker loads the package from the paths the server serves it at.
    #[test]
    fn the_worker_loads_the_served_package() {
        for path in ["'/wasm/index.js'", "'/wasm/pkg/sumpuzzles_bg.wasm'"] {
            assert!(
                file(WORKER_FILE).contains(path),
                "play-worker.js does not load {path}"
            );
        }
        assert!(file("play-engine.js")
            .contains("new Worker(new URL('/play-worker.js', player.base), { type: 'module' })"));
    }
}
