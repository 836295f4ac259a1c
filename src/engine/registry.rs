//! The games tabula plays: the one place a game is named. Adding a game is
//! one line in the `registry!` call below; the daemon, the CLI and the match
//! runner all find it here.

use super::dialect::Dialect;
use super::session::{EngineSession, GameSession};
use crate::games::Game;
use crate::games::backgammon::Backgammon;
use crate::games::chinesecheckers::ChineseCheckers;
use crate::games::draughts::{International, Russian};
use crate::games::halma::Halma;
use crate::games::makruk::Makruk;
use crate::games::ogi::Ogi;
use crate::games::record::MatchRules;
use crate::games::tak::Tak;
use crate::games::tunable::Tunable;
use crate::search::SearchEvent;
use crossbeam_channel::Sender;

/// One game of the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEntry {
    /// The variant id (`UCI_Variant`, the CLI, `tabula match --game`).
    pub id: &'static str,
    /// The dialects over which the game is played, its own first. A
    /// dialect other than UCI selects the first game that lists it (TEI →
    /// Tak); over UCI, `UCI_Variant` chooses among the games that list it.
    pub dialects: &'static [Dialect],
}

impl GameEntry {
    pub fn speaks(&self, dialect: Dialect) -> bool {
        self.dialects.contains(&dialect)
    }
}

/// Something to do with a game's types, chosen by variant id at run time:
/// the CLI and the match runner reach a game's `Game` type through this.
pub trait GameVisitor {
    type Output;
    fn visit<G: MatchRules>(self) -> Self::Output;
}

/// The same for the games whose registry row says `tunable`: the tune
/// command reaches a game's [`Tunable`] type through this.
pub trait TunableVisitor {
    type Output;
    fn visit<G: MatchRules + Tunable>(self) -> Self::Output;
}

/// Defines [`GAMES`], [`VARIANTS`], [`TUNABLE`], [`visit`] and
/// [`visit_tunable`] from one list, so that a game is named once. A row is
/// `Game => [dialects]`, followed by `tunable` when the game implements
/// [`Tunable`].
macro_rules! registry {
    ($($game:ty => [$($dialect:ident),+] $($tunable:ident)?),+ $(,)?) => {
        /// Every game, in the order `UCI_Variant` lists them; the first is
        /// the default of the UCI dialect.
        pub const GAMES: &[GameEntry] = &[
            $(GameEntry { id: <$game as Game>::ID, dialects: &[$(Dialect::$dialect),+] }),+
        ];

        /// The variant ids of [`GAMES`], in order.
        pub const VARIANTS: &[&str] = &[$(<$game as Game>::ID),+];

        /// Runs `visitor` with the game whose id is `id`; `None` for an
        /// unknown id.
        pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Option<V::Output> {
            $(
                if id == <$game as Game>::ID {
                    return Some(visitor.visit::<$game>());
                }
            )+
            None
        }

        /// The variant ids of the tunable games, in order.
        pub const TUNABLE: &[&str] = &[$($(registry!(@id $game, $tunable),)?)+];

        /// Runs `visitor` with the tunable game whose id is `id`; `None`
        /// for an unknown id or a game that is not tunable.
        pub fn visit_tunable<V: TunableVisitor>(id: &str, visitor: V) -> Option<V::Output> {
            $($(
                if id == registry!(@id $game, $tunable) {
                    return Some(visitor.visit::<$game>());
                }
            )?)+
            None
        }
    };
    // The id of a row marked `tunable` (any other word is refused).
    (@id $game:ty, tunable) => {
        <$game as Game>::ID
    };
}

registry! {
    Makruk => [Uci, Cecp] tunable,
    Tak => [Tei, Uci] tunable,
    Ogi => [Usi, Uci] tunable,
    Backgammon => [Ubgi, Uci],
    ChineseCheckers => [Uci] tunable,
    Halma => [Uci] tunable,
    International => [Hub, Uci] tunable,
    Russian => [Hub, Uci] tunable,
}

/// The entry of variant `id`.
pub fn entry(id: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|g| g.id == id)
}

