//! Transposition table: a power-of-two number of buckets, four entries each,
//! shared by every search thread.
//!
//! An entry is two atomic words: the data (move key, score, depth, bound,
//! generation) and the position's key XOR the data. A reader accepts an
//! entry only when the two XOR back to its key, so an entry torn by two
//! threads writing at once reads as a miss, never as another position's
//! result; no lock and no `unsafe`. Moves are kept as the game's 32-bit
//! move keys ([`super::AlphaBetaPosition::move_key`]), which the search
//! only compares with the keys of the moves it generated, so a key from a
//! torn or colliding entry can reorder moves but never play an illegal one.
//!
//! Mate scores are stored relative to the node (`MATE - plies to mate from
//! here`) and converted back on probe, so a mate found through a
//! transposition reports the right distance from the root.
//!
//! The buckets live in fixed-size chunks, each allocated at the first
//! store into it. Setting a size only sizes the list of chunks, and a
//! clear only drops the chunks written, so neither writes the whole table
//! (seconds at several GiB, during which no search ran and `stop` went
//! unheard); memory becomes resident as searches fill the table.

use super::{Bound, MATE_BOUND};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

const BUCKET_SIZE: usize = 4;

/// Buckets in one chunk: 64 KiB, small enough that a search pays for a
/// new chunk in microseconds.
const CHUNK_BUCKETS: usize = 1024;

/// Tables of at least this many chunks (256 MiB) free them on a thread of
/// their own.
const BACKGROUND_FREE_CHUNKS: usize = 4096;

/// Where each field sits in an entry's data word.
mod layout {
    pub const SCORE_SHIFT: u32 = 32;
    pub const DEPTH_SHIFT: u32 = 48;
    pub const BOUND_SHIFT: u32 = 56;
    pub const HAS_MOVE_BIT: u64 = 1 << 58;
    pub const GENERATION_SHIFT: u32 = 59;
    /// Generations count modulo 32 (five bits).
    pub const GENERATION_MASK: u8 = 31;
    /// Depths are kept in eight bits.
    pub const DEPTH_MAX: i32 = 255;
}

/// What a probe returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtHit {
    /// The key of the best move found, when one was.
    pub mv: Option<u32>,
    /// Score, already adjusted to be relative to the root again.
    pub score: i32,
    /// Draft the score was searched with (plies; quiescence stores 0).
    pub depth: i32,
    pub bound: Bound,
}

/// One entry's fields, unpacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    mv: Option<u32>,
    /// Relative to the node.
    score: i16,
    depth: u8,
    /// 0 = empty, 1 = exact, 2 = lower, 3 = upper.
    bound: u8,
    generation: u8,
}

impl Slot {
    fn pack(self) -> u64 {
        use layout::*;
        let (mv, has) = match self.mv {
            Some(k) => (u64::from(k), HAS_MOVE_BIT),
            None => (0, 0),
        };
        mv | u64::from(self.score as u16) << SCORE_SHIFT
            | u64::from(self.depth) << DEPTH_SHIFT
            | u64::from(self.bound & 3) << BOUND_SHIFT
            | has
            | u64::from(self.generation & GENERATION_MASK) << GENERATION_SHIFT
    }

    fn unpack(data: u64) -> Slot {
        use layout::*;
        Slot {
            mv: (data & HAS_MOVE_BIT != 0).then_some(data as u32),
            score: (data >> SCORE_SHIFT) as u16 as i16,
            depth: (data >> DEPTH_SHIFT) as u8,
            bound: ((data >> BOUND_SHIFT) & 3) as u8,
            generation: (data >> GENERATION_SHIFT) as u8 & GENERATION_MASK,
        }
    }

    fn is_empty(self) -> bool {
        self.bound == 0
    }
}

/// One entry: the data and the key XOR the data.
#[derive(Default)]
struct Entry {
    lock: AtomicU64,
    data: AtomicU64,
}

impl Entry {
    /// The entry's fields when it holds `key`'s result, whole.
    fn read(&self, key: u64) -> Option<Slot> {
        let data = self.data.load(Ordering::Relaxed);
        let slot = Slot::unpack(data);
        let whole = self.lock.load(Ordering::Relaxed) ^ data == key;
        (whole && !slot.is_empty()).then_some(slot)
    }

    /// The fields whatever key they belong to (for choosing a victim).
    fn peek(&self) -> Slot {
        Slot::unpack(self.data.load(Ordering::Relaxed))
    }

