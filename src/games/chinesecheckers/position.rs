//! A Chinese checkers position under the rules of
//! protocol-spec/chinesecheckers.md §2: marbles as one bitboard per
//! player, whose turn it is, each player's move count and standing
//! (playing, finished, eliminated), and an undo stack of whole states.

use super::star::{CELLS, CORNERS, opposite, seats, star};
use crate::games::hopboard::{CellSet, HopKind, destinations};
use crate::games::zobrist::splitmix;

pub const MAX_PLAYERS: usize = 6;

/// When a player has finished (option `Finish Rule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FinishRule {
    /// All ten target holes hold the player's own marbles.
    #[default]
    Own,
    /// Every target hole is occupied and at least one by the player.
    Filled,
}

/// The rule options a position is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub hops: HopKind,
    /// A player with a marble at home after this many of its moves is
    /// eliminated; 0 = off.
    pub home_exit_limit: u32,
    pub finish: FinishRule,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            hops: HopKind::Adjacent,
            home_exit_limit: 30,
            finish: FinishRule::Own,
        }
    }
}

/// Where a player stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    Playing,
    /// Filled its target after `moves` own moves. Players found finished
    /// in a `ccn` have `moves` 0 and `seat_rank` = seat + 1, so they rank
    /// first, among themselves by seat.
    Finished {
        moves: u32,
        seat_rank: u8,
    },
    /// Removed by the home-exit rule; a larger `order` was eliminated
    /// later (and ranks better).
    Eliminated {
        order: u16,
    },
}

/// A move: one marble from a hole to a hole (the chain between them is
/// not part of it), or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    pub const PASS: Move = Move {
        from: u8::MAX,
        to: u8::MAX,
    };
    pub fn new(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
        }
    }
    pub fn is_pass(self) -> bool {
        self == Move::PASS
    }
}

const fn zobrist() -> [[u64; CELLS]; MAX_PLAYERS + 1] {
    let mut t = [[0u64; CELLS]; MAX_PLAYERS + 1];
    let mut state = 0x0C4E_5E0C_4EC4_E125u64;
    let mut p = 0;
    while p <= MAX_PLAYERS {
        let mut c = 0;
        while c < CELLS {
            let (s, v) = splitmix(state);
            state = s;
            t[p][c] = v;
            c += 1;
        }
        p += 1;
    }
    t
}

/// Keys per (player, hole); the last row keys the player to move (by
/// index) and the round.
static KEYS: [[u64; CELLS]; MAX_PLAYERS + 1] = zobrist();

/// Everything a move changes; the undo stack keeps whole copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    pub marbles: [u128; MAX_PLAYERS],
    pub occupied: u128,
    pub to_move: usize,
    pub moves_made: [u32; MAX_PLAYERS],
    pub standing: [Standing; MAX_PLAYERS],
    pub eliminations: u16,
    /// Zobrist key of the marbles.
    pub board_key: u64,
}

#[derive(Debug, Clone)]
pub struct Position {
    pub(super) rules: Rules,
    pub(super) players: usize,
    /// The home corner of each player.
    pub(super) home: [usize; MAX_PLAYERS],
    pub(super) s: State,
    undo: Vec<State>,
}

