//! The backgammon game value: its options (rule set, Jacoby, search
//! depth) and how positions are made; and the position's text side.

use super::board::BAR;
use super::ids;
use super::notation;
use super::position::{BgMove, BgPosition, Phase, RuleSet};
use crate::games::{
    DialectKey, Game, GameError, GamePosition, MoveNotation, OptionKind, OptionSpec,
};
use crate::rules::RulesPosition;

pub const OPTION_RULES: &str = "Rules";
pub const OPTION_JACOBY: &str = "Jacoby";
pub const OPTION_PLY: &str = "Ply";

/// The UBGI keys of the game's options (protocol-spec/backgammon.md §3):
/// the handshake lists them in this order, with each option's type, range
/// and default; v0.1's names for them (§3.5); `Ply`'s range bounds `go
/// ... depth`, which counts decisions as it does.
pub const UBGI_KEYS: [DialectKey; 3] = [
    DialectKey {
        key: "game.variant",
        option: OPTION_RULES,
        text: "rule set",
        new_game: true,
        v01_name: Some("Variant"),
        bounds_go_depth: false,
    },
    DialectKey {
        key: "game.jacoby",
        option: OPTION_JACOBY,
        text: "Jacoby rule in money games without a Match ID",
        new_game: false,
        v01_name: Some("Jacoby"),
        bounds_go_depth: false,
    },
    DialectKey {
        key: "engine.ply",
        option: OPTION_PLY,
        text: "root-inclusive decision depth",
        new_game: false,
        v01_name: Some("Ply"),
        bounds_go_depth: true,
    },
];

/// The option a name sets: a UBGI key names its option, any other name
/// is the option's own.
fn option_named(name: &str) -> &str {
    let name = name.trim();
    UBGI_KEYS
        .iter()
        .find(|k| k.key == name)
        .map_or(name, |k| k.option)
}

#[derive(Debug, Clone)]
pub struct Backgammon {
    pub rules: RuleSet,
    pub jacoby: bool,
    pub ply: u8,
}

fn parse_bool(name: &str, value: &str) -> Result<bool, GameError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        v => Err(GameError::Parse(format!(
            "invalid value '{}' for option {name}: expected true or false",
            crate::games::shorten(v)
        ))),
    }
}

impl Backgammon {
    /// Settings the game hands to every position it makes.
    fn configure(&self, mut pos: BgPosition) -> BgPosition {
        pos.rules = self.rules;
        pos.ply = self.ply;
        pos
    }
}

impl Game for Backgammon {
    type Pos = BgPosition;
    type Search = crate::search::Expectimax;
    const ID: &'static str = "backgammon";

    fn new() -> Self {
        Backgammon {
            rules: RuleSet::Backgammon,
            jacoby: true,
            ply: 2,
        }
    }

