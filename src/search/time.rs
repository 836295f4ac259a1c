//! Time management: turns the clock part of [`SearchLimits`] into a soft
//! limit (no new iteration starts after it) and a hard limit (the search is
//! aborted mid-iteration), both measured from the moment the clock starts
//! (the `go`, or the `ponderhit` when pondering).

use super::SearchLimits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Soft and hard budget in milliseconds, after the move overhead was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub soft_ms: i64,
    pub hard_ms: i64,
}

/// Smallest budgets: a flagged clock still gets a (tiny) answer.
const MIN_SOFT_MS: i64 = 1;
const MIN_HARD_MS: i64 = 2;

/// How a clock is divided among the moves still to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeParams {
    /// Moves still to play when the clock does not say (`movestogo`), and
    /// the most `movestogo` is taken to mean.
    pub moves_to_go: i64,
    pub max_moves_to_go: i64,
    /// Of each increment, this many quarters are planned for this move.
    pub inc_quarters: i64,
    /// The hard limit: this many times the planned time, at most a
    /// `hard_share`-th of the usable time.
    pub hard_factor: i64,
    pub hard_share: i64,
    /// The last move before the time control may use this many tenths.
    pub last_move_tenths: i64,
    /// Of a byoyomi period, this many tenths are planned (all of it may be
    /// used).
    pub byoyomi_tenths: i64,
}

impl TimeParams {
    /// The values every search starts from.
    pub const STARTING: TimeParams = TimeParams {
        moves_to_go: 30,
        max_moves_to_go: 50,
        inc_quarters: 3,
        hard_factor: 5,
        hard_share: 3,
        last_move_tenths: 9,
        byoyomi_tenths: 6,
    };
}

/// The budget for the side to move, or `None` when the limits carry no
/// clock (depth / nodes / mate / infinite searches).
pub fn allocate(limits: &SearchLimits, move_overhead: i64, side: usize) -> Option<Budget> {
    allocate_with(&TimeParams::STARTING, limits, move_overhead, side)
}

/// [`allocate`] with the numbers of `p`.
pub fn allocate_with(
    p: &TimeParams,
    limits: &SearchLimits,
    move_overhead: i64,
    side: usize,
) -> Option<Budget> {
    let overhead = move_overhead.max(0);
    if let Some(mt) = limits.movetime {
        let t = mt.saturating_sub(overhead).max(MIN_HARD_MS);
        return Some(Budget {
            soft_ms: t,
            hard_ms: t,
        });
    }
    if limits.time_of(side).is_none() && limits.byoyomi.is_none() {
        return None;
    }
    let remaining = limits.time_of(side).unwrap_or(0).max(0);
    let inc = limits.inc_of(side).unwrap_or(0).max(0);
    let byoyomi = limits.byoyomi.unwrap_or(0).max(0);

    let mtg = limits
        .movestogo
        .map(|m| (m as i64).clamp(1, p.max_moves_to_go))
        .unwrap_or(p.moves_to_go);
    // Main time we may spend at all on this move. Transport lag and a busy
    // machine cost time on every move still to play, so a reserve of the
    // overhead per remaining move (plus two) is never planned for: with
    // short increments the clock then settles well above the point where
    // one late answer flags.
    let reserve = overhead.saturating_mul(mtg + 2);
    let usable = remaining.saturating_sub(reserve).max(0);
    let optimum = (usable / mtg)
        .saturating_add(inc.saturating_mul(p.inc_quarters) / 4)
        .min(usable);
    let maximum = if mtg == 1 {
        // Last move before the time control: nearly all of it.
        usable.saturating_mul(p.last_move_tenths) / 10
    } else {
        optimum
            .saturating_mul(p.hard_factor)
            .min(usable / p.hard_share)
            .max(optimum.min(usable))
    };

    // Byoyomi is given anew each move: it can be used in full (less the
    // overhead, unless main time already pays for it).
    let byo_use = if byoyomi > 0 {
        if remaining > overhead {
            byoyomi
        } else {
            byoyomi
                .saturating_sub(overhead.saturating_sub(remaining))
                .max(0)
        }
    } else {
        0
    };
    let hard = maximum.saturating_add(byo_use).max(MIN_HARD_MS);
    let soft = optimum
        .saturating_add(byo_use.saturating_mul(p.byoyomi_tenths) / 10)
        .clamp(MIN_SOFT_MS, hard);
    Some(Budget {
        soft_ms: soft,
        hard_ms: hard,
    })
}

