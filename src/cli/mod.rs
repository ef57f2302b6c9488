//! The `sumpuzzles` command's parts, each a concern of the binary alone (the library never
//! compiles them): the command line, the puzzle commands, generation, books, the health
//! check, and writing to standard output. `main.rs` dispatches to them.

pub mod booklet;
pub mod command;
pub mod generation;
pub mod healthcheck;
pub mod output;
pub mod puzzle;
