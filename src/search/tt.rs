//! Transposition table: a power-of-two number of buckets, four entries each,
//! generic over the game's move type.
//!
//! Keys are split: the low bits choose the bucket, the high 32 bits are kept
//! in the entry as a check. Mate scores are stored relative to the node
//! (`MATE - plies to mate from here`) and converted back on probe, so a mate
//! found through a transposition reports the right distance from the root.
//!
//! The buckets live in fixed-size chunks, each allocated at the first
//! store into it. Setting a size only sizes the list of chunks, and a
//! clear only drops the chunks written, so neither writes the whole table
//! (seconds at several GiB, during which no search ran and `stop` went
//! unheard); memory becomes resident as searches fill the table.

use super::{Bound, MATE_BOUND};

const BUCKET_SIZE: usize = 4;

/// Buckets in one chunk: 64 KiB with the common 16-byte slot, small
/// enough that a search pays for a new chunk in microseconds.
const CHUNK_BUCKETS: usize = 1024;

/// Tables of at least this many chunks (256 MiB of 16-byte slots) free
/// them on a thread of their own.
const BACKGROUND_FREE_CHUNKS: usize = 4096;

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

/// A chunk of buckets, `None` until the first store into it.
type Chunk<M> = Option<Box<[Bucket<M>]>>;

pub struct TranspositionTable<M: Copy + Send + 'static> {
    chunks: Vec<Chunk<M>>,
    /// Buckets in each chunk: [`CHUNK_BUCKETS`], or all of a smaller table.
    chunk_len: usize,
    /// The number of buckets less one (a power of two less one).
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

