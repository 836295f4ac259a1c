//! A backgammon game state under the rules: the board, who is on roll,
//! the phase of the turn (cube decision, roll, play), the cube and the
//! match. The turn is split into the steps the rules core knows: a cube
//! decision of the player on roll (when the cube is available), a double
//! answered by the opponent, a roll (chance), and a play.

use super::board::{BAR, Board, CHECKERS};
use super::play::{Play, legal_plays};
use crate::rules::{Decision, EndKind, Outcome, RulesPosition, Turn};

/// Which rules: backgammon (cube, gammons, backgammons) or Tavla (no
/// cube, mars = 2, no triple win).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RuleSet {
    #[default]
    Backgammon,
    Tavla,
}

impl RuleSet {
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Backgammon => "backgammon",
            RuleSet::Tavla => "tavla",
        }
    }

    pub fn parse(text: &str) -> Option<RuleSet> {
        match text {
            "backgammon" => Some(RuleSet::Backgammon),
            "tavla" => Some(RuleSet::Tavla),
            _ => None,
        }
    }
}

/// One step of the game. `Turn` is a roll and its play together (the UCI
/// route's `31:8/5,6/5` token), accepted where a roll is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BgMove {
    /// The dice, larger first.
    Roll(u8, u8),
    /// A play of the rolled dice (the empty play is a pass).
    Play(Play),
    Turn(u8, u8, Play),
    Double,
    /// No double: the player on roll goes on to roll.
    NoDouble,
    Take,
    Drop,
}

/// Where in the turn the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Before the roll; the player on roll may double if the cube allows.
    BeforeRoll,
    /// Before the roll, the cube decision taken (no double, or a take).
    ToRoll,
    /// The player on roll doubled; the opponent takes or drops.
    DoubleOffered,
    Rolled(u8, u8),
    /// The opponent dropped the double: the player on roll won.
    Dropped,
}

/// Match play: length 0 is a money game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchInfo {
    pub length: u32,
    /// Points of bottom (player 0) and top (player 1).
    pub score: [u32; 2],
    /// This is the Crawford game: nobody may double.
    pub crawford: bool,
    /// Gammons count only with a turned cube (money games).
    pub jacoby: bool,
    /// log2 of the highest cube allowed.
    pub max_cube_log2: u8,
}

impl Default for MatchInfo {
    fn default() -> Self {
        MatchInfo {
            length: 0,
            score: [0, 0],
            crawford: false,
            jacoby: true,
            max_cube_log2: 10,
        }
    }
}

/// Everything that changes during a game (kept whole for `unmake`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Seen from the player on roll (`mover`).
    pub board: Board,
    /// 0 = bottom (GNU Backgammon's player 1, UCI White), 1 = top.
    pub on_roll: usize,
    pub phase: Phase,
    pub cube_log2: u8,
    /// `None` = centred.
    pub cube_owner: Option<usize>,
    /// A resignation offered, as the Match ID carries it (0 none, 1
    /// single, 2 gammon, 3 backgammon); kept, not acted on.
    pub resignation: u8,
}

/// A position: the state, the fixed settings of the game, and the undo
/// stack.
#[derive(Debug, Clone)]
pub struct BgPosition {
    pub state: State,
    pub rules: RuleSet,
    pub info: MatchInfo,
    /// The search depth of `go` without one (`engine.ply`).
    pub ply: u8,
    history: Vec<State>,
}

impl BgPosition {
    /// The start: money game, cube 1 centred, bottom on roll, not rolled.
    pub fn start(rules: RuleSet, jacoby: bool) -> BgPosition {
        BgPosition::new(
            State {
                board: Board::start(),
                on_roll: 0,
                phase: Phase::BeforeRoll,
                cube_log2: 0,
                cube_owner: None,
                resignation: 0,
            },
            rules,
            MatchInfo {
                jacoby,
                ..MatchInfo::default()
            },
        )
    }

    pub fn new(state: State, rules: RuleSet, info: MatchInfo) -> BgPosition {
        BgPosition {
            state,
            rules,
            info,
            ply: 2,
            history: Vec::new(),
        }
    }

