//! Every tunable game's part in the tuner, checked from the tuner's side
//! (test builds only): the recorded form gives exactly the engine's
//! evaluation ([`super::checks`]), the embedded weights file names the
//! layout, and the game-specific filters hold. The games are reached
//! through their [`super::Tunable`] impls and public evaluations, so
//! `games/` never imports the tuner.

mod draughts;
mod hop;
mod makruk;
mod ogi;
mod tak;
