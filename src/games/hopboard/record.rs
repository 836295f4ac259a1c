//! Records of the hopping games for `tabula match` (protocol-spec/
//! chinesecheckers.md §7, also Halma's): one block of `Key: value` lines
//! per game, for any number of players, with the moves in the game's
//! notation; they read back ([`parse_records`]) and replay
//! ([`GameBlock::replay`]).

use super::CellSet;
use super::position::{HopPosition, Standing};
use crate::games::record::{GameRecord, RecordFormat};
use crate::games::{Game, GameError, GamePosition, MoveNotation, Outcome};

/// Moves per line in a written block.
const MOVES_PER_LINE: usize = 12;

/// `Player 3 wins by targets filled`, for any number of players.
pub fn outcome_text(outcome: &Outcome) -> String {
    let firsts: Vec<String> = (0..outcome.places.len())
        .filter(|&p| outcome.places[p] == 0)
        .map(|p| (p + 1).to_string())
        .collect();
    match firsts.as_slice() {
        [one] => format!("Player {one} wins by {}", outcome.reason),
        many => format!(
            "Players {} share first place by {}",
            many.join(", "),
            outcome.reason
        ),
    }
}

/// One game's block; `rules` is the game's options as `Name=value` pairs.
pub fn write_record<S, G>(game: &G, rec: &GameRecord, rules: &str) -> String
where
    S: CellSet,
    G: RecordFormat<Pos = HopPosition<S>>,
{
    let start = game.record_start(rec);
    // Replayed for each player's standing at the end.
    let mut end = start.clone();
    for text in &rec.moves {
        match end.parse_move(text, MoveNotation::Native) {
            Ok(mv) => end.play(mv),
            Err(_) => break,
        }
    }
    let corners = &start.layout().corners;
    let mut out = format!("Game: {}\n", rec.number);
    out.push_str(&format!("Event: {}\n", one_line(&rec.event)));
    out.push_str(&format!("Date: {}\n", rec.date));
    out.push_str(&format!("Rules: {rules}\n"));
    out.push_str(&format!(
        "Start: {}\n",
        rec.start.as_deref().unwrap_or("startpos")
    ));
    for (seat, name) in rec.players.iter().enumerate() {
        let state = match end.standing(seat) {
            Standing::Playing => "playing".to_string(),
            Standing::Finished { moves, .. } => format!("finished after {moves} moves"),
            Standing::Eliminated { .. } => "eliminated".to_string(),
        };
        out.push_str(&format!(
            "Seat {} {}->{}: {}; place {}; {}\n",
            seat + 1,
            corners[start.home_corner(seat)].name,
            corners[start.target_corner(seat)].name,
            one_line(name),
            rec.result.place_of(seat).map_or(0, |q| u32::from(q) + 1),
            state
        ));
    }
    out.push_str(&format!(
        "Result: {} {{{}}}\n",
        rec.result_text(),
        one_line(&rec.reason)
    ));
    out.push_str(&format!("Termination: {}\n", rec.termination.tag()));
    out.push_str("Moves:\n");
    for line in rec.moves.chunks(MOVES_PER_LINE) {
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out.push('\n');
    out
}

/// Names and reasons stay on their line.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// One game read back from a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameBlock<G> {
    pub number: usize,
    /// The game with the record's rule options.
    pub game: G,
    /// The start position (`None`: the start for the players).
    pub start: Option<String>,
    /// Per seat: the player's name and place (1 = first).
    pub seats: Vec<(String, u32)>,
    pub moves: Vec<String>,
    /// The `Termination:` tag (`normal`: decided on the board).
    pub termination: Option<String>,
}

impl<G: Game> GameBlock<G> {
    /// Plays the moves from the start; the position at the end, or the
    /// first move that does not parse or is illegal.
    pub fn replay(&self) -> Result<G::Pos, GameError> {
        self.play_out().map(|(_, end, _)| end)
    }

    /// The start position and the moves read as moves (what the tuner
    /// replays), or the first move that does not parse or is illegal.
    pub fn start_and_moves(&self) -> Result<(G::Pos, Vec<GameMove<G>>), GameError> {
        self.play_out().map(|(start, _, moves)| (start, moves))
    }

    /// The start, the end and the moves in between.
    fn play_out(&self) -> Result<PlayedOut<G>, GameError> {
        let start = match &self.start {
            Some(text) => self.game.parse_position(text)?,
            None => self.game.start_position(),
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let mv = pos
                .parse_move(text, MoveNotation::Native)
                .map_err(|e| e.prefixed(&format!("move {} '{text}': ", i + 1)))?;
            pos.play(mv);
            moves.push(mv);
        }
        Ok((start, pos, moves))
    }
}

/// A move of game `G`'s positions.
type GameMove<G> = <<G as Game>::Pos as crate::rules::RulesPosition>::Move;
/// A record played out: its start, its end and the moves between.
type PlayedOut<G> = (<G as Game>::Pos, <G as Game>::Pos, Vec<GameMove<G>>);

/// Reads the blocks of a record file (blank lines between them).
pub fn parse_records<G: Game>(text: &str) -> Result<Vec<GameBlock<G>>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some(&(n, line)) = lines.peek() {
        if line.trim().is_empty() {
            lines.next();
            continue;
        }
        let mut block = Vec::new();
        while let Some(&(_, l)) = lines.peek() {
            if l.trim().is_empty() {
                break;
            }
            block.push(l);
            lines.next();
        }
        out.push(parse_block(&block).map_err(|e| format!("record at line {}: {e}", n + 1))?);
    }
    Ok(out)
}

/// `Key: value` lines up to `Moves:`, then the moves.
fn parse_block<G: Game>(lines: &[&str]) -> Result<GameBlock<G>, String> {
    let mut number = 0;
    let mut game = G::new();
    let mut start = None;
    let mut seats = Vec::new();
    let mut moves = Vec::new();
    let mut termination = None;
    let mut in_moves = false;
    for line in lines {
        if in_moves {
            moves.extend(line.split_whitespace().map(str::to_string));
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| format!("expected 'Key: value', found '{line}'"))?;
        let value = value.trim();
        match key.trim() {
            "Game" => {
                number = value
                    .parse()
                    .map_err(|_| format!("game number '{value}'"))?
            }
            "Rules" => {
                for pair in value.split(',') {
                    let (n, v) = pair
                        .split_once('=')
                        .ok_or_else(|| format!("rule '{pair}' is not Name=value"))?;
                    game.set_option(n, v).map_err(|e| e.to_string())?;
                }
            }
            "Start" if value == "startpos" => start = None,
            "Start" => start = Some(value.to_string()),
            "Moves" => in_moves = true,
            "Termination" => termination = Some(value.to_string()),
            k if k.starts_with("Seat ") => seats.push(parse_seat(value)?),
            _ => {}
        }
    }
    Ok(GameBlock {
        number,
        game,
        start,
        seats,
        moves,
        termination,
    })
}

/// `<name>; place <k>; <state>`: the name may hold anything but `;`.
fn parse_seat(value: &str) -> Result<(String, u32), String> {
    let mut parts = value.rsplitn(3, ';');
    let _state = parts.next();
    let place = parts
        .next()
        .and_then(|p| p.trim().strip_prefix("place "))
        .and_then(|p| p.trim().parse().ok())
        .ok_or_else(|| format!("seat '{value}' has no 'place <k>'"))?;
    let name = parts.next().unwrap_or("").trim().to_string();
    Ok((name, place))
}
