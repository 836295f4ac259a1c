//! A game of the registry as the soak's model of the daemon's position,
//! for the drivers of dialects with no `d` or `go perft` (CECP, Hub):
//! positions and moves read by the crate's own rules, reached through
//! `registry::visit` by the game's id, so that a driver names no game.

use tabula::engine::registry::{self, GameVisitor};
use tabula::games::record::MatchRules;
use tabula::games::{Game, GamePosition, MoveNotation, Outcome};

/// A position of some game of the registry.
pub trait Position {
    /// The legal moves written in `notation`.
    fn legal(&self, notation: MoveNotation) -> Vec<String>;
    /// `text` reads in `notation` as a legal move here.
    fn accepts(&self, text: &str, notation: MoveNotation) -> bool;
    /// Plays `text`, a legal move written in `notation`.
    fn play(&mut self, text: &str, notation: MoveNotation) -> Result<(), String>;
    fn outcome(&self) -> Option<Outcome>;
    fn side_to_move(&self) -> usize;
    /// The position in the game's notation.
    fn notation(&self) -> String;
}

impl<P: GamePosition> Position for P {
    fn legal(&self, notation: MoveNotation) -> Vec<String> {
        self.legal_move_list()
            .into_iter()
            .map(|m| self.format_move(m, notation))
            .collect()
    }

    fn accepts(&self, text: &str, notation: MoveNotation) -> bool {
        self.parse_move(text, notation).is_ok()
    }

    fn play(&mut self, text: &str, notation: MoveNotation) -> Result<(), String> {
        let mv = self
            .parse_move(text, notation)
            .map_err(|e| format!("{text}: {e}"))?;
        GamePosition::play(self, mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        tabula::rules::RulesPosition::outcome(self)
    }

    fn side_to_move(&self) -> usize {
        tabula::rules::RulesPosition::side_to_move(self)
    }

    fn notation(&self) -> String {
        self.to_notation()
    }
}

/// A game of the registry with its default options: where positions come
/// from.
pub trait Rules {
    fn start(&self) -> Box<dyn Position>;
    /// A position in the game's notation, or why it is refused.
    fn parse(&self, text: &str) -> Result<Box<dyn Position>, String>;
    /// `base` (the start when `None`) with `moves` played, each written in
    /// `notation`; `None` when the text or a move is refused.
    fn reach(
        &self,
        base: Option<&str>,
        moves: &[String],
        notation: MoveNotation,
    ) -> Option<Box<dyn Position>> {
        let mut pos = match base {
            None => self.start(),
            Some(t) => self.parse(t).ok()?,
        };
        for m in moves {
            pos.play(m, notation).ok()?;
        }
        Some(pos)
    }
}

struct Of<G>(G);

impl<G: Game> Rules for Of<G> {
    fn start(&self) -> Box<dyn Position> {
        Box::new(self.0.start_position())
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Position>, String> {
        match self.0.parse_position(text) {
            Ok(p) => Ok(Box::new(p)),
            Err(e) => Err(e.to_string()),
        }
    }
}

/// The rules of game `id` of the registry.
pub fn rules(id: &str) -> Box<dyn Rules> {
    struct Make;
    impl GameVisitor for Make {
        type Output = Box<dyn Rules>;
        fn visit<G: MatchRules>(self) -> Box<dyn Rules> {
            Box::new(Of(G::new()))
        }
    }
    registry::visit(id, Make).unwrap_or_else(|| panic!("no game {id} in the registry"))
}
