//! What a match counts as its units (games, or matches to points) finish:
//! W-D-L from the first engine's side, ranks, points, game pairs, the
//! SPRT, terminations; and the summary after the last one. The runner
//! counts units as they finish ([`super::runner`]); the pool counts the
//! units its shards' results files list, in the match's order
//! ([`super::pool`]).

use super::referee::Pairing;
use super::shard::Shard;
use super::sprt::{SprtParams, Verdict};
use super::stats::{Pairs, PointsTally, Ranks, Tally};
use crate::games::record::{GameRecord, GameResult};

/// A finished unit, as much of it as the standings count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitOutcome {
    /// The unit's number in the whole match (from 1): game `number`, or
    /// the `number`-th match to points.
    pub number: usize,
    /// Per engine, in the order of the `--engine` flags, its place in the
    /// unit (0 = first); `None` for an engine without a seat in the result.
    pub places: Vec<Option<u8>>,
    /// Per game of the unit, the first engine's points by the game's own
    /// scoring (empty when the first engine has no seat).
    pub first_points: Vec<i32>,
    /// Per game of the unit, how it ended (`normal`, `time forfeit`, ...).
    pub terminations: Vec<String>,
}

impl UnitOutcome {
    /// The outcome of the unit played as `pairing` between `engines`
    /// engines: its games' records and the unit's result.
    pub fn of(
        pairing: &Pairing,
        records: &[GameRecord],
        result: &GameResult,
        engines: usize,
    ) -> UnitOutcome {
        let seat_of = |engine| pairing.seats.iter().position(|&e| e == engine);
        let first_points = match seat_of(0) {
            Some(seat) => records.iter().map(|r| r.result.points_of(seat)).collect(),
            None => Vec::new(),
        };
        UnitOutcome {
            number: pairing.number,
            places: (0..engines)
                .map(|engine| seat_of(engine).and_then(|s| result.place_of(s)))
                .collect(),
            first_points,
            terminations: records
                .iter()
                .map(|r| r.termination.tag().to_string())
                .collect(),
        }
    }

    /// The first engine's score against the best of the others, in half
    /// points: 2 ahead of them all, 1 level with the best, 0 behind.
    pub fn first_half_points(&self) -> u8 {
        let first = self.places.first().copied().flatten();
        let others = self.places.iter().skip(1).filter_map(|&p| p).min();
        match (first, others) {
            (Some(mine), Some(theirs)) if mine < theirs => 2,
            (Some(mine), Some(theirs)) if mine == theirs => 1,
            _ => 0,
        }
    }
}

/// Who makes the SPRT's decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtRole {
    /// The whole match (or the pool of its shards): the first crossing of
    /// a bound decides and stands.
    Decides,
    /// One shard of a sharded match: its LLR is its own pairs' alone, it
    /// never decides and never stops the shard; the pool decides.
    ShardOnly(Shard),
}

/// What the standings need to know of the match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchShape {
    /// The engines' names, in the order of the `--engine` flags.
    pub names: Vec<String>,
    /// Pentanomial counts are kept: two engines, each opening twice.
    pub paired: bool,
    pub sprt: Option<SprtParams>,
    pub sprt_role: SprtRole,
    /// The game is scored in points (backgammon): a points line.
    pub scored_by_points: bool,
}

/// The running SPRT: the last LLR and the first decision, which stands
/// (the games still in progress when it came are finished and counted,
/// but do not overturn it).
#[derive(Debug, Default)]
struct SprtState {
    llr: f64,
    verdict: Verdict,
    /// The decision was reported.
    announced: bool,
}

/// Everything counted while the match runs, from engine 0's side.
#[derive(Debug)]
pub struct Standings {
    shape: MatchShape,
    first_name: String,
    opponents: String,
    tally: Tally,
    ranks: Ranks,
    points: PointsTally,
    pairs: Pairs,
    sprt: SprtState,
    terminations: Vec<(String, u32)>,
}

