#!/usr/bin/env python3
"""Generates fixtures/openings/ogi.txt: balanced Ōgi start lines.

Like make-openings-makruk.py, over USI: each candidate is a random 4-8 ply
sequence from the start position (seeded, reproducible); legal moves come
from tabula (`go perft 1`); a candidate is kept when Fairy-Stockfish 221126
with ../shared/anchors/ogi.ini (`VariantPath` before `USI_Variant ogi`,
`go depth DEPTH`) scores it within +-MAX_CP for the side to move and no
earlier line reached the same position.

Usage: scripts/make-openings-ogi.py FSF [count] [seed] > fixtures/openings/ogi.txt
  FSF: a Fairy-Stockfish 221126 binary (../shared/anchors/build-fairy-stockfish).
       scripts/make-openings-ogi.py --random count [seed] > /work/data/openings.txt
         random 6-10 ply lines, distinct positions, not scored (varied, often
         unbalanced): self-play starts for the tuner (docs/training.md).
Needs target/release/tabula (cargo build --release).
"""
import os
import random
import sys

from engine_pipe import ROOT, TABULA, Engine, last_score, perft_moves, print_unscored, random_lines, startpos

DEPTH = 10
MAX_CP = 60
OGI_INI = os.path.join(ROOT, "..", "shared", "anchors", "ogi.ini")


def fsf_engine(cmd):
    e = Engine(cmd, "usi", "usiok")
    e.send(f"setoption name VariantPath value {os.path.abspath(OGI_INI)}")
    e.send("setoption name USI_Variant value ogi")
    e.send("isready")
    e.wait("readyok")
    return e


def sfen_of(tabula, moves):
    tabula.send(startpos(moves))
    tabula.send("d")
    line = tabula.wait("Sfen:")[-1]
    # Board, side and hands, no move number: transpositions compare equal.
    return " ".join(line.split()[1:4])


def evaluate(fsf, moves):
    fsf.send("usinewgame")
    fsf.send(startpos(moves))
    fsf.send(f"go depth {DEPTH}")
    return last_score(fsf.wait("bestmove"))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    scored = sys.argv[1] != "--random"
    fsf_cmd = sys.argv[1] if scored else None
    args = sys.argv[2:]
    count = int(args[0]) if len(args) > 0 else 50
    seed = int(args[1]) if len(args) > 1 else 2024
    shortest, longest = (4, 8) if scored else (6, 10)
    rng = random.Random(seed)
    tabula = Engine(TABULA, "usi", "usiok")
    fsf = fsf_engine(fsf_cmd) if scored else None
    kept, tried = random_lines(
        rng, count, (shortest, longest),
        lambda moves: perft_moves(tabula, moves),
        lambda moves: sfen_of(tabula, moves),
        (lambda moves: evaluate(fsf, moves)) if fsf else None,
        MAX_CP)
    tabula.close()
    if not fsf:
        print_unscored("Ōgi", "make-openings-ogi.py", (shortest, longest), count, seed, kept)
        return
    fsf.close()
    print("# Ōgi openings for `tabula match --game ogi --openings`: one line per start,")
    print(f"# random 4-8 ply lines from the start (seed {seed}), kept when Fairy-Stockfish 221126")
    print(f"# (ogi.ini, go depth {DEPTH}) scores them within +-{MAX_CP} cp for the side to move.")
    print(f"# {len(kept)} kept of {tried} tried. Made by scripts/make-openings-ogi.py; see README.md.")
    for moves, score in kept:
        print(f"moves {' '.join(moves)}  # fsf d{DEPTH} {score:+d} cp")


if __name__ == "__main__":
    main()
