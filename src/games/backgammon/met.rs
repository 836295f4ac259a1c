//! A match equity table: the chance to win a match from a score, in
//! points still needed by each player. Computed by tabula (not copied):
//! games are even, a win is a gammon one time in five (about the rate
//! of real play), and the cube is left out except after the Crawford
//! game, where the trailer doubles at once. Published tables that model
//! the cube fully (Kazaross-XG) differ from it by a few percent at most
//! around the middle of the table.

use std::sync::OnceLock;

/// The longest match the table covers (longer ones are clamped).
pub const MAX_AWAY: usize = 25;
const GAMMON_RATE: f64 = 0.2;

struct Table {
    /// `pre[a][b]`: the player needing `a` points wins, before Crawford.
    pre: Vec<Vec<f64>>,
    /// `post[b]`: the leader needing 1 point wins against `b` away after
    /// the Crawford game.
    post: Vec<f64>,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let n = MAX_AWAY + 1;
        // Post-Crawford: the trailer doubles at once, so each game is worth
        // two points to the trailer (a gammon does not matter to the
        // leader, who needs one).
        let mut post = vec![1.0; n];
        for b in 1..n {
            let after_loss = if b <= 2 { 0.0 } else { post[b - 2] };
            post[b] = if b == 1 { 0.5 } else { 0.5 + 0.5 * after_loss };
        }
        // Pre-Crawford (and the Crawford game itself for 1-away scores).
        let mut pre = vec![vec![0.0; n]; n];
        let get = |pre: &Vec<Vec<f64>>, a: i64, b: i64| -> f64 {
            if a <= 0 {
                1.0
            } else if b <= 0 {
                0.0
            } else {
                pre[a as usize][b as usize]
            }
        };
        for a in 1..n {
            for b in 1..n {
                let (ai, bi) = (a as i64, b as i64);
                let value = if a == 1 && b == 1 {
                    0.5
                } else if a == 1 {
                    // The Crawford game: no cube; then post-Crawford.
                    let lose = |k: usize| if b <= k { 0.0 } else { post[b - k] };
                    0.5 + 0.5 * ((1.0 - GAMMON_RATE) * lose(1) + GAMMON_RATE * lose(2))
                } else if b == 1 {
                    let win = |k: usize| if a <= k { 1.0 } else { 1.0 - post[a - k] };
                    0.5 * ((1.0 - GAMMON_RATE) * win(1) + GAMMON_RATE * win(2))
                } else {
                    let win = (1.0 - GAMMON_RATE) * get(&pre, ai - 1, bi)
                        + GAMMON_RATE * get(&pre, ai - 2, bi);
                    let lose = (1.0 - GAMMON_RATE) * get(&pre, ai, bi - 1)
                        + GAMMON_RATE * get(&pre, ai, bi - 2);
                    0.5 * (win + lose)
                };
                pre[a][b] = value;
            }
        }
        Table { pre, post }
    })
}

/// The chance that the player needing `me` points wins against one
/// needing `them`; 0 away means the match is won. `crawford` tells
/// whether the Crawford game has been played (for 1-away scores: false
/// = this is the Crawford game or earlier, true = post-Crawford).
pub fn winning_chance(me: u32, them: u32, post_crawford: bool) -> f32 {
    let t = table();
    let clamp = |x: u32| (x as usize).min(MAX_AWAY);
    let (a, b) = (clamp(me), clamp(them));
    let v = match (a, b) {
        (0, _) => 1.0,
        (_, 0) => 0.0,
        (1, b) if post_crawford => t.post.get(b).copied().unwrap_or(0.5),
        (a, 1) if post_crawford => 1.0 - t.post.get(a).copied().unwrap_or(0.5),
        (a, b) => t
            .pre
            .get(a)
            .and_then(|row| row.get(b))
            .copied()
            .unwrap_or(0.5),
    };
    v as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_symmetric_and_monotone() {
        for a in 1..=15 {
            for b in 1..=15 {
                let m = winning_chance(a, b, false);
                let n = winning_chance(b, a, false);
                assert!((m + n - 1.0).abs() < 1e-5, "{a} {b}: {m} {n}");
                assert!(winning_chance(a, b + 1, false) >= m - 1e-6);
            }
        }
        assert_eq!(winning_chance(1, 1, false), 0.5);
        // The leader at 1-away, 2-away trailer, Crawford game: about 70%.
        let crawford = winning_chance(1, 2, false);
        assert!((0.65..0.75).contains(&crawford), "{crawford}");
        // Post-Crawford 1-away 2-away: the trailer doubles, 50%.
        assert_eq!(winning_chance(1, 2, true), 0.5);
    }
}
