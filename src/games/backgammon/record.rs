//! Backgammon's record: the `.mat` match-file text that GNU Backgammon,
//! eXtreme Gammon and BGBlitz import, laid out as GNU Backgammon exports
//! it: `; [Key "value"]` header lines and the match length once (with
//! game 1), then per game its number, the score line, one line per turn
//! number with both players' turns (`31: 8/5 6/5`, bar `25`, off `0`,
//! hits `*`; ` Doubles => 2`, ` Takes`, ` Drops`) and the points won.

use super::Backgammon;
use super::board::{BAR, Board};
use super::ids;
use super::play::Play;
use super::position::{BgMove, BgPosition, RuleSet};
use crate::games::record::{GameRecord, MatchRules, RecordFormat};
use crate::games::{GamePosition, MoveNotation};
use crate::rules::RulesPosition;

/// Where the second player's column starts on a turn line.
const COLUMN: usize = 33;

/// A play as `.mat` files write it: one submove per die, `25` for the bar,
/// `0` for off, `*` after a hit, sorted from the highest source point.
fn mat_play(board: &Board, play: &Play) -> String {
    let mut b = *board;
    let mut moves: Vec<(u8, u8, bool)> = play
        .steps()
        .iter()
        .map(|s| {
            let (from, die) = (usize::from(s.from), usize::from(s.die));
            let hit = b.step(from, die);
            (s.from, from.saturating_sub(die) as u8, hit)
        })
        .collect();
    moves.sort_by_key(|m| std::cmp::Reverse((m.0, m.1)));
    moves
        .iter()
        .map(|&(from, to, hit)| {
            let from = if usize::from(from) == BAR { 25 } else { from };
            format!("{from}/{to}{}", if hit { "*" } else { "" })
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The seat of the match's engine `engine` in this game (seats rotate;
/// a `.mat` file keeps one column per player of the match).
fn seat_of(rec: &GameRecord, engine: usize) -> usize {
    rec.seat_engines
        .iter()
        .position(|&e| e == engine)
        .unwrap_or(engine)
}

/// The name of the match's player `engine` (0 = the left column).
fn column_name(rec: &GameRecord, engine: usize) -> String {
    rec.players
        .get(seat_of(rec, engine))
        .cloned()
        .unwrap_or_default()
}

/// The header and match length, written before game 1.
fn header(rec: &GameRecord, pos: &BgPosition) -> String {
    let name = |k: usize| column_name(rec, k);
    let mut out = String::new();
    out.push_str(&format!("; [Site \"{}\"]\n", rec.event));
    out.push_str(&format!("; [Player 1 \"{}\"]\n", name(0)));
    out.push_str(&format!("; [Player 2 \"{}\"]\n", name(1)));
    out.push_str(&format!("; [EventDate \"{}\"]\n", rec.date));
    out.push_str("; [Variation \"Backgammon\"]\n");
    let jacoby = if pos.info.jacoby { "On" } else { "Off" };
    out.push_str(&format!("; [Jacoby \"{jacoby}\"]\n"));
    if let Some(seed) = rec.seed {
        out.push_str(&format!("; [Seed \"{seed}\"]\n"));
    }
    out.push_str(&format!("\n {} point match\n\n", pos.info.length));
    out
}

impl RecordFormat for Backgammon {
    const SIDES: [&'static str; 2] = ["Bottom", "Top"];
    const RECORD_EXT: &'static str = "mat";

    fn write_record(&self, rec: &GameRecord) -> String {
        let mut pos = self.record_start(rec);
        let name = |k: usize| column_name(rec, k);
        // The seat that writes in the left column.
        let left_seat = seat_of(rec, 0);
        let mut out = if rec.number <= 1 {
            header(rec, &pos)
        } else {
            String::new()
        };
        out.push_str(&format!(" Game {}\n", rec.number));
        // A match's score is in the position; a money session's is the
        // runner's running total.
        let score = |k: usize| {
            if pos.info.length == 0 {
                return rec.session_points.get(k).copied().unwrap_or(0);
            }
            let seat = seat_of(rec, k);
            pos.info.score.get(seat).copied().unwrap_or(0)
        };
        let left = format!(" {} : {}", name(0), score(0));
        out.push_str(&format!(
            "{left:<width$}{} : {}\n",
            name(1),
            score(1),
            width = COLUMN - 1
        ));
        let columns = turn_columns(&mut pos, rec);
        write_columns(&mut out, &columns, left_seat);
        if let Some(o) = pos.outcome()
            && let Some(w) = o.winner()
        {
            let points = o.points.get(w).copied().unwrap_or(1);
            let pad = if w == left_seat { 6 } else { COLUMN + 7 };
            let unit = if points == 1 { "point" } else { "points" };
            out.push_str(&format!("{:pad$}Wins {points} {unit}\n", ""));
        }
        out.push('\n');
        out
    }
}

/// Each player's turn as one column of the record: the roll and its play,
/// or a cube action; `pos` is played along to the last readable move.
fn turn_columns(pos: &mut BgPosition, rec: &GameRecord) -> Vec<(usize, String)> {
    let mut columns: Vec<(usize, String)> = Vec::new();
    for text in &rec.moves {
        let Ok(mv) = pos.parse_move(text, MoveNotation::Native) else {
            break;
        };
        let player = pos.side_to_move();
        let column = match mv {
            BgMove::Roll(a, b) => Some(format!("{a}{b}:")),
            BgMove::Play(p) => {
                let play = mat_play(pos.board(), &p);
                match columns.last_mut() {
                    Some((who, c)) if *who == player && c.ends_with(':') => {
                        if !play.is_empty() {
                            c.push(' ');
                            c.push_str(&play);
                        }
                        None
                    }
                    _ => Some(play),
                }
            }
            BgMove::Turn(a, b, p) => Some(format!("{a}{b}: {}", mat_play(pos.board(), &p))),
            BgMove::Double => Some(format!(" Doubles => {}", pos.cube_value() * 2)),
            BgMove::Take => Some(" Takes".to_string()),
            BgMove::Drop => Some(" Drops".to_string()),
            BgMove::NoDouble => None,
        };
        if let Some(c) = column {
            columns.push((player, c));
        }
        pos.play(mv);
    }
    columns
}

/// Writes the columns two to a line: the left seat's, then the right one's.
fn write_columns(out: &mut String, columns: &[(usize, String)], left_seat: usize) {
    let mut line = 0;
    let mut rest = columns;
    while let Some(((first, text), tail)) = rest.split_first() {
        line += 1;
        let (left, right) = match (first, tail.first()) {
            (s, Some((t, right))) if *s == left_seat && *t != left_seat => {
                rest = tail.get(1..).unwrap_or(&[]);
                (text.as_str(), right.as_str())
            }
            (s, _) if *s == left_seat => {
                rest = tail;
                (text.as_str(), "")
            }
            _ => {
                rest = tail;
                ("", text.as_str())
            }
        };
        // Long turns push the right column on, one blank after them.
        let head = format!("{line:>3}) {left}");
        let pad = if right.is_empty() {
            0
        } else {
            COLUMN.max(head.len() + 1)
        };
        out.push_str(format!("{head:<pad$}{right}").trim_end());
        out.push('\n');
    }
}

/// Backgammon has no board sizes and no komi; games are worth points and
/// may be played in matches to N points.
impl MatchRules for Backgammon {
    const SCORED_BY_POINTS: bool = true;
    const CHANCE: bool = true;

    /// The start position with the match in its Match ID.
    fn match_start(&self, length: u32, score: [u32; 2], crawford: bool) -> Option<String> {
        let mut pos = BgPosition::start(self.rules, false);
        pos.info.length = length;
        pos.info.score = score;
        // Tavla has no cube, so no Crawford game either.
        pos.info.crawford = crawford && self.rules != RuleSet::Tavla;
        Some(ids::write_gnubgid(&pos))
    }
}