impl Position {
    /// A position from each player's marbles (sets of holes), checked by
    /// the caller (`ccn`): `players` is 2, 3, 4 or 6, `to_move` below it,
    /// `moves_made` per player. Standings are derived: no marbles is
    /// eliminated, a full target is finished.
    pub(super) fn from_parts(
        rules: Rules,
        marbles: &[u128],
        to_move: usize,
        moves_made: &[u32],
    ) -> Option<Position> {
        let players = marbles.len();
        let corners = seats(players)?;
        let mut home = [0; MAX_PLAYERS];
        home[..players].copy_from_slice(corners);
        let mut s = State {
            marbles: [0; MAX_PLAYERS],
            occupied: 0,
            to_move,
            moves_made: [0; MAX_PLAYERS],
            standing: [Standing::Playing; MAX_PLAYERS],
            eliminations: MAX_PLAYERS as u16 + 1,
            board_key: 0,
        };
        for p in 0..players {
            s.marbles[p] = marbles[p];
            s.occupied |= marbles[p];
            s.moves_made[p] = moves_made.get(p).copied().unwrap_or(0);
            for c in marbles[p].cells() {
                s.board_key ^= KEYS[p][c];
            }
        }
        let mut pos = Position {
            rules,
            players,
            home,
            s,
            undo: Vec::new(),
        };
        for p in 0..players {
            if pos.s.marbles[p] == 0 {
                pos.s.standing[p] = Standing::Eliminated {
                    order: (MAX_PLAYERS - p) as u16,
                };
            } else if pos.target_done(p) {
                pos.s.standing[p] = Standing::Finished {
                    moves: 0,
                    seat_rank: p as u8 + 1,
                };
            }
        }
        Some(pos)
    }

