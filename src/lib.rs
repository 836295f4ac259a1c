//! tabula: a board-game engine daemon speaking UCI-family protocols.
//!
//! The floors, the flow of one command and the traits are described in
//! docs/architecture.md; the protocol contract is protocol-spec/.
//!
//! Layers:
//! * [`protocol`]: command grammar (nom), dialects, reply formatting, the
//!   session loop and its I/O threads.
//! * [`engine`]: per-game sessions that own a search worker; the registry.
//! * [`rules`]: the rules core every game implements (turn, legal moves,
//!   make/unmake, key), apart from any search.
//! * [`search`]: game-generic searches (alpha-beta, expectimax, multi-player),
//!   time, hash, worker thread.
//! * [`evalkit`]: what every evaluation is written against (sink, weight
//!   layouts, weight files), below the games.
//! * [`games`]: one folder per game: rules, notation, evaluation.
//! * [`cli`]: the sub-commands `perft`, `bench`, `match` and `tune`.
//! * [`matchrunner`]: `tabula match`, engine-vs-engine matches.
//! * [`tune`]: `tabula tune`, evaluation weights fitted to game results.

pub mod cli;
pub mod engine;
pub mod engineclient;
pub mod evalkit;
pub mod games;
pub mod matchrunner;
pub mod out;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tune;
