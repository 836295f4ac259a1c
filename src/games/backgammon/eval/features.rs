//! Hand-made inputs of the contact network, on top of the raw point
//! counts: what a one-hidden-layer net finds hard to add up from single
//! points, and what strong engines feed theirs.
//!
//! * shots: the share of the 36 rolls with which a side, were it to roll
//!   now, could hit at least one blot of the other (direct and indirect
//!   shots, landing points that are not blocked, the bar entered first);
//! * prime: the longest run of consecutive points a side holds with two
//!   or more checkers (per six points).
//!
//! Both for the player on roll first, then the other.

use super::super::board::{BAR, Points};

/// Feature units.
pub const FEATURES: usize = 4;

/// The features of `mover` and `other` (each in its own numbering), the
/// player on roll first.
pub fn encode(mover: &Points, other: &Points) -> [f32; FEATURES] {
    [
        shots(mover, other),
        shots(other, mover),
        prime(mover),
        prime(other),
    ]
}

/// The longest run of points held by `s`, per six.
fn prime(s: &Points) -> f32 {
    let (mut best, mut run) = (0u8, 0u8);
    for &n in s.iter().take(BAR).skip(1) {
        run = if n >= 2 { run + 1 } else { 0 };
        best = best.max(run);
    }
    f32::from(best.min(6)) / 6.0
}

/// The share of the 36 rolls with which `roller` could hit a blot of
/// `victim`. Masks are in the roller's numbering: bit p for its point p,
/// bit 25 for its bar.
fn shots(roller: &Points, victim: &Points) -> f32 {
    let mut from = 0u32;
    let mut open = 0u32;
    let mut blots = 0u32;
    for p in 1..BAR {
        from |= u32::from(roller[p] > 0) << p;
        let theirs = victim[BAR - p];
        open |= u32::from(theirs < 2) << p;
        blots |= u32::from(theirs == 1) << p;
    }
    if blots == 0 {
        return 0.0;
    }
    let on_bar = roller[BAR];
    let mut hits = 0u32;
    for a in 1..=6usize {
        for b in a..=6usize {
            let hit = if a == b {
                doubles_hit(from, open, blots, on_bar, a)
            } else {
                roll_hits(from, open, blots, on_bar, a, b)
                    || roll_hits(from, open, blots, on_bar, b, a)
            };
            if hit {
                hits += if a == b { 1 } else { 2 };
            }
        }
    }
    hits as f32 / 36.0
}

/// Whether die `a` then die `b` can hit (`from`: the points with checkers).
fn roll_hits(from: u32, open: u32, blots: u32, on_bar: u8, a: usize, b: usize) -> bool {
    let bar = 1u32 << BAR;
    match on_bar {
        0 => {
            let first = (from >> a) & open;
            first & blots != 0 || ((first >> b) | (from >> b)) & open & blots != 0
        }
        1 => {
            // The bar's checker enters with `a`; then any checker moves `b`.
            let entered = (bar >> a) & open;
            entered != 0 && (entered & blots != 0 || ((entered | from) >> b) & blots != 0)
        }
        // Both dice enter.
        _ => ((bar >> a) | (bar >> b)) & open & blots != 0,
    }
}

/// Whether four steps of `d` can hit, the bar's checkers entering first.
fn doubles_hit(from: u32, open: u32, blots: u32, on_bar: u8, d: usize) -> bool {
    let mut steps = 4usize;
    let mut reach = from;
    if on_bar > 0 {
        let entered = ((1u32 << BAR) >> d) & open;
        if entered == 0 {
            return false;
        }
        if entered & blots != 0 {
            return true;
        }
        // The steps left after every bar checker is in, for any checker.
        steps = steps.saturating_sub(usize::from(on_bar));
        reach = from | entered;
    }
    // The k-th step of one checker lands k times d below its point, over
    // open points only.
    let mut chain = reach;
    for _ in 0..steps {
        chain = (chain >> d) & open;
        if chain & blots != 0 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::backgammon::board::START_POINTS;

    #[test]
    fn no_blots_no_shots_and_the_start_has_no_prime_longer_than_two() {
        let f = encode(&START_POINTS, &START_POINTS);
        assert_eq!(f[0], 0.0);
        assert_eq!(f[1], 0.0);
        // Points 6 and 8 are held, 7 is not: runs of one.
        assert!((f[2] - 1.0 / 6.0).abs() < 1e-6);
    }

    #[test]
    fn a_direct_six_away_blot_is_hit_by_eleven_rolls_and_more_with_combinations() {
        // The roller has one checker on its 13-point; the victim a blot on
        // the roller's 7-point (the victim's 18), nothing else in the way.
        let mut roller = [0u8; 26];
        roller[13] = 1;
        roller[0] = 14;
        let mut victim = [0u8; 26];
        victim[18] = 1;
        victim[0] = 14;
        // Sixes (11), 5-1 and 4-2 (2 each), 3-3 and 2-2 (1 each): 17.
        assert!((shots(&roller, &victim) - 17.0 / 36.0).abs() < 1e-6);
        // Block the 10-point (victim's 15) and 3-3 no longer hits; 5-1,
        // 4-2 and 2-2 still do.
        victim[15] = 2;
        victim[0] = 12;
        assert!((shots(&roller, &victim) - 16.0 / 36.0).abs() < 1e-6);
    }
}
