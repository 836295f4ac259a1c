//! The transformer's output for a position, one row of hidden values per
//! side's view, kept up to date as moves are made: a move adds the rows
//! of the features it turns on and takes away those it turns off.
//! Additions wrap, so an update and a refresh agree bit for bit even on
//! a net the loader would not have taken.

use super::network::Network;

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

    /// Becomes a copy of `other` without allocating.
    fn copy_from(&mut self, other: &Accumulator) {
        for (mine, theirs) in self.views.iter_mut().zip(&other.views) {
            mine.clear();
            mine.extend_from_slice(theirs);
        }
    }
}

/// One accumulator per ply from the root of a game: `push` before a move
/// is made (a copy of the current one, to be updated), `pop` when it is
/// unmade. Slots are kept, so a search allocates nothing after its first
/// visit to a ply.
#[derive(Debug, Clone)]
pub struct AccumulatorStack {
    slots: Vec<Accumulator>,
    top: usize,
}

impl AccumulatorStack {
    /// A stack whose only accumulator is at the bias.
    pub fn new(net: &Network) -> Self {
        AccumulatorStack {
            slots: vec![Accumulator::new(net)],
            top: 0,
        }
    }

    pub fn current(&self) -> &Accumulator {
        // `top` always names a slot: `pop` never goes below the first.
        &self.slots[self.top.min(self.slots.len() - 1)]
    }

    pub fn current_mut(&mut self) -> &mut Accumulator {
        let top = self.top.min(self.slots.len() - 1);
        &mut self.slots[top]
    }

    /// A new top, a copy of the current accumulator.
    pub fn push(&mut self) {
        if self.top + 1 == self.slots.len() {
            let copy = self.current().clone();
            self.slots.push(copy);
        } else {
            let (below, above) = self.slots.split_at_mut(self.top + 1);
            if let (Some(from), Some(to)) = (below.last(), above.first_mut()) {
                to.copy_from(from);
            }
        }
        self.top += 1;
    }

    /// Back to the accumulator below (the first one stays).
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// Plies above the first accumulator.
    pub fn depth(&self) -> usize {
        self.top
    }
}
