//! Checker plays (protocol-spec/backgammon.md §2.2): the steps of a play,
//! the legal plays of a roll, GNU Backgammon's canonical text of a play and
//! every input form players and programs write.

use super::board::{BAR, Board, Step};

/// One play: up to four steps (die by die) of the player on roll; no step
/// is the pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Play {
    steps: [Step; 4],
    len: u8,
}

impl Play {
    pub fn steps(&self) -> &[Step] {
        self.steps.get(..usize::from(self.len)).unwrap_or(&[])
    }

    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// This play with one more step (a fifth is ignored: no roll has it).
    pub fn with(mut self, step: Step) -> Play {
        if let Some(slot) = self.steps.get_mut(usize::from(self.len)) {
            *slot = step;
            self.len += 1;
        }
        self
    }

    /// The board after the play (the mover still to move, not flipped).
    pub fn apply(&self, board: &Board) -> Board {
        let mut b = *board;
        for s in self.steps() {
            b.step(usize::from(s.from), usize::from(s.die));
        }
        b
    }
}

/// The legal plays of `d1`-`d2`: each distinct resulting board once, with
/// one way to reach it; empty when the roll cannot be played (a pass).
pub fn legal_plays(board: &Board, d1: u8, d2: u8) -> Vec<(Board, Play)> {
    let mut scratch = super::board::PlayScratch::default();
    board.plays_into(d1, d2, &mut scratch);
    scratch.plays
}

fn point_name(p: u8) -> String {
    match usize::from(p) {
        0 => "off".to_string(),
        BAR => "bar".to_string(),
        n => n.to_string(),
    }
}

/// GNU Backgammon's text of `play` on `board` (checked against gnubg 1.07
/// on its own move lists): the submoves are sorted by decreasing source
/// (equal sources: the nearer destination first); each submove in that
/// order takes over every later one that starts where it ends (the same
/// checker going on, or one standing there: the same position either
/// way), so of several submoves from one point the first becomes the
/// longest chain; a chain names an intermediate point only where the
/// opponent had a blot; `*` follows the first written occurrence of each
/// point where the opponent had a blot (`11/6*/1 11/6`, `8/7*(2)`);
/// consecutive identical chains are written once with `(n)`; `pass` for
/// no play. The text depends only on the board and the resulting
/// position: every step order reaching it has the same submoves.
pub fn format_play(board: &Board, play: &Play) -> String {
    if play.is_pass() {
        return "pass".to_string();
    }
    let mut moves: Vec<(u8, u8)> = play
        .steps()
        .iter()
        .map(|s| (s.from, s.from.saturating_sub(s.die)))
        .collect();
    moves.sort_by(|x, y| y.cmp(x));
    let had_blot = |p: u8| {
        (1..=24).contains(&p) && board.other.get(25 - usize::from(p)).is_some_and(|&n| n > 0)
    };
    // Each chain: its source, then the points written after it.
    let mut chains: Vec<Vec<u8>> = Vec::with_capacity(4);
    let mut taken = [false; 4];
    for (i, &(from, to)) in moves.iter().enumerate() {
        if taken.get(i).copied().unwrap_or(true) {
            continue;
        }
        let mut points = vec![from, to];
        let mut end = to;
        for (j, &(f, t)) in moves.iter().enumerate().skip(i + 1) {
            if end != 0 && f == end && taken.get(j) == Some(&false) {
                if let Some(slot) = taken.get_mut(j) {
                    *slot = true;
                }
                if !had_blot(end) {
                    points.pop();
                }
                points.push(t);
                end = t;
            }
        }
        chains.push(points);
    }
    let mut starred = [false; 26];
    let mut out: Vec<String> = Vec::with_capacity(chains.len());
    let mut k = 0;
    while let Some(chain) = chains.get(k) {
        let n = chains
            .iter()
            .skip(k)
            .take_while(|c| *c == chain)
            .count()
            .max(1);
        let mut text = String::new();
        for (m, &p) in chain.iter().enumerate() {
            if m > 0 {
                text.push('/');
            }
            text.push_str(&point_name(p));
            // `had_blot` holds only for points 1..=24.
            if m > 0 && had_blot(p) && !std::mem::replace(&mut starred[usize::from(p)], true) {
                text.push('*');
            }
        }
        if n > 1 {
            text.push_str(&format!("({n})"));
        }
        out.push(text);
        k += n;
    }
    out.join(" ")
}

