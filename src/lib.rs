//! tabula: a board-game engine daemon speaking UCI-family protocols.
//!
//! Layers (see ../shared/ARCHITECTURE.md and protocol-spec/):
//! * [`protocol`]: command grammar (nom), dialects, reply formatting.
//! * [`engine`]: per-game sessions that own a search worker; the registry.
//! * [`search`]: game-generic search (alpha-beta), time, hash, worker thread.
//! * [`games`]: one folder per game: rules, notation, evaluation.

pub mod games;
pub mod search;
