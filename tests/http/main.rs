#![cfg(feature = "server")]
//! The HTTP service's endpoints through the application's router (`oneshot` through every
//! layer the server has, no socket; what the connections do is tests/edge): generation, the
//! operations on a puzzle, each genre, the published Killer Sudoku puzzles, every registered
//! genre through every endpoint, bad input and shedding, the document and the service endpoints.

#[path = "../common/mod.rs"]
mod common;

#[cfg(feature = "print")]
mod booklet;
mod every_genre;
mod generate;
mod genres;
mod killer_sudoku;
mod problems;
mod puzzles;
mod service;
