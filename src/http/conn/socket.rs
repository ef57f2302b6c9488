//! The socket of one connection ([`ConnIo`]): what goes over it besides what hyper writes
//! (see the [`super`] documentation): a half-close after a request that asked to close is
//! hidden from hyper until the response is out, hyper's own bare error answers are replaced by
//! problem details, and a socket closed while the client may still be sending lingers.

use std::io;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;

use super::super::problem::status_problem;
use super::registry::{Connection, Connections};

/// How long a closed connection may keep reading what the client still sends, in all.
const LINGER_TIME: Duration = Duration::from_secs(5);
/// How long it waits for more before it closes.
const LINGER_IDLE: Duration = Duration::from_secs(1);

/// The status of a response hyper wrote by itself, for a request head it could not read: an
/// error status with an empty body and no content type. Every error the application answers
/// is problem details (a middleware sees to it), so nothing else looks like this.
fn bare_error_status(written: &[u8]) -> Option<StatusCode> {
    let rest = written
        .strip_prefix(b"HTTP/1.1 ")
        .or_else(|| written.strip_prefix(b"HTTP/1.0 "))?;
    let code = std::str::from_utf8(rest.get(..3)?)
        .ok()?
        .parse::<u16>()
        .ok()?;
    let status = StatusCode::from_u16(code).ok()?;
    let end = written.windows(4).position(|w| w == b"\r\n\r\n")?;
    // The whole response is its head, and the write holds nothing after it.
    if end + 4 != written.len() || !(status.is_client_error() || status.is_server_error()) {
        return None;
    }
    let head = String::from_utf8_lossy(&written[..end]).to_ascii_lowercase();
    let empty = head.contains("\r\ncontent-length: 0") && !head.contains("\r\ncontent-type:");
    empty.then_some(status)
}

/// A whole HTTP/1.1 response with problem details, closing the connection.
pub(super) fn problem_bytes(status: StatusCode, problem: &crate::ops::ProblemDetails) -> Vec<u8> {
    let body = serde_json::to_vec(problem).unwrap_or_default();
    let retry = if status == StatusCode::SERVICE_UNAVAILABLE {
        "retry-after: 1\r\n"
    } else {
        ""
    };
    let mut response = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/problem+json\r\ncontent-length: {}\r\n{retry}connection: close\r\n\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes();
    response.extend_from_slice(&body);
    response
}

/// The socket of one connection, as hyper reads and writes it (see the module's docs).
pub struct ConnIo {
    stream: Option<TcpStream>,
    connection: Arc<Connection>,
    connections: Arc<Connections>,
    /// Problem details standing in for what hyper wrote, still to be sent.
    pending: Vec<u8>,
    /// The client half-closed after a request that asked to close: reads wait for good.
    hidden_eof: bool,
}

impl ConnIo {
    pub(super) fn new(
        stream: TcpStream,
        connection: Arc<Connection>,
        connections: Arc<Connections>,
    ) -> ConnIo {
        ConnIo {
            stream: Some(stream),
            connection,
            connections,
            pending: Vec::new(),
            hidden_eof: false,
        }
    }

    fn stream(&mut self) -> Pin<&mut TcpStream> {
        Pin::new(
            self.stream
                .as_mut()
                .expect("the stream is taken only on drop"),
        )
    }

