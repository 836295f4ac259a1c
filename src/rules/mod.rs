//! The rules core: what every game answers, whatever searches it. Knows no
//! text, no protocol and no search. Search traits (alpha-beta, equity for
//! dice games, multi-player) are layered on top of
//! [`RulesPosition`] in `search/`; notation in and out is layered on top of
//! it in `games/` ([`crate::games::GamePosition`]).

mod mix;
mod outcome;
mod side;

pub use mix::splitmix;
pub use outcome::{EndKind, Outcome};
pub use side::{PerSide, Side};

/// Who decides in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Player `k` of [`RulesPosition::players`], 0 first.
    Player(usize),
    /// Chance: one of [`RulesPosition::chance_outcomes`] happens next (a
    /// dice roll), supplied by the GUI or the referee.
    Chance,
}

/// The kind of decision a position asks for, so that dialects and the match
/// runner never have to guess what to ask an engine or a GUI for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// A move of the player on turn.
    Move,
    /// A chance outcome (a roll), from the GUI or the referee.
    Roll,
    /// A doubling-cube action (offer, take, drop) of the player on turn.
    Cube,
}

/// A position under a game's rules: whose turn it is, the legal moves, and
/// making and taking back moves. The position keeps its own undo stack, so
/// `unmake` takes no argument.
pub trait RulesPosition: Clone + Send + 'static {
    type Move: Copy + Eq + Send + Sync + std::fmt::Debug + 'static;

    /// How many players take part (2 by default; the hop games take 2 to 6).
    fn players(&self) -> usize {
        2
    }
    /// The player on turn, 0 first (White / sente / the first seat). At a
    /// chance node, the player the chance outcome is for.
    fn side_to_move(&self) -> usize;
    /// Who decides here. Default: the player on turn.
    fn turn(&self) -> Turn {
        Turn::Player(self.side_to_move())
    }
    /// What kind of decision this position asks for. Default: a move.
    fn decision(&self) -> Decision {
        match self.turn() {
            Turn::Player(_) => Decision::Move,
            Turn::Chance => Decision::Roll,
        }
    }
    /// At a chance node, the outcomes (as moves) with their weights; empty
    /// where the turn is a player's.
    fn chance_outcomes(&self) -> Vec<(Self::Move, u32)> {
        Vec::new()
    }
    /// Appends all legal moves to `out` (at a chance node: the outcomes).
    fn generate_legal(&self, out: &mut Vec<Self::Move>);
    fn make(&mut self, mv: Self::Move);
    fn unmake(&mut self);
    /// Zobrist-style hash of everything that decides the legal moves and the
    /// result (board, side to move, hands, counting state).
    fn key(&self) -> u64;
    /// The result if the game is over in this position (mate, stalemate,
    /// repetition, counting, road, ...), else `None`.
    fn outcome(&self) -> Option<Outcome>;
    /// The places if a game of more than two players is cut short here
    /// (the match runner's move cap): players who already finished keep
    /// theirs. `None` (the default): a draw among all.
    fn places_if_cut_short(&self) -> Option<Vec<u8>> {
        None
    }
}
