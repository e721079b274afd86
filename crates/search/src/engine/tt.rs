//! The transposition table: positions already searched, keyed by Zobrist hash, sized in MiB,
//! shared lock-free by all search threads (each entry's key is stored xor-ed with its data,
//! so a torn write reads as a miss, never as a wrong hit).

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use super::params::{TT_AGE_WEIGHT, TT_KEEP_DEEPER};
use crate::event::Bound;
use crate::score::Score;

/// Entries per bucket: four 16-byte entries fill one 64-byte cache line.
const BUCKET: usize = 4;

/// What the table remembers of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best (or refuting) move, packed by `Game::pack_move`.
    pub mv: Option<u16>,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// How `score` bounds the value.
    pub bound: Bound,
    /// The score, relative to the stored node (see `Score::to_table`).
    pub score: Score,
    /// The node was on the principal line when it was searched, or its entry said so
    /// (Stockfish's "ttPv"): a former principal line stays one while the entry lives.
    pub pv: bool,
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

/// A lock-free, depth-preferred transposition table.
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    buckets: usize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` MiB; 0 gives a table that stores nothing.
    pub fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.saturating_mul(1024 * 1024);
        let buckets = bytes / (BUCKET * std::mem::size_of::<Slot>());
        let slots = zeroed_slots(buckets * BUCKET);
        TranspositionTable {
            slots,
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Size in MiB (rounded down).
    pub fn size_mib(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>() / (1024 * 1024)
    }

    /// Forgets everything (UCI `ucinewgame`).
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.key.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        let next = (self.generation.load(Ordering::Relaxed) + 1) & GENERATION_MASK;
        self.generation.store(next, Ordering::Relaxed);
    }

    fn bucket(&self, hash: u64) -> Option<&[Slot]> {
        if self.buckets == 0 {
            return None;
        }
        let index = ((u128::from(hash) * self.buckets as u128) >> 64) as usize;
        self.slots.get(index * BUCKET..(index + 1) * BUCKET)
    }

    /// Asks the processor to fetch `hash`'s bucket into the cache ahead of a probe; a hint
    /// that changes nothing else.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        if let Some(bucket) = self.bucket(hash) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: a prefetch reads nothing and cannot fault, whatever the address; SSE,
            // which it needs, is part of every x86-64 processor.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// Looks `hash` up.
    pub fn probe(&self, hash: u64) -> Option<TtEntry> {
        let bucket = self.bucket(hash)?;
        bucket.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let key = slot.key.load(Ordering::Relaxed);
            (data != 0 && key ^ data == hash).then(|| unpack(data))
        })
    }

    /// Stores what a search found (`pv`: the node is on a principal line, now or formerly).
    /// An entry for the same position is overwritten unless it is deeper and this one is
    /// not exact; otherwise the shallowest, oldest entry goes.
    pub fn store(
        &self,
        hash: u64,
        mv: Option<u16>,
        depth: i32,
        bound: Bound,
        score: Score,
        pv: bool,
    ) {
        let Some(bucket) = self.bucket(hash) else {
            return;
        };
        let generation = self.generation.load(Ordering::Relaxed);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for slot in bucket {
            let data = slot.data.load(Ordering::Relaxed);
            let key = slot.key.load(Ordering::Relaxed);
            if data == 0 {
                victim = slot;
                break;
            }
            let old = unpack(data);
            if key ^ data == hash {
                if bound != Bound::Exact && old.depth > depth + TT_KEEP_DEEPER {
                    return;
                }
                // Keep the old move if this search found none.
                let mv = mv.or(old.mv);
                write(slot, hash, pack(mv, depth, bound, score, pv, generation));
                return;
            }
            let age = i32::from(generation.wrapping_sub(data_generation(data)) & GENERATION_MASK);
            let worth = old.depth - TT_AGE_WEIGHT * age;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        write(victim, hash, pack(mv, depth, bound, score, pv, generation));
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.slots.len().min(1000 * BUCKET);
        if sample == 0 {
            return 0;
        }
        let used = self.slots[..sample]
            .iter()
            .filter(|slot| {
                let data = slot.data.load(Ordering::Relaxed);
                data != 0 && data_generation(data) == generation
            })
            .count();
        (used * 1000 / sample) as u32
    }
}

/// `count` empty slots, from zeroed memory: the system hands out zero pages lazily, so a large
/// table costs nothing until it is used.
fn zeroed_slots(count: usize) -> Box<[Slot]> {
    if count == 0 {
        return Box::new([]);
    }
    let Ok(layout) = std::alloc::Layout::array::<Slot>(count) else {
        return (0..count).map(|_| Slot::default()).collect();
    };
    // SAFETY: the layout is non-zero-sized; an all-zero `Slot` (two `AtomicU64`s) is a valid
    // value; the pointer comes from the global allocator with exactly this layout, which is
    // what `Box<[Slot]>` frees it with.
    unsafe {
        let memory = std::alloc::alloc_zeroed(layout).cast::<Slot>();
        if memory.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(std::ptr::slice_from_raw_parts_mut(memory, count))
    }
}

fn write(slot: &Slot, hash: u64, data: u64) {
    slot.key.store(hash ^ data, Ordering::Relaxed);
    slot.data.store(data, Ordering::Relaxed);
}

// Data layout, low to high: move (16), depth (7), principal line (1), bound (2), occupied
// (1), has-move (1), generation (5), score (32). Depth 127 is more than any search reaches
// (`MAX_PLY` is 128). A stored entry is never all zero: `OCCUPIED` is always set.
const GENERATION_MASK: u8 = 0x1f;
const OCCUPIED: u64 = 1 << 26;

const PV_BIT: u64 = 1 << 23;

fn pack(mv: Option<u16>, depth: i32, bound: Bound, score: Score, pv: bool, generation: u8) -> u64 {
    let bound_bits: u64 = match bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let depth = depth.clamp(0, 127) as u64;
    let (move_bits, has_move) = match mv {
        Some(bits) => (u64::from(bits), 1u64 << 27),
        None => (0, 0),
    };
    let score = u64::from(score.raw() as u32);
    move_bits
        | depth << 16
        | if pv { PV_BIT } else { 0 }
        | bound_bits << 24
        | OCCUPIED
        | has_move
        | u64::from(generation & GENERATION_MASK) << 28
        | score << 32
}

fn data_generation(data: u64) -> u8 {
    ((data >> 28) as u8) & GENERATION_MASK
}

fn unpack(data: u64) -> TtEntry {
    let bound = match (data >> 24) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    TtEntry {
        mv: ((data >> 27) & 1 == 1).then_some(data as u16),
        depth: ((data >> 16) & 0x7f) as i32,
        bound,
        score: Score::from_raw((data >> 32) as u32 as i32),
        pv: data & PV_BIT != 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_an_entry() {
        let table = TranspositionTable::new(1);
        table.store(
            0xdead_beef,
            Some(0),
            5,
            Bound::Lower,
            Score::eval(-42),
            false,
        );
        let entry = table.probe(0xdead_beef).expect("stored entry");
        assert_eq!(entry.mv, Some(0));
        assert_eq!(entry.depth, 5);
        assert_eq!(entry.bound, Bound::Lower);
        assert_eq!(entry.score, Score::eval(-42));
        assert_eq!(table.probe(0xdead_bef0), None);
    }

    #[test]
    fn keeps_decisive_scores_and_missing_moves() {
        let table = TranspositionTable::new(1);
        table.store(7, None, 0, Bound::Exact, Score::loss_in(3), false);
        let entry = table.probe(7).expect("stored entry");
        assert_eq!(entry.mv, None);
        assert_eq!(entry.score, Score::loss_in(3));
    }

    #[test]
    fn a_shallow_bound_does_not_replace_a_deep_entry() {
        let table = TranspositionTable::new(1);
        table.store(9, Some(3), 12, Bound::Exact, Score::eval(10), false);
        table.store(9, Some(4), 2, Bound::Upper, Score::eval(-5), false);
        assert_eq!(table.probe(9).map(|e| e.depth), Some(12));
        table.store(9, None, 2, Bound::Exact, Score::eval(1), false);
        let entry = table.probe(9).expect("stored entry");
        assert_eq!((entry.depth, entry.mv), (2, Some(3)));
    }

    #[test]
    fn keeps_the_principal_line_flag_and_clamps_the_depth() {
        let table = TranspositionTable::new(1);
        table.store(11, Some(9), 200, Bound::Lower, Score::eval(3), true);
        let entry = table.probe(11).expect("stored entry");
        assert_eq!(
            (entry.depth, entry.pv, entry.bound),
            (127, true, Bound::Lower)
        );
        assert_eq!((entry.mv, entry.score), (Some(9), Score::eval(3)));
        table.store(11, None, 4, Bound::Exact, Score::eval(-3), false);
        let entry = table.probe(11).expect("stored entry");
        assert_eq!((entry.depth, entry.pv, entry.mv), (4, false, Some(9)));
    }

    #[test]
    fn a_zero_sized_table_remembers_nothing() {
        let table = TranspositionTable::new(0);
        table.store(1, Some(1), 1, Bound::Exact, Score::DRAW, false);
        assert_eq!(table.probe(1), None);
        assert_eq!(table.hashfull(), 0);
    }

    #[test]
    fn full_buckets_evict_the_shallowest_entry() {
        let table = TranspositionTable::new(1);
        let buckets = table.buckets as u128;
        // Keys that land in bucket 0: high bits small enough.
        let keys: Vec<u64> = (1..=5u64).collect();
        assert!(keys.iter().all(|&k| (u128::from(k) * buckets) >> 64 == 0));
        for (depth, &key) in [9, 3, 7, 8].iter().zip(&keys) {
            table.store(key, None, *depth, Bound::Exact, Score::DRAW, false);
        }
        table.store(keys[4], None, 6, Bound::Exact, Score::DRAW, false);
        assert!(table.probe(keys[1]).is_none(), "depth-3 entry evicted");
        for key in [keys[0], keys[2], keys[3], keys[4]] {
            assert!(table.probe(key).is_some());
        }
    }
}
