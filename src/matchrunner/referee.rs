//! The referee: plays one game between the seated engines, checking every
//! move with tabula's own rules, keeping the clocks, and rolling the dice
//! itself where the rules ask for chance.

use super::args::MatchConfig;
use super::engine_setup::{engine_for, for_game};
use super::openings::Opening;
use super::timecontrol::TimeControl;
use crate::engineclient::{
    BestMove, Client, ClientError, Dialect, EngineSpec, Limit, home_dialect, native_dialect,
};
use crate::games::record::{GameRecord, GameResult, MatchRules, Termination, today};
use crate::games::{GamePosition, MoveNotation};
use crate::protocol::dialects::GameEnd;
use crate::rules::{Decision, RulesPosition, Turn};
use std::time::{Duration, Instant};

/// One game to play: the opening and who sits where.
#[derive(Debug, Clone)]
pub struct Pairing {
    pub number: usize,
    pub opening: Opening,
    /// `seats[k]`: the index into the match's engines of the engine that
    /// plays seat `k` (seat 0 moves first).
    pub seats: Vec<usize>,
    /// The game number the chance outcomes are rolled from: both games of
    /// a pair (the same opening, colours swapped) get the same dice.
    pub chance_game: usize,
}

/// How long to wait for the handshake, `readyok` and the like.
const SETUP_TIMEOUT: Duration = Duration::from_secs(15);