    /// The start position for `players` (2, 3, 4 or 6).
    pub fn start(players: usize, rules: Rules) -> Option<Position> {
        let corners = seats(players)?;
        let marbles: Vec<u128> = corners.iter().map(|&c| star().corner[c]).collect();
        Position::from_parts(rules, &marbles, 0, &[0; MAX_PLAYERS][..players])
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Sets the rule options (applied from the next move on).
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    pub fn player_count(&self) -> usize {
        self.players
    }

    pub fn to_move(&self) -> usize {
        self.s.to_move
    }

    /// Player `p`'s marbles.
    pub fn marbles(&self, p: usize) -> u128 {
        self.s.marbles[p]
    }

    pub fn occupied(&self) -> u128 {
        self.s.occupied
    }

    pub fn standing(&self, p: usize) -> Standing {
        self.s.standing[p]
    }

    pub fn moves_made(&self, p: usize) -> u32 {
        self.s.moves_made[p]
    }

    /// Player `p`'s home and target corners.
    pub fn home_corner(&self, p: usize) -> usize {
        self.home[p]
    }
    pub fn target_corner(&self, p: usize) -> usize {
        opposite(self.home[p])
    }

    /// The players still playing.
    pub fn playing(&self) -> usize {
        (0..self.players)
            .filter(|&p| self.s.standing[p] == Standing::Playing)
            .count()
    }

    /// The game ends when at most one player is still playing.
    pub fn is_over(&self) -> bool {
        self.playing() <= 1
    }

    /// The holes the marble on `from` can reach.
    #[inline]
    pub fn destinations(&self, from: usize) -> u128 {
        destinations(&star().graph, self.s.occupied, from, self.rules.hops)
    }

    /// The moves of the player to move (without the pass), by from then to.
    pub fn moves_into(&self, out: &mut Vec<Move>) {
        let p = self.s.to_move;
        for from in self.s.marbles[p].cells() {
            for to in self.destinations(from).cells() {
                out.push(Move::new(from, to));
            }
        }
    }

    /// True when player `p`'s target corner counts as filled.
    fn target_done(&self, p: usize) -> bool {
        let target = star().corner[opposite(self.home[p])];
        match self.rules.finish {
            FinishRule::Own => self.s.marbles[p] & target == target,
            FinishRule::Filled => {
                self.s.occupied & target == target && self.s.marbles[p] & target != 0
            }
        }
    }

    /// Plays `mv` for the player to move and applies the rules: finishing,
    /// the home-exit rule, the next player.
    pub fn make_move(&mut self, mv: Move) {
        self.undo.push(self.s);
        let p = self.s.to_move;
        if !mv.is_pass() {
            let (from, to) = (mv.from as usize, mv.to as usize);
            let bits = (1u128 << from) | (1u128 << to);
            self.s.marbles[p] ^= bits;
            self.s.occupied ^= bits;
            self.s.board_key ^= KEYS[p][from] ^ KEYS[p][to];
        }
        self.s.moves_made[p] = self.s.moves_made[p].saturating_add(1);
        for q in 0..self.players {
            if self.s.standing[q] == Standing::Playing && self.target_done(q) {
                self.s.standing[q] = Standing::Finished {
                    moves: self.s.moves_made[q],
                    seat_rank: 0,
                };
            }
        }
        let limit = self.rules.home_exit_limit;
        if limit > 0
            && self.s.standing[p] == Standing::Playing
            && self.s.moves_made[p] >= limit
            && self.s.marbles[p] & star().corner[self.home[p]] != 0
        {
            self.eliminate(p);
        }
        self.pass_turn(p);
    }

    /// The home-exit rule: `p` loses and its marbles leave the board.
    fn eliminate(&mut self, p: usize) {
        for c in self.s.marbles[p].cells() {
            self.s.board_key ^= KEYS[p][c];
        }
        self.s.occupied &= !self.s.marbles[p];
        self.s.marbles[p] = 0;
        self.s.standing[p] = Standing::Eliminated {
            order: self.s.eliminations,
        };
        self.s.eliminations += 1;
    }

    /// The turn goes to the next player still playing after `p`; it stays
    /// with `p` (or the last one playing) when the game is over.
    fn pass_turn(&mut self, p: usize) {
        for k in 1..=self.players {
            let q = (p + k) % self.players;
            if self.s.standing[q] == Standing::Playing {
                self.s.to_move = q;
                return;
            }
        }
    }

    /// Gives the turn to player `p` without a move (best-reply search);
    /// [`Position::unmake_move`] takes it back.
    pub fn give_turn(&mut self, p: usize) {
        self.undo.push(self.s);
        if p < self.players {
            self.s.to_move = p;
        }
    }

    /// Steps a move of the player to move brings its marble closer to its
    /// target's tip (negative: it goes back); 0 for a pass.
    pub fn move_gain(&self, mv: Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let tip = &star().to_tip[self.target_corner(self.s.to_move)];
        let at = |c: u8| tip.get(c as usize).map_or(0, |&d| i32::from(d));
        at(mv.from) - at(mv.to)
    }

    pub fn unmake_move(&mut self) {
        if let Some(s) = self.undo.pop() {
            self.s = s;
        }
    }

    /// The hash of the marbles, the player to move and, where the
    /// home-exit rule can still matter, its move count.
    pub fn hash(&self) -> u64 {
        let p = self.s.to_move;
        let mut k = self.s.board_key ^ KEYS[MAX_PLAYERS][p];
        if self.rules.home_exit_limit > 0 {
            k ^= splitmix(u64::from(self.s.moves_made[p])).1;
        }
        k
    }

    /// Each player's place (0 = first) when the game is over: finished
    /// players by their move counts (equal counts share a place), then the
    /// one still playing, then the eliminated, the later ones first.
    pub fn places(&self) -> Vec<u8> {
        let rank_key = |p: usize| match self.s.standing[p] {
            Standing::Finished { moves, seat_rank } => (0, moves, u32::from(seat_rank)),
            Standing::Playing => (1, 0, 0),
            Standing::Eliminated { order } => (2, u32::from(u16::MAX - order), 0),
        };
        (0..self.players)
            .map(|p| {
                let mine = rank_key(p);
                (0..self.players).filter(|&q| rank_key(q) < mine).count() as u8
            })
            .collect()
    }

    /// Steps player `p`'s marbles still need to fill its target (0 when
    /// they fill it): the sum of their distances to the target's tip, less
    /// the least that sum can be.
    pub fn remaining_distance(&self, p: usize) -> i32 {
        let target = opposite(self.home[p]);
        let tip = &star().to_tip[target];
        let sum: i32 = self.s.marbles[p].cells().map(|c| tip[c] as i32).sum();
        let least: i32 = CORNERS[target]
            .iter()
            .map(|&h| tip[h as usize] as i32)
            .sum();
        (sum - least).max(0)
    }
}
