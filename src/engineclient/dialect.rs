//! A dialect as the GUI side speaks it: the lines a client sends (the
//! handshake, options, positions, searches) built from the daemon's own
//! tables, so that both sides of a pipe read one definition.

pub use crate::engine::Dialect;
use crate::engine::registry;
use crate::protocol::dialects::hub;
use crate::rules::Decision;

/// The dialects the GUI side speaks, in the order it lists them: all but
/// CECP, which tabula answers but does not drive.
const SPOKEN: [Dialect; 5] = [
    Dialect::Uci,
    Dialect::Usi,
    Dialect::Tei,
    Dialect::Ubgi,
    Dialect::Hub,
];

/// The GUI side of each dialect.
impl Dialect {
    /// True when the engine client speaks this dialect (not CECP).
    pub fn client_speaks(self) -> bool {
        SPOKEN.contains(&self)
    }

    /// True when an engine spoken to in this dialect can play `game`: the
    /// registry lists the dialects each game is played over.
    pub fn plays(self, game: &str) -> bool {
        registry::entry(game).is_some_and(|g| g.speaks(self))
    }

    /// The dialects the client speaks that can play `game`.
    pub fn playing(game: &str) -> Vec<Dialect> {
        SPOKEN.into_iter().filter(|d| d.plays(game)).collect()
    }

    /// The option that selects the game over this dialect, as
    /// Fairy-Stockfish names it: `UCI_Variant`, `USI_Variant`; Hub's is
    /// Scan's `variant` (TEI and UBGI engines play one game and have none).
    pub fn variant_option(self) -> Option<&'static str> {
        match self {
            Dialect::Uci => Some("UCI_Variant"),
            Dialect::Usi => Some("USI_Variant"),
            Dialect::Hub => Some("variant"),
            Dialect::Tei | Dialect::Ubgi | Dialect::Cecp => None,
        }
    }

    /// A dialect the client speaks, by its handshake word in any case
    /// (`--proto`).
    pub fn parse_spoken(s: &str) -> Option<Dialect> {
        Dialect::from_name(&s.to_ascii_lowercase()).filter(|d| d.client_speaks())
    }

    /// `ucinewgame`, `usinewgame`, `teinewgame <size>`.
    pub fn new_game(self, arg: Option<&str>) -> String {
        let w = self.speech().new_game_word();
        match arg {
            Some(a) => format!("{w} {a}"),
            None => w.to_string(),
        }
    }

    /// The keyword before a position in `position ...`.
    pub fn position_keyword(self) -> &'static str {
        match self {
            Dialect::Uci => "fen",
            Dialect::Usi => "sfen",
            Dialect::Tei => "tps",
            Dialect::Ubgi => "gnubgid",
            Dialect::Hub => "pos",
            // Never sent (the client does not drive CECP): `setboard` takes a FEN.
            Dialect::Cecp => "fen",
        }
    }

    /// True when the dialect is told the whole current position before
    /// each decision instead of a start and the moves since (UBGI).
    pub fn sends_whole_position(self) -> bool {
        self == Dialect::Ubgi
    }

    /// The `go` of a dialect that names the decision it asks for (UBGI's
    /// `go cube` before the roll or on a double, `go chequer` after it);
    /// `None` where `go` carries the clocks instead.
    pub fn go_for(self, decision: Decision) -> Option<&'static str> {
        match (self, decision) {
            (Dialect::Ubgi, Decision::Cube) => Some("go cube"),
            (Dialect::Ubgi, _) => Some("go chequer"),
            _ => None,
        }
    }

    /// How an engine option is set: UBGI's `set <key> <value>`, Hub's
    /// `set-param name=<n> value=<v>`, the others' `setoption name <n>
    /// value <v>`.
    pub fn set_option(self, name: &str, value: &str) -> String {
        match self {
            Dialect::Ubgi => format!("set {name} {value}"),
            Dialect::Hub => hub::format("set-param", &[("name", name), ("value", value)]),
            _ => format!("setoption name {name} value {value}"),
        }
    }
    /// `position startpos|<kw> <pos> [moves ...]`; Hub: `pos pos=<pos>
    /// moves="..."` (`pos start` without a position).
    pub fn position(self, start: Option<&str>, moves: &[String]) -> String {
        if self == Dialect::Hub {
            let joined = moves.join(" ");
            let mut args = Vec::new();
            if let Some(p) = start {
                args.push(("pos", p));
            }
            if !moves.is_empty() {
                args.push(("moves", joined.as_str()));
            }
            let line = hub::format("pos", &args);
            return match start {
                Some(_) => line,
                None => line.replacen("pos", "pos start", 1),
            };
        }
        let mut s = match start {
            None => "position startpos".to_string(),
            Some(p) => format!("position {} {p}", self.position_keyword()),
        };
        if !moves.is_empty() {
            s.push_str(" moves");
            for m in moves {
                s.push(' ');
                s.push_str(m);
            }
        }
        s
    }

    /// `go` with both clocks, `first` being the first player's, named as
    /// the daemon's dialect table names them (White's `wtime` in UCI/TEI,
    /// sente's `btime` in USI).
    pub fn go_clock(self, first: i64, second: i64, inc: u64, movestogo: Option<u32>) -> String {
        let (first, second) = (first.max(0), second.max(0));
        let [(t1, i1), (t2, i2)] = self.speech().clock_words();
        let mut s = format!("go {t1} {first} {t2} {second} {i1} {inc} {i2} {inc}");
        if let Some(m) = movestogo {
            s.push_str(&format!(" movestogo {m}"));
        }
        s
    }

    /// Hub's search request for a clock: the mover's time only, in
    /// seconds (`level time=12.5 inc=0.1 [moves=N]`), then `go think`.
    pub fn hub_clock(own_ms: i64, inc_ms: u64, movestogo: Option<u32>) -> String {
        let time = seconds(own_ms.max(0) as u64);
        let inc = seconds(inc_ms);
        let moves = movestogo.map(|m| m.to_string());
        let mut args = vec![("time", time.as_str()), ("inc", inc.as_str())];
        if let Some(m) = &moves {
            args.push(("moves", m));
        }
        format!("{}\ngo think", hub::format("level", &args))
    }

    /// The request for a search to a fixed depth, node count or time per
    /// move (Hub: a `level` line and `go think`).
    pub fn go_limit(self, limit: Limit) -> String {
        match (self, limit) {
            (Dialect::Hub, Limit::Depth(d)) => format!("level depth={d}\ngo think"),
            (Dialect::Hub, Limit::Nodes(n)) => format!("level nodes={n}\ngo think"),
            (Dialect::Hub, Limit::MoveTime(ms)) => {
                format!("level move-time={}\ngo think", seconds(ms))
            }
            (_, Limit::Depth(d)) => format!("go depth {d}"),
            (_, Limit::Nodes(n)) => format!("go nodes {n}"),
            (_, Limit::MoveTime(ms)) => format!("go movetime {ms}"),
        }
    }

    /// The `go` of a game of more than two players: the mover's clock as
    /// `wtime`/`winc` (what an engine without per-player clocks reads)
    /// and every player's as `p<k>time`/`p<k>inc` (UCI extension,
    /// protocol-spec/uci.md).
    pub fn go_player_clocks(
        clocks: &[i64],
        mover: usize,
        inc: u64,
        movestogo: Option<u32>,
    ) -> String {
        let mine = clocks.get(mover).copied().unwrap_or(0).max(0);
        let mut s = format!("go wtime {mine} winc {inc}");
        for (k, t) in clocks.iter().enumerate() {
            s.push_str(&format!(" p{}time {}", k + 1, t.max(&0)));
        }
        for k in 0..clocks.len() {
            s.push_str(&format!(" p{}inc {inc}", k + 1));
        }
        if let Some(m) = movestogo {
            s.push_str(&format!(" movestogo {m}"));
        }
        s
    }
}

