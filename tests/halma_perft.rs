//! Halma perft (protocol-spec/halma.md; the convention of
//! chinesecheckers.md §5.2: distinct (from, to) moves, no game end inside
//! the tree, a player without a move passes). There is no external oracle,
//! so the table fixtures/perft/halma.perft is checked three ways: against
//! tabula's generator, against [`naive`] (a deliberately plain generator
//! written here: coordinates, a recursive hop search with a visited set, no
//! hop-board code), and through the daemon's `go perft`.

mod common;

use common::daemon::Daemon;
use common::perft;
use std::time::Duration;
use tabula::games::halma::Halma;
use tabula::games::{Game, GamePosition};

/// Leaves beyond which a count is left to the ignored deep test.
const MAX_LEAVES: u64 = 5_000_000;

/// The reference generator: a board of owners, nothing precomputed.
mod naive {
    use std::collections::{BTreeSet, HashSet};

    const DIRS: [(i64, i64); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];

    #[derive(Clone)]
    pub struct Board {
        pub n: i64,
        /// Owner (player index) of each square, row by row.
        pub owner: Vec<Option<usize>>,
        /// The players who move, in turn order from the one to move.
        pub movers: Vec<usize>,
    }

    /// Reads an `hcn` by splitting it: size, lists, player to move.
    pub fn board(hcn: &str) -> Board {
        let f: Vec<&str> = hcn.split_whitespace().collect();
        let n: i64 = f[0].parse().unwrap();
        let mut owner = vec![None; (n * n) as usize];
        let lists: Vec<&str> = f[1].split('/').collect();
        let mut alive = Vec::new();
        for (p, list) in lists.iter().enumerate() {
            if *list == "-" {
                continue;
            }
            alive.push(p);
            for c in list.split(',') {
                owner[c.parse::<usize>().unwrap()] = Some(p);
            }
        }
        let first: usize = f[2].parse::<usize>().unwrap() - 1;
        let k = alive.iter().position(|&p| p == first).unwrap();
        alive.rotate_left(k);
        Board {
            n,
            owner,
            movers: alive,
        }
    }

    impl Board {
        fn at(&self, r: i64, c: i64) -> Option<Option<usize>> {
            if r < 0 || c < 0 || r >= self.n || c >= self.n {
                return None;
            }
            Some(self.owner[(r * self.n + c) as usize])
        }

        /// Every square reachable by hops from (r, c), into `seen`.
        fn hops(&self, r: i64, c: i64, seen: &mut HashSet<(i64, i64)>) {
            for (dr, dc) in DIRS {
                let over = self.at(r + dr, c + dc);
                let land = self.at(r + 2 * dr, c + 2 * dc);
                if matches!(over, Some(Some(_)))
                    && land == Some(None)
                    && seen.insert((r + 2 * dr, c + 2 * dc))
                {
                    self.hops(r + 2 * dr, c + 2 * dc, seen);
                }
            }
        }

        /// Player `p`'s moves as distinct (from, to) squares.
        pub fn moves(&mut self, p: usize) -> BTreeSet<(usize, usize)> {
            let mut out = BTreeSet::new();
            for from in 0..self.owner.len() {
                if self.owner[from] != Some(p) {
                    continue;
                }
                // The piece is lifted while it moves.
                self.owner[from] = None;
                let (r, c) = (from as i64 / self.n, from as i64 % self.n);
                for (dr, dc) in DIRS {
                    if self.at(r + dr, c + dc) == Some(None) {
                        out.insert((from, ((r + dr) * self.n + c + dc) as usize));
                    }
                }
                let mut seen = HashSet::from([(r, c)]);
                self.hops(r, c, &mut seen);
                for (lr, lc) in seen {
                    if (lr, lc) != (r, c) {
                        out.insert((from, (lr * self.n + lc) as usize));
                    }
                }
                self.owner[from] = Some(p);
            }
            out
        }

        /// Leaves `depth` plies below, mover `turn` to move.
        pub fn perft(&mut self, turn: usize, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            let p = self.movers[turn];
            let next = (turn + 1) % self.movers.len();
            let moves = self.moves(p);
            if moves.is_empty() {
                return self.perft(next, depth - 1);
            }
            if depth == 1 {
                return moves.len() as u64;
            }
            let mut total = 0;
            for (from, to) in moves {
                self.owner[from] = None;
                self.owner[to] = Some(p);
                total += self.perft(next, depth - 1);
                self.owner[to] = None;
                self.owner[from] = Some(p);
            }
            total
        }
    }
}

