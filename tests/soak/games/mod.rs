//! The games of the registry as the soak plays them: one module per game,
//! named by its registry id, holding its profiles (a dialect with the
//! game's seed lines, bad lines and move cycles) and their tests, and
//! naming the tests that soak its other dialects.

use crate::session::Profile;

/// How one game of the registry is soaked.
pub struct Soaked {
    /// The dialects the UCI-family soak plays it over.
    pub profiles: &'static [&'static Profile],
    /// The other handshakes of the game and where they are soaked.
    pub elsewhere: &'static [(&'static str, &'static str)],
}

/// Declares the game modules and lists them in [`ALL`].
macro_rules! games {
    ($($game:ident),+ $(,)?) => {
        $(mod $game;)+

        /// Every game module with its registry id.
        pub const ALL: &[(&str, &Soaked)] = &[$((stringify!($game), &$game::SOAKED)),+];
    };
}

games! {
    makruk,
    tak,
    ogi,
    backgammon,
    chinesecheckers,
    halma,
    international,
    russian,
}
