//! Engine sessions: one per game kind, each owning a search worker thread,
//! and the registry of games. Knows no protocol text.

pub mod dialect;
pub mod error;
pub mod registry;
pub mod session;

pub use dialect::Dialect;
pub use error::{EngineError, ErrorKind};
pub use session::{BenchPosition, BenchReport, EngineSession, GameSession};
