//! A hopping game's position as the engine sees it: the rules answers
//! ([`RulesPosition`]: moves with the pass, the ranking as the outcome) and
//! text ([`GamePosition`]: the position and move notations, `d`, perft,
//! the `tomove` / `result` notes). One implementation for every layout.

use super::position::{HopPosition, Move, Standing};
use super::{CellSet, lists, movetext, perft};
use crate::games::{GameError, GamePosition, MoveNotation};
use crate::rules::RulesPosition;

impl<S: CellSet> GamePosition for HopPosition<S> {
    fn to_notation(&self) -> String {
        lists::write(self)
    }

    fn parse_move(&self, text: &str, _notation: MoveNotation) -> Result<Move, GameError> {
        movetext::parse(self, text)
    }

    fn format_move(&self, mv: Move, _notation: MoveNotation) -> String {
        movetext::format(self, mv)
    }

    fn play(&mut self, mv: Move) {
        self.make_move(mv);
    }

    fn legal_move_list(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.generate_legal(&mut out);
        out
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn perft(&mut self, depth: u32) -> u64 {
        perft::perft(self, depth)
    }

    fn perft_divide(&self, depth: u32, notation: MoveNotation) -> Vec<(String, u64)> {
        perft::divide(self, depth)
            .into_iter()
            .map(|(mv, n)| (self.format_move(mv, notation), n))
            .collect()
    }

    /// `tomove <k>` before a search, or the result when the game is over.
    fn search_notes(&self) -> Vec<String> {
        if !self.is_over() {
            return vec![format!("tomove {}", self.to_move() + 1)];
        }
        let ranks: Vec<String> = self
            .places()
            .iter()
            .enumerate()
            .map(|(p, place)| format!("{}={}", p + 1, place + 1))
            .collect();
        vec![format!("result {}", ranks.join(" "))]
    }
}

/// The board with each piece as its player's number, `.` for an empty
/// cell, then one line per player.
fn diagram<S: CellSet>(pos: &HopPosition<S>) -> String {
    let layout = pos.layout();
    let lines = layout.text.iter().map(|&(l, _)| l + 1).max().unwrap_or(0);
    let width = layout.text.iter().map(|&(_, c)| c + 1).max().unwrap_or(0);
    let mut rows: Vec<Vec<u8>> = vec![vec![b' '; width]; lines];
    for (cell, &(line, col)) in layout.text.iter().enumerate() {
        let owner = (0..pos.player_count()).find(|&p| pos.marbles(p).contains(cell));
        let ch = owner.map_or(b'.', |p| b'1' + p as u8);
        rows[line][col] = ch;
    }
    // A blank line first, as every game's `d` begins.
    let mut out = String::from("\n");
    for row in rows {
        out.push_str(String::from_utf8_lossy(&row).trim_end());
        out.push('\n');
    }
    for p in 0..pos.player_count() {
        let state = match pos.standing(p) {
            Standing::Playing => format!(
                "playing, {} moves made, {} steps to go",
                pos.moves_made(p),
                pos.remaining_distance(p)
            ),
            Standing::Finished { moves: 0, .. } => "finished".to_string(),
            Standing::Finished { moves, .. } => format!("finished after {moves} moves"),
            Standing::Eliminated { .. } => "eliminated".to_string(),
        };
        let marker = if !pos.is_over() && pos.to_move() == p {
            " (to move)"
        } else {
            ""
        };
        out.push_str(&format!(
            "Player {} {}->{}: {state}{marker}\n",
            p + 1,
            layout.corners[pos.home_corner(p)].name,
            layout.corners[pos.target_corner(p)].name
        ));
    }
    out
}

impl<S: CellSet> RulesPosition for HopPosition<S> {
    type Move = Move;

    fn players(&self) -> usize {
        self.player_count()
    }

    #[inline]
    fn side_to_move(&self) -> usize {
        self.to_move()
    }

    /// The moves of the player to move; the pass when it has none; nothing
    /// when the game is over.
    fn generate_legal(&self, out: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        let before = out.len();
        self.moves_into(out);
        if out.len() == before {
            out.push(Move::PASS);
        }
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.make_move(mv);
    }

    #[inline]
    fn unmake(&mut self) {
        self.unmake_move();
    }

    #[inline]
    fn key(&self) -> u64 {
        self.hash()
    }

    /// Finished players by their move counts, then every player still
    /// playing sharing the next place, then the eliminated.
    fn places_if_cut_short(&self) -> Option<Vec<u8>> {
        Some(self.places())
    }

    fn outcome(&self) -> Option<crate::games::Outcome> {
        if !self.is_over() {
            return None;
        }
        let places = self.places();
        let ended = |f: fn(Standing) -> bool| (0..self.player_count()).any(|p| f(self.standing(p)));
        let filled = ended(|s| matches!(s, Standing::Finished { .. }));
        let eliminated = ended(|s| matches!(s, Standing::Eliminated { .. }));
        let rule = self.layout().style.exit_rule;
        let reason = match (filled, eliminated) {
            (true, true) => format!("targets filled and the {rule}"),
            (false, true) => format!("the {rule}"),
            _ => "targets filled".to_string(),
        };
        Some(crate::games::Outcome::ranked(
            places,
            crate::games::EndKind::Finished,
            reason,
        ))
    }
}
