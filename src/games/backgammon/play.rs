//! TEMPORARY STUB (replaced by the real module).
use super::board::{Board, Step};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    pub fn steps(&self) -> &[Step] {
        &self.steps[..usize::from(self.len)]
    }
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }
    pub fn apply(&self, board: &Board) -> Board {
        let mut b = *board;
        for s in self.steps() {
            b.step(usize::from(s.from), usize::from(s.die));
        }
        b
    }
}

pub fn legal_plays(board: &Board, d1: u8, d2: u8) -> Vec<(Board, Play)> {
    let targets = board.plays(d1, d2);
    let mut out: Vec<(Board, Play)> = Vec::new();
    let dice: Vec<Vec<u8>> = if d1 == d2 { vec![vec![d1; 4]] } else { vec![vec![d1, d2], vec![d2, d1]] };
    fn rec(b: &Board, dice: &[u8], play: Play, targets: &[Board], out: &mut Vec<(Board, Play)>) {
        if targets.contains(b) && !out.iter().any(|(x, _)| x == b) {
            out.push((*b, play));
        }
        if let Some((&d, rest)) = dice.split_first() {
            for from in 1..=25usize {
                if b.can_step(from, usize::from(d)) {
                    let mut n = *b;
                    n.step(from, usize::from(d));
                    let mut p = play;
                    p.steps[usize::from(p.len)] = Step { from: from as u8, die: d };
                    p.len += 1;
                    rec(&n, rest, p, targets, out);
                }
            }
        }
    }
    for d in &dice {
        rec(board, d, Play::default(), &targets, &mut out);
    }
    out
}

pub fn format_play(_board: &Board, play: &Play) -> String {
    if play.is_pass() {
        return "pass".into();
    }
    play.steps()
        .iter()
        .map(|s| {
            let to = i32::from(s.from) - i32::from(s.die);
            let to = if to <= 0 { "off".to_string() } else { to.to_string() };
            let from = if s.from == 25 { "bar".to_string() } else { s.from.to_string() };
            format!("{from}/{to}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn parse_play(board: &Board, d1: u8, d2: u8, text: &str) -> Result<Play, String> {
    let t = text.replace(',', " ");
    legal_plays(board, d1, d2)
        .into_iter()
        .find(|(_, p)| format_play(board, p) == t)
        .map(|(_, p)| p)
        .ok_or_else(|| "illegal play".to_string())
}
