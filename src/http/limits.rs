//! The limits on what a request may send, in one place: the readers that enforce them (the
//! extractors, the early refusals of the server) and the problem details that state them to
//! the client both read them here.

/// The largest request head (HTTP/1 read buffer, HTTP/2 header list): 431 beyond.
pub const MAX_HEAD_BYTES: usize = 64 * 1024;
/// The most headers a request may have: 431 beyond.
pub const MAX_HEADERS: usize = 100;
/// The longest request target (path and query string) the service reads.
pub const MAX_URI_BYTES: usize = 8192;

/// How many pieces (HTTP/1 chunks or reads, HTTP/2 DATA frames) a body may come in before
/// their size counts: beyond, pieces of [`MIN_AVERAGE_PIECE`] bytes on average. Each piece
/// costs the runtime a microsecond or two whatever its size, so a 1 MiB body in 1-byte chunks
/// cost 1.6-1.9 s of CPU outside the workers (issue 31); refused here, it costs a few
/// milliseconds. A 1 MiB body in 256-byte pieces (a slow link's reads are ~1,400) passes.
pub const MAX_BODY_PIECES: u64 = 4096;
/// The least average size of a body's pieces beyond the first [`MAX_BODY_PIECES`].
pub const MIN_AVERAGE_PIECE: u64 = 64;