    fn options(&self) -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                name: OPTION_RULES.to_string(),
                kind: OptionKind::Combo {
                    default: "backgammon".to_string(),
                    vars: vec!["backgammon".to_string(), "tavla".to_string()],
                },
            },
            OptionSpec {
                name: OPTION_JACOBY.to_string(),
                kind: OptionKind::Check { default: true },
            },
            OptionSpec {
                name: OPTION_PLY.to_string(),
                kind: OptionKind::Spin {
                    default: 2,
                    min: 1,
                    max: 3,
                },
            },
        ]
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        // UBGI's key names are accepted too (a match referee is given the
        // options of UBGI engines).
        let n = option_named(name);
        if n.eq_ignore_ascii_case(OPTION_RULES) {
            self.rules = RuleSet::parse(&value.trim().to_ascii_lowercase()).ok_or_else(|| {
                GameError::Parse(format!(
                    "invalid value '{}' for option Rules: expected backgammon or tavla",
                    crate::games::shorten(value.trim())
                ))
            })?;
        } else if n.eq_ignore_ascii_case(OPTION_JACOBY) {
            self.jacoby = parse_bool(OPTION_JACOBY, value)?;
        } else if n.eq_ignore_ascii_case(OPTION_PLY) {
            self.ply = match value.trim().parse::<u8>() {
                Ok(p @ 1..=3) => p,
                _ => {
                    return Err(GameError::Parse(format!(
                        "Ply must_be 1..3, got '{}'",
                        crate::games::shorten(value.trim())
                    )));
                }
            };
        } else {
            return Err(GameError::Unsupported(format!(
                "unknown backgammon option '{n}'"
            )));
        }
        Ok(())
    }

    /// Another rule set is a different game: a new one starts (the same
    /// rule set again keeps the position).
    fn option_restarts_game(&self, name: &str, value: &str) -> bool {
        let rules = option_named(name).eq_ignore_ascii_case(OPTION_RULES);
        rules && RuleSet::parse(&value.trim().to_ascii_lowercase()).is_some_and(|r| r != self.rules)
    }

    fn start_position(&self) -> BgPosition {
        self.configure(BgPosition::start(self.rules, self.jacoby))
    }

    fn parse_position(&self, text: &str) -> Result<BgPosition, GameError> {
        let pos = ids::parse_position(text, self.rules, self.jacoby)?;
        Ok(self.configure(pos))
    }

    fn single_line_search(&self) -> Option<String> {
        Some("backgammon's search reports one line".to_string())
    }

    fn bench_positions(&self) -> Vec<String> {
        use super::bench::{BENCH_POSITIONS, BENCH_SEED, sample_positions};
        sample_positions(self.rules, self.jacoby, BENCH_SEED, BENCH_POSITIONS)
            .iter()
            .map(GamePosition::to_notation)
            .collect()
    }

    /// The engine's default ply: what a user's searches cost.
    fn bench_depth(&self) -> u32 {
        u32::from(self.ply)
    }

    fn prepare_bench(&self) {
        super::eval::bearoff::database();
    }

    fn prepare_session(&self) {
        super::eval::bearoff::build_in_background();
    }

    fn prepare_search(&self, pos: &mut BgPosition) {
        pos.ply = self.ply;
    }

    fn ubgi_keys(&self) -> &'static [DialectKey] {
        &UBGI_KEYS
    }

    fn position_keywords(&self) -> &'static [&'static str] {
        &["gnubgid", "xgid", "fen"]
    }

    fn notation_label(&self) -> &'static str {
        "Gnubgid"
    }
}

impl GamePosition for BgPosition {
    fn to_notation(&self) -> String {
        ids::write_gnubgid(self)
    }

    fn parse_move(&self, text: &str, _notation: MoveNotation) -> Result<BgMove, GameError> {
        notation::parse_move(self, text)
    }

    fn format_move(&self, mv: BgMove, notation: MoveNotation) -> String {
        notation::format_move(self, mv, notation)
    }

    fn play(&mut self, mv: BgMove) {
        self.make(mv);
    }

