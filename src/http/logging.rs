//! The service's log: text or JSON lines on standard output, filtered by `RUST_LOG` (`info`
//! by default), with the warnings of the HTTP/2 and HTTP/1 libraries (h2's `recv_reset;
//! remotely-reset pending-accept streams reached limit` and the like) counted and summed up
//! rather than written one per event: each is what one client did to its own connection, and
//! a client that reconnects in a loop once wrote 5.7 MB of them in 15 s (issue 31). They are
//! counted in `sumpuzzles_protocol_warnings_total{source}` and summed up in one WARN line per
//! 10 s, as the service's own refusals are.

use tracing::field::{Field, Visit};
use tracing::{Event, Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{filter, EnvFilter, Layer};

use super::metrics;

/// The libraries whose warnings are about a client's own connection.
const PROTOCOL_SOURCES: [&str; 3] = ["h2", "hyper", "hyper_util"];

/// The library an event comes from, when it is one of [`PROTOCOL_SOURCES`] and the event a
/// warning or an error (their debug and trace events are written as `RUST_LOG` asks).
fn protocol_warning(metadata: &Metadata<'_>) -> Option<&'static str> {
    if *metadata.level() > Level::WARN {
        return None;
    }
    let crate_name = metadata.target().split("::").next()?;
    PROTOCOL_SOURCES
        .into_iter()
        .find(|source| *source == crate_name)
}

/// The kind of a warning for the summary: its message up to the first detail (`;`, `:`, `(`),
/// so that the values in it make no new kinds.
fn kind(message: &str) -> String {
    let end = message.find([';', ':', '(']).unwrap_or(message.len());
    message[..end].trim().chars().take(60).collect()
}

static PROTOCOL_LOG: metrics::Summary =
    metrics::Summary::new("warnings of the HTTP libraries about clients' connections (summed up)");

/// Counts and sums up the protocol warnings (see the module's docs).
struct ProtocolWarnings;

/// Reads an event's message.
#[derive(Default)]
struct Message(String);

impl Visit for Message {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0 = value.to_string();
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

impl<S: Subscriber> Layer<S> for ProtocolWarnings {
    fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
        let Some(source) = protocol_warning(event.metadata()) else {
            return;
        };
        let mut message = Message::default();
        event.record(&mut message);
        ::metrics::counter!(metrics::PROTOCOL_WARNINGS, "source" => source).increment(1);
        PROTOCOL_LOG.note(&format!("{source}: {}", kind(&message.0)));
    }
}

/// Installs the log for `format` (`text` or `json`); colours only on a terminal, so that a
/// log file or a container's log gets plain text.
pub fn init(format: &str) -> Result<(), String> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let written = filter::filter_fn(|metadata| protocol_warning(metadata).is_none());
    let lines = match format {
        "json" => tracing_subscriber::fmt::layer().json().boxed(),
        "text" => tracing_subscriber::fmt::layer()
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
            .boxed(),
        other => return Err(format!("--log-format takes text or json, not '{other}'")),
    };
    tracing_subscriber::registry()
        .with(filter)
        .with(lines.with_filter(written))
        .with(ProtocolWarnings)
        .try_init()
        .map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_warnings_kind_leaves_its_values_out() {
        assert_eq!(
            kind("recv_reset; remotely-reset pending-accept streams reached limit (20)"),
            "recv_reset"
        );
        assert_eq!(
            kind("locally-reset streams reached limit (1024)"),
            "locally-reset streams reached limit"
        );
        assert_eq!(
            kind("recv PING ack that we never sent: Ping { ack: true }"),
            "recv PING ack that we never sent"
        );
    }
}