/// A fixed limit of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    Depth(u32),
    Nodes(u64),
    MoveTime(u64),
}

/// Milliseconds as Hub's seconds: `1500` → `1.500`.
fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// The dialect `game`'s engines speak unless told otherwise: the first
/// dialect the registry lists for it that the client speaks.
pub fn native_dialect(game: &str) -> Dialect {
    registry::entry(game)
        .and_then(|g| g.dialects.iter().copied().find(|d| d.client_speaks()))
        .unwrap_or(Dialect::Uci)
}

/// The game's own dialect: the first the registry lists.
pub fn home_dialect(game: &str) -> Dialect {
    registry::entry(game)
        .and_then(|g| g.dialects.first().copied())
        .unwrap_or(Dialect::Uci)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dialect_lines() {
        let m = vec!["e3e4".to_string(), "e6e5".to_string()];
        assert_eq!(
            Dialect::Uci.position(None, &m),
            "position startpos moves e3e4 e6e5"
        );
        assert_eq!(
            Dialect::Tei.position(Some("x3/x3/x3 1 1"), &[]),
            "position tps x3/x3/x3 1 1"
        );
        assert_eq!(
            Dialect::Uci.go_clock(1000, 2000, 100, None),
            "go wtime 1000 btime 2000 winc 100 binc 100"
        );
        assert_eq!(
            Dialect::Usi.go_clock(1000, 2000, 0, Some(5)),
            "go btime 1000 wtime 2000 binc 0 winc 0 movestogo 5"
        );
        assert_eq!(Dialect::Tei.new_game(Some("5")), "teinewgame 5");
    }

    #[test]
    fn dialects_that_play_each_game() {
        assert_eq!(Dialect::playing("makruk"), vec![Dialect::Uci]);
        assert_eq!(Dialect::playing("ogi"), vec![Dialect::Uci, Dialect::Usi]);
        assert_eq!(Dialect::playing("tak"), vec![Dialect::Uci, Dialect::Tei]);
        assert_eq!(
            Dialect::playing("russian"),
            vec![Dialect::Uci, Dialect::Hub]
        );
        assert_eq!(Dialect::playing("chess"), vec![]);
    }

    #[test]
    fn hub_lines() {
        let m = vec!["32-28".to_string(), "19-23".to_string()];
        assert_eq!(
            Dialect::Hub.position(Some("Wbe"), &m),
            r#"pos pos=Wbe moves="32-28 19-23""#
        );
        assert_eq!(Dialect::Hub.position(None, &[]), "pos start");
        assert_eq!(
            Dialect::hub_clock(61_500, 100, Some(7)),
            "level time=61.500 inc=0.100 moves=7\ngo think"
        );
        assert_eq!(
            Dialect::Hub.go_limit(Limit::MoveTime(250)),
            "level move-time=0.250\ngo think"
        );
        assert_eq!(Dialect::Uci.go_limit(Limit::Nodes(9)), "go nodes 9");
        assert_eq!(
            Dialect::Hub.set_option("variant", "russian"),
            "set-param name=variant value=russian"
        );
        assert_eq!(Dialect::Hub.new_game(None), "new-game");
    }
}