    fn legal_move_list(&self) -> Vec<BgMove> {
        let mut v = Vec::new();
        self.generate_legal(&mut v);
        v
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn chance_outcome(&self) -> Option<String> {
        self.dice().map(|(a, b)| format!("{a}{b}"))
    }

    fn set_chance_outcome(&mut self, outcome: Option<&str>) -> Result<(), GameError> {
        match outcome {
            None => {
                self.clear_dice();
                Ok(())
            }
            Some(text) => {
                let digits: Vec<u8> = text
                    .chars()
                    .map(|c| c.to_digit(10).map_or(0, |d| d as u8))
                    .collect();
                match digits.as_slice() {
                    [a, b] => self.set_dice(*a, *b).map_err(GameError::Illegal),
                    _ => Err(GameError::Parse(format!(
                        "expected two dice, got '{}'",
                        crate::games::shorten(text)
                    ))),
                }
            }
        }
    }

    /// A ply is a roll and its play (oracle convention): from before the
    /// roll over the 21 rolls, from a rolled position over its plays.
    fn perft(&mut self, depth: u32) -> u64 {
        let board = *self.board();
        let mut perft = super::perft::Perft::default();
        match self.phase() {
            _ if depth == 0 => 1,
            Phase::Rolled(..) => self
                .plays()
                .iter()
                .map(|p| perft.leaves(&p.apply(&board).flipped(), depth - 1, false))
                .sum(),
            _ => perft.leaves(&board, depth, false),
        }
    }

    /// Root children are whole turns (`31:8/5,6/5`), as the oracle lists
    /// them, or the plays of the dice already rolled.
    fn perft_divide(&self, depth: u32, notation: MoveNotation) -> Vec<(String, u64)> {
        if depth == 0 || self.outcome().is_some() {
            return Vec::new();
        }
        let board = *self.board();
        let turns: Vec<BgMove> = match self.phase() {
            Phase::Rolled(..) => self.plays().into_iter().map(BgMove::Play).collect(),
            _ => super::board::rolls()
                .flat_map(|(a, b, _)| {
                    super::position::plays_or_pass(&board, a, b)
                        .into_iter()
                        .map(move |p| BgMove::Turn(a, b, p))
                })
                .collect(),
        };
        // One perft for all children: positions they share are counted once.
        let mut perft = super::perft::Perft::default();
        turns
            .into_iter()
            .map(|mv| {
                let play = match mv {
                    BgMove::Play(p) | BgMove::Turn(_, _, p) => p,
                    _ => Default::default(),
                };
                let leaves = perft.leaves(&play.apply(&board).flipped(), depth - 1, false);
                (self.format_move(mv, notation_for_divide(notation)), leaves)
            })
            .collect()
    }
}

/// Divide lines name whole turns in either notation.
fn notation_for_divide(_notation: MoveNotation) -> MoveNotation {
    MoveNotation::Uci
}

/// A text board from bottom's side: top's home board (points 24..19 seen
/// by bottom is 1..6 of top) at the top, bottom's home at the bottom
/// right, `X` bottom's checkers and `O` top's.
fn diagram(pos: &BgPosition) -> String {
    let s = &pos.state;
    // Both sides in bottom's numbering.
    let (bottom, top) = if s.on_roll == 0 {
        (&s.board.mover, &s.board.other)
    } else {
        (&s.board.other, &s.board.mover)
    };
    let cell = |p: usize| -> String {
        let b = bottom.get(p).copied().unwrap_or(0);
        let t = top.get(25 - p).copied().unwrap_or(0);
        match (b, t) {
            (0, 0) => "  .".to_string(),
            (n, 0) => format!("{n:>2}X"),
            (_, n) => format!("{n:>2}O"),
        }
    };
    let row = |points: &mut dyn Iterator<Item = usize>| -> String {
        points.map(cell).collect::<Vec<_>>().join("")
    };
    let mut out = String::new();
    out.push_str(" 13 14 15 16 17 18   19 20 21 22 23 24\n");
    out.push_str(&format!(
        "{} |{}   O bar {} off {}\n",
        row(&mut (13..=18)),
        row(&mut (19..=24)),
        top[BAR],
        top[0]
    ));
    out.push_str(&format!(
        "{} |{}   X bar {} off {}\n",
        row(&mut (7..=12).rev()),
        row(&mut (1..=6).rev()),
        bottom[BAR],
        bottom[0]
    ));
    out.push_str(" 12 11 10  9  8  7    6  5  4  3  2  1\n");
    let on_roll = if s.on_roll == 0 {
        "X (bottom)"
    } else {
        "O (top)"
    };
    let dice = match s.phase {
        Phase::Rolled(a, b) => format!(", rolled {a}{b}"),
        Phase::DoubleOffered => ", doubled".to_string(),
        _ => String::new(),
    };
    let owner = match s.cube_owner {
        None => "centred".to_string(),
        Some(0) => "X".to_string(),
        Some(_) => "O".to_string(),
    };
    out.push_str(&format!(
        "on roll: {on_roll}{dice}; cube {} ({owner}); pips X {} O {}",
        pos.cube_value(),
        pips(bottom),
        pips(top)
    ));
    if pos.info.length > 0 {
        out.push_str(&format!(
            "\nmatch to {}: X {} O {}{}",
            pos.info.length,
            pos.info.score[0],
            pos.info.score[1],
            if pos.info.crawford {
                ", Crawford game"
            } else {
                ""
            }
        ));
    }
    out.push_str(&format!("\nXgid: {}", ids::write_xgid(pos)));
    out
}

/// The pip count of a side.
pub fn pips(side: &[u8; 26]) -> u32 {
    side.iter()
        .enumerate()
        .map(|(p, &n)| p as u32 * u32::from(n))
        .sum()
}
