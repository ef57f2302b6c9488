//! The `sumpuzzles` command: solve, rate, check, convert and generate puzzles, make puzzle
//! books, and (with the `server` feature) serve them over HTTP. Its parts are in `cli/`; this
//! file runs the command the line names and reports a failure.

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

use sumpuzzles::ops::ProblemDetails;

mod cli;
#[cfg(feature = "server")]
mod serve;

use cli::command::{Cli, Command};
use cli::{booklet, generation, healthcheck, puzzle};

#[cfg(feature = "server")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`sumpuzzles ... | head`): nothing left to say to anyone.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {error:?}");
            // An engine error is also written as the problem object the service would send:
            // what kind of failure, and for a budget that ran out how far the work got.
            let engine = error
                .downcast_ref::<sumpuzzles::Error>()
                .cloned()
                .or_else(|| {
                    let input = error.downcast_ref::<sumpuzzles::InputError>()?;
                    Some(sumpuzzles::Error::Input(input.clone()))
                });
            if let Some(error) = engine {
                let problem = ProblemDetails::from(&error);
                let json = serde_json::to_string_pretty(&problem).expect("a problem is JSON");
                eprintln!("{json}");
            }
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn run() -> Result<()> {
    match Cli::parse().command {
        Command::Solve { puzzle, limit } => puzzle::solve(&puzzle, limit),
        Command::Rate { puzzle } => puzzle::rate(&puzzle),
        Command::Check {
            puzzle,
            answer,
            finish,
        } => puzzle::check(&puzzle, &answer, finish),
        Command::Hint { puzzle, answer } => puzzle::hint(&puzzle, &answer),
        Command::Render {
            puzzle,
            answer,
            solution,
            finish,
        } => puzzle::render(&puzzle, answer.as_ref(), solution, finish),
        Command::Format { puzzle, to } => puzzle::format(&puzzle, to),
        Command::Generate {
            generation,
            no_solution,
        } => generation::generate(&generation, no_solution),
        Command::Booklet(args) => booklet::booklet(*args),
        #[cfg(feature = "server")]
        Command::Serve(args) => serve::serve(*args),
        Command::Healthcheck { url } => healthcheck::healthcheck(&url),
        #[cfg(feature = "server")]
        Command::Openapi => cli::output::print_json(&sumpuzzles::http::openapi()),
    }
}
