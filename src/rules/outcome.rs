//! How a game ended: a ranking of the players, their points, and a typed
//! reason with the words a GUI or a record shows for it.

use std::fmt;

/// Why a game ended. Code decides by this kind, never by the words of
/// [`Outcome::reason`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndKind {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move has no legal move and is not in check (a draw in
    /// Makruk, a loss in Ōgi).
    NoLegalMove,
    /// Makruk's counting rule ran out.
    Counting,
    /// A position repeated as often as the rules allow.
    Repetition,
    /// Ōgi: the repetition came from one side checking throughout.
    PerpetualCheck,
    /// Tak: a road joins two opposite edges.
    Road,
    /// Tak: the board filled or a player ran out of pieces; flats counted.
    FlatCount,
    /// Backgammon and Tavla: the checkers borne off decide, with the win
    /// value (single, gammon/mars, backgammon) in [`Outcome::points`].
    BearOff,
    /// A player refused a double.
    CubeDropped,
    /// Every player but one (or every player) finished their march
    /// (Chinese checkers, Halma).
    Finished,
    /// A draw rule's move limit ran out (draughts: king moves without
    /// capture, the king endings' limits).
    MoveLimit,
    /// A player resigned.
    Resignation,
}

/// The end of a game. For `n` players, `places[k]` is player `k`'s place
/// (0 = first); players who share a place drew with each other. `points`
/// are the game's own scoring, zero-sum for two players: +1/−1 for a win,
/// 0/0 for a draw, ±value×cube in backgammon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub places: Vec<u8>,
    pub points: Vec<i32>,
    pub kind: EndKind,
    /// The words for it ("checkmate", "counting limit reached (...)").
    pub reason: String,
}

impl Outcome {
    /// A two-player win for `winner` (0 or 1), worth one point.
    pub fn win(winner: usize, kind: EndKind, reason: impl Into<String>) -> Outcome {
        Outcome::win_worth(winner, 2, 1, kind, reason)
    }

    /// A win of `winner` among `players`, worth `value` points from each
    /// loser; the losers share second place.
    pub fn win_worth(
        winner: usize,
        players: usize,
        value: i32,
        kind: EndKind,
        reason: impl Into<String>,
    ) -> Outcome {
        let places = (0..players).map(|k| u8::from(k != winner)).collect();
        let losers = players.saturating_sub(1) as i32;
        let points = (0..players)
            .map(|k| if k == winner { value * losers } else { -value })
            .collect();
        Outcome {
            places,
            points,
            kind,
            reason: reason.into(),
        }
    }

    /// A two-player draw.
    pub fn draw(kind: EndKind, reason: impl Into<String>) -> Outcome {
        Outcome::ranked(vec![0, 0], kind, reason)
    }

    /// A finishing order: `places[k]` is player `k`'s place. Points are the
    /// number of players each one beat minus the number who beat them.
    pub fn ranked(places: Vec<u8>, kind: EndKind, reason: impl Into<String>) -> Outcome {
        let points = places
            .iter()
            .map(|&p| {
                let beat = places.iter().filter(|&&q| q > p).count() as i32;
                let beaten = places.iter().filter(|&&q| q < p).count() as i32;
                beat - beaten
            })
            .collect();
        Outcome {
            places,
            points,
            kind,
            reason: reason.into(),
        }
    }

    pub fn players(&self) -> usize {
        self.places.len()
    }

    /// The one player alone in first place, if there is one.
    pub fn winner(&self) -> Option<usize> {
        let mut firsts = self.places.iter().enumerate().filter(|(_, p)| **p == 0);
        match (firsts.next(), firsts.next()) {
            (Some((k, _)), None) => Some(k),
            _ => None,
        }
    }

    /// True when every player shares first place.
    pub fn is_draw(&self) -> bool {
        self.places.iter().all(|&p| p == 0)
    }
}

/// A sentence: "player 1 wins by checkmate", "draw by stalemate",
/// "player 2 first, player 1 second by ...". Players are numbered from 1;
/// dialects and records with side names write their own.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_draw() {
            return write!(f, "draw by {}", self.reason);
        }
        if self.players() == 2
            && let Some(w) = self.winner()
        {
            return write!(f, "player {} wins by {}", w + 1, self.reason);
        }
        let mut order: Vec<usize> = (0..self.players()).collect();
        order.sort_by_key(|&k| self.places.get(k).copied().unwrap_or(u8::MAX));
        let ranks: Vec<String> = order
            .iter()
            .map(|&k| format!("player {} place {}", k + 1, self.places[k] + 1))
            .collect();
        write!(f, "{} ({})", ranks.join(", "), self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_win_and_draw() {
        let o = Outcome::win(1, EndKind::Checkmate, "checkmate");
        assert_eq!(o.places, vec![1, 0]);
        assert_eq!(o.points, vec![-1, 1]);
        assert_eq!(o.winner(), Some(1));
        assert!(!o.is_draw());
        assert_eq!(o.to_string(), "player 2 wins by checkmate");
        let d = Outcome::draw(EndKind::Repetition, "threefold repetition");
        assert_eq!(d.winner(), None);
        assert!(d.is_draw());
        assert_eq!(d.points, vec![0, 0]);
        assert_eq!(d.to_string(), "draw by threefold repetition");
    }

    #[test]
    fn gammon_is_worth_more_and_stays_zero_sum() {
        let o = Outcome::win_worth(0, 2, 4, EndKind::BearOff, "gammon, cube 2");
        assert_eq!(o.points, vec![4, -4]);
        assert_eq!(o.winner(), Some(0));
    }

    #[test]
    fn rankings_of_more_players() {
        // Four players: player 3 first, players 1 and 4 share second, player 2 last.
        let o = Outcome::ranked(vec![1, 3, 0, 1], EndKind::Finished, "all home");
        assert_eq!(o.winner(), Some(2));
        assert_eq!(o.points, vec![0, -3, 3, 0]);
        assert_eq!(o.points.iter().sum::<i32>(), 0);
        assert_eq!(
            o.to_string(),
            "player 3 place 1, player 1 place 2, player 4 place 2, player 2 place 4 (all home)"
        );
        let three = Outcome::win_worth(1, 3, 1, EndKind::Finished, "home");
        assert_eq!(three.places, vec![1, 0, 1]);
        assert_eq!(three.points, vec![-1, 2, -1]);
    }
}
