//! The quiet checks quiescence tries must be exactly the legal moves that
//! are neither captures nor promotions and leave the opponent in check,
//! found here the slow way: make each quiet move and look.

use super::rng::Rng;
use tabula::games::GamePosition;
use tabula::search::AlphaBetaPosition;

/// Plays `games` random games of up to `plies` plies from each start and
/// compares, in every position not in check, the game's quiet-check
/// generator with the brute-force list. Returns how many checks it met.
pub fn compare_with_brute_force<P>(starts: &[P], games: usize, plies: usize, seed: u64) -> usize
where
    P: AlphaBetaPosition + GamePosition + Clone,
{
    let mut rng = Rng::new(seed);
    let mut seen = 0;
    for start in starts {
        for _game in 0..games {
            let mut p = start.clone();
            for _ply in 0..plies {
                let moves = p.legal_move_list();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                if !p.in_check() {
                    let mut want = Vec::new();
                    for &m in &moves {
                        if p.is_quiet(m) {
                            p.make(m);
                            if p.in_check() {
                                want.push(m);
                            }
                            p.unmake();
                        }
                    }
                    let mut got = Vec::new();
                    p.generate_quiet_checks(&mut got);
                    want.sort_by_key(|m| format!("{m:?}"));
                    got.sort_by_key(|m| format!("{m:?}"));
                    assert_eq!(got, want, "{}", p.to_notation());
                    seen += want.len();
                }
                let m = moves[rng.below(moves.len())];
                p.make(m);
            }
        }
    }
    seen
}
