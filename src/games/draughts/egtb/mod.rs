//! Endgame databases: won, lost or drawn (under the rules alone, without
//! the draw counters) for every position of a few pieces, built by
//! retrograde analysis (`tabula egtb build`), stored one file per
//! material class, loaded by the `EgtbPath` option and probed by the
//! evaluation (protocol-spec/draughts.md §9).
//!
//! * [`index`]: material classes and the perfect index of a position.
//! * [`solve`]: the retrograde solver of a class and its colour swap.
//! * [`build`]: the command's driver: classes in order, files, progress,
//!   and the self-consistency check.
//!
//! A file `<variant>-<wm><wk><bm><bk>.wdl` holds: the 8 bytes
//! `TBLWDL1\0`, the board's rows (one byte), the four counts (one byte
//! each), the slot count (u64, little-endian), then two bits a slot (four
//! to a byte, the first slot in the low bits): 0 drawn, 1 won, 2 lost for
//! White to move, 3 not a position.

pub mod build;
pub mod index;
pub mod solve;

use crate::games::draughts::position::Position;
use crate::games::draughts::variant::Variant;
use index::{Material, Placement};
use std::collections::HashMap;
use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

pub const DRAW: u8 = 0;
pub const WIN: u8 = 1;
pub const LOSS: u8 = 2;
pub const INVALID: u8 = 3;

/// The first bytes of a table file.
const MAGIC: &[u8; 8] = b"TBLWDL1\0";
/// Magic, rows, four counts, slot count.
const HEADER_BYTES: usize = 8 + 1 + 4 + 8;

/// Where a won position's score starts: above every evaluation, below
/// the search's mate scores. The evaluation is added (scaled down) so
/// that the search still prefers progress within a won ending.
pub const TB_WIN: i32 = 20_000;
/// The most the evaluation moves a won or lost score.
const TB_PROGRESS: i32 = 2_000;

/// One class's values, two bits a slot.
#[derive(Clone)]
struct Packed {
    slots: u64,
    bits: Vec<u8>,
}

impl Packed {
    fn from_values(values: impl ExactSizeIterator<Item = u8>) -> Packed {
        let slots = values.len() as u64;
        let mut bits = vec![0u8; values.len().div_ceil(4)];
        for (i, v) in values.enumerate() {
            if let Some(b) = bits.get_mut(i / 4) {
                *b |= (v & 3) << (2 * (i % 4));
            }
        }
        Packed { slots, bits }
    }

    #[inline]
    fn get(&self, slot: u64) -> Option<u8> {
        let byte = self.bits.get((slot / 4) as usize)?;
        Some(byte >> (2 * (slot % 4)) & 3)
    }
}

/// The loaded tables of rule set `V`.
#[derive(Clone)]
pub struct Tables<V: Variant> {
    classes: HashMap<Material, Packed>,
    /// Every class of at most this many pieces is loaded.
    complete_pieces: u32,
    _variant: PhantomData<V>,
}

impl<V: Variant> fmt::Debug for Tables<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Tables({}, {} classes, complete to {} pieces)",
            V::ID,
            self.classes.len(),
            self.complete_pieces
        )
    }
}

impl<V: Variant> Default for Tables<V> {
    fn default() -> Self {
        Tables {
            classes: HashMap::new(),
            complete_pieces: 0,
            _variant: PhantomData,
        }
    }
}

impl<V: Variant> Tables<V> {
    /// The value of `slot` of `material`'s table, if that table is loaded.
    pub fn value(&self, material: Material, slot: u64) -> Option<u8> {
        self.classes.get(&material)?.get(slot)
    }

    /// Every class of at most this many pieces is loaded.
    pub fn complete_pieces(&self) -> u32 {
        self.complete_pieces
    }

    pub fn class_count(&self) -> usize {
        self.classes.len()
    }

    /// The value of `pos` for the side to move, when its class is loaded.
    pub fn probe(&self, pos: &Position<V>) -> Option<u8> {
        if pos.occupied().count_ones() > self.complete_pieces {
            return None;
        }
        let p = Placement::of(pos);
        if p.white() == 0 {
            return Some(LOSS);
        }
        if p.black() == 0 {
            return Some(WIN);
        }
        self.value(p.material(), p.index::<V>())
            .filter(|&v| v != INVALID)
    }

