//! Cube decisions from outcome probabilities.
//!
//! Money games follow Janowski's model: the cubeful equity is a mix of the
//! dead-cube equity (the cube never moves again) and the "live cube"
//! equity of an ideal cube (doubles exactly at the opponent's take point),
//! weighted by a cube efficiency `x` (0.68 in contact, more in a race, as
//! the strong engines use). Matches compare match-winning chances after
//! no double / double-take / double-drop with a match equity table (see
//! [`super::met`]), with the cube dead after the decision.

use super::met;

/// Outcome probabilities for one player: cumulative as GNU Backgammon
/// writes them (`win_gammon` includes backgammons).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Probs {
    pub win: f32,
    pub win_gammon: f32,
    pub win_backgammon: f32,
    pub lose_gammon: f32,
    pub lose_backgammon: f32,
}

impl Probs {
    /// The same game seen by the opponent.
    pub fn flipped(&self) -> Probs {
        Probs {
            win: 1.0 - self.win,
            win_gammon: self.lose_gammon,
            win_backgammon: self.lose_backgammon,
            lose_gammon: self.win_gammon,
            lose_backgammon: self.win_backgammon,
        }
    }

    /// Cubeless money equity per unit of cube: +1/+2/+3 for wins, −1/−2/−3
    /// for losses; `triple` false counts backgammons as gammons (Tavla).
    pub fn equity(&self, triple: bool) -> f32 {
        let t = if triple { 1.0 } else { 0.0 };
        2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon
            + t * (self.win_backgammon - self.lose_backgammon)
    }

    /// Average value of a win (W) and of a loss (L), at least 1.
    fn win_loss_values(&self, gammons: bool) -> (f32, f32) {
        if !gammons {
            return (1.0, 1.0);
        }
        let w = if self.win > 1e-6 {
            1.0 + (self.win_gammon + self.win_backgammon) / self.win
        } else {
            1.0
        };
        let lose = 1.0 - self.win;
        let l = if lose > 1e-6 {
            1.0 + (self.lose_gammon + self.lose_backgammon) / lose
        } else {
            1.0
        };
        (w, l)
    }
}

/// Who may double next, from the player on roll's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Centred,
    Mine,
    Theirs,
}

/// The cube efficiency: how much of an ideal live cube's value a real one
/// keeps (Janowski's x).
pub fn efficiency(contact: bool, pips: u32) -> f32 {
    if contact {
        0.68
    } else {
        // Longer races give the cube more time to be used well.
        (0.55 + 0.00125 * pips as f32).clamp(0.6, 0.75)
    }
}

/// Cubeful money equity per unit of cube for the player on roll before
/// the roll, the cube where `access` says.
pub fn money_equity(p: &Probs, access: Access, x: f32, gammons: bool) -> f32 {
    let (w, l) = p.win_loss_values(gammons);
    let win = p.win.clamp(0.0, 1.0);
    let dead = win * w - (1.0 - win) * l;
    // The ideal cube's take and cash points.
    let take = (l - 0.5) / (w + l + 0.5);
    let cash = (l + 1.0) / (w + l + 0.5);
    let live = match access {
        Access::Centred if win < take => -l + (l - 1.0) * win / take.max(1e-6),
        Access::Centred if win <= cash => -1.0 + 2.0 * (win - take) / (cash - take).max(1e-6),
        Access::Mine if win < cash => -l + (l + 1.0) * win / cash.max(1e-6),
        Access::Theirs if win < take => -l + (l - 1.0) * win / take.max(1e-6),
        Access::Theirs => -1.0 + (w + 1.0) * (win - take) / (1.0 - take).max(1e-6),
        // Beyond the cash point: cash or play on for gammon.
        _ => 1.0 + (w - 1.0) * (win - cash) / (1.0 - cash).max(1e-6),
    };
    x * live + (1.0 - x) * dead
}

/// The answer to a cube decision and its equities (for the player on
/// roll, per unit of the current cube).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CubeVerdict {
    pub no_double: f32,
    pub double_take: f32,
    /// Always 1.0 (the opponent drops: one cube won).
    pub double_drop: f32,
}

impl CubeVerdict {
    /// Double when doubling gains against the better of the opponent's
    /// answers.
    pub fn should_double(&self) -> bool {
        self.double_take.min(self.double_drop) > self.no_double
    }

    /// The opponent takes when taking loses less than dropping.
    pub fn should_take(&self) -> bool {
        self.double_take <= self.double_drop
    }

