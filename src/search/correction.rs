//! Static-evaluation correction history: how far the search's results
//! lately fell from the static evaluation in positions sharing a structure
//! key (the game's choice; Makruk: the pawn placement). The average
//! error is added to the static evaluation, so pruning margins start from a
//! better guess where the evaluation is known to misjudge a structure.

/// Table entries per side (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold the error in 1/GRAIN of a centipawn (smooth averaging).
const GRAIN: i32 = 256;
/// Weights of the running average are out of this.
const WEIGHT_SCALE: i32 = 256;
/// An entry never says more than this many centipawns.
const MAX_CORRECTION_CP: i32 = 64;

pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * ENTRIES],
        }
    }

    fn slot(side: usize, key: u64) -> usize {
        (side & 1) * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// The correction in centipawns for `side` to move in a position with
    /// the structure `key`.
    pub fn correction(&self, side: usize, key: u64) -> i32 {
        self.table
            .get(Self::slot(side, key))
            .map_or(0, |&v| v / GRAIN)
    }

    /// Moves the entry towards `error` (search result minus static
    /// evaluation, centipawns), the more the deeper the search was.
    pub fn update(&mut self, side: usize, key: u64, depth: i32, error: i32) {
        let weight = (depth + 1).clamp(1, 16);
        let max = MAX_CORRECTION_CP * GRAIN;
        let target = error.clamp(-MAX_CORRECTION_CP, MAX_CORRECTION_CP) * GRAIN;
        if let Some(e) = self.table.get_mut(Self::slot(side, key)) {
            let mixed = (*e as i64 * (WEIGHT_SCALE - weight) as i64
                + target as i64 * weight as i64)
                / WEIGHT_SCALE as i64;
            *e = (mixed as i32).clamp(-max, max);
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_errors_pull_the_correction_towards_them_and_stay_bounded() {
        let mut c = CorrectionHistory::new();
        assert_eq!(c.correction(0, 42), 0);
        for _ in 0..200 {
            c.update(0, 42, 10, 40);
        }
        let v = c.correction(0, 42);
        assert!((35..=40).contains(&v), "{v}");
        // The other side and another structure are untouched.
        assert_eq!(c.correction(1, 42), 0);
        assert_eq!(c.correction(0, 43), 0);
        for _ in 0..500 {
            c.update(1, 7, 20, -10_000);
        }
        let capped = c.correction(1, 7);
        assert!(
            (-MAX_CORRECTION_CP..=-MAX_CORRECTION_CP + 2).contains(&capped),
            "{capped}"
        );
        c.clear();
        assert_eq!(c.correction(1, 7), 0);
    }
}
