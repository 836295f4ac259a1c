//! Errors as typed values: a kind the code can act on and a detail for the
//! reader. Each dialect prints them in its own form (UCI `info string error:
//! <detail>`, CECP `Error (input rejected): <detail>`, UBGI `error <code>
//! <detail>`), so no code ever recognises an error by its words.

use crate::games::GameError;
use std::fmt;

/// What went wrong, in the four classes UBGI names (protocol-spec/backgammon.md §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// An unknown command word or malformed syntax.
    BadCommand,
    /// A well-formed command with a value that is wrong: a position that
    /// cannot be, an illegal move, an option value out of range.
    BadValue,
    /// The command does not fit the engine's state (a new-game argument the
    /// game does not take, a search of a finished game where that is refused).
    BadState,
    /// Something tabula does not offer: an unknown option, a dialect or game
    /// not spoken, a position format of another game.
    Unsupported,
}

impl ErrorKind {
    /// The code word UBGI prints for this kind.
    pub fn code(self) -> &'static str {
        match self {
            ErrorKind::BadCommand => "bad_command",
            ErrorKind::BadValue => "bad_value",
            ErrorKind::BadState => "bad_state",
            ErrorKind::Unsupported => "unsupported",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineError {
    pub kind: ErrorKind,
    /// For the reader: what was wrong and where (`position: move 2 'e3e5':
    /// illegal`).
    pub detail: String,
}

impl EngineError {
    pub fn new(kind: ErrorKind, detail: impl Into<String>) -> EngineError {
        EngineError {
            kind,
            detail: detail.into(),
        }
    }
    pub fn bad_command(detail: impl Into<String>) -> EngineError {
        EngineError::new(ErrorKind::BadCommand, detail)
    }
    pub fn bad_value(detail: impl Into<String>) -> EngineError {
        EngineError::new(ErrorKind::BadValue, detail)
    }
    pub fn bad_state(detail: impl Into<String>) -> EngineError {
        EngineError::new(ErrorKind::BadState, detail)
    }
    pub fn unsupported(detail: impl Into<String>) -> EngineError {
        EngineError::new(ErrorKind::Unsupported, detail)
    }
    /// The same error, its detail prefixed with where it happened
    /// (`position: ...`, `go: ...`).
    pub fn within(self, context: &str) -> EngineError {
        EngineError {
            kind: self.kind,
            detail: format!("{context}: {}", self.detail),
        }
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for EngineError {}

/// A game's refusal of a position, move or option value is a bad value,
/// whether the text did not parse or the move is not legal; what the game
/// does not have at all is unsupported.
impl From<GameError> for EngineError {
    fn from(e: GameError) -> EngineError {
        match e {
            GameError::Parse(s) | GameError::Illegal(s) => EngineError::bad_value(s),
            GameError::Unsupported(s) => EngineError::unsupported(s),
        }
    }
}