/// Milliseconds as a signed clock value, saturating.
fn ms_i64(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

/// `from + ms`, or a year from now when that is past what `Instant` holds.
fn deadline_after(from: Instant, ms: u64) -> Instant {
    const YEAR: Duration = Duration::from_secs(365 * 86_400);
    from.checked_add(Duration::from_millis(ms))
        .or_else(|| from.checked_add(YEAR))
        .unwrap_or(from)
}

/// The referee's dice: a seeded xorshift generator, so that a game with
/// chance replays exactly from the seed in its record.
#[derive(Debug, Clone)]
pub struct ChanceSource(u64);

impl ChanceSource {
    /// The source of game `number` of a match seeded with `seed`.
    pub fn for_game(seed: u64, number: usize) -> ChanceSource {
        // splitmix64 of the pair, never zero (xorshift's fixed point).
        let mut z = seed ^ (number as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ChanceSource((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// One of `outcomes`, each as likely as its weight; `None` when there
    /// is none or every weight is zero.
    pub fn pick<M: Copy>(&mut self, outcomes: &[(M, u32)]) -> Option<M> {
        let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut r = self.next() % total;
        for &(m, w) in outcomes {
            if r < u64::from(w) {
                return Some(m);
            }
            r -= u64::from(w);
        }
        None
    }
}

/// How a game ended when the referee, not the rules, ended it.
struct Verdict {
    result: GameResult,
    reason: String,
    termination: Termination,
}

impl Verdict {
    fn new(result: GameResult, reason: String, termination: Termination) -> Verdict {
        Verdict {
            result,
            reason,
            termination,
        }
    }
}

/// One game in progress: the referee's position, the clients by seat and
/// what each of them has been told.
struct Table<'a, G: MatchRules> {
    game: &'a G,
    cfg: &'a MatchConfig,
    /// The game's own dialect: its engines get moves in
    /// the game's own notation.
    home: Dialect,
    specs: Vec<&'a EngineSpec>,
    clients: Vec<Client>,
    pos: G::Pos,
    /// The start position as each seat's dialect writes it (Ōgi over UCI
    /// is a Fairy-Stockfish FEN, not an SFEN).
    start_text: Vec<Option<String>>,
    /// The moves so far as each seat's dialect writes them.
    sent: Vec<Vec<String>>,
    /// Remaining time per seat (clock time controls only).
    clock: Vec<i64>,
    moves_made: Vec<u32>,
    chance: ChanceSource,
    rec: GameRecord,
}

/// Plays one game. Never fails: every failure of an engine is a lost game
/// with the reason recorded.
pub fn play_game<G: MatchRules>(
    game: &G,
    new_game_arg: Option<&str>,
    cfg: &MatchConfig,
    engines: &[EngineSpec],
    pairing: &Pairing,
) -> GameRecord {
    let numbered: Vec<EngineSpec> = pairing
        .seats
        .iter()
        .filter_map(|&e| engines.get(e))
        .map(|spec| for_game(spec, pairing.number))
        .collect();
    let specs: Vec<&EngineSpec> = numbered.iter().collect();
    let mut rec = new_record(cfg, pairing, &specs);
    if G::CHANCE {
        // Named before any roll: a game lost before its first roll (an
        // engine that fails to start) still carries the match's seed.
        rec.seed = Some(cfg.seed);
    }
    let clients = match start_clients(game, new_game_arg, &specs) {
        Ok(c) => c,
        Err(v) => return finished(rec, v),
    };
    let pos = match referee_position(game, &pairing.opening) {
        Ok(p) => p,
        Err(reason) => {
            let v = Verdict::new(
                GameResult::draw(specs.len()),
                reason,
                Termination::Abandoned,
            );
            return finished(rec, v);
        }
    };
    let seats = specs.len();
    let mut table = Table {
        game,
        cfg,
        home: home_dialect(G::ID),
        specs,
        clients,
        pos,
        start_text: vec![pairing.opening.position.clone(); seats],
        sent: vec![rec.moves.clone(); seats],
        clock: vec![0; seats],
        moves_made: vec![0; seats],
        chance: ChanceSource::for_game(cfg.seed, pairing.chance_game),
        rec,
    };
    table.rewrite_opening_per_client(&pairing.opening);
    if let TimeControl::Clock { base_ms, .. } = cfg.tc {
        table.clock = vec![ms_i64(base_ms); seats];
    }
    let verdict = table.play();
    table.announce_end(&verdict.result);
    finished(table.rec, verdict)
}

fn new_record(cfg: &MatchConfig, pairing: &Pairing, specs: &[&EngineSpec]) -> GameRecord {
    GameRecord {
        number: pairing.number,
        players: specs.iter().map(|s| s.name.clone()).collect(),
        seat_engines: pairing.seats.clone(),
        start: pairing.opening.position.clone(),
        moves: pairing.opening.moves.clone(),
        book_moves: pairing.opening.moves.len(),
        comments: vec![None; pairing.opening.moves.len()],
        result: GameResult::draw(specs.len()),
        reason: String::new(),
        termination: Termination::Normal,
        time_control: cfg.tc.pgn_tag(),
        date: today(),
        event: cfg.event.clone(),
        seed: None,
        session_points: Vec::new(),
    }
}

fn finished(mut rec: GameRecord, v: Verdict) -> GameRecord {
    rec.result = v.result;
    rec.reason = v.reason;
    rec.termination = v.termination;
    rec
}

/// Starts every seat's engine; one that cannot be started loses.
fn start_clients<G: MatchRules>(
    game: &G,
    new_game_arg: Option<&str>,
    specs: &[&EngineSpec],
) -> Result<Vec<Client>, Verdict> {
    let home = native_dialect(G::ID);
    let mut clients = Vec::with_capacity(specs.len());
    for (seat, spec) in specs.iter().enumerate() {
        let dialect = spec.dialect.unwrap_or(home);
        let full = engine_for(game, spec, dialect);
        // Only a dialect whose new-game command takes the size gets it
        // there (TEI); the others got the size option (`engine_for`).
        let arg = new_game_arg.filter(|_| dialect.speech().new_game_takes_argument());
        let started = Client::start(&full, dialect, G::ID, SETUP_TIMEOUT)
            .and_then(|mut c| c.new_game(arg, SETUP_TIMEOUT).map(|_| c));
        match started {
            Ok(c) => clients.push(c),
            Err(e) => {
                let side = seat_name::<G>(seat);
                let reason = format!("{side} ({}) fails to start: {e}", spec.name);
                return Err(Verdict::new(
                    GameResult::forfeit(seat, specs.len()),
                    reason,
                    Termination::Abandoned,
                ));
            }
        }
    }
    Ok(clients)
}

/// The referee's own position: the opening's start and book moves.
fn referee_position<G: MatchRules>(game: &G, opening: &Opening) -> Result<G::Pos, String> {
    let bad = |e| format!("bad opening {}: {e}", opening.source);
    let mut pos = match &opening.position {
        Some(p) => game.parse_position(p).map_err(bad)?,
        None => game.start_position(),
    };
    for m in &opening.moves {
        let mv = pos.parse_move(m, MoveNotation::Native).map_err(bad)?;
        pos.play(mv);
    }
    Ok(pos)
}

impl<G: MatchRules> Table<'_, G> {
    /// The notation `seat`'s client reads and writes moves in: Hub's over
    /// Hub, the game's own in its own dialect (the first the registry
    /// lists, which may be one the runner does not speak, as UBGI for
    /// backgammon), UCI's otherwise.
    fn notation(&self, seat: usize) -> MoveNotation {
        match self.clients.get(seat) {
            Some(c) => c.speech().client_notation(c.dialect == self.home),
            None => MoveNotation::Native,
        }
    }

    /// Clients of a foreign dialect get the start position and the book
    /// moves in that dialect's notation; Hub clients always get the start
    /// position (Hub has no word for it that every engine reads).
    fn rewrite_opening_per_client(&mut self, opening: &Opening) {
        for seat in 0..self.clients.len() {
            let notation = self.notation(seat);
            if notation == MoveNotation::Native {
                continue;
            }
            let start = || match &opening.position {
                Some(t) => self
                    .game
                    .parse_position(t)
                    .unwrap_or_else(|_| self.game.start_position()),
                None => self.game.start_position(),
            };
            if opening.position.is_some() || notation == MoveNotation::Hub {
                self.start_text[seat] = Some(start().to_notation_for(notation));
            }
            let mut p = start();
            let mut moves = Vec::with_capacity(self.rec.moves.len());
            for m in &self.rec.moves {
                if let Ok(mv) = p.parse_move(m, MoveNotation::Native) {
                    moves.push(p.format_move(mv, notation));
                    p.play(mv);
                }
            }
            self.sent[seat] = moves;
        }
    }

    /// Plays until the rules, the move cap or a failing engine end the game.
    fn play(&mut self) -> Verdict {
        match self.play_until_the_end() {
            Ok(v) | Err(v) => v,
        }
    }

    /// [`Table::play`]: `Ok` when the rules or the move cap ended the game,
    /// `Err` when an engine lost it by failing.
    fn play_until_the_end(&mut self) -> Result<Verdict, Verdict> {
        let seats = self.clients.len().max(2);
        let cap = self.cfg.max_moves.map(|m| seats * m as usize);
        let mut plies = 0usize;
        loop {
            if let Some(o) = self.pos.outcome() {
                let reason = self.game.outcome_text(&o);
                let result = GameResult::of_outcome(&o);
                return Ok(Verdict::new(result, reason, Termination::Normal));
            }
            if let Some(cap) = cap
                && plies >= cap
            {
                // With more than two players, those who already finished
                // keep their places; the others share the next one.
                let (text, result) = match self.pos.places_if_cut_short() {
                    Some(places) if self.clients.len() > 2 => (
                        format!("Move cap ({} moves): places as they stand", cap / seats),
                        GameResult::ranked(places),
                    ),
                    _ => (
                        format!("Draw by move cap ({} moves)", cap / seats),
                        GameResult::draw(self.clients.len()),
                    ),
                };
                return Ok(Verdict::new(result, text, Termination::Adjudication));
            }
            if self.pos.turn() == Turn::Chance {
                self.roll()?;
                continue;
            }
            let seat = self.pos.side_to_move();
            let (best, used) = self.ask_move(seat)?;
            self.charge_clock(seat, used)?;
            self.play_move(seat, &best, used)?;
            plies += 1;
        }
    }

    /// A chance turn: the referee rolls, records the seed, and every
    /// client is told the outcome like a move.
    fn roll(&mut self) -> Result<(), Verdict> {
        let outcomes = self.pos.chance_outcomes();
        let Some(mv) = self.chance.pick(&outcomes) else {
            let result = GameResult::draw(self.clients.len());
            let reason = "the rules offer no chance outcome".to_string();
            return Err(Verdict::new(result, reason, Termination::Abandoned));
        };
        self.rec.seed = Some(self.cfg.seed);
        self.record_move(mv, None);
        Ok(())
    }

    /// Sends the position and `go` to `seat`; the answer and the time it
    /// took, or the verdict on an engine that did not answer properly.
    fn ask_move(&mut self, seat: usize) -> Result<(BestMove, i64), Verdict> {
        let cfg = self.cfg;
        let seats = self.clients.len();
        let side = self.side_name(seat);
        let who = format!("{side} ({})", self.specs.get(seat).map_or("?", |s| &s.name));
        let forfeit =
            |reason: String, term| Verdict::new(GameResult::forfeit(seat, seats), reason, term);
        let Some(client) = self.clients.get_mut(seat) else {
            return Err(forfeit(
                format!("{who} has no engine"),
                Termination::Abandoned,
            ));
        };
        let dialect = client.speech();
        let (go, wait_ms) = match cfg.tc {
            TimeControl::Clock { moves, inc_ms, .. } => {
                let movestogo = moves.map(|p| p - self.moves_made[seat] % p);
                // The dialects of two-player games carry two clocks; more
                // players get one each (UCI's p<k>time).
                let margin = ms_i64(cfg.time_margin_ms);
                let go = dialect.go_clocks(&self.clock, seat, inc_ms, movestogo);
                (go, self.clock[seat].saturating_add(margin).max(0) as u64)
            }
            TimeControl::MoveTime(ms) => (
                dialect.go_limit(Limit::MoveTime(ms)),
                ms.saturating_add(cfg.time_margin_ms),
            ),
            TimeControl::Depth(d) => (dialect.go_limit(Limit::Depth(d)), cfg.hang_timeout_ms),
            TimeControl::Nodes(n) => (dialect.go_limit(Limit::Nodes(n)), cfg.hang_timeout_ms),
        };
        let (position, go) = if dialect.sends_whole_position() {
            let here = self.pos.to_notation_for(MoveNotation::Native);
            let go = dialect
                .go_for(self.pos.decision())
                .map_or(go, str::to_string);
            (
                format!("position {} {here}", dialect.position_keyword()),
                go,
            )
        } else {
            (
                dialect.position(self.start_text[seat].as_deref(), &self.sent[seat]),
                go,
            )
        };
        let started = Instant::now();
        let answer = client.think(&position, &go, deadline_after(started, wait_ms));
        let used = started.elapsed().as_millis() as i64;
        match answer {
            Ok(best) => Ok((best, used)),
            Err(ClientError::Timeout(_)) => Err(match cfg.tc {
                TimeControl::Clock { .. } | TimeControl::MoveTime(_) => {
                    forfeit(format!("{side} loses on time"), Termination::TimeForfeit)
                }
                _ => forfeit(
                    format!(
                        "{who} hangs: no {} within {wait_ms} ms",
                        dialect.answer_word_for(self.pos.decision())
                    ),
                    Termination::Stalled,
                ),
            }),
            Err(ClientError::Crashed(e)) => Err(forfeit(
                format!("{who} disconnects: {e}"),
                Termination::Abandoned,
            )),
            Err(ClientError::Protocol(e)) => Err(forfeit(
                format!("{who} violates the protocol: {e}"),
                Termination::RulesInfraction,
            )),
        }
    }

    /// Takes `used` ms off `seat`'s clock (adding increment and period
    /// time); a flag fall loses.
    fn charge_clock(&mut self, seat: usize, used: i64) -> Result<(), Verdict> {
        let seats = self.clients.len();
        let margin = ms_i64(self.cfg.time_margin_ms);
        let side = self.side_name(seat);
        let on_time = |reason| {
            Verdict::new(
                GameResult::forfeit(seat, seats),
                reason,
                Termination::TimeForfeit,
            )
        };
        match self.cfg.tc {
            TimeControl::Clock {
                moves,
                base_ms,
                inc_ms,
            } => {
                let clock = &mut self.clock[seat];
                *clock = clock.saturating_sub(used);
                if *clock < -margin {
                    return Err(on_time(format!("{side} loses on time")));
                }
                *clock = clock.saturating_add(ms_i64(inc_ms));
                self.moves_made[seat] += 1;
                if let Some(p) = moves
                    && self.moves_made[seat].is_multiple_of(p)
                {
                    *clock = clock.saturating_add(ms_i64(base_ms));
                }
            }
            TimeControl::MoveTime(ms) if used > ms_i64(ms).saturating_add(margin) => {
                return Err(on_time(format!(
                    "{side} loses on time ({used} ms for movetime {ms})"
                )));
            }
            _ => {}
        }
        Ok(())
    }

    /// Checks `seat`'s answer against the rules and plays it.
    fn play_move(&mut self, seat: usize, best: &BestMove, used: i64) -> Result<(), Verdict> {
        let mv = match self.pos.parse_move(&best.text, self.notation(seat)) {
            Ok(mv) => mv,
            Err(e) => {
                let who = format!(
                    "{} ({})",
                    self.side_name(seat),
                    self.specs.get(seat).map_or("?", |s| &s.name)
                );
                let speech = self.clients.get(seat).map(|c| c.speech());
                // A cube decision the dialect asked for by name (UBGI's
                // `go cube`) is worded as it was asked, not as a move.
                let asked_cube = speech
                    .filter(|_| self.pos.decision() == Decision::Cube)
                    .and_then(|s| {
                        Some((s.go_for(Decision::Cube)?, s.answer_word_for(Decision::Cube)))
                    });
                let text = if let Some((asked, answer)) = asked_cube {
                    let words = self
                        .pos
                        .legal_move_list()
                        .into_iter()
                        .map(|m| self.pos.format_move(m, MoveNotation::Native))
                        .collect::<Vec<_>>()
                        .join(" or ");
                    format!(
                        "{who} answers '{answer} {}' to '{asked}' (expected {words})",
                        best.text
                    )
                } else if matches!(best.text.as_str(), "(none)" | "0000" | "resign") {
                    format!(
                        "{who} gives up with 'bestmove {}' while legal moves exist",
                        best.text
                    )
                } else {
                    format!("{who} makes an illegal move: {e}")
                };
                let result = GameResult::forfeit(seat, self.clients.len());
                return Err(Verdict::new(result, text, Termination::RulesInfraction));
            }
        };
        let secs = used as f64 / 1000.0;
        let comment = match &best.score {
            Some(s) => format!("{s} {secs:.2}s"),
            None => format!("{secs:.2}s"),
        };
        self.record_move(mv, Some(comment));
        Ok(())
    }

    /// Plays a legal move (or chance outcome): every client's move list,
    /// the record and the referee's position.
    fn record_move(&mut self, mv: <G::Pos as RulesPosition>::Move, comment: Option<String>) {
        let native = self.pos.format_move(mv, MoveNotation::Native);
        for seat in 0..self.sent.len() {
            // Each seat's own notation (Hub's captures list the captured
            // squares, PDN's the landing squares).
            let text = match self.notation(seat) {
                MoveNotation::Native => native.clone(),
                other => self.pos.format_move(mv, other),
            };
            self.sent[seat].push(text);
        }
        self.rec.comments.push(comment);
        self.rec.moves.push(native);
        self.pos.play(mv);
    }

    /// Tells each engine how the game ended, where its dialect has a word
    /// for it (USI's `gameover`).
    fn announce_end(&mut self, result: &GameResult) {
        for (seat, c) in self.clients.iter_mut().enumerate() {
            let end = match result.place_of(seat) {
                _ if result.is_draw() => GameEnd::Drawn,
                Some(0) => GameEnd::Won,
                _ => GameEnd::Lost,
            };
            if let Some(line) = c.speech().game_over_line(end) {
                let _ = c.send(&line);
            }
        }
    }

    fn side_name(&self, seat: usize) -> String {
        seat_name::<G>(seat)
    }
}

/// A seat as messages name it: the game's side name (`White`, `Player
/// 2`), and `Player <k>` for the seats beyond the two a game names.
fn seat_name<G: MatchRules>(seat: usize) -> String {
    G::SIDES
        .get(seat)
        .map_or_else(|| format!("Player {}", seat + 1), |s| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_beyond_the_second_have_numbers() {
        use crate::games::chinesecheckers::ChineseCheckers;
        use crate::games::makruk::Makruk;
        assert_eq!(seat_name::<Makruk>(1), "Black");
        assert_eq!(seat_name::<ChineseCheckers>(0), "Player 1");
        assert_eq!(seat_name::<ChineseCheckers>(5), "Player 6");
    }

    #[test]
    fn game_numbers_fill_option_values() {
        let spec = EngineSpec {
            name: "greedy".into(),
            command: vec!["tabula".into()],
            dialect: None,
            options: vec![
                ("Greedy Seed".into(), "{game}".into()),
                ("Hash".into(), "16".into()),
            ],
        };
        let e = for_game(&spec, 7);
        assert_eq!(e.options[0].1, "7");
        assert_eq!(e.options[1].1, "16");
    }

    /// A dice game whose engine fails to start keeps the match's seed in
    /// its record (a `.mat` file's header is written with game 1).
    #[test]
    fn a_game_lost_before_its_first_roll_keeps_the_seed() {
        use crate::games::Game;
        use crate::games::backgammon::Backgammon;
        use crate::games::record::RecordFormat;
        let argv: Vec<String> = [
            "--game",
            "backgammon",
            "--engine",
            "/nonexistent/engine",
            "--engine",
            "/nonexistent/engine",
            "--seed",
            "42",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let cfg = crate::matchrunner::args::parse(&argv).expect("arguments");
        let pairing = Pairing {
            number: 1,
            opening: crate::matchrunner::openings::Opening::start(),
            seats: vec![0, 1],
            chance_game: 1,
        };
        let game = Backgammon::new();
        let rec = play_game(&game, None, &cfg, &cfg.engines, &pairing);
        assert!(rec.moves.is_empty(), "{:?}", rec.moves);
        assert_eq!(rec.seed, Some(42));
        let text = game.write_record(&rec);
        assert!(text.contains("; [Seed \"42\"]"), "{text}");
    }

    #[test]
    fn chance_is_seeded_and_weighted() {
        // The 21 dice rolls of backgammon: doubles weigh 1, others 2.
        let rolls: Vec<((u8, u8), u32)> = (1..=6u8)
            .flat_map(|a| (a..=6u8).map(move |b| ((a, b), if a == b { 1 } else { 2 })))
            .collect();
        assert_eq!(rolls.iter().map(|r| r.1).sum::<u32>(), 36);
        let draw = |seed, game| {
            let mut c = ChanceSource::for_game(seed, game);
            (0..3600).filter_map(|_| c.pick(&rolls)).collect::<Vec<_>>()
        };
        // The same seed and game replay the same rolls; another game does not.
        assert_eq!(draw(7, 1), draw(7, 1));
        assert_ne!(draw(7, 1), draw(7, 2));
        assert_ne!(draw(7, 1), draw(8, 1));
        // Each roll comes about as often as its weight says (100 or 200 of
        // 3600), well within chance.
        let seen = draw(7, 1);
        for &(roll, w) in &rolls {
            let n = seen.iter().filter(|&&r| r == roll).count() as i64;
            let expected = 100 * i64::from(w);
            assert!((n - expected).abs() < 60, "{roll:?}: {n} of {expected}");
        }
        let mut c = ChanceSource::for_game(0, 0);
        assert_eq!(c.pick::<u8>(&[]), None);
        assert_eq!(c.pick(&[(1u8, 0)]), None);
        assert_eq!(c.pick(&[(1u8, 0), (2, 5)]), Some(2));
    }
}
