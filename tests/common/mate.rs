//! A brute-force mate prover (plain minimax over the legal moves, with no
//! part of the engine's search) and a one-shot search, shared by the mate
//! tests. Each game passes what "mated" means for it (`mated`, called on
//! the side to move).

use std::sync::atomic::AtomicBool;
use tabula::games::{GamePosition, MoveNotation, pv_formatter};
use tabula::search::{
    AlphaBetaPosition, Job, Score, SearchLimits, SearchResult, SearchSettings, Searcher,
};

/// One search of `p` with a fresh 16 MB table; the best move and score.
pub fn search<P: GamePosition + AlphaBetaPosition>(
    p: &P,
    limits: SearchLimits,
) -> (Option<P::Move>, Score) {
    let r = search_result(p, limits);
    (r.best, r.score)
}

/// The whole result of a search of `p` (best move, score, nodes...).
pub fn search_result<P: GamePosition + AlphaBetaPosition>(
    p: &P,
    limits: SearchLimits,
) -> SearchResult<P::Move> {
    let mut searcher = Searcher::new(16);
    let job = Job {
        position: p.clone(),
        limits,
        settings: SearchSettings::default(),
        searchmoves: Vec::new(),
        formatter: pv_formatter(MoveNotation::Native),
    };
    searcher.run(job, &AtomicBool::new(false), &mut |_| {})
}

/// True when the side to move can force mate within `n` of its moves.
pub fn mate_in<P: GamePosition + AlphaBetaPosition>(
    p: &mut P,
    n: u32,
    mated: fn(&P) -> bool,
) -> bool {
    for m in p.legal_move_list() {
        p.make(m);
        let forced = mated(p) || (n > 1 && every_reply_mated_in(p, n - 1, mated));
        p.unmake();
        if forced {
            return true;
        }
    }
    false
}

/// The side to move (the defender) has moves and every one of them leaves
/// the attacker a mate in `n`.
pub fn every_reply_mated_in<P: GamePosition + AlphaBetaPosition>(
    p: &mut P,
    n: u32,
    mated: fn(&P) -> bool,
) -> bool {
    let replies = p.legal_move_list();
    !replies.is_empty()
        && replies.into_iter().all(|r| {
            p.make(r);
            let v = mate_in(p, n, mated);
            p.unmake();
            v
        })
}

/// Brute force proves `p` a mate in exactly `n`; the engine, searching
/// with `limits`, must score it so and play a move that keeps the mate.
pub fn check_mate_in<P: GamePosition + AlphaBetaPosition>(
    label: &str,
    mut p: P,
    n: u32,
    limits: SearchLimits,
    mated: fn(&P) -> bool,
) {
    assert!(
        mate_in(&mut p, n, mated),
        "{label}: brute force finds no mate in {n}"
    );
    assert!(
        n == 1 || !mate_in(&mut p, n - 1, mated),
        "{label}: brute force finds a mate faster than {n}"
    );
    let (best, score) = search(&p, limits);
    assert_eq!(
        score,
        Score::MatePlies(2 * n as i32 - 1),
        "{label}: engine score"
    );
    let best = best.expect("a move");
    let text = p.format_move(best, MoveNotation::Native);
    p.make(best);
    let keeps = mated(&p) || (n > 1 && every_reply_mated_in(&mut p, n - 1, mated));
    assert!(
        keeps,
        "{label}: engine move {text} does not keep the mate in {n}"
    );
}

/// The side to move in `p` is mated next move whatever it plays (brute
/// force); the engine, as the loser, must see it: a move and a score of
/// mated in two plies.
pub fn check_mated_next_move<P: GamePosition + AlphaBetaPosition>(
    label: &str,
    mut p: P,
    mated: fn(&P) -> bool,
) {
    assert!(
        every_reply_mated_in(&mut p, 1, mated),
        "{label}: brute force finds a reply that escapes"
    );
    let limits = SearchLimits {
        depth: Some(4),
        ..Default::default()
    };
    let (best, score) = search(&p, limits);
    assert!(best.is_some(), "{label}: no move");
    assert_eq!(score, Score::MatePlies(-2), "{label}: engine score");
}
