//! What a game gives the network: the features on in a position from
//! each player's view, and the output bucket. A game implements
//! [`Features`] on its position; the engine's accumulators, `tabula
//! datagen` and `tabula train` need nothing else from it.

use super::file::Expect;

/// A position as the network's input.
pub trait Features {
    /// The game's name in net files and the shape of its nets' input
    /// (features, buckets, the most features on in one view).
    const EXPECT: Expect<'static>;
    /// Appends the features on in the view of player `view` (0: the
    /// first player, 1: the second), each below `EXPECT.features`, at
    /// most `EXPECT.max_active` of them.
    fn active_features(&self, view: usize, out: &mut Vec<usize>);
    /// The output layer that scores this position (below
    /// `EXPECT.buckets`).
    fn bucket(&self) -> usize;
    /// The player to move (0 or 1): the network scores for this view.
    fn mover(&self) -> usize;
    /// The evaluation the game's nets correct, in centipawns for the
    /// mover: 0 where a net scores alone; a game whose engine evaluates
    /// as its hand evaluation plus the net returns the hand evaluation,
    /// and the trainer fits the net to the score minus it.
    fn base_score(&self) -> i32 {
        0
    }
    /// How many images of the position the game's rules play alike, the
    /// position itself included: mirror images, turns of a square
    /// board. The trainer adds the others of each training position
    /// (`tabula train --augment`), so every image must keep the bucket
    /// and the mover.
    fn images(&self) -> usize {
        1
    }
    /// Feature `feature` (in either view) of image `image` of the
    /// position, image 0 being the position itself.
    fn image_feature(&self, image: usize, feature: usize) -> usize {
        let _ = image;
        feature
    }
}

/// The bucket of a position with `pieces` on the board: one per
/// `per_bucket` pieces, the last taking the rest.
pub fn count_bucket(pieces: u32, per_bucket: u32, buckets: u32) -> usize {
    let index = pieces.saturating_sub(1) / per_bucket.max(1);
    index.min(buckets.saturating_sub(1)) as usize
}
