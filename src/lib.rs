//! tabula: a board-game engine daemon speaking UCI-family protocols.
//!
//! The floors, the flow of one command and the traits are described in
//! docs/architecture.md; the protocol contract is protocol-spec/.
//!
//! Layers, lowest first (tests/floors.rs fails on an import that climbs):
//! * [`rules`]: the rules core every game implements (turn, legal moves,
//!   make/unmake, key), apart from any search; the seeded random stream.
//! * [`evalkit`]: what every evaluation is written against (sink, weight
//!   layouts, weight files), below the games.
//! * [`search`]: game-generic searches (alpha-beta, expectimax, multi-player),
//!   time, hash, worker thread.
//! * [`games`]: one folder per game: rules, notation, evaluation.
//! * [`engine`]: per-game sessions that own a search worker; the registry.
//! * [`protocol`]: command grammar (nom), dialects, reply formatting, the
//!   session loop and its I/O threads.
//! * [`engineclient`]: one engine process seen from a GUI's side of its
//!   dialect, for the match runner and the tuner's teacher.
//! * [`matchrunner`]: `tabula match`, engine-vs-engine matches.
//! * [`tune`]: `tabula tune`, evaluation weights fitted to game results.
//! * [`cli`]: the sub-commands `perft`, `bench`, `match` and `tune`.
//! * [`out`] (aside, depends on nothing): the sub-commands' stdout lines.

pub mod cli;
pub mod engine;
pub mod engineclient;
pub mod evalkit;
pub mod games;
pub mod learn;
pub mod matchrunner;
pub mod out;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod tune;
