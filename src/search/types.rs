//! Values exchanged between the engine session and the search worker.

use std::sync::Arc;

/// Limits of one `go`, with clocks already mapped to players: index `k` is
/// player `k` (0 = White in UCI `wtime`, sente in USI `btime`), for as many
/// players as the game has; a missing entry is no clock.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Remaining time in ms per player (may be negative: treated as tiny).
    pub time: Vec<Option<i64>>,
    /// Increment in ms per player.
    pub inc: Vec<Option<i64>>,
    pub movestogo: Option<u32>,
    /// USI byoyomi in ms.
    pub byoyomi: Option<i64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search for a mate in this many moves (UCI) .
    pub mate: Option<u32>,
    pub movetime: Option<i64>,
    pub infinite: bool,
    pub ponder: bool,
    /// The clocks were given per player (`p<k>time`). Otherwise, with more
    /// than two players, `wtime`/`winc` (index 0) are the clock of the
    /// player to move.
    pub player_clocks: bool,
    /// A checks-only mate search (USI `go mate`): the job answers with
    /// [`SearchEvent::Checkmate`] instead of `BestMove`, within `movetime`
    /// (or until `stop` when `infinite`).
    pub tsume: bool,
}

impl SearchLimits {
    /// Player `k`'s remaining time in ms, if the `go` gave it.
    pub fn time_of(&self, player: usize) -> Option<i64> {
        self.time.get(player).copied().flatten()
    }
    /// Player `k`'s increment in ms, if the `go` gave it.
    pub fn inc_of(&self, player: usize) -> Option<i64> {
        self.inc.get(player).copied().flatten()
    }
}

/// Engine settings the search reads at the start of each job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchSettings {
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for GUI/transport lag.
    pub move_overhead: i64,
    /// How games of more than two players are searched (the game's
    /// option sets it; other games ignore it).
    pub multi: MultiMethod,
    /// The lone-player race planner's beam width (positions kept per own
    /// move ahead; [`super::multiplayer`]).
    pub race_width: usize,
    /// What the race planner expects the opponents to do.
    pub race_replies: RaceReplies,
    /// How many samples of the opponents' greedy replies (tie-break
    /// seeds) the race planner averages its lines over.
    pub race_samples: usize,
    /// Hundredths of the most advanced opponent's evaluation the race
    /// planner takes from each line's value (0: its own race alone).
    pub race_rival: i32,
    /// Search threads (the `Threads` option): 1 searches on the calling
    /// thread alone; more add helpers that share the hash table.
    pub threads: usize,
}

/// The race planner's default beam width.
pub const RACE_WIDTH_DEFAULT: usize = 32;
/// The race planner's default number of reply samples.
pub const RACE_SAMPLES_DEFAULT: usize = 3;
/// The race planner's default weight of the leading opponent.
pub const RACE_RIVAL_DEFAULT: i32 = 30;

/// The opponents' moves in the race planner's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RaceReplies {
    /// They pass: the mover plans alone around pieces that stand still.
    Pass,
    /// Each answers every own move with its greedy move (the most steps
    /// forward, ties by the position key), so stepping stones move on as
    /// racing opponents move them; several times slower, and measured
    /// stronger on the crowded 6-player board.
    #[default]
    Greedy,
}

/// The move choice of the multi-player search ([`super::multiplayer`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MultiMethod {
    /// The measured best for the number of players: alpha-beta with two
    /// (as `Brs` and `Paranoid`), the race planner with more.
    #[default]
    Auto,
    /// Best-reply search (Schadd & Winands): the root player's moves
    /// against the single best reply of all opponents together.
    Brs,
    /// Every opponent plays against the root player, in turn order.
    Paranoid,
    /// The lone-player race planner: a beam search over the mover's own
    /// moves, the opponents passing or playing greedy ([`RaceReplies`]).
    Race,
    /// No search: the move that brings the mover furthest forward, ties
    /// broken by a hash of the position key and this seed (a baseline for
    /// matches; 0 = the key alone, as before seeds existed).
    Greedy(u64),
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            multipv: 1,
            move_overhead: 10,
            multi: MultiMethod::default(),
            race_width: RACE_WIDTH_DEFAULT,
            race_replies: RaceReplies::default(),
            race_samples: RACE_SAMPLES_DEFAULT,
            race_rival: RACE_RIVAL_DEFAULT,
            threads: 1,
        }
    }
}

/// Turns a line of moves played from a position into text.
pub type PvFormatter<P, M> = Arc<dyn Fn(&P, &[M]) -> Vec<String> + Send + Sync>;

/// One search request.
pub struct Job<P: super::RulesPosition> {
    pub position: P,
    pub limits: SearchLimits,
    pub settings: SearchSettings,
    /// Restrict the root to these moves (`searchmoves`); empty = all.
    pub searchmoves: Vec<P::Move>,
    pub formatter: PvFormatter<P, P::Move>,
}

/// The outcome of one job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// `None` when there is no legal move.
    pub best: Option<M>,
    /// The expected reply (second PV move), when known.
    pub ponder: Option<M>,
    pub score: Score,
    /// Last completed iteration (0 when none completed).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Principal variation of the first line (legal from the root).
    pub pv: Vec<M>,
}

/// A score as the search reports it; dialects format it (UCI mate in moves,
/// USI mate in plies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// An expected result in thousandths of a point from the mover's view
    /// (dice games: 1000 = one point won); dialects print it as `cp`.
    Equity(i32),
    /// Mate in this many plies: positive when the side to move mates,
    /// negative when it is mated.
    MatePlies(i32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    pub pv: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchEvent {
    Info(SearchInfo),
    /// The one final answer of a job. `best` is `None` when there is no
    /// legal move.
    BestMove {
        best: Option<String>,
        ponder: Option<String>,
    },
    /// The one final answer of a checks-only mate job.
    Checkmate(MateAnswer),
}

impl SearchEvent {
    /// True for the one final event of a job.
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            SearchEvent::BestMove { .. } | SearchEvent::Checkmate(_)
        )
    }
}

/// What a checks-only mate search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MateAnswer {
    /// The mating line, attacker and defender moves alternating.
    Found(Vec<String>),
    /// Proved: no mate by checks exists.
    NoMate,
    /// Time ran out or `stop` came before a proof either way.
    Timeout,
}
