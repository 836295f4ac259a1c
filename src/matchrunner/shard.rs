//! `--shard I/N`: the I-th of N disjoint slices of a match's games, so that
//! one match can be played by N processes on N machines and pooled
//! afterwards (`tabula match-pool`, [`super::pool`]).
//!
//! A game's opening, seats and dice follow from its number alone
//! ([`super::runner::pairing`]), so a shard that plays the games numbered
//! `a..=b` plays them exactly as the whole match would. The games are cut
//! into blocks — a game pair (games `2k − 1` and `2k`: one opening, the
//! colours swapped, the same dice) when openings are played twice, else a
//! single game — and the blocks are dealt out in N contiguous runs whose
//! lengths differ by at most one: shard I takes blocks `⌊(I−1)·B/N⌋ ..
//! ⌊I·B/N⌋` of the `B` blocks. A pair is never split between two shards, so
//! each shard's pentanomial counts are whole pairs.

use std::fmt;
use std::ops::Range;

/// Shard `index` of `count`, `index` counted from 1 (as Slurm's
/// `SLURM_ARRAY_TASK_ID` with `--array=1-N`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    index: usize,
    count: usize,
}

/// The example every `--shard` error shows.
const SHARD_FORM: &str = "I/N (shard I of N, 1 <= I <= N, e.g. --shard 2/4)";

