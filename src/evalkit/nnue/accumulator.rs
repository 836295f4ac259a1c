//! The transformer's output for a position, one row of hidden values per
//! side's view, kept up to date as moves are made: a move adds the rows
//! of the features it turns on and takes away those it turns off.
//! Additions wrap, so an update and a refresh agree bit for bit even on
//! a net the loader would not have taken.

use super::network::{CHUNK, Network};
use super::simd;

/// The two views' hidden values (view 0: the first player's, 1: the
/// second's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Accumulator {
    views: [Vec<i16>; 2],
}

impl Accumulator {
    /// Both views at the transformer's bias (no feature on).
    pub fn new(net: &Network) -> Self {
        Accumulator {
            views: [net.ft_bias().to_vec(), net.ft_bias().to_vec()],
        }
    }

    pub fn view(&self, view: usize) -> &[i16] {
        self.views.get(view).map_or(&[], Vec::as_slice)
    }

    /// Recomputes `view` from the bias and `features`.
    pub fn refresh(&mut self, net: &Network, view: usize, features: &[usize]) {
        if let Some(v) = self.views.get_mut(view) {
            v.clear();
            v.extend_from_slice(net.ft_bias());
        }
        for &f in features {
            self.add(net, view, f);
        }
    }

    /// Turns `feature` on in `view` (a feature out of range is skipped).
    pub fn add(&mut self, net: &Network, view: usize, feature: usize) {
        self.apply(net, view, feature, i16::wrapping_add);
    }

    /// Turns `feature` off in `view`.
    pub fn remove(&mut self, net: &Network, view: usize, feature: usize) {
        self.apply(net, view, feature, i16::wrapping_sub);
    }

    fn apply(&mut self, net: &Network, view: usize, feature: usize, op: fn(i16, i16) -> i16) {
        let (Some(v), Some(row)) = (self.views.get_mut(view), net.feature_row(feature)) else {
            return;
        };
        for (a, &w) in v.iter_mut().zip(row) {
            *a = op(*a, w);
        }
    }
}

/// The features the move on top of the stack turns on and off in each
/// view, kept until the top is read: then one pass per view makes it from
/// the accumulator below ([`add_rows`]). A node whose value is never read
/// costs no pass, and none costs a copy.
#[derive(Debug, Clone, Default)]
struct Pending {
    active: bool,
    on: [Vec<usize>; 2],
    off: [Vec<usize>; 2],
}

impl Pending {
    fn start(&mut self) {
        self.active = true;
        for list in self.on.iter_mut().chain(&mut self.off) {
            list.clear();
        }
    }
}

/// One accumulator per ply from the root of a game: `push` when a move is
/// made, `add` and `remove` for the features it changes, `pop` when it is
/// unmade. Slots are kept, so a search allocates nothing after its first
/// visit to a ply.
#[derive(Debug, Clone)]
pub struct AccumulatorStack {
    slots: Vec<Accumulator>,
    top: usize,
    pending: Pending,
}

impl AccumulatorStack {
    /// A stack whose only accumulator is at the bias.
    pub fn new(net: &Network) -> Self {
        AccumulatorStack {
            slots: vec![Accumulator::new(net)],
            top: 0,
            pending: Pending::default(),
        }
    }

    /// The current accumulator, with the top move's changes applied.
    pub fn current(&mut self, net: &Network) -> &Accumulator {
        self.settle(net);
        // `top` always names a slot: `push` makes it, `pop` never goes
        // below the first.
        &self.slots[self.top.min(self.slots.len() - 1)]
    }

    /// The current accumulator to change by hand (a refresh).
    pub fn current_mut(&mut self, net: &Network) -> &mut Accumulator {
        self.settle(net);
        let top = self.top.min(self.slots.len() - 1);
        &mut self.slots[top]
    }

    /// A new top for the move being made: the accumulator below with the
    /// changes `add` and `remove` record, applied when it is read.
    pub fn push(&mut self, net: &Network) {
        self.settle(net);
        if self.top + 1 == self.slots.len() {
            self.slots.push(Accumulator::new(net));
        }
        self.top += 1;
        self.pending.start();
    }

    /// Turns `feature` on in `view` (a feature out of range is skipped).
    pub fn add(&mut self, net: &Network, view: usize, feature: usize) {
        self.change(net, view, feature, true);
    }

    /// Turns `feature` off in `view`.
    pub fn remove(&mut self, net: &Network, view: usize, feature: usize) {
        self.change(net, view, feature, false);
    }