/// The UBGI wire text of `play` on `board` (protocol-spec/backgammon.md
/// §3.4): one `from/to` per die, in the order the steps are played, `*`
/// on each step that hits, `bar` and `off` by name, `pass` for no play.
/// No `(n)` and no chains, so readers that apply one die per token (bgci's
/// bkgm) can replay it step by step.
pub fn format_play_per_die(board: &Board, play: &Play) -> String {
    if play.is_pass() {
        return "pass".to_string();
    }
    let mut b = *board;
    let mut out: Vec<String> = Vec::with_capacity(play.steps().len());
    for s in play.steps() {
        let (from, die) = (usize::from(s.from), usize::from(s.die));
        // A play's steps are legal one after the other; the check keeps a
        // malformed play from touching the board.
        let hit = b.can_step(from, die) && b.step(from, die);
        let star = if hit { "*" } else { "" };
        out.push(format!(
            "{}/{}{star}",
            point_name(s.from),
            point_name(s.from.saturating_sub(s.die))
        ));
    }
    out.join(" ")
}

/// A submove as written (a repetition is several of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Written {
    from: u8,
    to: u8,
}

/// Reads `24/18*/13`, `bar/22`, `6/off`, `8/5(2)` into submoves; every
/// syntax error starts with `cannot parse` (the turn token's reader tells
/// them from illegal plays by that).
fn read_token(token: &str, out: &mut Vec<Written>) -> Result<(), String> {
    let bad = |why: &str| format!("cannot parse '{token}'{why}");
    let (body, count) = match token.strip_suffix(')').and_then(|t| t.split_once('(')) {
        Some((body, n)) => match n.parse::<u8>() {
            Ok(n @ 1..=4) => (body, n),
            _ => return Err(bad(": bad repetition (1 to 4)")),
        },
        None => (token, 1),
    };
    let mut points = Vec::new();
    for part in body.split('/') {
        let p = part.strip_suffix('*').unwrap_or(part);
        let point = match p.to_ascii_lowercase().as_str() {
            "bar" => 25,
            "off" => 0,
            digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                match digits.parse::<u8>() {
                    Ok(n @ 0..=25) => n,
                    _ => return Err(bad(&format!(": no point {p} (0 to 25, bar, off)"))),
                }
            }
            _ => return Err(bad("")),
        };
        points.push(point);
    }
    if points.len() < 2 {
        return Err(bad(": a submove is from/to"));
    }
    for _ in 0..count {
        for pair in points.windows(2) {
            if let [from, to] = *pair {
                if from == 0 {
                    return Err(format!("{token}: nothing moves from off"));
                }
                if to >= from {
                    return Err(format!("{from}/{to} does not move forward"));
                }
                out.push(Written { from, to });
            }
        }
    }
    Ok(())
}

/// Every board reachable by playing `moves` with dice from `dice` (each
/// submove one die, or several dice for one checker; the checkers' steps
/// in any interleaving, so `bar/13(2)` with 66 enters both first), with the
/// number of hits on the way and the steps.
fn realisations(
    board: &Board,
    moves: &[Written],
    dice: &[u8],
    found: &mut Vec<(Board, u32, Play)>,
) {
    fn walk(
        b: &Board,
        journeys: &mut [(u8, u8)],
        dice: &mut Vec<u8>,
        hits: u32,
        play: Play,
        found: &mut Vec<(Board, u32, Play)>,
    ) {
        if journeys.iter().all(|(at, to)| at == to) {
            found.push((*b, hits, play));
            return;
        }
        for j in 0..journeys.len() {
            let (here, to) = journeys[j];
            if here == to {
                continue;
            }
            let distance = here - to;
            let mut tried = [false; 7];
            for k in 0..dice.len() {
                let d = dice[k];
                if std::mem::replace(&mut tried[usize::from(d)], true) {
                    continue;
                }
                // A die lands on an intermediate point, exactly on the
                // target, or (bearing off) beyond it.
                if (d > distance && to != 0) || !b.can_step(usize::from(here), usize::from(d)) {
                    continue;
                }
                let mut next = *b;
                let hit = next.step(usize::from(here), usize::from(d));
                journeys[j].0 = if d >= distance { to } else { here - d };
                dice.swap_remove(k);
                let step = Step { from: here, die: d };
                walk(
                    &next,
                    journeys,
                    dice,
                    hits + u32::from(hit),
                    play.with(step),
                    found,
                );
                dice.push(d);
                let last = dice.len() - 1;
                dice.swap(k, last);
                journeys[j].0 = here;
            }
        }
    }
    let mut journeys: Vec<(u8, u8)> = moves.iter().map(|m| (m.from, m.to)).collect();
    let mut pool = dice.to_vec();
    walk(board, &mut journeys, &mut pool, 0, Play::default(), found);
}

/// The dice as written in reasons: `3-1`, `4-4`.
fn dice_text(d1: u8, d2: u8) -> String {
    format!("{}-{}", d1.max(d2), d1.min(d2))
}