/// Every record: the table, tabula's generator and the naive one agree.
#[test]
fn halma_perft_table_agrees_with_the_naive_generator() {
    let recs = perft::records("halma.perft");
    assert!(recs.len() >= 10, "{} records", recs.len());
    let mut checked = 0;
    for r in &recs {
        let mut pos = perft::position_of(&Halma::new(), r, "hcn");
        let deepest = perft::check_record(&mut pos, r, |_, n| n > MAX_LEAVES);
        assert!(deepest >= 2, "{} ran only to depth {deepest}", r.id);
        let board = naive::board(&r.position);
        for &(depth, expected) in &r.perft {
            if expected <= MAX_LEAVES {
                assert_eq!(
                    board.clone().perft(0, depth),
                    expected,
                    "{} depth {depth} (naive)",
                    r.id
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "{checked} counts checked");
}

/// The start of 16x16 with two players, worked out by hand: 21 steps and
/// 19 single hops (no chain goes further). Steps, by the empty square
/// next to the NW camp and the camp pieces touching it: 5 (2), 21 (2),
/// 36 (3), 37 (1), 51 (3), 52 (1), 66 (3), 67 (1), 80 (2), 81 (2),
/// 82 (1) = 21. Hops, by landing square and the pieces hopping there: 5
/// (3 over 4, 35 over 20), 21 (19), 36 (2, 4, 34), 37 (3), 51 (17, 19,
/// 49), 52 (18), 66 (32, 34, 64), 67 (33), 80 (48, 50), 81 (49), 82
/// (48) = 19. The camp is symmetric about the diagonal, and so are both
/// lists.
#[test]
fn the_16x16_start_has_40_moves() {
    let mut pos = Halma::new().start_position();
    assert_eq!(pos.perft(1), 40);
    assert_eq!(naive::board(&pos.to_notation()).perft(0, 1), 40);
    let moves: Vec<(String, u64)> = pos.perft_divide(1, tabula::games::MoveNotation::Native);
    let hops = moves
        .iter()
        .filter(|(m, _)| {
            let (a, b) = m.split_once('-').unwrap();
            let (a, b): (i64, i64) = (a.parse().unwrap(), b.parse().unwrap());
            ((a / 16 - b / 16).abs()).max((a % 16 - b % 16).abs()) > 1
        })
        .count();
    assert_eq!(hops, 19);
}

/// Both generators agree from every board size's start, 2 and 4 players,
/// through depth 3 (the table holds the deeper counts).
#[test]
fn every_start_agrees_at_depth_3() {
    for size in ["8", "10", "16"] {
        for players in ["2", "4"] {
            let mut game = Halma::new();
            game.set_option("Board Size", size).unwrap();
            game.set_option("Players", players).unwrap();
            let mut pos = game.start_position();
            let text = pos.to_notation();
            assert_eq!(
                pos.perft(3),
                naive::board(&text).perft(0, 3),
                "{size}x{size}, {players} players"
            );
        }
    }
}

/// `go perft` in the daemon gives the table's counts (depths up to 3).
#[test]
fn go_perft_gives_the_table_counts() {
    let mut d = Daemon::start();
    d.send("uci").unwrap();
    d.send("setoption name UCI_Variant value halma").unwrap();
    for r in perft::records("halma.perft") {
        d.send(&format!("position hcn {}", r.position)).unwrap();
        for &(depth, expected) in r.perft.iter().filter(|&&(d, _)| d <= 3) {
            d.send(&format!("go perft {depth}")).unwrap();
            let want = format!("Nodes searched: {expected}");
            loop {
                let line = d.next_line(Duration::from_secs(20)).unwrap();
                assert!(!line.contains("error"), "{}: {line}", r.id);
                if line.starts_with("Nodes searched: ") {
                    assert_eq!(line, want, "{} depth {depth}", r.id);
                    break;
                }
            }
        }
    }
    d.send("quit").unwrap();
}

/// The deep counts, by both generators, and tabula's speed: `cargo test
/// --release --test halma_perft -- --ignored halma_perft_deep --nocapture`.
#[test]
#[ignore]
fn halma_perft_deep() {
    for r in &perft::records("halma.perft") {
        let mut pos = perft::position_of(&Halma::new(), r, "hcn");
        if let Some(&(depth, expected)) = r.perft.last() {
            perft::timed_perft(&mut pos, r, depth, expected);
            assert_eq!(
                naive::board(&r.position).perft(0, depth),
                expected,
                "{} (naive)",
                r.id
            );
        }
    }
}

/// Prints naive counts for an `hcn` (to extend the table):
/// `HCN='...' DEPTH=4 cargo test --release --test halma_perft -- --ignored
/// naive_counts --nocapture`.
#[test]
#[ignore]
fn naive_counts() {
    let Ok(hcn) = std::env::var("HCN") else {
        return;
    };
    let depth: u32 = std::env::var("DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let b = naive::board(&hcn);
    for d in 1..=depth {
        println!("perft {d} {}", b.clone().perft(0, d));
    }
}
