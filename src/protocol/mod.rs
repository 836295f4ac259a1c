//! The text side: command grammar (nom), dialects, option handling, the I/O
//! threads and the session loop. Knows no game's rules.

pub mod cecp;
pub mod command;
pub mod daemon;
pub mod dialect;
pub mod hub;
pub mod io;
pub mod options;
pub mod ubgi;