    fn change(&mut self, net: &Network, view: usize, feature: usize, on: bool) {
        if !self.pending.active {
            let acc = self.current_mut(net);
            if on {
                acc.add(net, view, feature);
            } else {
                acc.remove(net, view, feature);
            }
            return;
        }
        let lists = if on {
            &mut self.pending.on
        } else {
            &mut self.pending.off
        };
        if let (Some(list), true) = (lists.get_mut(view), net.feature_row(feature).is_some()) {
            list.push(feature);
        }
    }

    /// Back to the accumulator below (the first one stays).
    pub fn pop(&mut self) {
        self.pending.active = false;
        self.top = self.top.saturating_sub(1);
    }

    /// Plies above the first accumulator.
    pub fn depth(&self) -> usize {
        self.top
    }

    /// Applies the top move's recorded changes to the accumulator below,
    /// into the top slot.
    fn settle(&mut self, net: &Network) {
        if !self.pending.active {
            return;
        }
        self.pending.active = false;
        let (below, above) = self.slots.split_at_mut(self.top);
        let (Some(from), Some(to)) = (below.last(), above.first_mut()) else {
            return;
        };
        let pending = &self.pending;
        for (view, (dst, src)) in to.views.iter_mut().zip(&from.views).enumerate() {
            let (Some(on), Some(off)) = (pending.on.get(view), pending.off.get(view)) else {
                continue;
            };
            add_rows(net, dst, src, on, off);
        }
    }
}

/// Hidden values per pass of [`add_rows`]: eight SSE registers' worth.
const TILE: usize = 64;

/// `dst = src + Σ rows of on − Σ rows of off`, a tile of hidden values at
/// a time so that each tile stays in registers while every row passes
/// over it (one load per row and tile, one store per tile). Wrapping, as
/// [`Accumulator::add`] is: the order of the rows does not change the sum.
/// In AVX2 where the processor has it ([`simd`]).
pub(super) fn add_rows(
    net: &Network,
    dst: &mut Vec<i16>,
    src: &[i16],
    on: &[usize],
    off: &[usize],
) {
    #[cfg(target_arch = "x86_64")]
    if simd::has_avx2() {
        // SAFETY: the processor has AVX2, all `add_rows_avx2` requires.
        unsafe { add_rows_avx2(net, dst, src, on, off) };
        return;
    }
    add_rows_plain(net, dst, src, on, off);
}

/// [`add_rows_plain`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn add_rows_avx2(net: &Network, dst: &mut Vec<i16>, src: &[i16], on: &[usize], off: &[usize]) {
    add_rows_plain(net, dst, src, on, off);
}

/// [`add_rows`] in the build's baseline instructions.
#[inline(always)]
pub(super) fn add_rows_plain(
    net: &Network,
    dst: &mut Vec<i16>,
    src: &[i16],
    on: &[usize],
    off: &[usize],
) {
    // Every value is written below (the hidden layer is whole chunks):
    // sizing `dst` copies nothing once its slot has been used.
    dst.resize(src.len(), 0);
    let whole = src.len() - src.len() % TILE;
    let (dst_head, dst_tail) = dst.split_at_mut(whole);
    let (src_head, src_tail) = src.split_at(whole);
    let heads = dst_head
        .chunks_exact_mut(TILE)
        .zip(src_head.chunks_exact(TILE));
    for (t, (to, from)) in heads.enumerate() {
        add_tile::<TILE>(net, to, from, t * TILE, on, off);
    }
    let tails = dst_tail
        .chunks_exact_mut(CHUNK)
        .zip(src_tail.chunks_exact(CHUNK));
    for (t, (to, from)) in tails.enumerate() {
        add_tile::<CHUNK>(net, to, from, whole + t * CHUNK, on, off);
    }
}

/// [`add_rows`] on the `N` hidden values from `start`: `to = from + rows`.
#[inline(always)]
fn add_tile<const N: usize>(
    net: &Network,
    to: &mut [i16],
    from: &[i16],
    start: usize,
    on: &[usize],
    off: &[usize],
) {
    let (Ok(to), Ok(from)) = (<&mut [i16; N]>::try_from(to), <&[i16; N]>::try_from(from)) else {
        return;
    };
    let mut acc = *from;
    let piece = |f: usize| {
        net.feature_row(f)
            .and_then(|row| row.get(start..start + N))
            .and_then(|p| <&[i16; N]>::try_from(p).ok())
    };
    for w in on.iter().filter_map(|&f| piece(f)) {
        for (a, &w) in acc.iter_mut().zip(w) {
            *a = a.wrapping_add(w);
        }
    }
    for w in off.iter().filter_map(|&f| piece(f)) {
        for (a, &w) in acc.iter_mut().zip(w) {
            *a = a.wrapping_sub(w);
        }
    }
    *to = acc;
}