/// Why `moves` cannot be played at all with these dice: the submoves are
/// checked one by one from the highest source (the order in which a
/// checker's own submoves follow each other), each on the board the
/// previous ones left.
fn first_fault(board: &Board, moves: &[Written], d1: u8, d2: u8) -> String {
    let dice: Vec<u8> = if d1 == d2 { vec![d1; 4] } else { vec![d1, d2] };
    // The pips one checker can move with some of the dice, in order of use.
    let reach: Vec<u8> = if d1 == d2 {
        (1..=4).map(|k| k * d1).collect()
    } else {
        vec![d1.min(d2), d1.max(d2), d1 + d2]
    };
    let mut sorted = moves.to_vec();
    sorted.sort_by_key(|m| std::cmp::Reverse((m.from, m.to)));
    let mut b = *board;
    for m in &sorted {
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let text = format!("{}/{}", point_name(m.from), point_name(m.to));
        let distance = m.from - m.to;
        if b.mover[BAR] > 0 && from != BAR {
            return format!("bar first: a checker is on the bar ({text} is not allowed)");
        }
        if b.mover.get(from).copied().unwrap_or(0) == 0 {
            return format!("{text}: no checker on {}", point_name(m.from));
        }
        if to == 0 && b.mover[7..].iter().any(|&n| n > 0) {
            return format!("{text}: not all checkers are home");
        }
        if to > 0 && b.other.get(25 - to).copied().unwrap_or(0) >= 2 {
            return format!("{text}: point {to} is blocked");
        }
        let fits = |r: &u8| *r == distance || (to == 0 && *r > distance);
        if !reach.iter().any(fits) {
            let dice = dice_text(d1, d2);
            return match (to, distance) {
                (0, _) => format!("{text} needs {distance} pips but the dice are {dice}"),
                (_, 1..=6) => format!("{text} uses a {distance} but the dice are {dice}"),
                _ => format!("{text} moves {distance} pips but the dice are {dice}"),
            };
        }
        let mut alone = Vec::new();
        realisations(&b, std::slice::from_ref(m), &dice, &mut alone);
        let Some((after, _, _)) = alone.iter().min_by_key(|f| f.1) else {
            return if to == 0 {
                format!(
                    "{text}: a checker stands higher than {from}, so only an exact die bears it off"
                )
            } else {
                format!("{text}: the points on the way are blocked")
            };
        };
        b = *after;
    }
    let pips: u32 = moves.iter().map(|m| u32::from(m.from - m.to)).sum();
    format!(
        "{pips} pips cannot be played with the dice {}",
        dice_text(d1, d2)
    )
}

/// Reads a play in any §2.2 form for the roll `d1`-`d2` and returns the
/// legal play with the same resulting position; `Err` says why not.
pub fn parse_play(board: &Board, d1: u8, d2: u8, text: &str) -> Result<Play, String> {
    if text.trim().eq_ignore_ascii_case("pass") {
        return if legal_plays(board, d1, d2).is_empty() {
            Ok(Play::default())
        } else {
            Err("pass is illegal: a play exists".to_string())
        };
    }
    let mut moves = Vec::new();
    let separator = |c: char| c == ',' || c.is_whitespace();
    for token in text.split(separator).filter(|t| !t.is_empty()) {
        read_token(token, &mut moves)?;
    }
    if moves.is_empty() {
        return Err("cannot parse an empty play".to_string());
    }
    let most_dice = if d1 == d2 { 4 } else { 2 };
    if moves.len() > most_dice {
        return Err(format!(
            "{} submoves but {} plays at most {}",
            moves.len(),
            dice_text(d1, d2),
            if d1 == d2 { "four" } else { "two" }
        ));
    }
    let legal = legal_plays(board, d1, d2);
    if legal.is_empty() {
        return Err(format!(
            "no play is possible with {}: the turn is a pass",
            dice_text(d1, d2)
        ));
    }
    let dice: Vec<u8> = if d1 == d2 { vec![d1; 4] } else { vec![d1, d2] };
    let mut found = Vec::new();
    realisations(board, &moves, &dice, &mut found);
    // Unmarked intermediate points did not hit: the fewest hits first.
    found.sort_by_key(|f| f.1);
    if let Some((_, _, play)) = found
        .iter()
        .find(|(b, _, _)| legal.iter().any(|(l, _)| l == b))
    {
        let target = play.apply(board);
        if let Some((_, p)) = legal.iter().find(|(l, _)| *l == target) {
            return Ok(*p);
        }
    }
    let Some((_, _, partial)) = found.first() else {
        return Err(first_fault(board, &moves, d1, d2));
    };
    let most = legal.first().map_or(0, |(_, p)| p.steps().len());
    let used = partial.steps().len();
    Err(if used < most {
        match (d1 == d2, most) {
            (false, 2) => "both dice must be played".to_string(),
            (_, n) => format!("{n} dice must be played"),
        }
    } else if d1 != d2 && most == 1 {
        "the larger die must be played".to_string()
    } else {
        "not a legal play".to_string()
    })
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;
