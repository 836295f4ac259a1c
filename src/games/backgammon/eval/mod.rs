//! TEMPORARY: a pip-count stand-in until the network lands.
use super::board::{BAR, Board};
use super::cube::Probs;

pub fn evaluate(board: &Board) -> Probs {
    let pips = |s: &[u8; 26]| -> f32 { s.iter().enumerate().map(|(p, &n)| p as f32 * f32::from(n)).sum() };
    let lead = pips(&board.other) - pips(&board.mover) + 4.0;
    let blots = |s: &[u8; 26]| s[1..BAR].iter().filter(|&&n| n == 1).count() as f32;
    let x = 0.02 * lead - 0.05 * blots(&board.mover) + 0.05 * blots(&board.other);
    let win = 1.0 / (1.0 + (-x).exp());
    Probs { win, win_gammon: 0.1 * win, win_backgammon: 0.0, lose_gammon: 0.1 * (1.0 - win), lose_backgammon: 0.0 }
}
