//! Backgammon's static evaluation: the outcome probabilities of the player
//! about to roll. Three evaluators, as the strong engines have them:
//!
//! * both sides home, no contact, both with a checker off (no gammon
//!   left): exact, from the one-sided bear-off database ([`bearoff`]);
//! * other races (no contact): the race network;
//! * contact: the contact network.
//!
//! The networks ([`net`], inputs in [`inputs`]) are trained by
//! `cargo run --release --example bg_train` ([`train`]) from GNU
//! Backgammon's evaluations of positions the project generates; the
//! weights are embedded. docs/training.md says how they are made.

pub mod bearoff;
pub mod features;
pub mod inputs;
pub mod net;
pub mod train;

use super::board::{BAR, Board};
use super::cube::Probs;
use net::Net;
use std::sync::OnceLock;

/// Which evaluator a position falls to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    BearOff,
    Race,
    Contact,
}

/// The evaluator of `board`.
pub fn kind_of(board: &Board) -> Kind {
    if super::search::contact(board) {
        return Kind::Contact;
    }
    let home = |s: &[u8; 26]| s[7..].iter().all(|&n| n == 0);
    if home(&board.mover) && home(&board.other) && board.mover[0] > 0 && board.other[0] > 0 {
        Kind::BearOff
    } else {
        Kind::Race
    }
}

static CONTACT_WEIGHTS: &[u8] = include_bytes!("contact.bin");
static RACE_WEIGHTS: &[u8] = include_bytes!("race.bin");

fn contact_net() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(CONTACT_WEIGHTS))
        .as_ref()
}

fn race_net() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(RACE_WEIGHTS)).as_ref()
}

/// The probabilities for the player about to roll (`board.mover`).
pub fn evaluate(board: &Board) -> Probs {
    match kind_of(board) {
        Kind::BearOff => bear_off(board)
            .or_else(|| race_net().map(|n| with_net(n, board)))
            .unwrap_or_else(|| pip_count(board)),
        Kind::Race => race_net().map_or_else(|| pip_count(board), |n| with_net(n, board)),
        Kind::Contact => contact_net().map_or_else(|| pip_count(board), |n| with_net(n, board)),
    }
}

/// A network's five outputs, made consistent (a backgammon is a gammon is
/// a win).
pub fn with_net(net: &Net, board: &Board) -> Probs {
    /// The sparse inputs and the hidden layer, reused between calls.
    type Scratch = (Vec<(u16, f32)>, Vec<f32>);
    thread_local! {
        static SCRATCH: std::cell::RefCell<Scratch> =
            const { std::cell::RefCell::new((Vec::new(), Vec::new())) };
    }
    let out = SCRATCH.with_borrow_mut(|(inputs, hidden)| {
        inputs::encode(board, net.inputs, inputs);
        net.hidden_of(inputs, hidden);
        net.outputs_of(hidden)
    });
    let win = out[0];
    let win_gammon = out[1].min(win);
    let lose_gammon = out[3].min(1.0 - win);
    Probs {
        win,
        win_gammon,
        win_backgammon: out[2].min(win_gammon),
        lose_gammon,
        lose_backgammon: out[4].min(lose_gammon),
    }
}

fn bear_off(board: &Board) -> Option<Probs> {
    let home = |s: &[u8; 26]| {
        let mut h = [0u8; 7];
        h[1..].copy_from_slice(&s[1..7]);
        h
    };
    let win = bearoff::for_evaluation()?.win_chance(&home(&board.mover), &home(&board.other))?;
    Some(Probs {
        win,
        ..Probs::default()
    })
}

/// The stand-in when no network is embedded: the pip count race.
fn pip_count(board: &Board) -> Probs {
    let pips = |s: &[u8; 26]| -> f32 {
        s.iter()
            .enumerate()
            .map(|(p, &n)| p as f32 * f32::from(n))
            .sum()
    };
    let lead = pips(&board.other) - pips(&board.mover) + 4.0;
    let x = 0.02 * lead - 0.3 * f32::from(board.mover[BAR]) + 0.3 * f32::from(board.other[BAR]);
    Probs {
        win: 1.0 / (1.0 + (-x).exp()),
        ..Probs::default()
    }
}

#[cfg(test)]
mod tests;