/// The game a dialect other than UCI selects (TEI → `tak`): the first
/// that speaks it.
pub fn native_game(dialect: Dialect) -> Option<&'static str> {
    GAMES.iter().find(|g| g.speaks(dialect)).map(|g| g.id)
}

/// The variant ids playable over `dialect`, in registry order.
pub fn games_speaking(dialect: Dialect) -> Vec<&'static str> {
    GAMES
        .iter()
        .filter(|g| g.speaks(dialect))
        .map(|g| g.id)
        .collect()
}

/// True when `keyword` (`fen`, `sfen`, `tps`, ...) names a position format
/// of some registered game: the command grammar takes these words after
/// `position`; whether the current game reads it is the session's question.
pub fn is_position_keyword(keyword: &str) -> bool {
    struct Keywords;
    impl GameVisitor for Keywords {
        type Output = &'static [&'static str];
        fn visit<G: MatchRules>(self) -> Self::Output {
            G::new().position_keywords()
        }
    }
    GAMES
        .iter()
        .any(|g| visit(g.id, Keywords).is_some_and(|kws| kws.contains(&keyword)))
}

/// A new session for `variant`, or `None` for an unknown id.
pub fn create(
    variant: &str,
    events: Sender<SearchEvent>,
    hash_mb: usize,
) -> Option<Box<dyn EngineSession>> {
    struct NewSession {
        events: Sender<SearchEvent>,
        hash_mb: usize,
    }
    impl GameVisitor for NewSession {
        type Output = Box<dyn EngineSession>;
        fn visit<G: MatchRules>(self) -> Self::Output {
            Box::new(GameSession::<G>::new(self.events, self.hash_mb))
        }
    }
    visit(variant, NewSession { events, hash_mb })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_reach_their_game() {
        for (i, g) in GAMES.iter().enumerate() {
            assert!(
                GAMES[i + 1..].iter().all(|h| h.id != g.id),
                "{} twice",
                g.id
            );
            struct Id;
            impl GameVisitor for Id {
                type Output = &'static str;
                fn visit<G: MatchRules>(self) -> &'static str {
                    G::ID
                }
            }
            assert_eq!(visit(g.id, Id), Some(g.id));
        }
        assert_eq!(visit("chess", ()), None);
    }

    impl GameVisitor for () {
        type Output = ();
        fn visit<G: MatchRules>(self) {}
    }

    #[test]
    fn handshakes_select_games() {
        assert_eq!(native_game(Dialect::Tei), Some("tak"));
        assert_eq!(native_game(Dialect::Usi), Some("ogi"));
        assert_eq!(native_game(Dialect::Cecp), Some("makruk"));
        assert_eq!(native_game(Dialect::Hub), Some("international"));
        assert_eq!(
            games_speaking(Dialect::Hub),
            vec!["international", "russian"]
        );
        assert_eq!(games_speaking(Dialect::Uci), VARIANTS.to_vec());
        assert_eq!(games_speaking(Dialect::Cecp), vec!["makruk"]);
        assert!(entry("ogi").is_some_and(|e| e.speaks(Dialect::Usi) && !e.speaks(Dialect::Tei)));
        for kw in ["fen", "sfen", "tps"] {
            assert!(is_position_keyword(kw), "{kw}");
        }
        assert!(!is_position_keyword("startpos") && !is_position_keyword("moves"));
    }

    #[test]
    fn rows_marked_tunable_reach_the_tuner() {
        assert_eq!(
            TUNABLE,
            &[
                "makruk",
                "tak",
                "ogi",
                "chinesecheckers",
                "halma",
                "international",
                "russian"
            ]
        );
        struct Game;
        impl TunableVisitor for Game {
            type Output = &'static str;
            fn visit<G: MatchRules + Tunable>(self) -> &'static str {
                G::GAME
            }
        }
        for id in TUNABLE {
            assert_eq!(visit_tunable(id, Game), Some(*id));
        }
        assert_eq!(visit_tunable("backgammon", Game), None);
        assert_eq!(visit_tunable("chess", Game), None);
    }
}