impl Standings {
    pub fn new(shape: MatchShape) -> Self {
        Standings {
            first_name: shape.names.first().cloned().unwrap_or_default(),
            opponents: shape
                .names
                .iter()
                .skip(1)
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", "),
            tally: Tally::default(),
            ranks: Ranks::new(shape.names.len()),
            points: PointsTally::default(),
            pairs: Pairs::default(),
            sprt: SprtState::default(),
            terminations: Vec::new(),
            shape,
        }
    }

    /// The first engine's name.
    pub fn first_name(&self) -> &str {
        &self.first_name
    }

    /// The other engines' names, `, `-separated.
    pub fn opponents(&self) -> &str {
        &self.opponents
    }

    /// Counts a finished unit; true when it completed a game pair (then
    /// [`Standings::pair_finished`] has lines to print).
    pub fn add(&mut self, unit: &UnitOutcome) -> bool {
        let half_points = unit.first_half_points();
        self.tally.add(half_points);
        for (engine, place) in unit.places.iter().enumerate() {
            if let Some(q) = place {
                self.ranks.add(engine, *q);
            }
        }
        for &p in &unit.first_points {
            self.points.add(p);
        }
        for kind in &unit.terminations {
            match self.terminations.iter_mut().find(|(k, _)| k == kind) {
                Some((_, n)) => *n += 1,
                None => self.terminations.push((kind.clone(), 1)),
            }
        }
        self.shape.paired && self.pairs.add(unit.number.saturating_sub(1), half_points)
    }

    /// `Score of A vs B: W - L - D  [score] N`, after every unit.
    pub fn score_line(&self) -> String {
        let t = &self.tally;
        format!(
            "Score of {} vs {}: {} - {} - {}  [{:.3}] {}",
            self.first_name,
            self.opponents,
            t.wins,
            t.losses,
            t.draws,
            t.score(),
            t.games()
        )
    }

    /// After a completed pair: the pentanomial and normalized-Elo lines,
    /// the SPRT's line, and its decision the first time one comes (never
    /// in a shard). True when the SPRT decided with this pair.
    pub fn pair_finished(&mut self) -> (Vec<String>, bool) {
        let mut lines = vec![self.pairs.ptnml_line(), self.pairs.nelo_line()];
        let Some(params) = self.shape.sprt else {
            return (lines, false);
        };
        self.sprt.llr = params.llr(&self.pairs.ptnml);
        lines.push(self.sprt_status_line(&params));
        let decides = self.shape.sprt_role == SprtRole::Decides;
        if decides && self.sprt.verdict == Verdict::Continue {
            self.sprt.verdict = params.verdict(self.sprt.llr);
        }
        if self.sprt.verdict == Verdict::Continue || self.sprt.announced {
            return (lines, false);
        }
        self.sprt.announced = true;
        lines.push(format!("SPRT: {}", self.sprt.verdict.describe()));
        (lines, true)
    }

    /// The SPRT's decision so far.
    pub fn verdict(&self) -> Verdict {
        self.sprt.verdict
    }

    /// `SPRT: llr ...`; in a shard, marked as the shard's own.
    fn sprt_status_line(&self, params: &SprtParams) -> String {
        let line = params.status_line(self.sprt.llr);
        match self.shape.sprt_role {
            SprtRole::Decides => line,
            SprtRole::ShardOnly(shard) => line.replacen(
                "SPRT:",
                &format!("SPRT of shard {shard} alone (no decision):"),
                1,
            ),
        }
    }

    /// The summary after the last unit.
    pub fn summary_lines(&self) -> Vec<String> {
        let t = &self.tally;
        let mut lines = vec![
            format!(
                "Result {} vs {}: W-D-L {}-{}-{}, score {}/{} = {:.1} %",
                self.first_name,
                self.opponents,
                t.wins,
                t.draws,
                t.losses,
                t.points(),
                t.games(),
                100.0 * t.score()
            ),
            t.summary(),
        ];
        if self.shape.paired && self.pairs.pairs() > 0 {
            lines.push(self.pairs.ptnml_line());
            lines.push(self.pairs.nelo_line());
        }
        if let Some(params) = &self.shape.sprt {
            lines.push(self.sprt_status_line(params));
            lines.push(match self.shape.sprt_role {
                SprtRole::Decides => format!("SPRT: {}", self.sprt.verdict.describe()),
                SprtRole::ShardOnly(_) => {
                    "SPRT: decided over all shards by tabula match-pool".to_string()
                }
            });
        }
        if self.shape.names.len() > 2 {
            let names: Vec<&str> = self.shape.names.iter().map(String::as_str).collect();
            lines.extend(self.ranks.lines(&names));
        }
        if self.shape.scored_by_points {
            lines.push(format!(
                "Points of {}: {}",
                self.first_name,
                self.points.summary()
            ));
        }
        let t: Vec<String> = self
            .terminations
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        lines.push(format!("Terminations: {}", t.join(", ")));
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(number: usize, places: &[u8]) -> UnitOutcome {
        UnitOutcome {
            number,
            places: places.iter().map(|&p| Some(p)).collect(),
            first_points: vec![i32::from(places[1]) - i32::from(places[0])],
            terminations: vec!["normal".into()],
        }
    }

    fn shape(role: SprtRole) -> MatchShape {
        MatchShape {
            names: vec!["a".into(), "b".into()],
            paired: true,
            sprt: SprtParams::parse("elo0=0,elo1=200").ok(),
            sprt_role: role,
            scored_by_points: false,
        }
    }

    #[test]
    fn half_points_against_the_best_of_the_others() {
        assert_eq!(unit(1, &[0, 1]).first_half_points(), 2);
        assert_eq!(unit(1, &[0, 0]).first_half_points(), 1);
        assert_eq!(unit(1, &[1, 0]).first_half_points(), 0);
        assert_eq!(unit(1, &[1, 2, 0]).first_half_points(), 0);
        let unseated = UnitOutcome {
            places: vec![None, Some(0)],
            ..unit(1, &[0, 1])
        };
        assert_eq!(unseated.first_half_points(), 0);
    }

    #[test]
    fn the_whole_match_decides_and_a_shard_does_not() {
        let mut whole = Standings::new(shape(SprtRole::Decides));
        let shard = Shard::new(2, 3).unwrap_or_default();
        let mut part = Standings::new(shape(SprtRole::ShardOnly(shard)));
        let mut decided_at = None;
        for n in 1..=20 {
            let won = unit(n, &[0, 1]);
            assert!(!part.add(&won) || !part.pair_finished().1);
            if whole.add(&won) && whole.pair_finished().1 {
                decided_at.get_or_insert(n);
            }
        }
        assert_eq!(decided_at, Some(16));
        assert_eq!(whole.verdict(), Verdict::H1);
        assert_eq!(part.verdict(), Verdict::Continue);
        let summary = part.summary_lines();
        assert!(
            summary.contains(
                &"SPRT of shard 2/3 alone (no decision): llr 4.18 (142.1%), \
                  lbound -2.94, ubound 2.94"
                    .to_string()
            ),
            "{summary:?}"
        );
        assert!(summary.contains(&"SPRT: decided over all shards by tabula match-pool".into()));
        let whole = whole.summary_lines();
        assert!(
            whole.contains(&"SPRT: H1 accepted".to_string()),
            "{whole:?}"
        );
        assert_eq!(
            whole.first().map(String::as_str),
            Some("Result a vs b: W-D-L 20-0-0, score 20/20 = 100.0 %")
        );
    }
}
