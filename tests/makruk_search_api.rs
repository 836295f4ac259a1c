//! The search-side interface of Makruk: noisy moves, hints, a tiny
//! alpha-beta over `AlphaBetaPosition` to check scores and mates.

use tabula::games::makruk::{Makruk, Move, Position};
use tabula::games::{Game, GamePosition};
use tabula::rules::RulesPosition;
use tabula::search::{AlphaBetaPosition, INFINITY, MATE};

fn pos(fen: &str) -> Position {
    Makruk::new().parse_position(fen).unwrap()
}

fn negamax(p: &mut Position, depth: u32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
    if ply > 0 && p.is_draw(ply) {
        return 0;
    }
    let mut moves = Vec::new();
    p.generate_legal(&mut moves);
    if moves.is_empty() {
        return p.no_moves_score(ply);
    }
    if depth == 0 {
        return p.evaluate();
    }
    moves.sort_by_key(|&m| -p.move_order_hint(m));
    for m in moves {
        p.make(m);
        let s = -negamax(p, depth - 1, ply + 1, -beta, -alpha);
        p.unmake();
        if s > alpha {
            alpha = s;
            if alpha >= beta {
                break;
            }
        }
    }
    alpha
}

fn best(p: &mut Position, depth: u32) -> (Option<Move>, i32) {
    let mut moves = Vec::new();
    p.generate_legal(&mut moves);
    let mut best = (None, -INFINITY);
    for m in moves {
        p.make(m);
        let s = -negamax(p, depth - 1, 1, -INFINITY, INFINITY);
        p.unmake();
        if s > best.1 {
            best = (Some(m), s);
        }
    }
    best
}

#[test]
fn finds_mate_in_one() {
    let mut p = pos("k7/2K5/8/8/8/8/8/1R6 w - - 0 1");
    let (m, s) = best(&mut p, 2);
    assert_eq!(m.map(|m| m.uci()), Some("b1a1".to_string()));
    assert_eq!(s, MATE - 1);
}

#[test]
fn counting_draw_beats_slow_mate() {
    // White mates next move, but the count is already at the limit: after
    // any white move that is not mate the count exceeds and it is a draw.
    let mut p = pos("k7/2K5/8/8/8/8/8/1R6 w - 32 32 1");
    let (m, s) = best(&mut p, 2);
    assert_eq!(m.map(|m| m.uci()), Some("b1a1".to_string()));
    assert_eq!(s, MATE - 1);
    let mut p = pos("k7/8/2K5/8/8/8/8/1R6 w - 32 32 1");
    let (_, s) = best(&mut p, 3);
    assert_eq!(s, 0);
}

#[test]
fn noisy_moves_are_the_captures_and_promotions() {
    let game = Makruk::new();
    let mut p = game.start_position();
    let mut x: u64 = 42;
    for _ in 0..3000 {
        let mut legal = Vec::new();
        p.generate_legal(&mut legal);
        if legal.is_empty() || p.outcome().is_some() {
            p = game.start_position();
            continue;
        }
        let mut noisy = Vec::new();
        p.generate_noisy(&mut noisy);
        let mut expect: Vec<Move> = legal.iter().copied().filter(|&m| !p.is_quiet(m)).collect();
        noisy.sort_by_key(|m| m.0);
        expect.sort_by_key(|m| m.0);
        assert_eq!(noisy, expect, "{}", p.to_notation());
        for &m in &legal {
            assert!(p.history_index(m) < Position::history_size());
            assert_eq!(p.is_quiet(m), p.move_order_hint(m) == 0);
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        p.play(legal[(x % legal.len() as u64) as usize]);
    }
}

#[test]
fn null_move_rules() {
    let p = pos("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1");
    assert!(p.null_move_allowed());
    let p = pos("8/8/4k3/8/3p4/3P4/8/3K4 w - - 0 1");
    assert!(!p.null_move_allowed());
}
