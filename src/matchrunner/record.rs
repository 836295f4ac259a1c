//! What the runner needs to know about a game beyond its rules and record
//! format: the dialect its engines speak natively, and how `--size` and the
//! komi reach the engines. Records themselves are written by each game
//! ([`crate::games::record`]).

use super::client::{Dialect, EngineSpec};
use crate::games::makruk::Makruk;
use crate::games::ogi::Ogi;
use crate::games::tak::ptn_file;
use crate::games::tak::{self, Tak};

pub use crate::games::record::{GameRecord, GameResult, RecordFormat, Termination, today};

/// What `tabula match` needs from a game.
pub trait MatchGame: RecordFormat {
    /// The dialect the game's engines speak natively.
    const DIALECT: Dialect;
    /// The engine option that carries the komi (Tak: `HalfKomi`, in half
    /// flats), if the game has komi.
    const KOMI_OPTION: Option<&'static str> = None;
    /// Applies `--size` and the komi (half points); returns the argument of
    /// the new-game command (`teinewgame 5`), if the game has one.
    fn configure(
        &mut self,
        size: Option<u32>,
        half_komi: Option<i32>,
    ) -> Result<Option<String>, String> {
        if size.is_some() {
            return Err(format!("{} has no board size option", Self::ID));
        }
        if half_komi.is_some() {
            return Err(format!("{} has no komi", Self::ID));
        }
        Ok(None)
    }
    /// `setoption`s every engine speaking `dialect` is sent so that it
    /// plays the referee's rules (Tak: `HalfKomi` when the komi is not 0,
    /// and `TakSize` outside TEI, which has no `teinewgame <size>`).
    fn rule_options(&self, _dialect: Dialect) -> Vec<(String, String)> {
        Vec::new()
    }
}

impl MatchGame for Makruk {
    const DIALECT: Dialect = Dialect::Uci;
}

/// Tak: TEI engines, PTN records (protocol-spec/tak.md §6). The board size
/// comes from `--size` (default 6) and reaches the engines as `teinewgame
/// <size>`; the komi from `--komi` (or the engines' `HalfKomi` option) and
/// reaches them as `setoption name HalfKomi`.
impl MatchGame for Tak {
    const DIALECT: Dialect = Dialect::Tei;
    const KOMI_OPTION: Option<&'static str> = Some(tak::OPTION_HALF_KOMI);

    fn configure(
        &mut self,
        size: Option<u32>,
        half_komi: Option<i32>,
    ) -> Result<Option<String>, String> {
        let size = size.unwrap_or(6);
        self.size = tak::parse_size(&size.to_string()).map_err(|e| format!("--size: {e}"))?;
        if let Some(h) = half_komi {
            if !(-10..=10).contains(&h) {
                return Err(format!(
                    "komi {} out of range -5..5 (HalfKomi -10..10)",
                    ptn_file::format_komi(h)
                ));
            }
            self.half_komi = h;
        }
        Ok(Some(self.size.to_string()))
    }

    fn rule_options(&self, dialect: Dialect) -> Vec<(String, String)> {
        let mut v = Vec::new();
        if dialect != Dialect::Tei {
            v.push((tak::OPTION_SIZE.to_string(), self.size.to_string()));
        }
        if self.half_komi != 0 {
            v.push((
                tak::OPTION_HALF_KOMI.to_string(),
                self.half_komi.to_string(),
            ));
        }
        v
    }
}

impl MatchGame for Ogi {
    const DIALECT: Dialect = Dialect::Usi;
}

/// An engine as a game starts it in `dialect`: the game's rule options
/// ([`MatchGame::rule_options`]) follow the user's `--option`s, unless the
/// user set the same option.
pub fn engine_for<G: MatchGame>(game: &G, spec: &EngineSpec, dialect: Dialect) -> EngineSpec {
    let mut e = spec.clone();
    for (name, value) in game.rule_options(dialect) {
        if !e.options.iter().any(|(n, _)| n.eq_ignore_ascii_case(&name)) {
            e.options.push((name, value));
        }
    }
    e
}
