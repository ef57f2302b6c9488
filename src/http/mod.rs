//! The HTTP service: a thin door over [`crate::ops`].
//!
//! - [`state`]: the configuration, the state every request shares, and [`AppState::run`],
//!   the one way a handler runs an operation (on the worker [`pool`], under the request's
//!   budget and the deadline);
//! - [`extract`]: the extractors that read a request into an operation's request type;
//! - one router per resource: [`generate`] (generate, daily, batch: cache headers and the
//!   stream), [`puzzles`] (the operations on a puzzle), [`service`] (genres, health,
//!   readiness, metrics), [`docs`] (the OpenAPI document and Swagger UI), [`play`] (the play
//!   page, outside the document);
//! - [`problem`]: every failure as problem details; [`responses`]: the statuses each endpoint
//!   documents;
//! - [`server`]: [`app`] (the routes with their layers) and [`serve`] (the accept loop with a
//!   header-read timeout, and a graceful shutdown that first turns `/readyz` to 503, then
//!   stops accepting and lets requests under way finish).

pub mod docs;
pub mod extract;
pub mod generate;
pub mod metrics;
pub mod play;
pub mod pool;
pub mod problem;
pub mod puzzles;
pub mod responses;
pub mod server;
pub mod service;
pub mod state;

pub use docs::openapi;
pub use server::{app, serve, serve_on};
pub use state::{AppState, ServerConfig};