/// Clock state of one search.
#[derive(Debug, Clone)]
pub struct TimeManager {
    /// When the `go` arrived (for `info time`).
    search_start: Instant,
    /// When the budget started (the `go`, or the `ponderhit`).
    clock_start: Instant,
    budget: Option<Budget>,
    /// Still pondering: no limit applies until `ponderhit`.
    pondering: bool,
}

impl TimeManager {
    pub fn new(limits: &SearchLimits, move_overhead: i64, side: usize) -> Self {
        Self::with_params(&TimeParams::STARTING, limits, move_overhead, side)
    }

    /// A clock divided by the numbers of `params` (a game's own).
    pub fn with_params(
        params: &TimeParams,
        limits: &SearchLimits,
        move_overhead: i64,
        side: usize,
    ) -> Self {
        Self::starting_at(Instant::now(), params, limits, move_overhead, side)
    }

    pub fn starting_at(
        start: Instant,
        params: &TimeParams,
        limits: &SearchLimits,
        move_overhead: i64,
        side: usize,
    ) -> Self {
        let budget = if limits.infinite {
            None
        } else {
            allocate_with(params, limits, move_overhead, side)
        };
        TimeManager {
            search_start: start,
            clock_start: start,
            budget,
            pondering: limits.ponder,
        }
    }

    /// True when a clock limit applies (now or after `ponderhit`).
    pub fn has_budget(&self) -> bool {
        self.budget.is_some()
    }

    pub fn budget(&self) -> Option<Budget> {
        self.budget
    }

    pub fn is_pondering(&self) -> bool {
        self.pondering
    }

    /// The opponent played the expected move: the clock starts now.
    pub fn ponderhit(&mut self) {
        if self.pondering {
            self.pondering = false;
            self.clock_start = Instant::now();
        }
    }

    pub fn elapsed(&self) -> Duration {
        self.search_start.elapsed()
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.search_start.elapsed().as_millis() as u64
    }

    fn clock_ms(&self) -> i64 {
        self.clock_start.elapsed().as_millis() as i64
    }

    /// No new iteration should start.
    pub fn soft_exceeded(&self) -> bool {
        match self.budget {
            Some(b) if !self.pondering => self.clock_ms() >= b.soft_ms,
            _ => false,
        }
    }

    /// No new iteration should start, with the soft limit scaled by
    /// `percent` (a search whose best move keeps changing takes longer, a
    /// settled one stops sooner); never beyond the hard limit.
    pub fn soft_exceeded_scaled(&self, percent: i64) -> bool {
        match self.budget {
            Some(b) if !self.pondering => {
                let soft = (b.soft_ms.saturating_mul(percent.max(0)) / 100).min(b.hard_ms);
                self.clock_ms() >= soft.max(MIN_SOFT_MS)
            }
            _ => false,
        }
    }

    /// The running iteration must be aborted.
    pub fn hard_exceeded(&self) -> bool {
        match self.budget {
            Some(b) if !self.pondering => self.clock_ms() >= b.hard_ms,
            _ => false,
        }
    }