    pub fn board(&self) -> &Board {
        &self.state.board
    }

    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    pub fn cube_value(&self) -> u32 {
        1u32 << self.state.cube_log2.min(31)
    }

    /// The dice rolled, if the play is due.
    pub fn dice(&self) -> Option<(u8, u8)> {
        match self.state.phase {
            Phase::Rolled(a, b) => Some((a, b)),
            _ => None,
        }
    }

    /// Whether the player on roll may double now (before the roll):
    /// backgammon rules, cube centred or theirs, not the Crawford game,
    /// below the maximum cube, game not over.
    pub fn may_double(&self) -> bool {
        let s = &self.state;
        self.rules == RuleSet::Backgammon
            && s.phase == Phase::BeforeRoll
            && s.cube_owner.is_none_or(|o| o == s.on_roll)
            && !self.info.crawford
            && s.cube_log2 < self.info.max_cube_log2
            && self.outcome().is_none()
    }

    /// Sets the dice of the player on roll (UBGI `dice`), before the roll:
    /// a cube decision still open counts as "no double".
    pub fn set_dice(&mut self, d1: u8, d2: u8) -> Result<(), String> {
        if !(1..=6).contains(&d1) || !(1..=6).contains(&d2) {
            return Err("dice must_be 1..6".to_string());
        }
        match self.state.phase {
            Phase::BeforeRoll | Phase::ToRoll | Phase::Rolled(..) => {
                self.state.phase = Phase::Rolled(d1.max(d2), d1.min(d2));
                Ok(())
            }
            Phase::DoubleOffered => Err("a double is pending".to_string()),
            Phase::Dropped => Err("the game is over".to_string()),
        }
    }

    /// Forgets the dice (back to before the roll).
    pub fn clear_dice(&mut self) {
        if let Phase::Rolled(..) = self.state.phase {
            self.state.phase = Phase::BeforeRoll;
        }
    }

    /// The legal plays of the rolled dice (one pass play when none).
    pub fn plays(&self) -> Vec<Play> {
        match self.state.phase {
            Phase::Rolled(a, b) => plays_or_pass(&self.state.board, a, b),
            _ => Vec::new(),
        }
    }

    /// The win value of the game won by `winner` at this board (the other
    /// player lost): 1, 2 for a gammon (mars), 3 for a backgammon.
    fn win_value(&self, loser_side: &[u8; 26]) -> i32 {
        if loser_side[0] > 0 {
            return 1;
        }
        // The loser's points 19..=24 are the winner's home board.
        let backgammon = loser_side[BAR] > 0 || loser_side[19..=24].iter().any(|&n| n > 0);
        match self.rules {
            RuleSet::Tavla => 2,
            RuleSet::Backgammon if backgammon => 3,
            RuleSet::Backgammon => 2,
        }
    }

    /// Gammons count: not in a money game under Jacoby with the cube never
    /// turned.
    fn gammons_count(&self) -> bool {
        !(self.info.length == 0
            && self.info.jacoby
            && self.state.cube_owner.is_none()
            && self.state.cube_log2 == 0
            && self.rules == RuleSet::Backgammon)
    }
}

/// The legal plays of `d1`-`d2` on `board`, or the one empty play (pass).
pub fn plays_or_pass(board: &Board, d1: u8, d2: u8) -> Vec<Play> {
    let plays: Vec<Play> = legal_plays(board, d1, d2)
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    if plays.is_empty() {
        vec![Play::default()]
    } else {
        plays
    }
}

/// The 21 rolls as moves, larger die first, with their weights.
fn roll_moves() -> Vec<(BgMove, u32)> {
    super::board::rolls()
        .map(|(a, b, w)| (BgMove::Roll(a, b), w as u32))
        .collect()
}

impl RulesPosition for BgPosition {
    type Move = BgMove;

    fn side_to_move(&self) -> usize {
        match self.state.phase {
            Phase::DoubleOffered => 1 - self.state.on_roll,
            _ => self.state.on_roll,
        }
    }