    fn write(&self, key: u64, slot: Slot) {
        let data = slot.pack();
        self.data.store(data, Ordering::Relaxed);
        self.lock.store(key ^ data, Ordering::Relaxed);
    }
}

/// Four entries on one 64-byte cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET_SIZE]);

/// A chunk of buckets, allocated by the first store into it (by whichever
/// thread comes first; the others wait for it).
type Chunk = OnceLock<Box<[Bucket]>>;

pub struct TranspositionTable {
    chunks: Vec<Chunk>,
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

impl TranspositionTable {
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
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        // Largest power of two not above n.
        1usize << (usize::BITS - 1 - n.leading_zeros())
    }

    /// True when the system grants an address range of `buckets` buckets.
    /// Nothing is written, so nothing becomes resident.
    fn can_reserve(buckets: usize) -> bool {
        let mut probe: Vec<Bucket> = Vec::new();
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
        self.chunks.resize_with(count, OnceLock::new);
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

    /// Number of entries, allocated or not.
    pub fn capacity(&self) -> usize {
        (self.mask + 1) * BUCKET_SIZE
    }

    /// Chunks allocated so far (the resident part of the table).
    pub fn allocated_chunks(&self) -> usize {
        self.chunks.iter().filter(|c| c.get().is_some()).count()
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
        self.generation = self.generation.wrapping_add(1) & layout::GENERATION_MASK;
    }

    /// The chunk and the bucket within it that `key` maps to.
    fn place(&self, key: u64) -> (usize, usize) {
        let index = (key as usize) & self.mask;
        (index / self.chunk_len, index % self.chunk_len)
    }

    fn bucket(&self, key: u64) -> Option<&Bucket> {
        let (chunk, within) = self.place(key);
        self.chunks.get(chunk)?.get()?.get(within)
    }

    /// The bucket of `key`, its chunk allocated first if need be.
    fn bucket_to_write(&self, key: u64) -> Option<&Bucket> {
        let (chunk, within) = self.place(key);
        let len = self.chunk_len;
        self.chunks
            .get(chunk)?
            .get_or_init(|| (0..len).map(|_| Bucket::default()).collect())
            .get(within)
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<TtHit> {
        let slot = self.bucket(key)?.0.iter().find_map(|e| e.read(key))?;
        Some(TtHit {
            mv: slot.mv,
            score: score_from_tt(i32::from(slot.score), ply),
            depth: i32::from(slot.depth),
            bound: bound_from_u8(slot.bound),
        })
    }

    /// Stores a result. `score` is relative to the root, `ply` is the
    /// node's distance from the root, `mv` the key of the best move. With
    /// `mv == None` an existing move for the same position is kept.
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<u32>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let Some(bucket) = self.bucket_to_write(key) else {
            return;
        };
        let depth = depth.clamp(0, layout::DEPTH_MAX);
        let same = bucket
            .0
            .iter()
            .enumerate()
            .find_map(|(i, e)| e.read(key).map(|s| (i, s)));
        let (victim, kept_move) = match same {
            Some((i, old)) => {
                // Keep a deeper exact result of this search unless the new
                // one is exact too.
                if bound != Bound::Exact
                    && old.generation == generation
                    && i32::from(old.depth) > depth + 2
                    && bound_from_u8(old.bound) == Bound::Exact
                {
                    if old.mv.is_none() && mv.is_some() {
                        bucket.0[i].write(key, Slot { mv, ..old });
                    }
                    return;
                }
                (i, old.mv)
            }
            None => (Self::victim(bucket, generation), None),
        };
        let stored = score_to_tt(score, ply).clamp(i32::from(i16::MIN), i32::from(i16::MAX));
        let slot = Slot {
            mv: mv.or(kept_move),
            score: stored as i16,
            depth: depth as u8,
            bound: bound_to_u8(bound),
            generation,
        };
        if let Some(entry) = bucket.0.get(victim) {
            entry.write(key, slot);
        }
    }

    /// The entry a new position replaces: an empty one, else the one
    /// least worth keeping (shallow, and old by eight plies a search).
    fn victim(bucket: &Bucket, generation: u8) -> usize {
        let mut victim = 0;
        let mut worst = i32::MAX;
        for (i, entry) in bucket.0.iter().enumerate() {
            let s = entry.peek();
            if s.is_empty() {
                return i;
            }
            let age = i32::from(generation.wrapping_sub(s.generation) & layout::GENERATION_MASK);
            let value = i32::from(s.depth) - 8 * age;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        victim
    }

    /// Permille of entries written during the current search, sampled over
    /// the first thousand entries (or all, when fewer).
    pub fn hashfull(&self) -> u32 {
        let sample_buckets = (1000 / BUCKET_SIZE).min(self.mask + 1);
        let Some(first) = self.chunks.first().and_then(|c| c.get()) else {
            return 0;
        };
        let used = first
            .iter()
            .take(sample_buckets)
            .flat_map(|b| b.0.iter())
            .map(Entry::peek)
            .filter(|s| !s.is_empty() && s.generation == self.generation)
            .count();
        (used * 1000 / (sample_buckets * BUCKET_SIZE)) as u32
    }
}

/// A large table is given back on a thread of its own, as by `clear`: a
/// session that ends (`quit`, another game) does not wait for it.
impl Drop for TranspositionTable {
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
        let tt = TranspositionTable::new(1);
        let key = 0x1234_5678_9abc_def0u64;
        tt.store(key, 3, Some(7), MATE - 5, 4, Bound::Exact);
        let hit = tt.probe(key, 3).expect("hit");
        assert_eq!(hit.mv, Some(7));
        assert_eq!(hit.score, MATE - 5);
        assert_eq!(hit.depth, 4);
        assert_eq!(hit.bound, Bound::Exact);
        // Reached at another ply the mate distance shifts with it.
        assert_eq!(tt.probe(key, 1).map(|h| h.score), Some(MATE - 3));
        // Another key in the same bucket: miss.
        assert!(tt.probe(key ^ (1 << 40), 3).is_none());
        // Storing without a move keeps the old move.
        tt.store(key, 3, None, 10, 5, Bound::Upper);
        assert_eq!(tt.probe(key, 3).and_then(|h| h.mv), Some(7));
    }

    #[test]
    fn every_field_survives_packing() {
        for mv in [None, Some(0), Some(u32::MAX), Some(0x8000_0001)] {
            for score in [i16::MIN, -1, 0, 1, i16::MAX] {
                let slot = Slot {
                    mv,
                    score,
                    depth: 255,
                    bound: 3,
                    generation: 31,
                };
                assert_eq!(Slot::unpack(slot.pack()), slot);
            }
        }
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let (a, b) = (0x1111_0000_0000_0005u64, 0x2222_0000_0000_0005u64);
        tt.store(a, 0, Some(1), 50, 3, Bound::Exact);
        let bucket = tt.bucket(a).expect("written");
        let entry = bucket.0.iter().find(|e| e.read(a).is_some()).expect("a");
        // Another thread's data lands between the two words of a write.
        let other = Slot {
            mv: Some(9),
            score: -70,
            depth: 9,
            bound: 1,
            generation: 0,
        };
        entry.data.store(other.pack(), Ordering::Relaxed);
        assert!(tt.probe(a, 0).is_none());
        assert!(tt.probe(b, 0).is_none());
    }

    #[test]
    fn threads_storing_at_once_read_back_only_whole_entries() {
        let tt = TranspositionTable::new(1);
        // Few buckets' worth of keys, so the threads fight over entries.
        let keys: Vec<u64> = (0..64u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        // Each key's move is a function of the key: any hit must agree.
        let move_of = |k: u64| (k >> 40) as u32;
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let (tt, keys) = (&tt, &keys);
                s.spawn(move || {
                    for round in 0..20_000u64 {
                        let k = keys[((round * 7 + t * 13) % 64) as usize];
                        let depth = (round % 20) as i32;
                        tt.store(k, 0, Some(move_of(k)), depth, depth, Bound::Lower);
                        if let Some(hit) = tt.probe(k, 0) {
                            assert_eq!(hit.mv, Some(move_of(k)));
                            assert_eq!(hit.score, hit.depth);
                        }
                    }
                });
            }
        });
    }

    #[test]
    fn clear_resize_hashfull() {
        let mut tt = TranspositionTable::new(1);
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
        let mut tt = TranspositionTable::new(16 * 1024);
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
        let tt = TranspositionTable::new(0);
        assert_eq!(tt.capacity(), BUCKET_SIZE);
        for key in 0..10u64 {
            tt.store(key << 32, 0, Some(key as u32), 0, 1, Bound::Lower);
        }
        assert_eq!(tt.allocated_chunks(), 1);
        // One bucket of four: the last stores are found.
        assert_eq!(tt.probe(9 << 32, 0).and_then(|h| h.mv), Some(9));
    }
}