    /// The equity of the best decision by both sides.
    pub fn equity(&self) -> f32 {
        if self.should_double() {
            self.double_take.min(self.double_drop)
        } else {
            self.no_double
        }
    }
}

/// The money cube decision of the player on roll, whose cube `access`
/// is `Centred` or `Mine`; `jacoby` makes gammons count only once the cube
/// is turned.
pub fn money_decision(
    p: &Probs,
    access: Access,
    x: f32,
    jacoby: bool,
    triple: bool,
) -> CubeVerdict {
    let p = if triple {
        *p
    } else {
        // Without triple wins a backgammon is a gammon.
        Probs {
            win_backgammon: 0.0,
            lose_backgammon: 0.0,
            ..*p
        }
    };
    let gammons_now = !(jacoby && access == Access::Centred);
    CubeVerdict {
        no_double: money_equity(&p, access, x, gammons_now),
        double_take: 2.0 * money_equity(&p, Access::Theirs, x, true),
        double_drop: 1.0,
    }
}

/// Match play: the player on roll (`me`) at `away` points to go for both
/// players (`[mine, theirs]`), cube `cube`; match-winning chances after
/// each answer, with the cube dead afterwards. The verdict's equities are
/// match-winning chances scaled to −1..1.
pub fn match_decision(p: &Probs, away: [u32; 2], cube: u32, crawford: bool) -> CubeVerdict {
    let mwc = |c: u32| -> f32 {
        let m = |me: u32, them: u32| met::winning_chance(me, them, crawford);
        let win = |n: u32| m(away[0].saturating_sub(n * c), away[1]);
        let lose = |n: u32| m(away[0], away[1].saturating_sub(n * c));
        let single_w = p.win - p.win_gammon;
        let gammon_w = p.win_gammon - p.win_backgammon;
        let single_l = 1.0 - p.win - p.lose_gammon;
        let gammon_l = p.lose_gammon - p.lose_backgammon;
        single_w * win(1)
            + gammon_w * win(2)
            + p.win_backgammon * win(3)
            + single_l * lose(1)
            + gammon_l * lose(2)
            + p.lose_backgammon * lose(3)
    };
    let scale = |m: f32| 2.0 * m - 1.0;
    let dropped = met::winning_chance(away[0].saturating_sub(cube), away[1], crawford);
    CubeVerdict {
        no_double: scale(mwc(cube)),
        double_take: scale(mwc(2 * cube)),
        double_drop: scale(dropped),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(win: f32) -> Probs {
        Probs {
            win,
            ..Probs::default()
        }
    }

    #[test]
    fn take_points_of_an_ideal_and_a_dead_cube() {
        // Gammonless, fully live: double from 50%? No: from the cash point
        // region downwards; the take point is 20%, the dead cube's 25%.
        let at = |win: f32, x: f32| money_decision(&plain(win), Access::Centred, x, false, true);
        assert!(at(0.79, 1.0).should_take());
        assert!(!at(0.81, 1.0).should_take());
        assert!(at(0.74, 0.0).should_take());
        assert!(!at(0.76, 0.0).should_take());
        // Janowski at 0.68: the take point lies between (about 21.5%).
        assert!(at(0.78, 0.68).should_take());
        assert!(!at(0.80, 0.68).should_take());
        // Far ahead: double (and the opponent drops); just ahead: no double.
        assert!(at(0.85, 0.68).should_double());
        assert!(!at(0.55, 0.68).should_double());
        assert!(!at(0.30, 0.68).should_double());
    }

    #[test]
    fn gammons_raise_the_stakes() {
        let p = Probs {
            win: 0.70,
            win_gammon: 0.35,
            ..Probs::default()
        };
        let v = money_decision(&p, Access::Centred, 0.68, false, true);
        assert!(v.double_take > 1.0, "too good to double: {v:?}");
        assert!(!v.should_take());
        assert!(p.equity(true) > 0.7 && p.equity(true) < 0.8);
        let flipped = p.flipped();
        assert!((flipped.equity(true) + p.equity(true)).abs() < 1e-6);
    }

    #[test]
    fn match_cube_uses_the_equity_table() {
        // 2-away 2-away, a big favourite: double, and the dead-cube
        // take/drop decision is MET arithmetic.
        let v = match_decision(&plain(0.75), [2, 2], 1, false);
        assert!(v.should_double(), "{v:?}");
        // Needing one point (and the opponent two) there is no reason to
        // double: a single win is enough.
        let w = match_decision(&plain(0.6), [1, 2], 1, false);
        assert!(w.no_double >= w.double_take.min(w.double_drop) - 1e-6);
    }
}
