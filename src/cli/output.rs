//! Writing to standard output: a failed write (a closed pipe) is an error for `main` to
//! handle, not a panic as with `print!`.

use std::io::Write;

use anyhow::Result;
use serde::Serialize;

/// Writes `text` as it is.
pub fn out(text: &str) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(text.as_bytes())?;
    stdout.flush()?;
    Ok(())
}

/// Writes `text` and a newline.
pub fn out_line(text: &str) -> Result<()> {
    out(&format!("{text}\n"))
}

/// Writes `value` as pretty JSON, on lines of its own.
pub fn print_json(value: &impl Serialize) -> Result<()> {
    out_line(&serde_json::to_string_pretty(value)?)
}
