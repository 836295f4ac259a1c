//! Transposition table: a power-of-two number of buckets, four entries each,
//! generic over the game's move type.
//!
//! Keys are split: the low bits choose the bucket, the high 32 bits are kept
//! in the entry as a check. Mate scores are stored relative to the node
//! (`MATE - plies to mate from here`) and converted back on probe, so a mate
//! found through a transposition reports the right distance from the root.

use super::{Bound, MATE_BOUND};

const BUCKET_SIZE: usize = 4;

/// What a probe returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtHit<M> {
    pub mv: Option<M>,
    /// Score, already adjusted to be relative to the root again.
    pub score: i32,
    /// Draft the score was searched with (plies; quiescence stores 0).
    pub depth: i32,
    pub bound: Bound,
}

#[derive(Clone, Copy)]
struct Slot<M: Copy> {
    check: u32,
    mv: Option<M>,
    score: i32,
    depth: i16,
    /// 0 = empty, 1 = exact, 2 = lower, 3 = upper.
    bound: u8,
    generation: u8,
}

impl<M: Copy> Slot<M> {
    const EMPTY: Self = Slot {
        check: 0,
        mv: None,
        score: 0,
        depth: 0,
        bound: 0,
        generation: 0,
    };

    fn is_empty(&self) -> bool {
        self.bound == 0
    }
}

type Bucket<M> = [Slot<M>; BUCKET_SIZE];

pub struct TranspositionTable<M: Copy> {
    buckets: Vec<Bucket<M>>,
    mask: usize,
    generation: u8,
    size_mb: usize,
}

fn bound_to_u8(b: Bound) -> u8 {
    match b {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    }
}

fn bound_from_u8(b: u8) -> Bound {
    match b {
        1 => Bound::Exact,
        2 => Bound::Lower,
        _ => Bound::Upper,
    }
}

/// Converts a score relative to the root into one relative to a node `ply`
/// plies below it (for storing).
pub fn score_to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score + ply
    } else if score <= -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// Inverse of [`score_to_tt`].
