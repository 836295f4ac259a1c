//! PGN, the record format of the chess-like games (Makruk, Ōgi).

use super::record::GameRecord;

/// A PGN game (chess-like games: Makruk, Ōgi) from SAN (or USI) moves;
/// `setup` holds the tags of a start position that is not the game's own
/// (`FEN`/`SetUp`, `SFEN`/`SetUp`).
pub fn write_pgn(
    rec: &GameRecord,
    variant: &str,
    setup: &[(&str, String)],
    sans: &[String],
    first_side: usize,
    fullmove: u32,
) -> String {
    let mut out = String::new();
    let tag = |out: &mut String, k: &str, v: &str| {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    tag(&mut out, "Event", &rec.event);
    tag(&mut out, "Site", "?");
    tag(&mut out, "Date", &rec.date);
    tag(&mut out, "Round", &rec.number.to_string());
    tag(&mut out, "White", &rec.players[0]);
    tag(&mut out, "Black", &rec.players[1]);
    tag(&mut out, "Result", &rec.result_text());
    tag(&mut out, "Variant", variant);
    for (k, v) in setup {
        tag(&mut out, k, v);
    }
    if let Some(seed) = rec.seed {
        tag(&mut out, "Seed", &seed.to_string());
    }
    tag(&mut out, "TimeControl", &rec.time_control);
    tag(&mut out, "Termination", rec.termination.tag());
    tag(&mut out, "PlyCount", &sans.len().to_string());
    out.push('\n');
    // Movetext, wrapped at 80 columns.
    let mut tokens: Vec<String> = Vec::new();
    let mut number = fullmove;
    let mut side = first_side;
    for (k, san) in sans.iter().enumerate() {
        // The move number stays on the line of its move.
        if side == 0 {
            tokens.push(format!("{number}. {san}"));
        } else if k == 0 {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san.clone());
        }
        let comment = if k < rec.book_moves {
            Some("book".to_string())
        } else {
            rec.comments.get(k).cloned().flatten()
        };
        if let Some(c) = comment {
            tokens.push(format!("{{{}}}", c.replace('}', ")")));
        }
        if side == 1 {
            number += 1;
        }
        side ^= 1;
    }
    tokens.push(format!("{{{}}}", rec.reason.replace('}', ")")));
    tokens.push(rec.result_text());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
