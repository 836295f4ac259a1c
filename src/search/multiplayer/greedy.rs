//! The greedy baseline: no search, the legal move with the largest gain
//! ([`MultiPlayerPosition::move_gain`]); among equal gains one chosen by
//! a hash of the position key and a seed (option `Greedy Seed`), so a
//! game replays move for move from the same seed while different
//! positions, and different seeds, break their ties differently.

use super::super::time::TimeManager;
use super::super::{Bound, Job, MultiPlayerPosition, Score, SearchEvent, SearchInfo, SearchResult};
use super::{answer, limits_for};
use std::sync::atomic::AtomicBool;

/// Centipawns per unit of gain in the reported score.
const CP_PER_STEP: i32 = 100;

/// splitmix64's finaliser: a well-spread number from the position key.
pub(super) fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The greedy choice among `moves` of `pos` and its gain, ties broken by
/// `seed` (0: by the position key alone); `None` without moves.
pub fn choose<P: MultiPlayerPosition>(
    pos: &P,
    moves: &[P::Move],
    seed: u64,
) -> Option<(P::Move, i32)> {
    let gains: Vec<i32> = moves.iter().map(|&m| pos.move_gain(m)).collect();
    let top = gains.iter().copied().max()?;
    let tied: Vec<P::Move> = moves
        .iter()
        .zip(&gains)
        .filter(|&(_, &g)| g == top)
        .map(|(&m, _)| m)
        .collect();
    let salt = if seed == 0 { 0 } else { mix(seed) };
    let pick = usize::try_from(mix(pos.key() ^ salt) % tied.len() as u64).unwrap_or(0);
    tied.get(pick).map(|&m| (m, top))
}

/// One greedy job: one `Info` (depth 1, the gain as the score) and the
/// `BestMove`, after `stop` for infinite and ponder jobs.
pub(super) fn run<P: MultiPlayerPosition>(
    job: Job<P>,
    seed: u64,
    stop: &AtomicBool,
    ponderhit: Option<&AtomicBool>,
    on_event: &mut dyn FnMut(SearchEvent),
) -> SearchResult<P::Move> {
    let root = &job.position;
    let me = root.side_to_move();
    let limits = limits_for(&job.limits, me);
    let mut tm = TimeManager::new(&limits, job.settings.move_overhead, me);
    let mut moves = Vec::new();
    root.generate_legal(&mut moves);
    if !job.searchmoves.is_empty() {
        moves.retain(|m| job.searchmoves.contains(m));
    }
    let best = choose(root, &moves, seed);
    let nodes = moves.len() as u64;
    if let Some((mv, gain)) = best {
        let elapsed = tm.elapsed_ms();
        on_event(SearchEvent::Info(SearchInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score: Score::Cp(gain.saturating_mul(CP_PER_STEP)),
            bound: Bound::Exact,
            nodes,
            nps: nodes * 1000 / elapsed.max(1),
            time_ms: elapsed,
            hashfull: 0,
            pv: (job.formatter)(root, &[mv]),
        }));
    }
    tm.wait_for_release(limits.infinite, stop, ponderhit);
    let scored = best.map(|(mv, gain)| (mv, gain.saturating_mul(CP_PER_STEP)));
    answer(
        &job,
        scored,
        u32::from(best.is_some()),
        nodes,
        &tm,
        on_event,
    )
}
