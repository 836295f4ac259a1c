//! Matches to N points (`--match-length N`, backgammon): one unit of the
//! runner is then a whole match, its games played one after the other by
//! the same seats, each game starting from the start position that carries
//! the match length, the score and the Crawford flag (the game writes it,
//! [`MatchRules::match_start`]). Without a length a unit is one game.

use super::args::MatchConfig;
use super::referee::{Pairing, play_game};
use crate::engineclient::EngineSpec;
use crate::games::record::{GameRecord, GameResult, MatchRules};

/// The score of a match between two seats and where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchScore {
    pub length: u32,
    /// Points per seat.
    pub score: [u32; 2],
    /// The Crawford game has been played (or is being played).
    pub crawford_used: bool,
}

impl MatchScore {
    pub fn new(length: u32) -> MatchScore {
        MatchScore {
            length,
            score: [0, 0],
            crawford_used: false,
        }
    }

    /// The seat that reached the length, if any.
    pub fn winner(&self) -> Option<usize> {
        self.score.iter().position(|&s| s >= self.length)
    }

    /// True when the next game is the Crawford game: the first game after
    /// a player first reaches one point short of the length (the other
    /// still further away).
    pub fn next_is_crawford(&self) -> bool {
        !self.crawford_used
            && self.length > 1
            && self.winner().is_none()
            && self.score.contains(&(self.length - 1))
    }

    /// Adds a game's points (the winner's share of `points`, which holds
    /// each seat's ± points) and marks the Crawford game played.
    pub fn add_game(&mut self, points: &[i32], was_crawford: bool) {
        self.crawford_used |= was_crawford;
        for (seat, p) in points.iter().enumerate().take(2) {
            if *p > 0 {
                self.score[seat] = self.score[seat].saturating_add(p.unsigned_abs());
            }
        }
    }

    /// The match result: the winner first, the loser second.
    pub fn result(&self) -> GameResult {
        let winner = self.winner().unwrap_or(0);
        let points = (0..2).map(|s| if s == winner { 1 } else { -1 }).collect();
        GameResult {
            places: (0..2).map(|s| u8::from(s != winner)).collect(),
            points: Some(points),
        }
    }
}

/// Plays one unit: a game, or with `--match-length` a whole match. The
/// records of its games and the unit's result (a match: its winner, ±1).
pub fn play_unit<G: MatchRules>(
    game: &G,
    new_game_arg: Option<&str>,
    cfg: &MatchConfig,
    engines: &[EngineSpec],
    pairing: &Pairing,
) -> (Vec<GameRecord>, GameResult) {
    let Some(length) = cfg.match_length else {
        let rec = play_game(game, new_game_arg, cfg, engines, pairing);
        let result = rec.result.clone();
        return (vec![rec], result);
    };
    let mut score = MatchScore::new(length);
    let mut records = Vec::new();
    while score.winner().is_none() {
        let crawford = score.next_is_crawford();
        let Some(start) = game.match_start(length, score.score, crawford) else {
            break;
        };
        let k = records.len();
        let mut p = pairing.clone();
        p.number = k + 1;
        p.opening.position = Some(start);
        // Game k of both matches of a pair rolls the same dice.
        p.chance_game = pairing.chance_game.saturating_mul(1000).saturating_add(k);
        let rec = play_game(game, new_game_arg, cfg, engines, &p);
        // A forfeit (crash, time, illegal play) loses the match.
        let points = match &rec.result.points {
            Some(points) => points.clone(),
            None => {
                let loser = rec.result.places.iter().position(|&q| q > 0).unwrap_or(1);
                let mut forfeit = vec![0; 2];
                if let Some(w) = forfeit.get_mut(1 - loser.min(1)) {
                    *w = i32::try_from(length).unwrap_or(i32::MAX);
                }
                forfeit
            }
        };
        score.add_game(&points, crawford);
        records.push(rec);
    }
    (records, score.result())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crawford_game_comes_once_after_reaching_one_away() {
        let mut m = MatchScore::new(5);
        assert!(!m.next_is_crawford());
        m.add_game(&[2, -2], false);
        m.add_game(&[-2, 2], false);
        assert_eq!(m.score, [2, 2]);
        assert!(!m.next_is_crawford());
        m.add_game(&[2, -2], false);
        assert_eq!(m.score, [4, 2]);
        assert!(m.next_is_crawford());
        m.add_game(&[-1, 1], true);
        assert_eq!(m.score, [4, 3]);
        assert!(!m.next_is_crawford(), "only one Crawford game");
        m.add_game(&[-4, 4], false);
        assert_eq!(m.winner(), Some(1));
        let r = m.result();
        assert_eq!(r.places, vec![1, 0]);
        assert_eq!(r.points, Some(vec![-1, 1]));
    }

    #[test]
    fn a_one_point_match_has_no_crawford_game() {
        let mut m = MatchScore::new(1);
        assert!(!m.next_is_crawford());
        m.add_game(&[1, -1], false);
        assert_eq!(m.winner(), Some(0));
    }
}
