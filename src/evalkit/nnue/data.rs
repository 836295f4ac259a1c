//! Training data as `tabula datagen` writes it and `tabula train` reads
//! it. A file is the magic `TBLDATA1` followed by records, little endian:
//!
//! | bytes | field |
//! |---|---|
//! | 4 | the game's number in the run (u32): games are held out whole |
//! | 2 | the search's score in centipawns, the mover's view (i16) |
//! | 1 | the game's result for the mover: -1, 0, 1 (i8) |
//! | 2 | length of the position text (u16) |
//! | n | the position as the game writes it (FEN, SFEN, TPS), ASCII |
//!
//! Text keeps the format game-independent and readable with `strings`;
//! a run's files compress about fourfold with `xz`.

pub const DATA_MAGIC: &[u8; 8] = b"TBLDATA1";
/// The fixed bytes of a record before its text.
const RECORD_HEAD: usize = 4 + 2 + 1 + 2;

/// One scored position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sample {
    pub game: u32,
    /// Centipawns for the side to move.
    pub score: i16,
    /// -1 lost, 0 drawn, 1 won, for the side to move.
    pub result: i8,
    pub text: String,
}

/// Appends `sample` to a file's bytes (a text longer than 65,535 bytes
/// is refused: no game writes one).
pub fn push_sample(out: &mut Vec<u8>, sample: &Sample) -> Result<(), String> {
    let len = u16::try_from(sample.text.len())
        .map_err(|_| format!("position text of {} bytes", sample.text.len()))?;
    out.extend_from_slice(&sample.game.to_le_bytes());
    out.extend_from_slice(&sample.score.to_le_bytes());
    out.extend_from_slice(&sample.result.to_le_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(sample.text.as_bytes());
    Ok(())
}

/// The samples of a whole file; `Err` names the first damaged record.
pub fn read_samples(bytes: &[u8]) -> Result<Vec<Sample>, String> {
    let mut rest = bytes
        .strip_prefix(DATA_MAGIC.as_slice())
        .ok_or("not a tabula data file (no TBLDATA1 magic)")?;
    let mut out = Vec::new();
    while !rest.is_empty() {
        let damaged = || format!("record {} is truncated or damaged", out.len() + 1);
        let (head, tail) = rest.split_at_checked(RECORD_HEAD).ok_or_else(damaged)?;
        let field = |at: usize, n: usize| head.get(at..at + n).unwrap_or_default();
        let game = u32::from_le_bytes(field(0, 4).try_into().map_err(|_| damaged())?);
        let score = i16::from_le_bytes(field(4, 2).try_into().map_err(|_| damaged())?);
        let result = i8::from_le_bytes(field(6, 1).try_into().map_err(|_| damaged())?);
        let len = u16::from_le_bytes(field(7, 2).try_into().map_err(|_| damaged())?);
        let (text, tail) = tail
            .split_at_checked(usize::from(len))
            .ok_or_else(damaged)?;
        let text = std::str::from_utf8(text).map_err(|_| damaged())?;
        if !(-1..=1).contains(&result) {
            return Err(damaged());
        }
        out.push(Sample {
            game,
            score,
            result,
            text: text.to_string(),
        });
        rest = tail;
    }
    Ok(out)
}
