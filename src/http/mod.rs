//! The HTTP service: a thin door over [`crate::ops`]. Public here is what an embedding
//! application or the binary needs: [`app`], [`admin_app`] (the admin listener's routes, which
//! the tests call in process too), [`serve`], [`serve_on`], [`openapi`], [`AppState`],
//! [`ServerConfig`] and the types its fields name ([`clients`], [`puzzle_pool`]), and
//! [`memory::on_park`]. The rest is the crate's own:
//!
//! - `state.rs`: the configuration, the state every request shares, and `AppState::run`, the
//!   one way a handler runs an operation's plan (on the worker pool, `pool.rs`, under the
//!   request's budget and the deadline);
//! - `wasm.rs`: the WebAssembly package's routes, and the policy a page that runs it needs;
//! - `extract.rs`: the extractors that read a request into an operation's request type;
//! - one router per resource: `generate.rs` (generate, daily, batch: cache headers; the
//!   batch's stream in `batch.rs`), `booklet.rs` (a book as PDF, under a batch's rules; `print` feature),
//!   `puzzles.rs` (the operations on a puzzle), `service.rs` (genres, health, readiness,
//!   metrics), `docs.rs` (the OpenAPI document and Swagger UI; `schema_forms.rs` writes its
//!   schemas in forms every client generator reads), `play.rs` (the play page, outside the
//!   document);
//! - `answers.rs`: the answers of seeded generations (`/generate` with a seed, `/daily`, a
//!   batch's lines), kept in memory within a bound in bytes and each made once; they are kept
//!   in `answer_cache.rs`, with the form an answer is sent in;
//! - [`puzzle_pool`]: pregenerated puzzles per configured genre, shape and level, filled by
//!   idle workers, serving unseeded `/generate` requests;
//! - `problem.rs`: every failure as problem details; `responses.rs`: the statuses each
//!   endpoint documents; `limits.rs`: the limits on what a request may send, which the
//!   readers enforce and the problems state;
//! - [`clients`]: who a request is from (the peer, a trusted proxy's forwarded address, an
//!   API key) and the per-client limits (rate, requests on the pool at once);
//! - `conn.rs`: the connections (bounds from accept, idle bounds, a cap with a reserve for
//!   health probes, half-close, hyper's own errors as problem details, lingering close);
//! - [`logging`]: the log, with the HTTP libraries' warnings about clients' connections
//!   counted and summed up;
//! - `server.rs`: [`app`] (the routes with their layers); `listen.rs`: [`serve`] (the accept
//!   loop, an admin listener for `/metrics`, and a graceful shutdown that first turns
//!   `/readyz` to 503, then stops accepting and lets requests under way finish).
//!
//! What an anonymous client meets, and the figures behind it, are in docs/edge.md.

pub(crate) mod answer_cache;
pub(crate) mod answers;
pub(crate) mod batch;
#[cfg(feature = "print")]
pub(crate) mod booklet;
pub mod clients;
pub(crate) mod conn;
pub(crate) mod docs;
pub(crate) mod extract;
pub(crate) mod generate;
pub(crate) mod limits;
pub(crate) mod listen;
pub mod logging;
pub mod memory;
pub(crate) mod metrics;
pub(crate) mod play;
pub(crate) mod pool;
pub(crate) mod problem;
pub mod puzzle_pool;
pub(crate) mod puzzles;
pub(crate) mod responses;
pub(crate) mod schema_forms;
pub(crate) mod server;
pub(crate) mod service;
pub(crate) mod state;
pub(crate) mod wasm;

pub use docs::openapi;
pub use listen::{admin_app, serve, serve_on};
pub use server::app;
pub use state::{AppState, ServerConfig, DEFAULT_ANSWER_CACHE_BYTES};
