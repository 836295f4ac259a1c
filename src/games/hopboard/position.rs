//! A position of a hopping race game (Chinese checkers, Halma) under the
//! rules of protocol-spec/chinesecheckers.md §2 on any [`Layout`]: pieces
//! as one cell set per player, whose turn it is, each player's move count
//! and standing (playing, finished, eliminated), and an undo stack of
//! whole states.

use super::layout::{Layout, MAX_PLAYERS};
use super::{CellSet, HopKind, destinations};
use crate::rules::splitmix;

/// When a player has finished (option `Finish Rule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FinishRule {
    /// Every target cell holds the player's own piece.
    #[default]
    Own,
    /// Every target hole is occupied and at least one by the player.
    Filled,
}

/// The rule options a position is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub hops: HopKind,
    /// A player with a piece at home after this many of its moves is
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
    /// in a position text have `moves` 0 and `seat_rank` = seat + 1, so they rank
    /// first, among themselves by seat.
    Finished {
        moves: u32,
        seat_rank: u8,
    },
    /// Removed by the home-exit (camp-exit) rule; a larger `order` was eliminated
    /// later (and ranks better).
    Eliminated {
        order: u16,
    },
}

/// A move: one piece from a cell to a cell (the chain between them is
/// not part of it), or a pass. Cells fit a byte (256 on 16x16 Halma): the
/// pass is 255 to 255, never a move since a move changes cells.
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

/// Everything a move changes; the undo stack keeps whole copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct State<S> {
    marbles: [S; MAX_PLAYERS],
    occupied: S,
    to_move: usize,
    moves_made: [u32; MAX_PLAYERS],
    standing: [Standing; MAX_PLAYERS],
    eliminations: u16,
    /// Zobrist key of the pieces.
    board_key: u64,
}

#[derive(Debug, Clone)]
pub struct HopPosition<S: 'static> {
    layout: &'static Layout<S>,
    rules: Rules,
    players: usize,
    /// The home corner of each player.
    home: [usize; MAX_PLAYERS],
    s: State<S>,
    undo: Vec<State<S>>,
}

impl<S: CellSet> HopPosition<S> {
    /// A position from each player's pieces (sets of cells), checked by
    /// the caller (the position text): the layout seats that many players,
    /// `to_move` below it, `moves_made` per player. Standings are derived:
    /// no pieces is eliminated, a full target is finished.
    pub fn from_parts(
        layout: &'static Layout<S>,
        rules: Rules,
        marbles: &[S],
        to_move: usize,
        moves_made: &[u32],
    ) -> Option<HopPosition<S>> {
        let players = marbles.len();
        let corners = layout.seats(players)?;
        let mut home = [0; MAX_PLAYERS];
        home[..players].copy_from_slice(corners);
        let mut s = State {
            marbles: [S::default(); MAX_PLAYERS],
            occupied: S::default(),
            to_move,
            moves_made: [0; MAX_PLAYERS],
            standing: [Standing::Playing; MAX_PLAYERS],
            eliminations: MAX_PLAYERS as u16 + 1,
            board_key: 0,
        };
        for (p, &mine) in marbles.iter().enumerate() {
            s.marbles[p] = mine;
            s.occupied = s.occupied.union(mine);
            s.moves_made[p] = moves_made.get(p).copied().unwrap_or(0);
            for c in mine.cells() {
                s.board_key ^= layout.key(p, c);
            }
        }
        let mut pos = HopPosition {
            layout,
            rules,
            players,
            home,
            s,
            undo: Vec::new(),
        };
        for p in 0..players {
            if pos.s.marbles[p].is_empty() {
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

    /// The start position for `players`, if the layout seats them.
    pub fn start(layout: &'static Layout<S>, players: usize, rules: Rules) -> Option<Self> {
        let corners = layout.seats(players)?;
        let marbles: Vec<S> = corners.iter().map(|&c| layout.corners[c].cells).collect();
        HopPosition::from_parts(layout, rules, &marbles, 0, &[0; MAX_PLAYERS][..players])
    }

    /// The board.
    pub fn layout(&self) -> &'static Layout<S> {
        self.layout
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

    /// Player `p`'s pieces.
    pub fn marbles(&self, p: usize) -> S {
        self.s.marbles[p]
    }

    pub fn occupied(&self) -> S {
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
        self.layout.corners[self.home[p]].target
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

    /// The cells the piece on `from` can reach.
    #[inline]
    pub fn destinations(&self, from: usize) -> S {
        destinations(&self.layout.graph, self.s.occupied, from, self.rules.hops)
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
        let target = self.layout.corners[self.target_corner(p)].cells;
        match self.rules.finish {
            FinishRule::Own => target.minus(self.s.marbles[p]).is_empty(),
            FinishRule::Filled => {
                target.minus(self.s.occupied).is_empty()
                    && !self.s.marbles[p].intersect(target).is_empty()
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
            let bits = S::single(from).union(S::single(to));
            self.s.marbles[p] = self.s.marbles[p].toggle(bits);
            self.s.occupied = self.s.occupied.toggle(bits);
            self.s.board_key ^= self.layout.key(p, from) ^ self.layout.key(p, to);
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
            && self.at_home(p) > 0
        {
            self.eliminate(p);
        }
        self.pass_turn(p);
    }

    /// Player `p`'s pieces still in its home corner.
    pub fn at_home(&self, p: usize) -> u32 {
        let home = self.layout.corners[self.home[p]].cells;
        self.s.marbles[p].intersect(home).len()
    }

    /// The home-exit rule: `p` loses and its pieces leave the board.
    fn eliminate(&mut self, p: usize) {
        for c in self.s.marbles[p].cells() {
            self.s.board_key ^= self.layout.key(p, c);
        }
        self.s.occupied = self.s.occupied.minus(self.s.marbles[p]);
        self.s.marbles[p] = S::default();
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
    /// [`HopPosition::unmake_move`] takes it back.
    pub fn give_turn(&mut self, p: usize) {
        self.undo.push(self.s);
        if p < self.players {
            self.s.to_move = p;
        }
    }

    /// Steps a move of the player to move brings its piece closer to its
    /// target's tip (negative: it goes back); 0 for a pass.
    pub fn move_gain(&self, mv: Move) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let tip = &self.layout.corners[self.target_corner(self.s.to_move)].depth;
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
        let mut k = self.s.board_key ^ self.layout.turn_key(p);
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
}