    fn insert(&mut self, material: Material, packed: Packed) {
        self.classes.insert(material, packed);
        self.complete_pieces = (1..=index::MAX_TABLE_PIECES as u32)
            .take_while(|&n| {
                Material::classes_of(n)
                    .iter()
                    .all(|m| self.classes.contains_key(m))
            })
            .last()
            .unwrap_or(0);
    }

    /// Loads every table file of the rule set in `dir`; a file that is
    /// not a sound table is an error naming it, and nothing is loaded.
    pub fn load(dir: &Path) -> Result<Tables<V>, String> {
        let entries = std::fs::read_dir(dir).map_err(|e| e.to_string())?;
        let mut tables = Tables::default();
        let prefix = format!("{}-", V::ID);
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(stem) = name
                .strip_prefix(&prefix)
                .and_then(|r| r.strip_suffix(".wdl"))
            else {
                continue;
            };
            let (material, packed) = read_table::<V>(&entry.path(), stem)?;
            tables.insert(material, packed);
        }
        Ok(tables)
    }
}

/// The file of `material`'s table in `dir`.
pub fn table_path<V: Variant>(dir: &Path, material: Material) -> std::path::PathBuf {
    dir.join(format!("{}-{}.wdl", V::ID, material.name()))
}

/// Reads and checks one table file whose name says `stem`.
fn read_table<V: Variant>(path: &Path, stem: &str) -> Result<(Material, Packed), String> {
    let bad = |why: &str| format!("{}: {why}", path.display());
    let bytes = std::fs::read(path).map_err(|e| bad(&e.to_string()))?;
    let header = bytes
        .get(..HEADER_BYTES)
        .ok_or_else(|| bad("shorter than a header"))?;
    if header.get(..8) != Some(&MAGIC[..]) {
        return Err(bad("not a tabula endgame table"));
    }
    if header.get(8).copied() != Some(V::ROWS as u8) {
        return Err(bad(&format!("not a table of {}", V::ID)));
    }
    let counts = header.get(9..13).unwrap_or_default();
    let [a, b, c, d] = <[u8; 4]>::try_from(counts).map_err(|_| bad("truncated header"))?;
    let material = Material::new(a, b, c, d);
    if !Material::classes_of(material.pieces()).contains(&material) {
        return Err(bad("not a class of pieces on both sides"));
    }
    if material.name() != stem {
        return Err(bad("its header names another material"));
    }
    let slots = header
        .get(13..21)
        .and_then(|s| <[u8; 8]>::try_from(s).ok())
        .map(u64::from_le_bytes)
        .ok_or_else(|| bad("truncated header"))?;
    if slots != material.slots::<V>() {
        return Err(bad("wrong number of slots"));
    }
    let body = bytes.get(HEADER_BYTES..).unwrap_or_default();
    if body.len() as u64 != slots.div_ceil(4) {
        return Err(bad("wrong length"));
    }
    Ok((
        material,
        Packed {
            slots,
            bits: body.to_vec(),
        },
    ))
}

/// Writes one table (through a `.part` file, renamed when complete).
fn write_table<V: Variant>(dir: &Path, material: Material, packed: &Packed) -> Result<(), String> {
    let path = table_path::<V>(dir, material);
    let part = path.with_extension("wdl.part");
    let mut bytes = Vec::with_capacity(HEADER_BYTES + packed.bits.len());
    bytes.extend_from_slice(MAGIC);
    bytes.push(V::ROWS as u8);
    bytes.extend_from_slice(&material.groups().map(|g| g as u8));
    bytes.extend_from_slice(&packed.slots.to_le_bytes());
    bytes.extend_from_slice(&packed.bits);
    std::fs::write(&part, &bytes)
        .and_then(|_| std::fs::rename(&part, &path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The search score of a probed value, `eval` (the evaluation, side to
/// move) ordering the won and the lost positions among themselves.
pub fn score(value: u8, eval: i32) -> Option<i32> {
    let progress = eval.clamp(-TB_PROGRESS, TB_PROGRESS) / 2;
    match value {
        WIN => Some(TB_WIN + progress),
        LOSS => Some(-TB_WIN + progress),
        DRAW => Some(0),
        _ => None,
    }
}
