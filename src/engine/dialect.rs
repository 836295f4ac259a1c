//! The dialects tabula speaks, named once. The registry lists each game's
//! dialects with this enum, the daemon (`protocol/`) answers in it and the
//! engine client (`engineclient/`) speaks it from the GUI's side; each of
//! those adds its own behaviour in an `impl Dialect` of its own module
//! (`protocol/dialect.rs`, `engineclient/dialect.rs`). What is here is pure
//! data: the wire name and the words every side agrees on.
//!
//! Adding a dialect is one line in the enum (and [`Dialect::ALL`]) plus
//! its module: the compiler then names every match that must answer it.

use crate::games::MoveNotation;

/// A protocol dialect, chosen by its handshake word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// `uci`: the default dialect, and the one every game speaks.
    #[default]
    Uci,
    /// `usi`: Shogi's dialect (Ōgi).
    Usi,
    /// `tei`: Tak's dialect (Racetrack).
    Tei,
    /// `ubgi`: backgammon's dialect (protocol-spec/backgammon.md).
    Ubgi,
    /// `xboard`: CECP (XBoard/WinBoard protocol v2), see `protocol/cecp.rs`.
    Cecp,
    /// `hub`: Scan's Hub v2 for draughts, see `protocol/hub.rs`.
    Hub,
}

impl Dialect {
    /// Every dialect, in the order the client lists them.
    pub const ALL: [Dialect; 6] = [
        Dialect::Uci,
        Dialect::Usi,
        Dialect::Tei,
        Dialect::Ubgi,
        Dialect::Cecp,
        Dialect::Hub,
    ];

    /// The handshake word that selects the dialect on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Usi => "usi",
            Dialect::Tei => "tei",
            Dialect::Ubgi => "ubgi",
            Dialect::Cecp => "xboard",
            Dialect::Hub => "hub",
        }
    }

    /// The dialect whose handshake word is exactly `word`.
    pub fn from_name(word: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == word)
    }

    /// The last line of the handshake reply (CECP answers `protover` with
    /// features instead: empty).
    pub fn handshake_ok(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Usi => "usiok",
            Dialect::Tei => "teiok",
            Dialect::Ubgi => "ubgiok",
            Dialect::Cecp => "",
            Dialect::Hub => "wait",
        }
    }

    /// The dialect's own new-game command; the others' words are refused
    /// (protocol-spec/overview.md §2), so a GUI learns at once it sent the
    /// wrong dialect's word.
    pub fn new_game_word(self) -> &'static str {
        match self {
            Dialect::Uci => "ucinewgame",
            Dialect::Usi => "usinewgame",
            Dialect::Tei => "teinewgame",
            Dialect::Ubgi => "newgame",
            Dialect::Cecp => "new",
            Dialect::Hub => "new-game",
        }
    }

    /// True when the new-game command takes an argument (`teinewgame <size>`).
    pub fn new_game_takes_argument(self) -> bool {
        self == Dialect::Tei
    }

    /// The word that sets an option, for error messages.
    pub fn set_option_word(self) -> &'static str {
        match self {
            Dialect::Hub => "set-param",
            _ => "setoption",
        }
    }

    /// False when the GUI must not see `info string` lines during a search
    /// (Racetrack rejects them in TEI).
    pub fn info_strings_in_search(self) -> bool {
        self != Dialect::Tei
    }

    /// Which move notation games write in this dialect.
    pub fn move_notation(self) -> MoveNotation {
        match self {
            Dialect::Uci | Dialect::Cecp => MoveNotation::Uci,
            Dialect::Hub => MoveNotation::Hub,
            Dialect::Usi | Dialect::Tei | Dialect::Ubgi => MoveNotation::Native,
        }
    }

    /// The clock words of the first and the second player: USI's first
    /// player (sente) is Black, so its clock is `btime`; everywhere else
    /// the first player is White.
    pub fn clock_words(self) -> [(&'static str, &'static str); 2] {
        match self {
            Dialect::Usi => [("btime", "binc"), ("wtime", "winc")],
            _ => [("wtime", "winc"), ("btime", "binc")],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_round_trip() {
        for d in Dialect::ALL {
            assert_eq!(Dialect::from_name(d.name()), Some(d));
        }
        assert_eq!(Dialect::from_name("xboard"), Some(Dialect::Cecp));
        assert_eq!(Dialect::from_name("cecp"), None);
        assert_eq!(Dialect::from_name("UCI"), None);
        assert_eq!(Dialect::default(), Dialect::Uci);
    }
}
