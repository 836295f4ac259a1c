//! Halma's part in the tuner ([`crate::tune`]): its weight table
//! (`eval_weights.rs`), the shared hop evaluation's form and its `.hmr`
//! records, read by [`crate::games::hopboard::tune`].

use super::{Halma, Position};
use crate::games::hopboard::tune::hop_tunable;

hop_tunable!(Halma, "halma", "src/games/halma/eval_weights.rs");
