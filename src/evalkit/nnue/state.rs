//! A network and the accumulators of one position, one per ply made since
//! it was attached: what a game's position carries while the search
//! evaluates with a net. The game says which features a move turns on and
//! off; this keeps both views in step and pops a ply on unmake.

use super::accumulator::AccumulatorStack;
use super::features::Features;
use super::network::Network;
use std::cell::RefCell;
use std::fmt;
use std::sync::Arc;

/// The stack sits in a cell because reading the top applies the changes
/// its move recorded, and evaluations read through `&self`.
#[derive(Clone)]
pub struct NnueState {
    net: Arc<Network>,
    stack: RefCell<AccumulatorStack>,
}

impl fmt::Debug for NnueState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "NnueState({:?}, ply {})",
            self.net.arch(),
            self.stack.borrow().depth()
        )
    }
}

impl NnueState {
    /// The state of `pos` under `net`.
    pub fn new<P: Features>(net: Arc<Network>, pos: &P) -> Self {
        let stack = RefCell::new(AccumulatorStack::new(&net));
        let mut state = NnueState { net, stack };
        state.refresh(pos);
        state
    }

    pub fn net(&self) -> &Arc<Network> {
        &self.net
    }

    /// Recomputes the current accumulators from the position.
    pub fn refresh<P: Features>(&mut self, pos: &P) {
        let mut features = Vec::with_capacity(P::EXPECT.max_active as usize);
        let stack = self.stack.get_mut();
        for view in 0..2 {
            features.clear();
            pos.active_features(view, &mut features);
            stack
                .current_mut(&self.net)
                .refresh(&self.net, view, &features);
        }
    }

    /// A new ply for the move being made: the current one with the
    /// changes `add` and `remove` make.
    #[inline]
    pub fn push(&mut self) {
        self.stack.get_mut().push(&self.net);
    }

    /// Back one ply; false when the state began at this position (the
    /// caller refreshes it once the position is restored).
    #[inline]
    pub fn pop(&mut self) -> bool {
        let stack = self.stack.get_mut();
        if stack.depth() == 0 {
            return false;
        }
        stack.pop();
        true
    }

    /// Turns on a feature, given as its index in each view.
    #[inline]
    pub fn add(&mut self, per_view: [usize; 2]) {
        let stack = self.stack.get_mut();
        for (view, feature) in per_view.into_iter().enumerate() {
            stack.add(&self.net, view, feature);
        }
    }

    /// Turns off a feature, given as its index in each view.
    #[inline]
    pub fn remove(&mut self, per_view: [usize; 2]) {
        let stack = self.stack.get_mut();
        for (view, feature) in per_view.into_iter().enumerate() {
            stack.remove(&self.net, view, feature);
        }
    }

    /// Centipawns for player `mover` (0 or 1), with output `bucket`.
    pub fn evaluate(&self, mover: usize, bucket: usize) -> i32 {
        let mut stack = self.stack.borrow_mut();
        let acc = stack.current(&self.net);
        self.net
            .evaluate(acc.view(mover), acc.view(1 - mover), bucket)
    }
}

/// A position that can carry an [`NnueState`]: the game gives the slot;
/// attaching a net, refreshing and evaluating are the same for every game.
pub trait CarriesNet: Features + Sized {
    fn nnue_slot(&self) -> Option<&NnueState>;
    fn nnue_slot_mut(&mut self) -> &mut Option<Box<NnueState>>;

    /// Evaluates with `net` from now on (`None`: the hand evaluation).
    fn set_network(&mut self, net: Option<Arc<Network>>) {
        let state = net.map(|net| Box::new(NnueState::new(net, &*self)));
        *self.nnue_slot_mut() = state;
    }

    /// The network the position evaluates with, if any.
    fn network(&self) -> Option<&Arc<Network>> {
        self.nnue_slot().map(NnueState::net)
    }

    /// Recomputes the current accumulators from the position.
    fn refresh_nnue(&mut self) {
        if let Some(mut nnue) = self.nnue_slot_mut().take() {
            nnue.refresh(&*self);
            *self.nnue_slot_mut() = Some(nnue);
        }
    }

    /// The network's evaluation for the side to move, when one is set.
    fn nnue_evaluate(&self) -> Option<i32> {
        self.nnue_slot()
            .map(|n| n.evaluate(self.mover(), self.bucket()))
    }

    /// `hand` (the game's hand evaluation) plus the net's correction
    /// when one is set ([`Features::base_score`]), kept below the
    /// search's mate scores; `hand` alone otherwise.
    fn corrected(&self, hand: i32) -> i32 {
        match self.nnue_evaluate() {
            Some(net) => (hand + net).clamp(-CORRECTED_SCORE_MAX, CORRECTED_SCORE_MAX),
            None => hand,
        }
    }
}

/// The bound of a corrected evaluation, below every game's mate range.
pub const CORRECTED_SCORE_MAX: i32 = 20_000;

/// Helpers of the games' accumulator tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A net of seeded random weights for `P`'s shape.
    pub fn random_net<P: Features>(hidden: u32, seed: u64) -> Arc<Network> {
        match crate::evalkit::nnue::train::init::<P>(hidden, seed).quantise() {
            Ok(net) => Arc::new(net),
            Err(e) => panic!("a fresh net quantises: {e}"),
        }
    }

    /// The network's value of `pos` computed from scratch.
    pub fn refreshed<P: CarriesNet + Clone>(pos: &P, net: &Arc<Network>) -> Option<i32> {
        let mut fresh = pos.clone();
        fresh.set_network(Some(net.clone()));
        fresh.nnue_evaluate()
    }
}
