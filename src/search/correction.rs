//! Static-evaluation correction history: how far the search's results
//! lately fell from the static evaluation in positions sharing a structure
//! key (the game's choice, up to [`CORRECTION_KEYS`] of them: Makruk's
//! pawn placement and material signature, Ōgi's pawn placement and hands
//! with the kings). The learnt error is added to the static evaluation, so
//! pruning margins start from a better guess where the evaluation is known
//! to misjudge a structure.

/// How many structure keys a position may give.
pub const CORRECTION_KEYS: usize = 2;
/// Table entries per side and key (a power of two).
const ENTRIES: usize = 1 << 14;
/// Entries hold the error in 1/GRAIN of a centipawn (smooth averaging).
const GRAIN: i32 = 256;
/// Learning rates are out of this.
const WEIGHT_SCALE: i32 = 256;
/// An entry never says more than this many centipawns.
const MAX_CORRECTION_CP: i32 = 64;

/// A position's structure keys (`None`: the game has no such key).
pub type CorrectionKeys = [Option<u64>; CORRECTION_KEYS];

pub struct CorrectionHistory {
    tables: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> Self {
        CorrectionHistory {
            tables: vec![0; CORRECTION_KEYS * 2 * ENTRIES],
        }
    }

    fn slot(table: usize, side: usize, key: u64) -> usize {
        (table * 2 + (side & 1)) * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    fn entries(&self, side: usize, keys: &CorrectionKeys) -> impl Iterator<Item = usize> {
        keys.iter()
            .enumerate()
            .filter_map(move |(t, k)| k.map(|k| Self::slot(t, side, k)))
    }

    /// The correction in centipawns for `side` to move in a position with
    /// these structure keys: the sum of the keys' entries.
    pub fn correction(&self, side: usize, keys: &CorrectionKeys) -> i32 {
        self.entries(side, keys)
            .filter_map(|i| self.tables.get(i))
            .map(|&v| v / GRAIN)
            .sum()
    }

    /// Moves the entries so that their sum comes closer to the search's
    /// result: `residual` is the result minus the corrected evaluation
    /// (centipawns); the deeper the search, the larger the step.
    pub fn update(&mut self, side: usize, keys: &CorrectionKeys, depth: i32, residual: i32) {
        let weight = (depth + 1).clamp(1, 16) as i64;
        let max = MAX_CORRECTION_CP * GRAIN;
        let step =
            residual.clamp(-MAX_CORRECTION_CP, MAX_CORRECTION_CP) as i64 * GRAIN as i64 * weight
                / WEIGHT_SCALE as i64;
        let slots: Vec<usize> = self.entries(side, keys).collect();
        for i in slots {
            if let Some(e) = self.tables.get_mut(i) {
                *e = (*e as i64 + step).clamp(-max as i64, max as i64) as i32;
            }
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.tables.iter_mut().for_each(|e| *e = 0);
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
        let keys = [Some(42), None];
        assert_eq!(c.correction(0, &keys), 0);
        for _ in 0..200 {
            let residual = 40 - c.correction(0, &keys);
            c.update(0, &keys, 10, residual);
        }
        let v = c.correction(0, &keys);
        assert!((35..=40).contains(&v), "{v}");
        // The other side and another structure are untouched.
        assert_eq!(c.correction(1, &keys), 0);
        assert_eq!(c.correction(0, &[Some(43), None]), 0);
        assert_eq!(c.correction(0, &[None, Some(42)]), 0);
        let one = [Some(7), None];
        for _ in 0..500 {
            c.update(1, &one, 20, -10_000);
        }
        let capped = c.correction(1, &one);
        assert!(
            (-MAX_CORRECTION_CP..=-MAX_CORRECTION_CP + 2).contains(&capped),
            "{capped}"
        );
        c.clear();
        assert_eq!(c.correction(1, &one), 0);
    }

    #[test]
    fn two_keys_share_the_error_instead_of_doubling_it() {
        let mut c = CorrectionHistory::new();
        let keys = [Some(1), Some(2)];
        for _ in 0..300 {
            let residual = 30 - c.correction(0, &keys);
            c.update(0, &keys, 10, residual);
        }
        let v = c.correction(0, &keys);
        assert!((26..=32).contains(&v), "{v}");
    }
}
