//! The dialects tabula speaks, named once. The registry lists each game's
//! dialects with this enum, the daemon (`protocol/`) answers in it and the
//! engine client (`engineclient/`) speaks it from the GUI's side.
//!
//! What is here is the enum's own data: each dialect's handshake word,
//! which the registry's rows and the tests below `protocol/` read too.
//! Everything a dialect does, on either side of the pipe (its handshake
//! reply, new-game word, clocks, notation, options, scores, errors, the
//! lines a client sends and reads), is its module in `protocol/dialects/`,
//! reached through `Dialect::speech`, the one `match` from this enum to
//! those modules.
//!
//! Adding a dialect is one line here, its module in `protocol/dialects/`,
//! and its arm in `Dialect::speech`.

/// The dialects, each with its handshake word: the enum, [`Dialect::ALL`]
/// and [`Dialect::name`] come from this one list.
macro_rules! dialects {
    ($($(#[$attr:meta])* $variant:ident = $word:literal,)+) => {
        /// A protocol dialect, chosen by its handshake word.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
        pub enum Dialect {
            $($(#[$attr])* $variant,)+
        }

        impl Dialect {
            /// Every dialect, in the order the client lists them.
            pub const ALL: [Dialect; [$($word),+].len()] = [$(Dialect::$variant),+];

            /// The handshake word that selects the dialect on the wire.
            pub fn name(self) -> &'static str {
                match self {
                    $(Dialect::$variant => $word,)+
                }
            }
        }
    };
}

dialects! {
    /// `uci`: the default dialect, and the one every game speaks.
    #[default]
    Uci = "uci",
    /// `usi`: Shogi's dialect (Ōgi).
    Usi = "usi",
    /// `tei`: Tak's dialect (Racetrack).
    Tei = "tei",
    /// `ubgi`: backgammon's dialect (protocol-spec/backgammon.md).
    Ubgi = "ubgi",
    /// `xboard`: CECP (XBoard/WinBoard protocol v2), see
    /// `protocol/dialects/cecp.rs`.
    Cecp = "xboard",
    /// `hub`: Scan's Hub v2 for draughts, see `protocol/dialects/hub.rs`.
    Hub = "hub",
}

impl Dialect {
    /// The dialect whose handshake word is exactly `word`.
    pub fn from_name(word: &str) -> Option<Dialect> {
        Dialect::ALL.into_iter().find(|d| d.name() == word)
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
