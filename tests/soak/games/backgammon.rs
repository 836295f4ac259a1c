//! Backgammon is soaked by its own fuzzer, over both its dialects.

use crate::games::Soaked;

pub const SOAKED: Soaked = Soaked {
    profiles: &[],
    elsewhere: &[
        ("ubgi", "tests/backgammon_fuzz.rs"),
        ("uci", "tests/backgammon_fuzz.rs"),
    ],
};
