//! The text side: one module per dialect with both sides of its pipe
//! (`dialects/`), the UCI family's command grammar (nom), option handling,
//! the I/O threads and the session loop. Knows no game's rules, and names
//! no game, game key or game option.

pub mod command;
pub mod daemon;
pub mod dialects;
pub mod io;
pub mod options;
pub mod score;

/// Hub's grammar at the path its readers outside the crate use.
pub use dialects::hub;