pub fn score_from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE_BOUND {
        score - ply
    } else if score <= -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using at most `mb` mebibytes (at least one bucket).
    pub fn new(mb: usize) -> Self {
        let mut tt = TranspositionTable {
            buckets: Vec::new(),
            mask: 0,
            generation: 0,
            size_mb: 0,
        };
        tt.resize(mb);
        tt
    }

    fn bucket_count_for(mb: usize) -> usize {
        let bytes = mb.saturating_mul(1024 * 1024);
        let per = std::mem::size_of::<Bucket<M>>().max(1);
        let n = (bytes / per).max(1);
        // Largest power of two not above n.
        1usize << (usize::BITS - 1 - n.leading_zeros())
    }

    /// Reallocates to `mb` mebibytes; the content is lost.
    pub fn resize(&mut self, mb: usize) {
        let mut n = Self::bucket_count_for(mb);
        // Free the old table first so peak memory stays near one table.
        self.buckets = Vec::new();
        // An allocation that fails halves the size instead of aborting.
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(n).is_err() && n > 1 {
            log::warn!("transposition table: cannot allocate {n} buckets, halving");
            n /= 2;
        }
        buckets.resize(n, [Slot::EMPTY; BUCKET_SIZE]);
        self.buckets = buckets;
        self.mask = n - 1;
        self.generation = 0;
        self.size_mb = mb;
    }

    /// The size asked for in the last `new`/`resize`.
    pub fn size_mb(&self) -> usize {
        self.size_mb
    }

    /// Number of entries (slots).
    pub fn capacity(&self) -> usize {
        self.buckets.len() * BUCKET_SIZE
    }

    pub fn clear(&mut self) {
        for b in self.buckets.iter_mut() {
            *b = [Slot::EMPTY; BUCKET_SIZE];
        }
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become preferred
    /// victims for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & self.mask
    }

    fn check(key: u64) -> u32 {
        (key >> 32) as u32
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit<M>> {
        let bucket = &self.buckets[self.index(key)];
        let check = Self::check(key);
        bucket
            .iter()
            .find(|s| !s.is_empty() && s.check == check)
            .map(|s| TtHit {
                mv: s.mv,
                score: score_from_tt(s.score, ply),
                depth: s.depth as i32,
                bound: bound_from_u8(s.bound),
            })
    }

    /// Stores a result. `score` is relative to the root, `ply` is the node's
    /// distance from the root. With `mv == None` an existing move for the
    /// same position is kept.
    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let check = Self::check(key);
        let bucket = &mut self.buckets[index];
        let depth16 = depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16;

        let mut victim = 0;
        if let Some(i) = bucket
            .iter()
            .position(|s| !s.is_empty() && s.check == check)
        {
            victim = i;
            let old = bucket[i];
            // Keep a deeper exact-ish result of this search unless the new one
            // is exact or the old one is stale.
            if bound != Bound::Exact
                && old.generation == generation
                && old.depth as i32 > depth + 2
                && bound_from_u8(old.bound) == Bound::Exact
            {
                if old.mv.is_none() {
                    bucket[i].mv = mv;
                }
                return;
            }
        } else {
            let mut worst = i32::MAX;
            for (i, s) in bucket.iter().enumerate() {
                if s.is_empty() {
                    victim = i;
                    break;
                }
                let age = generation.wrapping_sub(s.generation) as i32;
                let value = s.depth as i32 - 8 * age;
                if value < worst {
                    worst = value;
                    victim = i;
                }
            }
        }
        let slot = &mut bucket[victim];
        let keep_move = if slot.check == check && !slot.is_empty() {
            slot.mv
        } else {
            None
        };
        *slot = Slot {
            check,
            mv: mv.or(keep_move),
            score: score_to_tt(score, ply),
            depth: depth16,
            bound: bound_to_u8(bound),
            generation,
        };
    }

    /// Permille of entries written during the current search, sampled over
    /// the first thousand entries (or all, when fewer).
    pub fn hashfull(&self) -> u32 {
        let sample_buckets = (1000 / BUCKET_SIZE).min(self.buckets.len());
        if sample_buckets == 0 {
            return 0;
        }
        let used: usize = self.buckets[..sample_buckets]
            .iter()
            .flat_map(|b| b.iter())
            .filter(|s| !s.is_empty() && s.generation == self.generation)
            .count();
        (used * 1000 / (sample_buckets * BUCKET_SIZE)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MATE;

    #[test]
    fn store_probe_roundtrip_and_mate_adjust() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0u64;
        tt.store(key, 3, Some(7), MATE - 5, 4, Bound::Exact);
        let hit = tt.probe(key, 3).expect("hit");
        assert_eq!(hit.mv, Some(7));
        assert_eq!(hit.score, MATE - 5);
        assert_eq!(hit.depth, 4);
        assert_eq!(hit.bound, Bound::Exact);
        // Reached at another ply the mate distance shifts with it.
        assert_eq!(tt.probe(key, 1).map(|h| h.score), Some(MATE - 3));
        // Different check bits: miss.
        assert!(tt.probe(key ^ (1 << 40), 3).is_none());
        // Storing without a move keeps the old move.
        tt.store(key, 3, None, 10, 5, Bound::Upper);
        assert_eq!(tt.probe(key, 3).and_then(|h| h.mv), Some(7));
    }

    #[test]
    fn clear_resize_hashfull() {
        let mut tt: TranspositionTable<u32> = TranspositionTable::new(1);
        assert!(tt.capacity().is_power_of_two());
        assert_eq!(tt.hashfull(), 0);
        for i in 0..100_000u64 {
            let k = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            tt.store(k, 0, Some(i as u32), 0, 1, Bound::Lower);
        }
        assert!(tt.hashfull() > 500);
        tt.clear();
        assert_eq!(tt.hashfull(), 0);
        tt.resize(2);
        assert_eq!(tt.size_mb(), 2);
        assert!(tt.capacity() > 0);
        tt.resize(0);
        assert!(tt.capacity() >= BUCKET_SIZE);
    }
}
