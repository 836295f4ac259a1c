#!/usr/bin/env python3
"""Generates fixtures/openings/tak6.txt / tak5.txt: balanced Tak start lines.

A Tak game opens with each player placing a flat of the *other* colour.
Every line here starts with such a pair, both stones on edge or corner
squares (the usual openings), one pair per class of the board's eight
symmetries. Two more plies follow, picked by tabula itself (TEI, `go depth
PICK_DEPTH` with MultiPV): for ply 3 the moves within PICK_CP of the best of
MultiPV 3, for ply 4 those within PICK_CP of the best of MultiPV 2. Each
4-ply line is then scored by tabula at `go depth SCORE_DEPTH` (an even
depth: the eval swings with the parity of the depth) and kept when the
score for player 1 (to move) is within +-MAX_CP centi-flats (100 = one flat)
and no earlier line reached the same position.

Usage: scripts/make-openings-tak.py [size [max_cp]] > fixtures/openings/tak<size>.txt
       scripts/make-openings-tak.py --check size file [depth]
         re-scores every line of a suite at a deeper depth and prints the spread.
       scripts/make-openings-tak.py --random size count [seed] > /work/data/openings.txt
         random 6-10 ply lines (opening pair included), distinct positions,
         not scored: self-play starts for the tuner, as make-openings-ogi.py --random.
       scripts/make-openings-tak.py --extend SUITE size count [seed] > /work/data/openings.txt
         a suite's lines (as fixtures/openings/tak6.txt), each followed by
         1-3 random plies, distinct positions, not scored: self-play starts
         for the tuner that stay near the openings players use.
Needs target/release/tabula (cargo build --release). Komi 0 (the match
default); the search is single-threaded, so the output is reproducible with
the same tabula.
"""
import random
import sys

from engine_pipe import Engine, TABULA, perft_moves, print_unscored, random_lines

PICK_DEPTH = 4
PICK_CP = 40
SCORE_DEPTH = 8
MAX_CP = 50