impl<M: Copy + Send + 'static> TranspositionTable<M> {
    /// A table using at most `mb` mebibytes (at least one bucket).
    pub fn new(mb: usize) -> Self {
        let mut tt = TranspositionTable {
            chunks: Vec::new(),
            chunk_len: 1,
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

    /// True when the system grants an address range of `buckets` buckets.
    /// Nothing is written, so nothing becomes resident.
    fn can_reserve(buckets: usize) -> bool {
        let mut probe: Vec<Bucket<M>> = Vec::new();
        probe.try_reserve_exact(buckets).is_ok()
    }

    /// Resizes to `mb` mebibytes; the content is lost. Chunks are
    /// allocated by the stores that need them.
    pub fn resize(&mut self, mb: usize) {
        let mut n = Self::bucket_count_for(mb);
        // A size the system refuses is halved instead of aborting later.
        while n > 1 && !Self::can_reserve(n) {
            log::warn!("transposition table: cannot allocate {n} buckets, halving");
            n /= 2;
        }
        self.chunk_len = n.min(CHUNK_BUCKETS);
        self.drop_chunks(n / self.chunk_len);
        self.mask = n - 1;
        self.generation = 0;
        self.size_mb = mb;
    }

    /// Replaces the chunks by `count` unallocated ones. Many written
    /// chunks are freed on a thread of their own: giving a filled 16 GiB
    /// back to the system takes over a second, which the next search
    /// would otherwise wait out.
    fn drop_chunks(&mut self, count: usize) {
        let old = std::mem::take(&mut self.chunks);
        self.chunks.resize_with(count, || None);
        if old.len() >= BACKGROUND_FREE_CHUNKS {
            let spawned = std::thread::Builder::new()
                .name("tabula-tt-free".into())
                .spawn(move || drop(old));
            if let Err(e) = spawned {
                log::warn!("transposition table: freed in place ({e})");
            }
        }
    }

    /// The size asked for in the last `new`/`resize`.
    pub fn size_mb(&self) -> usize {
        self.size_mb
    }

    /// Number of entries (slots), allocated or not.
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * BUCKET_SIZE
    }

    /// Chunks allocated so far (the resident part of the table).
    pub fn allocated_chunks(&self) -> usize {
        self.chunks.iter().filter(|c| c.is_some()).count()
    }

    /// Empties the table by dropping the chunks written (none are written
    /// anew), so a clear costs what the searches filled, not the size.
    pub fn clear(&mut self) {
        self.drop_chunks(self.chunks.len());
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become preferred
    /// victims for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The chunk and the bucket within it that `key` maps to.
    fn place(&self, key: u64) -> (usize, usize) {
        let index = (key as usize) & self.mask;
        (index / self.chunk_len, index % self.chunk_len)
    }

    fn bucket(&self, key: u64) -> Option<&Bucket<M>> {
        let (chunk, within) = self.place(key);
        self.chunks.get(chunk)?.as_ref()?.get(within)
    }

    /// The bucket of `key`, its chunk allocated first if need be.
    fn bucket_mut(&mut self, key: u64) -> Option<&mut Bucket<M>> {
        let (chunk, within) = self.place(key);
        let len = self.chunk_len;
        self.chunks
            .get_mut(chunk)?
            .get_or_insert_with(|| vec![[Slot::EMPTY; BUCKET_SIZE]; len].into_boxed_slice())
            .get_mut(within)
    }

    fn check(key: u64) -> u32 {
        (key >> 32) as u32
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit<M>> {
        let bucket = self.bucket(key)?;
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
        let check = Self::check(key);
        let Some(bucket) = self.bucket_mut(key) else {
            return;
        };
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
        let sample_buckets = (1000 / BUCKET_SIZE).min(self.mask + 1);
        let Some(Some(first)) = self.chunks.first() else {
            return 0;
        };
        let used: usize = first
            .iter()
            .take(sample_buckets)
            .flat_map(|b| b.iter())
            .filter(|s| !s.is_empty() && s.generation == self.generation)
            .count();
        (used * 1000 / (sample_buckets * BUCKET_SIZE)) as u32
    }
}

/// A large table is given back on a thread of its own, as by `clear`: a
/// session that ends (`quit`, another game) does not wait for it.
impl<M: Copy + Send + 'static> Drop for TranspositionTable<M> {
    fn drop(&mut self) {
        self.drop_chunks(0);
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

    #[test]
    fn a_large_table_is_allocated_as_it_is_written() {
        // 16 GiB asked for: nothing is written until a store needs it.
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(16 * 1024);
        assert_eq!(tt.allocated_chunks(), 0);
        assert_eq!(tt.capacity(), (16usize << 30) / 16);
        assert!(tt.probe(42, 0).is_none());
        assert_eq!(tt.hashfull(), 0);
        tt.store(42, 0, Some(3), 5, 2, Bound::Exact);
        assert_eq!(tt.allocated_chunks(), 1);
        assert_eq!(tt.probe(42, 0).and_then(|h| h.mv), Some(3));
        // Keys that share the low bits share the chunk.
        tt.store(42 | (7 << 40), 0, Some(4), 5, 2, Bound::Exact);
        assert_eq!(tt.allocated_chunks(), 1);
        tt.store(42 + (CHUNK_BUCKETS as u64), 0, None, 5, 2, Bound::Exact);
        assert_eq!(tt.allocated_chunks(), 2);
        // A clear drops what was written and forgets it.
        tt.clear();
        assert_eq!(tt.allocated_chunks(), 0);
        assert!(tt.probe(42, 0).is_none());
        assert_eq!(tt.capacity(), (16usize << 30) / 16);
    }

    #[test]
    fn tables_smaller_than_a_chunk_work_alike() {
        let mut tt: TranspositionTable<u16> = TranspositionTable::new(0);
        assert_eq!(tt.capacity(), BUCKET_SIZE);
        for key in 0..10u64 {
            tt.store(key << 32, 0, Some(key as u16), 0, 1, Bound::Lower);
        }
        assert_eq!(tt.allocated_chunks(), 1);
        // One bucket of four: the last stores are found.
        assert_eq!(tt.probe(9 << 32, 0).and_then(|h| h.mv), Some(9));
    }
}
