//! `tabula egtb build` and `verify`: the classes of up to N pieces solved
//! in order (fewer pieces, then fewer men), each written as it is done, so
//! that a build stopped half-way resumes from the files it left; and the
//! check that every stored value agrees with the values its moves lead to.

use super::index::{Material, Placement};
use super::solve::{self, Pair, Scratch};
use super::{DRAW, INVALID, LOSS, Packed, Tables, WIN, table_path, write_table};
use crate::games::draughts::variant::Variant;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Won, lost and drawn positions of one class (White to move).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub won: u64,
    pub lost: u64,
    pub drawn: u64,
}

impl Counts {
    fn of(packed: &Packed) -> Counts {
        let mut c = Counts::default();
        for slot in 0..packed.slots {
            match packed.get(slot) {
                Some(WIN) => c.won += 1,
                Some(LOSS) => c.lost += 1,
                Some(DRAW) => c.drawn += 1,
                _ => {}
            }
        }
        c
    }

    pub fn positions(&self) -> u64 {
        self.won + self.lost + self.drawn
    }
}

/// What the build did with one class.
#[derive(Debug, Clone)]
pub struct ClassReport {
    pub material: Material,
    pub counts: Counts,
    /// Propagation rounds of the solver; 0 when the file was already
    /// there.
    pub passes: u32,
    pub seconds: f64,
}

impl ClassReport {
    /// The progress line: class, positions, won/lost/drawn, passes, time.
    pub fn line(&self, game: &str) -> String {
        let how = if self.passes == 0 {
            "loaded".to_string()
        } else {
            format!("{} rounds", self.passes)
        };
        format!(
            "egtb {game} {}: {} positions, {} won, {} lost, {} drawn ({how}, {:.1} s)",
            self.material.name(),
            self.counts.positions(),
            self.counts.won,
            self.counts.lost,
            self.counts.drawn,
            self.seconds
        )
    }
}

/// Builds (or loads, where its files exist) every class of up to
/// `pieces` pieces into `dir`, telling `progress` each class's report.
pub fn build<V: Variant>(
    pieces: u32,
    dir: &Path,
    threads: usize,
    progress: &mut dyn FnMut(&ClassReport),
) -> Result<Tables<V>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut tables = Tables::<V>::default();
    for n in 2..=pieces {
        let mut done: Vec<Material> = Vec::new();
        for m in Material::classes_of(n) {
            if done.contains(&m) {
                continue;
            }
            let pair: Vec<Material> = if m.flipped() == m {
                vec![m]
            } else {
                vec![m, m.flipped()]
            };
            let started = Instant::now();
            let (packed, passes) = match load_pair::<V>(dir, &pair) {
                Some(found) => (found, 0),
                None => solve_pair(&pair, &tables, dir, threads)?,
            };
            for (material, p) in pair.iter().zip(packed) {
                let counts = Counts::of(&p);
                tables.insert(*material, p);
                progress(&ClassReport {
                    material: *material,
                    counts,
                    passes,
                    seconds: started.elapsed().as_secs_f64(),
                });
            }
            done.extend(pair);
        }
    }
    Ok(tables)
}

/// The pair's tables from their files, when all are there and sound.
fn load_pair<V: Variant>(dir: &Path, pair: &[Material]) -> Option<Vec<Packed>> {
    pair.iter()
        .map(|&m| {
            let path = table_path::<V>(dir, m);
            super::read_table::<V>(&path, &m.name())
                .ok()
                .map(|(_, p)| p)
        })
        .collect()
}

/// Solves a pair against the tables so far and writes its files.
fn solve_pair<V: Variant>(
    pair: &[Material],
    tables: &Tables<V>,
    dir: &Path,
    threads: usize,
) -> Result<(Vec<Packed>, u32), String> {
    let solving = Pair::new::<V>(pair);
    let passes = solve::solve(&solving, tables, threads);
    let mut packed = Vec::new();
    for class in &solving.classes {
        let p = Packed::from_values(class.values.iter().map(|a| a.load(Ordering::Relaxed)));
        write_table::<V>(dir, class.material, &p)?;
        packed.push(p);
    }
    Ok((packed, passes))
}

/// A stored value that its moves contradict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contradiction {
    pub material: Material,
    pub slot: u64,
    pub stored: u8,
    pub moves_say: u8,
}

/// Checks every position of every loaded class: a won one has a move to
/// a position lost for the opponent, a lost one has only moves to won
/// ones (or none), a drawn one neither. Returns each class's counts, or
/// the first contradiction found.
pub fn verify<V: Variant>(
    tables: &Tables<V>,
    threads: usize,
) -> Result<Vec<(Material, Counts)>, Contradiction> {
    let mut classes: Vec<Material> = tables.classes.keys().copied().collect();
    classes.sort_by_key(|m| (m.pieces(), m.men(), *m));
    let mut out = Vec::new();
    for m in classes {
        let Some(packed) = tables.classes.get(&m) else {
            continue;
        };
        if let Some(c) = first_contradiction(tables, m, packed, threads) {
            return Err(c);
        }
        out.push((m, Counts::of(packed)));
    }
    Ok(out)
}

/// The lowest slot of `material` whose stored value its moves contradict.
fn first_contradiction<V: Variant>(
    tables: &Tables<V>,
    material: Material,
    packed: &Packed,
    threads: usize,
) -> Option<Contradiction> {
    const BLOCK: u64 = 4096;
    let next = AtomicU64::new(0);
    let first = AtomicU64::new(u64::MAX);
    let value_of = |q: &Placement| {
        if q.white() == 0 {
            LOSS
        } else {
            tables
                .value(q.material(), q.index::<V>())
                .unwrap_or(INVALID)
        }
    };
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut scratch = Scratch::<V>::default();
                let mut look = value_of;
                loop {
                    let start = next.fetch_add(BLOCK, Ordering::Relaxed);
                    if start >= packed.slots {
                        break;
                    }
                    for slot in start..(start + BLOCK).min(packed.slots) {
                        let stored = packed.get(slot).unwrap_or(INVALID);
                        let placement = Placement::at::<V>(material, slot);
                        let agrees = match placement {
                            None => stored == INVALID,
                            Some(p) => solve::judge(&mut scratch, &p, &mut look) == stored,
                        };
                        if !agrees {
                            first.fetch_min(slot, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let slot = first.into_inner();
    (slot != u64::MAX).then(|| {
        let stored = packed.get(slot).unwrap_or(INVALID);
        let moves_say = Placement::at::<V>(material, slot)
            .map(|p| solve::judge(&mut Scratch::<V>::default(), &p, &mut { value_of }))
            .unwrap_or(INVALID);
        Contradiction {
            material,
            slot,
            stored,
            moves_say,
        }
    })
}