class Tei(Engine):
    def __init__(self, size):
        super().__init__(TABULA, "tei", "teiok")
        self.size = size

    def search(self, moves, depth, multipv):
        """[(score cp for the side to move, first pv move)], best first."""
        self.send(f"setoption name MultiPV value {multipv}")
        self.send(f"teinewgame {self.size}")  # fresh hash: reproducible
        self.send("position startpos moves " + " ".join(moves))
        self.send(f"go depth {depth}")
        last = {}
        for line in self.wait("bestmove"):
            t = line.split()
            if t[0] != "info" or "pv" not in t or "score" not in t:
                continue
            if int(t[t.index("depth") + 1]) != depth:
                continue
            k = int(t[t.index("multipv") + 1]) if "multipv" in t else 1
            last[k] = (int(t[t.index("score") + 2]), t[t.index("pv") + 1])
        return [last[k] for k in sorted(last)]

    def tps(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        for line in self.wait("Tps:"):
            if line.startswith("Tps:"):
                return line[4:].strip()


def squares(n):
    return [(f, r) for f in range(n) for r in range(n)]


def name(sq):
    return "abcdefgh"[sq[0]] + str(sq[1] + 1)


def symmetries(n):
    m = n - 1
    return [
        lambda f, r: (f, r), lambda f, r: (m - f, r), lambda f, r: (f, m - r),
        lambda f, r: (m - f, m - r), lambda f, r: (r, f), lambda f, r: (m - r, f),
        lambda f, r: (r, m - f), lambda f, r: (m - r, m - f),
    ]


def first_pairs(n):
    """Placements of the two opening stones on edge/corner squares, one
    representative per symmetry class."""
    edge = [s for s in squares(n) if 0 in s or n - 1 in s]
    seen, pairs = set(), []
    for a in edge:
        for b in edge:
            if a == b:
                continue
            key = min((g(*a), g(*b)) for g in symmetries(n))
            if key not in seen:
                seen.add(key)
                pairs.append((name(key[0]), name(key[1])))
    return pairs


def near_best(results, cp):
    best = results[0][0]
    return [mv for s, mv in results if s >= best - cp]


def generate(size, max_cp):
    e = Tei(size)
    pairs = first_pairs(size)
    tried, kept, seen = 0, [], set()
    for pair in pairs:
        line2 = list(pair)
        for m3 in near_best(e.search(line2, PICK_DEPTH, 3), PICK_CP):
            for m4 in near_best(e.search(line2 + [m3], PICK_DEPTH, 2), PICK_CP):
                line = line2 + [m3, m4]
                tried += 1
                board = e.tps(line)
                if board in seen:
                    continue
                score = e.search(line, SCORE_DEPTH, 1)[0][0]
                if abs(score) <= max_cp:
                    seen.add(board)
                    kept.append((line, score))
    e.close()
    print(f"# Tak {size}x{size} openings for `tabula match --game tak --size {size} --openings`:")
    print("# both opening stones on edge/corner squares (one pair per symmetry class),")
    print(f"# then 2 plies tabula picks (depth {PICK_DEPTH}, MultiPV, within {PICK_CP} of the best);")
    print(f"# kept when tabula's depth-{SCORE_DEPTH} score for player 1 is within +-{max_cp}"
          " (100 = one flat).")
    print(f"# {len(kept)} kept of {tried} tried, from {len(pairs)} stone pairs. Komi 0."
          " Made by scripts/make-openings-tak.py; see README.md.")
    for line, score in kept:
        print(f"moves {' '.join(line)}  # tabula d{SCORE_DEPTH} {score:+d}")


def check(size, path, depth):
    e = Tei(size)
    scores = []
    for raw in open(path):
        text = raw.split("#")[0].split()
        if not text:
            continue
        moves = text[1:] if text[0] == "moves" else text
        scores.append(e.search(moves, depth, 1)[0][0])
    e.close()
    mean = sum(abs(s) for s in scores) / len(scores)
    print(f"{len(scores)} lines at depth {depth}: min {min(scores):+d} max {max(scores):+d},"
          f" mean |cp| {mean:.1f}, within {MAX_CP}: {sum(abs(s) <= MAX_CP for s in scores)},"
          f" within 100: {sum(abs(s) <= 100 for s in scores)}")


def unscored(size, count, seed):
    e = Tei(size)
    e.send(f"teinewgame {size}")
    plies = (6, 10)
    kept, _ = random_lines(random.Random(seed), count, plies, lambda m: perft_moves(e, m), e.tps, None, 0)
    e.close()
    print_unscored(f"Tak {size}x{size}", "make-openings-tak.py", plies, count, seed, kept,
                   f"{size} {count} {seed}")


def extended(suite, size, count, seed):
    try:
        with open(suite, encoding="utf-8", errors="replace") as f:
            starts = [line.split("#")[0].split()[1:] for line in f if line.startswith("moves ")]
    except OSError as err:
        sys.exit(f"error: {suite}: {err.strerror}")
    starts = [s for s in starts if s]
    if not starts:
        sys.exit(f"error: {suite}: no 'moves ...' line")
    e = Tei(size)
    e.send(f"teinewgame {size}")
    plies = (1, 3)
    kept, _ = random_lines(random.Random(seed), count, plies, lambda m: perft_moves(e, m), e.tps, None, 0,
                           starts)
    e.close()
    print_unscored(f"Tak {size}x{size}", "make-openings-tak.py", plies, count, seed, kept,
                   f"{suite} {size} {count} {seed}", f"a line of {suite}", "--extend")


def main(a):
    if a and a[0] == "--extend" and len(a) >= 4:
        extended(a[1], int(a[2]), int(a[3]), int(a[4]) if len(a) > 4 else 2024)
    elif a and a[0] == "--random":
        unscored(int(a[1]), int(a[2]) if len(a) > 2 else 50, int(a[3]) if len(a) > 3 else 2024)
    elif a and a[0] == "--check":
        check(int(a[1]), a[2], int(a[3]) if len(a) > 3 else SCORE_DEPTH + 2)
    else:
        generate(int(a[0]) if a else 6, int(a[1]) if len(a) > 1 else MAX_CP)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except ValueError as err:
        sys.exit(f"error: a size, count, seed or score must be a number: {err}")
