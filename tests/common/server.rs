//! The service on real sockets, for the tests that are about them: in this process on
//! loopback ports the system chose ([`start_server`]), or as the `sumpuzzles serve` process
//! ([`Process`]). Each listener is bound to port 0 and its address read back: an address found
//! free and bound later may be taken in between by another server of the same test run.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use sumpuzzles::http::clients::KeyEntry;

use super::Client;

/// A server on an ephemeral loopback port, stopped when dropped.
pub struct RunningServer {
    pub address: SocketAddr,
    /// The admin listener's address, when the config asked for one.
    pub admin: Option<SocketAddr>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl RunningServer {
    /// A client of the API over real connections.
    pub fn client(&self) -> Client {
        Client::at(self.address)
    }

    /// A client of the admin listener (the config must have asked for one).
    pub fn admin_client(&self) -> Client {
        Client::at(self.admin.expect("the server has an admin listener"))
    }
}

impl Drop for RunningServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Starts the service with `config` (its address and drain replaced) on a free port, and its
/// admin listener, when `config.admin_bind` asks for one, on a free loopback port too.
pub async fn start_server(config: sumpuzzles::http::ServerConfig) -> RunningServer {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let admin_listener = match config.admin_bind {
        Some(_) => Some(tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap()),
        None => None,
    };
    let admin = admin_listener.as_ref().map(|l| l.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = sumpuzzles::http::ServerConfig {
        bind: address,
        drain: std::time::Duration::ZERO,
        ..config
    };
    tokio::spawn(sumpuzzles::http::serve_on(
        listener,
        admin_listener,
        config,
        async {
            let _ = stopped.await;
        },
    ));
    RunningServer {
        address,
        admin,
        stop: Some(stop),
    }
}

/// A `sumpuzzles serve` process on loopback ports the system chose (its log says which);
/// killed when dropped.
pub struct Process {
    child: Child,
    /// The API.
    pub api: Client,
    /// The admin listener, where `/metrics` is.
    pub admin: Client,
    /// The bytes of log it has written since it said where it listens.
    pub log_bytes: Arc<AtomicUsize>,
}

impl Process {
    /// Starts `sumpuzzles serve` with these environment settings (`SUMPUZZLES_WORKERS`, ...).
    pub fn start(settings: &[(&str, &str)]) -> Process {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sumpuzzles"))
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--admin-bind",
                "127.0.0.1:0",
            ])
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .envs(settings.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the service starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut lines = BufReader::new(stdout).lines();
        let field = |line: &str, name: &str| {
            let rest = line.split(name).nth(1)?;
            Some(rest.split_whitespace().next()?.to_string())
        };
        let (address, admin) = loop {
            let line = lines
                .next()
                .expect("the service says where it listens")
                .expect("a log line");
            if let Some(address) = field(&line, " address=") {
                break (
                    address,
                    field(&line, " admin=").expect("the admin listener"),
                );
            }
        };
        // Keep reading the log so that the service never blocks on a full pipe.
        let log_bytes = Arc::new(AtomicUsize::new(0));
        let counted = log_bytes.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                counted.fetch_add(line.len() + 1, Ordering::SeqCst);
            }
        });
        Process {
            log_bytes,
            child,
            api: Client::at_base(format!("http://{address}")),
            admin: Client::at_base(format!("http://{admin}")),
        }
    }
}

impl Process {
    /// Sends SIGTERM, as an orchestrator stopping the service does.
    #[cfg(unix)]
    pub fn terminate(&self) {
        let pid = i32::try_from(self.child.id()).expect("a process id");
        // SAFETY: kill only sends a signal to the process we started.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An API key with no allowance of its own (the service's defaults for each); a test sets the
/// ones it is about with `KeyEntry { budget: Some(..), ..api_key(..) }`.
pub fn api_key(key: &str, name: &str) -> KeyEntry {
    KeyEntry {
        key: key.into(),
        name: name.into(),
        work_ms: None,
        work_burst_ms: None,
        budget: None,
        generate_budget: None,
        concurrency: None,
    }
}