impl Default for Shard {
    fn default() -> Shard {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Digits only, as a count (`str::parse` alone would take `+2`).
fn count_in(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

impl Shard {
    /// The whole match: one shard of one.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` (from 1) of `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 {
            return Err(format!(
                "--shard {index}/{count}: N must be at least 1; expected {SHARD_FORM}"
            ));
        }
        if index == 0 {
            return Err(format!(
                "--shard {index}/{count}: I counts from 1; expected {SHARD_FORM}"
            ));
        }
        if index > count {
            return Err(format!(
                "--shard {index}/{count}: I must be at most N; expected {SHARD_FORM}"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Reads `I/N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let (i, n) = text
            .split_once('/')
            .ok_or_else(|| format!("--shard needs {SHARD_FORM}, got '{text}'"))?;
        match (count_in(i), count_in(n)) {
            (Some(i), Some(n)) => Shard::new(i, n),
            _ if [i, n].iter().all(|t| t.bytes().all(|b| b.is_ascii_digit())) => {
                Err(format!("--shard '{text}': a number is empty or too large"))
            }
            _ => Err(format!("--shard needs {SHARD_FORM}, got '{text}'")),
        }
    }

    /// Which shard, from 1.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Into how many shards the match is cut.
    pub fn count(&self) -> usize {
        self.count
    }

    /// True for the whole match (`1/1`, or no `--shard`).
    pub fn is_whole(&self) -> bool {
        self.count == 1
    }

    /// The 0-based indices of the games this shard plays, of a match of
    /// `games` games cut into blocks of `block_games` (module documentation).
    pub fn games(&self, games: usize, block_games: usize) -> Range<usize> {
        let block_games = block_games.max(1);
        let blocks = games.div_ceil(block_games);
        let first_block = |shard: usize| -> usize {
            let share = shard as u128 * blocks as u128 / self.count as u128;
            usize::try_from(share).unwrap_or(blocks)
        };
        let start = first_block(self.index - 1).saturating_mul(block_games);
        let end = first_block(self.index).saturating_mul(block_games);
        start.min(games)..end.min(games)
    }

    /// Refuses more shards than blocks: a shard would have no game.
    pub fn check_fits(&self, games: usize, block_games: usize) -> Result<(), String> {
        let blocks = games.div_ceil(block_games.max(1));
        if self.count <= blocks {
            return Ok(());
        }
        Err(format!(
            "--shard {self}: the match has {blocks} {} (--games {games}), fewer than {} shards",
            block_name(block_games),
            self.count
        ))
    }
}

/// Games per block: a pair when each opening is played twice.
pub fn block_games(repeat: bool) -> usize {
    if repeat { 2 } else { 1 }
}

/// What a block is called in messages.
pub fn block_name(block_games: usize) -> &'static str {
    if block_games == 2 {
        "game pairs"
    } else {
        "games"
    }
}

/// What a match's units are called: games, or with `--match-length`
/// matches to points (singular, plural).
pub fn unit_names(match_length: Option<u32>) -> (&'static str, &'static str) {
    match match_length {
        Some(_) => ("match", "matches"),
        None => ("game", "games"),
    }
}

/// `games 5-8` (numbered from 1, inclusive), `game 5` or `no games`, in
/// the `names` [`unit_names`] gives.
pub fn describe_games(games: &Range<usize>, names: (&str, &str)) -> String {
    let (one, many) = names;
    match games.len() {
        0 => format!("no {many}"),
        1 => format!("{one} {}", games.start + 1),
        _ => format!("{many} {}-{}", games.start + 1, games.end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrunner::openings::Opening;
    use crate::matchrunner::runner::pairing;

    /// Every game index of shards 1..=n of a match, in shard order.
    fn dealt(games: usize, block: usize, n: usize) -> Vec<Range<usize>> {
        (1..=n)
            .map(|i| Shard::new(i, n).map(|s| s.games(games, block)))
            .collect::<Result<_, _>>()
            .unwrap_or_default()
    }

    #[test]
    fn shards_cover_the_match_once_in_order() {
        for games in [1usize, 2, 3, 7, 8, 20, 101] {
            for block in [1, 2] {
                let blocks = games.div_ceil(block);
                for n in 1..=blocks.min(9) {
                    let ranges = dealt(games, block, n);
                    assert_eq!(ranges.len(), n);
                    let all: Vec<usize> = ranges.iter().flat_map(|r| r.clone()).collect();
                    let whole: Vec<usize> = (0..games).collect();
                    assert_eq!(all, whole, "games {games}, block {block}, {n} shards");
                    let sizes: Vec<usize> = ranges.iter().map(|r| r.len()).collect();
                    let (lo, hi) = (sizes.iter().min(), sizes.iter().max());
                    assert!(
                        matches!((lo, hi), (Some(&lo), Some(&hi)) if hi - lo <= block && lo > 0),
                        "uneven or empty shards {sizes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn game_pairs_stay_in_one_shard() {
        for games in [4, 9, 20, 33] {
            for n in 1..=games / 2 {
                for r in dealt(games, 2, n) {
                    assert_eq!(r.start % 2, 0, "a shard starts with a pair's first game");
                    assert!(r.end % 2 == 0 || r.end == games, "{r:?} cuts a pair");
                }
            }
        }
    }

    #[test]
    fn a_shard_plays_the_whole_matchs_pairings() {
        let mut second = Opening::start();
        second.moves.push("e3e4".into());
        let openings = [Opening::start(), second];
        for (repeat, engines) in [(true, 2), (false, 2), (true, 3)] {
            let whole: Vec<_> = (0..11)
                .filter_map(|i| pairing(&openings, i, repeat, engines))
                .map(|p| (p.number, p.opening, p.seats, p.chance_game))
                .collect();
            let sharded: Vec<_> = dealt(11, block_games(repeat), 3)
                .into_iter()
                .flatten()
                .filter_map(|i| pairing(&openings, i, repeat, engines))
                .map(|p| (p.number, p.opening, p.seats, p.chance_game))
                .collect();
            assert_eq!(whole.len(), 11);
            assert_eq!(sharded, whole, "repeat {repeat}, {engines} engines");
        }
    }

    #[test]
    fn uneven_splits_and_descriptions() {
        assert_eq!(dealt(10, 2, 3), vec![0..2, 2..6, 6..10]);
        assert_eq!(dealt(7, 2, 2), vec![0..4, 4..7]);
        assert_eq!(dealt(5, 1, 5), vec![0..1, 1..2, 2..3, 3..4, 4..5]);
        let games = unit_names(None);
        assert_eq!(describe_games(&(2..6), games), "games 3-6");
        assert_eq!(describe_games(&(4..5), games), "game 5");
        assert_eq!(describe_games(&(4..4), games), "no games");
        assert_eq!(describe_games(&(0..2), unit_names(Some(7))), "matches 1-2");
        let huge = Shard::new(3, 4).map(|s| s.games(usize::MAX - 1, 2));
        assert_eq!(huge.map(|r| r.start % 2), Ok(0));
    }

    #[test]
    fn shard_values_are_read_and_checked() {
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(Shard::parse("1/1"), Ok(Shard::WHOLE));
        assert!(Shard::WHOLE.is_whole());
        let e = |t: &str| Shard::parse(t).unwrap_err();
        assert!(e("0/3").contains("I counts from 1"), "{}", e("0/3"));
        assert!(e("3/2").contains("I must be at most N"), "{}", e("3/2"));
        assert!(e("1/0").contains("N must be at least 1"), "{}", e("1/0"));
        for malformed in ["a/b", "2", "", "/", "1/", "+1/2", "1/-2", "1/2/3", " 1/2"] {
            assert!(
                e(malformed).contains("--shard"),
                "{malformed}: {}",
                e(malformed)
            );
        }
        assert!(e("1/99999999999999999999999").contains("too large"));
        assert!(e("a/b").contains("needs I/N"));
        assert_eq!(Shard::new(2, 4).map(|s| s.to_string()), Ok("2/4".into()));
    }

    #[test]
    fn more_shards_than_blocks_are_refused() {
        let four = Shard::new(1, 4).unwrap_or_default();
        assert_eq!(four.check_fits(8, 2), Ok(()));
        assert_eq!(four.check_fits(4, 1), Ok(()));
        let e = four.check_fits(6, 2).unwrap_err();
        assert_eq!(
            e,
            "--shard 1/4: the match has 3 game pairs (--games 6), fewer than 4 shards"
        );
        assert!(four.check_fits(3, 1).unwrap_err().contains("3 games"));
    }
}