    fn turn(&self) -> Turn {
        match self.state.phase {
            Phase::BeforeRoll if !self.may_double() => Turn::Chance,
            Phase::ToRoll => Turn::Chance,
            _ => Turn::Player(self.side_to_move()),
        }
    }

    fn decision(&self) -> Decision {
        match self.state.phase {
            Phase::BeforeRoll | Phase::ToRoll if self.turn() == Turn::Chance => Decision::Roll,
            Phase::BeforeRoll | Phase::DoubleOffered => Decision::Cube,
            _ => Decision::Move,
        }
    }

    fn chance_outcomes(&self) -> Vec<(BgMove, u32)> {
        if self.turn() == Turn::Chance && self.outcome().is_none() {
            roll_moves()
        } else {
            Vec::new()
        }
    }

    fn generate_legal(&self, out: &mut Vec<BgMove>) {
        if self.outcome().is_some() {
            return;
        }
        match self.state.phase {
            Phase::BeforeRoll if self.may_double() => {
                out.extend([BgMove::Double, BgMove::NoDouble])
            }
            Phase::BeforeRoll | Phase::ToRoll => out.extend(roll_moves().into_iter().map(|r| r.0)),
            Phase::DoubleOffered => out.extend([BgMove::Take, BgMove::Drop]),
            Phase::Rolled(..) => out.extend(self.plays().into_iter().map(BgMove::Play)),
            Phase::Dropped => {}
        }
    }

    fn make(&mut self, mv: BgMove) {
        self.history.push(self.state);
        let s = &mut self.state;
        match mv {
            BgMove::Roll(a, b) => s.phase = Phase::Rolled(a.max(b), a.min(b)),
            BgMove::Double => s.phase = Phase::DoubleOffered,
            BgMove::NoDouble => s.phase = Phase::ToRoll,
            BgMove::Take => {
                s.cube_log2 = s.cube_log2.saturating_add(1);
                s.cube_owner = Some(1 - s.on_roll);
                s.phase = Phase::ToRoll;
            }
            BgMove::Drop => s.phase = Phase::Dropped,
            BgMove::Play(play) | BgMove::Turn(_, _, play) => {
                s.board = play.apply(&s.board).flipped();
                s.on_roll = 1 - s.on_roll;
                s.phase = Phase::BeforeRoll;
            }
        }
    }

    fn unmake(&mut self) {
        if let Some(previous) = self.history.pop() {
            self.state = previous;
        }
    }

    fn key(&self) -> u64 {
        // FNV-1a over everything that decides the moves and the result.
        let s = &self.state;
        let phase = match s.phase {
            Phase::BeforeRoll => [0, 0, 0],
            Phase::ToRoll => [1, 0, 0],
            Phase::DoubleOffered => [2, 0, 0],
            Phase::Rolled(a, b) => [3, a, b],
            Phase::Dropped => [4, 0, 0],
        };
        let owner = s.cube_owner.map_or(2, |o| o as u8);
        let cube = [s.on_roll as u8, s.cube_log2, owner];
        let bytes = s
            .board
            .mover
            .iter()
            .chain(s.board.other.iter())
            .chain(phase.iter())
            .chain(cube.iter());
        bytes.fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        let s = &self.state;
        let cube = self.cube_value() as i32;
        if s.phase == Phase::Dropped {
            return Some(Outcome::win_worth(
                s.on_roll,
                2,
                cube,
                EndKind::CubeDropped,
                "double dropped",
            ));
        }
        // A play that bears off the last checker flips the board: the
        // winner is then the player not on roll.
        if s.board.other[0] == CHECKERS {
            let winner = 1 - s.on_roll;
            let mut value = self.win_value(&s.board.mover);
            if !self.gammons_count() {
                value = 1;
            }
            let reason = match (value, self.rules) {
                (1, _) => "single win",
                (2, RuleSet::Tavla) => "mars",
                (2, _) => "gammon",
                _ => "backgammon",
            };
            return Some(Outcome::win_worth(
                winner,
                2,
                value * cube,
                EndKind::BearOff,
                reason,
            ));
        }
        None
    }
}
