//! The games tabula plays. Adding a game is one line in [`VARIANTS`] and one
//! arm in [`create`].

use super::session::{EngineSession, GameSession};
use crate::games::makruk::Makruk;
use crate::games::ogi::Ogi;
use crate::games::tak::Tak;
use crate::search::SearchEvent;
use crossbeam_channel::Sender;

/// Variant ids in the order `UCI_Variant` lists them; the first is the
/// default of the UCI dialect.
pub const VARIANTS: &[&str] = &["makruk", "tak", "ogi"];

/// A new session for `variant`, or `None` for an unknown id.
pub fn create(
    variant: &str,
    events: Sender<SearchEvent>,
    hash_mb: usize,
) -> Option<Box<dyn EngineSession>> {
    match variant {
        "makruk" => Some(Box::new(GameSession::<Makruk>::new(events, hash_mb))),
        "tak" => Some(Box::new(GameSession::<Tak>::new(events, hash_mb))),
        "ogi" => Some(Box::new(GameSession::<Ogi>::new(events, hash_mb))),
        _ => None,
    }
}
