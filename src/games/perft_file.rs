//! Reader for the oracle perft tables (`fixtures/perft/*.perft`), shared by
//! all games. Format (one record per position, blank line between records,
//! `#` starts a comment line):
//!
//! ```text
//! id <name>
//! game <variant id>
//! <notation keyword> <position>    (fen / sfen / tps / cells ...)
//! moves <m1> <m2> ...              (optional)
//! perft <depth> <leaf count>       (one per depth)
//! ```
//!
//! Games of several seats may give the position seat by seat instead of
//! one position line (chinesecheckers.perft):
//!
//! ```text
//! players <n>
//! player <k> <that seat's pieces>  (k = 1..n, in order)
//! tomove <k>
//! ```
//!
//! The record's `notation` is then `seats`, `position` stays empty, and
//! the game turns [`PerftRecord::seats`] and [`PerftRecord::to_move`]
//! into its own notation.

/// One position of a perft table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PerftRecord {
    pub id: String,
    pub game: String,
    /// The keyword of the position line (`fen`, `sfen`, `tps`, ...).
    pub notation: String,
    pub position: String,
    pub moves: Vec<String>,
    /// (depth, leaf count), in file order.
    pub perft: Vec<(u32, u64)>,
    /// Seat-by-seat records: each seat's pieces as written, seat 1 first.
    pub seats: Vec<String>,
    /// Seat-by-seat records: the seat to move, from 1.
    pub to_move: Option<usize>,
}

/// Parses a perft table. Errors name the line number.
pub fn parse(text: &str) -> Result<Vec<PerftRecord>, String> {
    let mut records = Vec::new();
    let mut cur: Option<PerftRecord> = None;
    fn finish(cur: &mut Option<PerftRecord>, out: &mut Vec<PerftRecord>) -> Result<(), String> {
        if let Some(r) = cur.take() {
            if !r.seats.is_empty() {
                if r.notation != "seats" || r.to_move.is_none() {
                    return Err(format!("record '{}' mixes seats with a position", r.id));
                }
            } else if r.position.is_empty() {
                return Err(format!("record '{}' has no position line", r.id));
            }
            out.push(r);
        }
        Ok(())
    }
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let lineno = n + 1;
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            finish(&mut cur, &mut records)?;
            continue;
        }
        let (key, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        if key == "id" {
            finish(&mut cur, &mut records)?;
            cur = Some(PerftRecord {
                id: rest.to_string(),
                ..Default::default()
            });
            continue;
        }
        let Some(r) = cur.as_mut() else {
            return Err(format!("line {lineno}: '{key}' before any 'id' line"));
        };
        match key {
            "game" => r.game = rest.to_string(),
            "moves" => r.moves = rest.split_whitespace().map(str::to_string).collect(),
            "players" => match rest.parse::<usize>() {
                Ok(_) if r.position.is_empty() => r.notation = "seats".to_string(),
                _ => return Err(format!("line {lineno}: bad players line '{line}'")),
            },
            "player" => {
                let (k, pieces) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                if k.parse::<usize>().ok() != Some(r.seats.len() + 1) || r.notation != "seats" {
                    return Err(format!(
                        "line {lineno}: player lines must follow 'players' in seat order"
                    ));
                }
                r.seats.push(pieces.trim().to_string());
            }
            "tomove" => match rest.parse::<usize>() {
                Ok(k) => r.to_move = Some(k),
                Err(_) => return Err(format!("line {lineno}: bad tomove line '{line}'")),
            },
            "perft" => {
                let mut it = rest.split_whitespace();
                let depth = it.next().and_then(|d| d.parse::<u32>().ok());
                let count = it.next().and_then(|c| c.parse::<u64>().ok());
                match (depth, count, it.next()) {
                    (Some(d), Some(c), None) => r.perft.push((d, c)),
                    _ => return Err(format!("line {lineno}: bad perft line '{line}'")),
                }
            }
            _ => {
                if !r.position.is_empty() {
                    return Err(format!("line {lineno}: second position line in '{}'", r.id));
                }
                r.notation = key.to_string();
                r.position = rest.to_string();
            }
        }
    }
    finish(&mut cur, &mut records)?;
    Ok(records)
}

#[cfg(test)]
mod tests {
    #[test]
    fn parses_records() {
        let t = "# header\n\nid A\ngame g\nfen x y z\nmoves a b\nperft 1 2\nperft 2 5\n\nid B\ngame g\ntps q\nperft 1 3\n";
        let r = super::parse(t).unwrap();
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].position, "x y z");
        assert_eq!(r[0].moves, vec!["a", "b"]);
        assert_eq!(r[0].perft, vec![(1, 2), (2, 5)]);
        assert_eq!(r[1].notation, "tps");
        assert!(super::parse("perft 1 2").is_err());
        assert!(super::parse("id A\nfen x\nperft one 2").is_err());
    }

    #[test]
    fn parses_seat_records() {
        let t = "id S\ngame g\nplayers 2\nplayer 1 0,1\nplayer 2 5,6\ntomove 2\nperft 1 4\n";
        let r = super::parse(t).unwrap();
        assert_eq!(r[0].notation, "seats");
        assert_eq!(r[0].seats, vec!["0,1", "5,6"]);
        assert_eq!(r[0].to_move, Some(2));
        assert!(super::parse("id S\nplayers 2\nplayer 2 0,1\ntomove 1").is_err());
        assert!(super::parse("id S\nplayers 2\nplayer 1 0,1\n").is_err());
        assert!(super::parse("id S\nfen x\nplayers 2\nplayer 1 0\ntomove 1").is_err());
    }
}
