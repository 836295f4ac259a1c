//! The referee: plays one game between two clients, checking every move
//! with tabula's own rules and keeping the clocks.

use super::args::MatchConfig;
use super::client::{Client, ClientError, Dialect, EngineSpec};
use super::openings::Opening;
use super::record::{GameRecord, GameResult, MatchRules, Termination, engine_for, native_dialect};
use super::timecontrol::TimeControl;
use crate::games::{GamePosition, MoveNotation};
use crate::rules::RulesPosition;
use std::time::{Duration, Instant};

/// One game to play: the opening and who plays first.
#[derive(Debug, Clone)]
pub struct Pairing {
    pub number: usize,
    pub opening: Opening,
    /// Index into the match's engines of the first player.
    pub first: usize,
}

/// How long to wait for the handshake, `readyok` and the like.
const SETUP_TIMEOUT: Duration = Duration::from_secs(15);

fn loss(side: usize) -> GameResult {
    if side == 0 {
        GameResult::SecondWins
    } else {
        GameResult::FirstWins
    }
}

fn win(side: usize) -> GameResult {
    loss(side ^ 1)
}

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

/// Plays one game. Never fails: every failure of an engine is a lost game
/// with the reason recorded.
pub fn play_game<G: MatchRules>(
    game: &G,
    new_game_arg: Option<&str>,
    cfg: &MatchConfig,
    engines: &[EngineSpec; 2],
    pairing: &Pairing,
) -> GameRecord {
    let sides = G::SIDES;
    // The game's own dialect, whose engines get moves in its own notation.
    let home = native_dialect(G::ID);
    let specs = [&engines[pairing.first], &engines[pairing.first ^ 1]];
    let mut rec = GameRecord {
        number: pairing.number,
        players: [specs[0].name.clone(), specs[1].name.clone()],
        start: pairing.opening.position.clone(),
        moves: pairing.opening.moves.clone(),
        book_moves: pairing.opening.moves.len(),
        comments: vec![None; pairing.opening.moves.len()],
        result: GameResult::Draw,
        reason: String::new(),
        termination: Termination::Normal,
        time_control: cfg.tc.pgn_tag(),
        date: super::record::today(),
        event: cfg.event.clone(),
    };
    let finish = |rec: &mut GameRecord, result, reason: String, term| {
        rec.result = result;
        rec.reason = reason;
        rec.termination = term;
    };

    // Start both engines; one that cannot be started loses.
    let mut clients: Vec<Client> = Vec::with_capacity(2);
    for (side, spec) in specs.iter().enumerate() {
        let dialect = spec.dialect.unwrap_or(home);
        let full = engine_for(game, spec, dialect);
        // Only a dialect whose new-game command takes the size gets it
        // there (TEI); the others got the size option (`engine_for`).
        let arg = new_game_arg.filter(|_| dialect.new_game_takes_argument());
        let started = Client::start(&full, dialect, G::ID, SETUP_TIMEOUT)
            .and_then(|mut c| c.new_game(arg, SETUP_TIMEOUT).map(|_| c));
        match started {
            Ok(c) => clients.push(c),
            Err(e) => {
                let reason = format!("{} ({}) fails to start: {e}", sides[side], spec.name);
                finish(&mut rec, loss(side), reason, Termination::Abandoned);
                return rec;
            }
        }
    }

    // The referee's own position.
    let mut pos = match &pairing.opening.position {
        Some(p) => match game.parse_position(p) {
            Ok(p) => p,
            Err(e) => {
                let reason = format!("bad opening {}: {e}", pairing.opening.source);
                finish(&mut rec, GameResult::Draw, reason, Termination::Abandoned);
                return rec;
            }
        },
        None => game.start_position(),
    };
    for m in &pairing.opening.moves {
        match pos.parse_move(m, MoveNotation::Native) {
            Ok(mv) => pos.play(mv),
            Err(e) => {
                let reason = format!("bad opening {}: {e}", pairing.opening.source);
                finish(&mut rec, GameResult::Draw, reason, Termination::Abandoned);
                return rec;
            }
        }
    }
    // Moves as each client's dialect writes them (UCI or native notation).
    let notation = |c: &Client| {
        if c.dialect == home {
            MoveNotation::Native
        } else {
            MoveNotation::Uci
        }
    };
    let mut sent: [Vec<String>; 2] = [rec.moves.clone(), rec.moves.clone()];
    // The start position as each client's dialect writes it (Ōgi over UCI
    // is a Fairy-Stockfish FEN, not an SFEN).
    let mut start_text: [Option<String>; 2] = [
        pairing.opening.position.clone(),
        pairing.opening.position.clone(),
    ];
    for (k, c) in clients.iter().enumerate() {
        if notation(c) != MoveNotation::Native {
            if let Some(t) = &pairing.opening.position
                && let Ok(p) = game.parse_position(t)
            {
                start_text[k] = Some(p.to_notation_for(MoveNotation::Uci));
            }
            // Rewrite the book moves in this client's notation.
            let mut p = match &pairing.opening.position {
                Some(t) => game
                    .parse_position(t)
                    .unwrap_or_else(|_| game.start_position()),
                None => game.start_position(),
            };
            sent[k].clear();
            for m in &rec.moves {
                if let Ok(mv) = p.parse_move(m, MoveNotation::Native) {
                    sent[k].push(p.format_move(mv, MoveNotation::Uci));
                    p.play(mv);
                }
            }
        }
    }

    let (mut clock, inc, period) = match cfg.tc {
        TimeControl::Clock {
            moves,
            base_ms,
            inc_ms,
        } => ([ms_i64(base_ms); 2], inc_ms, moves),
        _ => ([0; 2], 0, None),
    };
    let mut moves_made = [0u32; 2];
    // Saturating: any number on the command line is allowed, none may
    // overflow the clock arithmetic.
    let margin = ms_i64(cfg.time_margin_ms);
    let cap = cfg.max_moves.map(|m| 2 * m as usize);
    let mut plies = 0usize;
    loop {
        if let Some(o) = pos.outcome() {
            let result = match o.winner() {
                Some(winner) => win(winner),
                None => GameResult::Draw,
            };
            finish(&mut rec, result, game.outcome_text(&o), Termination::Normal);
            break;
        }
        if let Some(cap) = cap
            && plies >= cap
        {
            let text = format!("Draw by move cap ({} moves)", cap / 2);
            finish(&mut rec, GameResult::Draw, text, Termination::Adjudication);
            break;
        }
        // Side in record terms (0 = first player of the game).
        // Colour 0 (White / sente) is always the record's first player.
        let side = pos.side_to_move();
        let player = side; // index into clients and specs
        let who = format!("{} ({})", sides[side], specs[player].name);
        let client = &mut clients[player];
        let dialect = client.dialect;
        let movestogo = period.map(|p| p - moves_made[player] % p);
        let (go, wait_ms) = match cfg.tc {
            TimeControl::Clock { .. } => (
                dialect.go_clock(clock[0], clock[1], inc, movestogo),
                clock[player].saturating_add(margin).max(0) as u64,
            ),
            TimeControl::MoveTime(ms) => (
                format!("go movetime {ms}"),
                ms.saturating_add(cfg.time_margin_ms),
            ),
            TimeControl::Depth(d) => (format!("go depth {d}"), cfg.hang_timeout_ms),
            TimeControl::Nodes(n) => (format!("go nodes {n}"), cfg.hang_timeout_ms),
        };
        let position = dialect.position(start_text[player].as_deref(), &sent[player]);
        let started = Instant::now();
        let answer = client.think(&position, &go, deadline_after(started, wait_ms));
        let used = started.elapsed().as_millis() as i64;
        let best = match answer {
            Ok(b) => b,
            Err(ClientError::Timeout(_)) => {
                let (text, term) = match cfg.tc {
                    TimeControl::Clock { .. } | TimeControl::MoveTime(_) => (
                        format!("{} loses on time", sides[side]),
                        Termination::TimeForfeit,
                    ),
                    _ => (
                        format!("{who} hangs: no bestmove within {} ms", wait_ms),
                        Termination::Stalled,
                    ),
                };
                finish(&mut rec, loss(side), text, term);
                break;
            }
            Err(ClientError::Crashed(e)) => {
                finish(
                    &mut rec,
                    loss(side),
                    format!("{who} disconnects: {e}"),
                    Termination::Abandoned,
                );
                break;
            }
            Err(ClientError::Protocol(e)) => {
                let text = format!("{who} violates the protocol: {e}");
                finish(&mut rec, loss(side), text, Termination::RulesInfraction);
                break;
            }
        };
        // Clock bookkeeping.
        match cfg.tc {
            TimeControl::Clock { base_ms, .. } => {
                clock[player] = clock[player].saturating_sub(used);
                if clock[player] < -margin {
                    let text = format!("{} loses on time", sides[side]);
                    finish(&mut rec, loss(side), text, Termination::TimeForfeit);
                    break;
                }
                clock[player] = clock[player].saturating_add(ms_i64(inc));
                moves_made[player] += 1;
                if let Some(p) = period
                    && moves_made[player] % p == 0
                {
                    clock[player] = clock[player].saturating_add(ms_i64(base_ms));
                }
            }
            TimeControl::MoveTime(ms) if used > ms_i64(ms).saturating_add(margin) => {
                let text = format!(
                    "{} loses on time ({used} ms for movetime {ms})",
                    sides[side]
                );
                finish(&mut rec, loss(side), text, Termination::TimeForfeit);
                break;
            }
            _ => {}
        }
        // The move itself.
        let mv = match pos.parse_move(&best.text, notation(client)) {
            Ok(mv) => mv,
            Err(e) => {
                let text = if matches!(best.text.as_str(), "(none)" | "0000" | "resign") {
                    format!(
                        "{who} gives up with 'bestmove {}' while legal moves exist",
                        best.text
                    )
                } else {
                    format!("{who} makes an illegal move: {e}")
                };
                finish(&mut rec, loss(side), text, Termination::RulesInfraction);
                break;
            }
        };
        let native = pos.format_move(mv, MoveNotation::Native);
        let uci = pos.format_move(mv, MoveNotation::Uci);
        for (k, c) in clients.iter().enumerate() {
            sent[k].push(if notation(c) == MoveNotation::Native {
                native.clone()
            } else {
                uci.clone()
            });
        }
        let secs = used as f64 / 1000.0;
        rec.comments.push(Some(match &best.score {
            Some(s) => format!("{s} {secs:.2}s"),
            None => format!("{secs:.2}s"),
        }));
        rec.moves.push(native);
        pos.play(mv);
        plies += 1;
    }
    // USI GUIs tell each engine how the game ended.
    for (side, c) in clients.iter_mut().enumerate() {
        if c.dialect == Dialect::Usi {
            let word = match rec.result {
                GameResult::Draw => "draw",
                r if r == win(side) => "win",
                _ => "lose",
            };
            let _ = c.send(&format!("gameover {word}"));
        }
    }
    rec
}
