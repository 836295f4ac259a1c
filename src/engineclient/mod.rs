//! The engine client: one engine process seen from a GUI's side of its
//! dialect. It starts the process, does the handshake, sends options,
//! positions and searches, and reads the answers in every dialect the
//! daemon speaks, through the dialect's module in `protocol::dialects`
//! (the lines to send, how to read what comes back). `tabula match` plays
//! its engines through it and `tabula tune --teacher` asks its teacher
//! through it; it knows neither.
//!
//! * [`dialect`]: [`Dialect`], the dialects that can play a game, the
//!   game's native dialect ([`native_dialect`]), search [`Limit`]s.
//! * [`client`]: [`Client`], the process, its reader thread and deadlines.
//! * [`options`]: a user's option checked against the options an engine
//!   announced.
//! * [`command_line`]: an engine's command line and `Name=Value` options
//!   as the user types them.
//!
//! A search's score read from its `info` lines, [`EngineScore`], is
//! `protocol::score`'s.

pub mod client;
pub mod command_line;
pub mod dialect;
pub mod options;

pub use crate::protocol::score::{EngineScore, ScoreValue};
pub use client::{BestMove, Client, ClientError, EngineSpec};
pub use command_line::{parse_option, split_command};
pub use dialect::{Dialect, Limit, home_dialect, native_dialect};