    /// Writes `buf` after what stands in for hyper's own answer, or that answer in its place.
    fn poll_write_through(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        std::task::ready!(self.poll_pending(cx))?;
        if let Some(status) = bare_error_status(buf) {
            self.pending = problem_bytes(status, &status_problem(status));
            // hyper's bytes count as written; ours go out now or on the next flush.
            let _ = self.poll_pending(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        self.stream().poll_write(cx, buf)
    }

    /// Writes what stands in for hyper's own answer before anything else.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            let pending = std::mem::take(&mut self.pending);
            match self.stream().poll_write(cx, &pending) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => self.pending = pending[n..].to_vec(),
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                Poll::Pending => {
                    self.pending = pending;
                    return Poll::Pending;
                }
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncRead for ConnIo {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.hidden_eof {
            // Woken again when the response is ready; hyper then closes the connection.
            return Poll::Pending;
        }
        let before = buf.filled().len();
        std::task::ready!(this.stream().poll_read(cx, buf))?;
        let read = buf.filled().len() - before;
        if read > 0 {
            let earlier = this
                .connection
                .bytes_read
                .fetch_add(read as u64, Ordering::Relaxed);
            if earlier == 0 {
                let mut first = [0u8; 4];
                let got = &buf.filled()[before..];
                let n = got.len().min(4);
                first[..n].copy_from_slice(&got[..n]);
                this.connection
                    .first_bytes
                    .store(u32::from_be_bytes(first), Ordering::Relaxed);
            }
        } else if buf.remaining() > 0 {
            this.connection.read_eof.store(true, Ordering::SeqCst);
            if !this.connection.idle() && this.connection.wants_close.load(Ordering::SeqCst) {
                this.hidden_eof = true;
                return Poll::Pending;
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for ConnIo {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = this.poll_write_through(cx, buf);
        this.connection.write_blocked(written.is_pending());
        written
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let flushed = match this.poll_pending(cx) {
            Poll::Ready(Ok(())) => this.stream().poll_flush(cx),
            other => other,
        };
        this.connection.write_blocked(flushed.is_pending());
        flushed
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        std::task::ready!(this.poll_pending(cx))?;
        this.stream().poll_shutdown(cx)
    }
}

impl Drop for ConnIo {
    fn drop(&mut self) {
        let Some(stream) = self.stream.take() else {
            return;
        };
        // A client that stopped taking its response: reset, so that what was not sent is
        // dropped now rather than kept by the kernel for a reader that does not read.
        if self.connection.stalled.load(Ordering::SeqCst) {
            reset(&stream);
            return;
        }
        // Part of an HTTP/1 head and then nothing within the header timeout: a slow client,
        // told so (hyper's own timer closes without a word). HTTP/2 has no such answer.
        let connection = &self.connection;
        if connection.head_timed_out.load(Ordering::SeqCst)
            && connection.bytes_read.load(Ordering::SeqCst) > 0
            && connection.first_bytes.load(Ordering::Relaxed).to_be_bytes() != *b"PRI "
            && self.connections.start_lingering()
        {
            let connections = self.connections.clone();
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move {
                    let mut stream = stream;
                    let status = StatusCode::REQUEST_TIMEOUT;
                    let answer = problem_bytes(status, &status_problem(status));
                    if tokio::time::timeout(LINGER_IDLE, stream.write_all(&answer))
                        .await
                        .is_ok()
                    {
                        linger(stream, LINGER_IDLE).await;
                    }
                    connections.lingering.fetch_sub(1, Ordering::SeqCst);
                });
            } else {
                connections.lingering.fetch_sub(1, Ordering::SeqCst);
            }
            return;
        }
        // Nothing more can come (the client closed), or nothing was asked (a silent socket).
        if self.connection.read_eof.load(Ordering::SeqCst)
            || self.connection.requests.load(Ordering::SeqCst) == 0
            || !self.connections.start_lingering()
        {
            return;
        }
        let connections = self.connections.clone();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                linger(stream, LINGER_IDLE).await;
                connections.lingering.fetch_sub(1, Ordering::SeqCst);
            });
        } else {
            connections.lingering.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Makes closing `stream` reset the connection (SO_LINGER of 0): unsent data is dropped.
fn reset(stream: &TcpStream) {
    #[cfg(unix)]
    {
        use std::os::fd::AsRawFd;
        let linger = libc::linger {
            l_onoff: 1,
            l_linger: 0,
        };
        // SAFETY: setsockopt reads the struct it is given, of the size it is told.
        unsafe {
            libc::setsockopt(
                stream.as_raw_fd(),
                libc::SOL_SOCKET,
                libc::SO_LINGER,
                std::ptr::addr_of!(linger).cast(),
                std::mem::size_of::<libc::linger>() as libc::socklen_t,
            );
        }
    }
    #[cfg(not(unix))]
    let _ = stream;
}

/// Closes the sending side, then reads and drops what the client still sends, until it
/// stops for `idle` or [`LINGER_TIME`] has passed: closing a socket with unread data resets
/// the connection, and the client would lose the response it has not read yet.
pub(super) async fn linger(mut stream: TcpStream, idle: Duration) {
    let _ = stream.shutdown().await;
    let until = Instant::now() + LINGER_TIME;
    let mut sink = vec![0u8; 16 * 1024];
    while Instant::now() < until {
        match tokio::time::timeout(idle, stream.read(&mut sink)).await {
            Ok(Ok(read)) if read > 0 => {}
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hypers_own_error_answers_are_recognised() {
        let hyper_400 = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(bare_error_status(hyper_400), Some(StatusCode::BAD_REQUEST));
        let hyper_431 = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(
            bare_error_status(hyper_431),
            Some(StatusCode::from_u16(431).unwrap())
        );
        // Our own answers carry a body and a content type, and success is never touched.
        let ours = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/problem+json\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_error_status(ours), None);
        let ok = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_error_status(ok), None);
        let with_body = b"HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}";
        assert_eq!(bare_error_status(with_body), None);
    }
}
