#!/usr/bin/env python3
"""Generates fixtures/openings/makruk.txt: balanced Makruk start lines.

Each candidate is a random 4-8 ply sequence from the start position (seeded,
so the output is reproducible). Legal moves come from tabula itself
(`go perft 1`); each candidate is then evaluated by Fairy-Stockfish
(`UCI_Variant makruk`, `go depth DEPTH`) and kept only when the score is
within +-MAX_CP centipawns and no earlier line reached the same position.

Usage: scripts/make-openings-makruk.py [count] [seed] > fixtures/openings/makruk.txt
       scripts/make-openings-makruk.py --random count [seed] > /work/data/openings.txt
         random 6-10 ply lines, distinct positions, not scored (varied, often
         unbalanced starts for self-play data to tune the evaluation on;
         needs no Fairy-Stockfish)
       scripts/make-openings-makruk.py --check [depth] [file]
         re-scores every line of a suite at a deeper depth and prints the
         spread (a check that the lines stay balanced beyond DEPTH).
Needs target/release/tabula (cargo build --release) and fairy-stockfish
(/usr/games/fairy-stockfish, Debian package `fairy-stockfish`).
"""
import os
import random
import shutil
import sys

from engine_pipe import ROOT, TABULA, Engine, last_score, perft_moves, print_unscored, random_lines

DEPTH = 10
MAX_CP = 40


def makruk_engine(cmd):
    """A UCI engine set to Makruk and ready."""
    e = Engine(cmd, "uci", "uciok")
    e.send("setoption name UCI_Variant value makruk")
    e.send("isready")
    e.wait("readyok")
    return e


def fen_of(tabula, moves):
    tabula.send("position startpos moves " + " ".join(moves))
    tabula.send("d")
    line = tabula.wait("Fen:")[-1]
    # Board, side, and no counters: transpositions compare equal.
    return " ".join(line.split()[1:3])


def evaluate(fsf, moves):
    fsf.send("ucinewgame")
    fsf.send("position startpos moves " + " ".join(moves))
    fsf.send(f"go depth {DEPTH}")
    return last_score(fsf.wait("bestmove"))


def check(depth, path):
    global DEPTH
    DEPTH = depth
    fsf = makruk_engine(shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish")
    scores = []
    for line in open(path):
        if line.startswith("moves"):
            scores.append(evaluate(fsf, line.split("#")[0].split()[1:]))
    fsf.close()
    n = len(scores)
    print(f"{n} lines at depth {depth}: min {min(scores):+d} max {max(scores):+d} cp, "
          f"mean |cp| {sum(abs(s) for s in scores) / n:.1f}, "
          f"within 40: {sum(abs(s) <= 40 for s in scores)}, within 60: {sum(abs(s) <= 60 for s in scores)}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--check":
        depth = int(sys.argv[2]) if len(sys.argv) > 2 else 14
        path = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, "fixtures", "openings", "makruk.txt")
        check(depth, path)
        return
    scored = not (len(sys.argv) > 1 and sys.argv[1] == "--random")
    args = sys.argv[1:] if scored else sys.argv[2:]
    count = int(args[0]) if len(args) > 0 else 50
    seed = int(args[1]) if len(args) > 1 else 2024
    shortest, longest = (4, 8) if scored else (6, 10)
    fsf_cmd = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    rng = random.Random(seed)
    tabula = makruk_engine(TABULA)
    fsf = makruk_engine(fsf_cmd) if scored else None
    kept, tried = random_lines(
        rng, count, (shortest, longest),
        lambda moves: perft_moves(tabula, moves),
        lambda moves: fen_of(tabula, moves),
        (lambda moves: evaluate(fsf, moves)) if fsf else None,
        MAX_CP)
    tabula.close()
    if not fsf:
        print_unscored("Makruk", "make-openings-makruk.py", (shortest, longest), count, seed, kept)
        return
    fsf.close()
    print("# Makruk openings for `tabula match --openings`: one line per start,")
    print(f"# random 4-8 ply lines from the start (seed {seed}), kept when Fairy-Stockfish")
    print(f"# (UCI_Variant makruk, go depth {DEPTH}) scores them within +-{MAX_CP} cp for the side to move.")
    print(f"# {len(kept)} kept of {tried} tried. Made by scripts/make-openings-makruk.py; see README.md.")
    for moves, score in kept:
        print(f"moves {' '.join(moves)}  # fsf d{DEPTH} {score:+d} cp")


if __name__ == "__main__":
    main()