    /// Holds the answer of an `infinite` or `ponder` job until `stop` (or,
    /// for a ponder job with a clock, until `ponderhit`): the one place
    /// every search strategy waits.
    pub fn wait_for_release(
        &mut self,
        infinite: bool,
        stop: &AtomicBool,
        ponderhit: Option<&AtomicBool>,
    ) {
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            if self.pondering && ponderhit.is_some_and(|f| f.load(Ordering::Relaxed)) {
                self.ponderhit();
            }
            if !infinite && !self.pondering {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// Shrinks the soft limit (e.g. a single legal move).
    pub fn cap_soft(&mut self, ms: i64) {
        if let Some(b) = self.budget.as_mut() {
            b.soft_ms = b.soft_ms.min(ms.max(MIN_SOFT_MS));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> SearchLimits {
        SearchLimits::default()
    }

    #[test]
    fn no_clock_no_budget() {
        let mut l = limits();
        l.depth = Some(5);
        assert_eq!(allocate(&l, 10, 0), None);
        l.time = vec![Some(1000), None];
        // The other side's clock does not count.
        assert_eq!(allocate(&l, 10, 1), None);
    }

    #[test]
    fn each_of_more_players_reads_its_own_clock() {
        let mut l = limits();
        l.time = vec![Some(1000), Some(60_000), Some(5000)];
        let budgets: Vec<i64> = (0..3)
            .map(|k| allocate(&l, 10, k).map_or(0, |b| b.soft_ms))
            .collect();
        assert!(
            budgets[1] > budgets[2] && budgets[2] > budgets[0],
            "{budgets:?}"
        );
        // A fourth player without a clock gets no budget.
        assert_eq!(allocate(&l, 10, 3), None);
    }

    #[test]
    fn movetime_minus_overhead() {
        let mut l = limits();
        l.movetime = Some(50);
        assert_eq!(
            allocate(&l, 10, 0),
            Some(Budget {
                soft_ms: 40,
                hard_ms: 40
            })
        );
        l.movetime = Some(5);
        assert_eq!(allocate(&l, 10, 0).map(|b| b.hard_ms), Some(MIN_HARD_MS));
    }

    #[test]
    fn short_clock_with_increment_never_flags() {
        let mut l = limits();
        l.time = vec![Some(1000), Some(1000)];
        l.inc = vec![Some(10), Some(10)];
        let b = allocate(&l, 10, 0).expect("budget");
        assert!(b.soft_ms <= b.hard_ms);
        assert!(b.hard_ms <= 400, "{b:?}");
        assert!(b.soft_ms >= 10, "{b:?}");
        // Small remaining time with a big increment: never more than we have.
        l.time = vec![Some(100), Some(100)];
        l.inc = vec![Some(5000), Some(5000)];
        let b = allocate(&l, 10, 1).expect("budget");
        assert!(b.hard_ms < 100, "{b:?}");
    }

    #[test]
    fn flagged_clock_moves_instantly() {
        let mut l = limits();
        l.time = vec![Some(-500), Some(0)];
        for side in 0..2 {
            let b = allocate(&l, 10, side).expect("budget");
            assert!(b.hard_ms <= 5, "{b:?}");
        }
    }

    #[test]
    fn movestogo_and_byoyomi() {
        let mut l = limits();
        l.time = vec![Some(60_000), Some(60_000)];
        l.movestogo = Some(1);
        let b = allocate(&l, 10, 0).expect("budget");
        assert!(b.hard_ms > 40_000 && b.hard_ms < 60_000, "{b:?}");
        l.movestogo = Some(40);
        let b = allocate(&l, 10, 0).expect("budget");
        assert!(b.soft_ms >= 1400 && b.soft_ms <= 1600, "{b:?}");

        let mut l = limits();
        l.time = vec![Some(0), Some(0)];
        l.byoyomi = Some(1000);
        let b = allocate(&l, 100, 0).expect("budget");
        assert!(b.hard_ms <= 900 && b.hard_ms >= 800, "{b:?}");
        assert!(b.soft_ms < b.hard_ms);
    }

    #[test]
    fn ponder_waits_for_ponderhit() {
        let mut l = limits();
        l.movetime = Some(1);
        l.ponder = true;
        let mut tm = TimeManager::new(&l, 0, 0);
        std::thread::sleep(Duration::from_millis(5));
        assert!(!tm.hard_exceeded());
        tm.ponderhit();
        assert!(!tm.is_pondering());
        std::thread::sleep(Duration::from_millis(5));
        assert!(tm.hard_exceeded());
    }
}
