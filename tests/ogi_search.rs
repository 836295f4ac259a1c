//! The search must solve Ōgi mates. Short problems are proved first by an
//! independent brute-force solver (plain minimax over the legal moves);
//! OGI-m1 (from the oracle file) is a known forced mate in 5 moves. "Mate"
//! includes leaving the opponent without a legal move, which loses too.

mod common;

use common::mate::{self, search_result};
use std::sync::atomic::AtomicBool;
use tabula::games::ogi::{Ogi, Position};
use tabula::games::{Game, GamePosition};
use tabula::rules::RulesPosition;
use tabula::search::{Score, SearchLimits};

const OGI_M1_NODE_BUDGET: u64 = 3_000_000;
const OGI_M1: &str = "ln2ks+B1/1i6/1sppp3/p4Bp1/5p1L/P2PP1P1/L2SSKR1/1N1I2N1 b NL3PR3p 33";

fn position(s: &str) -> Position {
    Ogi::new()
        .parse_position(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The side to move has lost: checkmated, or without a legal move at all
/// (which also loses in Ōgi).
fn checkmated(p: &Position) -> bool {
    p.legal_move_list().is_empty()
}

fn check_mate_in(s: &str, n: u32) {
    let limits = SearchLimits {
        mate: Some(n),
        ..Default::default()
    };
    mate::check_mate_in(s, position(s), n, limits, checkmated);
}

#[test]
fn mate_in_one_by_pawn_drop() {
    // Uchifuzume is allowed in Ōgi.
    check_mate_in("3lkl2/8/4+P3/8/8/8/8/4K3 b P 1", 1);
}

#[test]
fn mate_in_one_by_rook_drop() {
    check_mate_in("k7/pp6/8/8/8/8/8/4K3 b R 1", 1);
}

#[test]
fn mate_in_two_with_drops() {
    // S*7c (silver drop on b6) then a rook drop mates whatever gote does.
    check_mate_in("k7/p7/8/8/8/8/8/4K3 b RS 1", 2);
}

#[test]
fn mate_in_three_with_drops() {
    check_mate_in("k7/1p6/8/8/8/8/8/4K3 b RL 1", 3);
}

#[test]
fn the_mated_side_sees_it_coming() {
    // Gote to move after S*7c: every reply is mated next move.
    let fen = "k7/p7/1S6/8/8/8/8/4K3 w R 2";
    mate::check_mated_next_move(fen, position(fen), checkmated);
}

/// The mate search finds OGI-m1's mate within a node budget (a bound on
/// work, not on time, so a loaded machine cannot fail it; the budget is
/// about three times the 1,006,342 nodes the search needed when it was set).
#[test]
fn ogi_m1_is_mate_in_five() {
    let p = position(OGI_M1);
    let r = search_result(
        &p,
        SearchLimits {
            mate: Some(5),
            nodes: Some(OGI_M1_NODE_BUDGET),
            ..Default::default()
        },
    );
    println!(
        "OGI-m1: {:?} best {:?} in {} nodes",
        r.score, r.best, r.nodes
    );
    assert!(r.best.is_some());
    assert_eq!(r.score, Score::MatePlies(9), "OGI-m1 score");
}

/// USI `go mate` on OGI-m1: the checks-only solver proves a mate by checks,
/// every attacker move of its line checks, the line ends in mate; with the
/// stop flag already raised it answers `timeout`, never a wrong verdict.
#[test]
fn tsume_on_ogi_m1() {
    use tabula::search::tsume::{TsumeResult, solve};
    let sfen = "ln2ks+B1/1i6/1sppp3/p4Bp1/5p1L/P2PP1P1/L2SSKR1/1N1I2N1 b NL3PR3p 33";
    let mut p = position(sfen);
    let (result, visited) = solve(&p, 31, &AtomicBool::new(false), None);
    println!("tsume OGI-m1: {visited} nodes");
    // About three times the 112,767 nodes it took when this bound was set.
    assert!(visited < 350_000, "tsume took {visited} nodes");
    let TsumeResult::Mate(line) = result else {
        panic!("no mate by checks found: {result:?}");
    };
    assert_eq!(line.len() % 2, 1);
    for (i, &m) in line.iter().enumerate() {
        assert!(p.legal_move_list().contains(&m), "ply {i} illegal");
        p.make(m);
        if i % 2 == 0 {
            assert!(p.in_check(), "attacker ply {i} gives no check");
        }
    }
    assert!(checkmated(&p), "the line does not end in mate");
    let (stopped, _) = solve(&position(sfen), 31, &AtomicBool::new(true), None);
    assert_eq!(stopped, TsumeResult::Timeout);
}
