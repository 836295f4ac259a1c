//! Playing a line of moves written in a game's own notation, for the rules
//! and notation tests of every game.

use tabula::games::{GamePosition, MoveNotation};

/// Plays the space-separated `moves`; panics naming the first that does
/// not parse or is illegal.
pub fn play<P: GamePosition>(p: &mut P, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p
            .parse_move(m, MoveNotation::Native)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv);
    }
}
