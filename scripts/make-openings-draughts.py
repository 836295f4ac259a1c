#!/usr/bin/env python3
"""Generates opening lines for `tabula match --game international|russian`.

Each candidate is a random 4-8 ply sequence from the start position
(seeded, reproducible); legal moves come from tabula over UCI
(`UCI_Variant <rule set>`, `go perft 1`). A line is kept when no earlier
line reached the same position and, unless --random, tabula itself at
`go depth DEPTH` scores it within +-MAX_CP for the side to move (no
stronger draughts engine is at hand to score them).

Usage: scripts/make-openings-draughts.py [--random] international|russian [count] [seed]
  --random: keep every new position unscored (varied, often unbalanced:
            self-play data for the tuner, as make-openings-makruk.py --random).
Needs target/release/tabula (cargo build --release).
"""
import random
import sys

from engine_pipe import TABULA, Engine, last_score, perft_moves, random_lines, startpos

DEPTH = 8
MAX_CP = 40


def fen_of(tabula, moves):
    tabula.send(startpos(moves))
    tabula.send("d")
    return tabula.wait("Fen:")[-1].split(" ", 1)[1]


def evaluate(tabula, moves):
    tabula.send("ucinewgame")
    tabula.send(startpos(moves))
    tabula.send(f"go depth {DEPTH}")
    return last_score(tabula.wait("bestmove"))


def main():
    args = sys.argv[1:]
    scored = not (args and args[0] == "--random")
    if not scored:
        args = args[1:]
    if not args or args[0] not in ("international", "russian"):
        sys.exit(__doc__)
    game = args[0]
    count = int(args[1]) if len(args) > 1 else 50
    seed = int(args[2]) if len(args) > 2 else 2024
    rng = random.Random(seed)
    tabula = Engine(TABULA, "uci", "uciok")
    tabula.send(f"setoption name UCI_Variant value {game}")
    kept, tried = random_lines(
        rng, count, (4, 8),
        lambda moves: perft_moves(tabula, moves),
        lambda moves: fen_of(tabula, moves),
        (lambda moves: evaluate(tabula, moves)) if scored else None,
        MAX_CP)
    tabula.close()
    if scored:
        print(f"# {game} openings for `tabula match --game {game} --openings`: random 4-8 ply")
        print(f"# lines from the start (seed {seed}), kept when tabula at go depth {DEPTH}")
        print(f"# scores them within +-{MAX_CP} cp for the side to move; {len(kept)} kept of {tried} tried.")
        print(f"# Made by scripts/make-openings-draughts.py {game} {count} {seed}.")
    else:
        print(f"# Made by scripts/make-openings-draughts.py --random {game} {count} {seed}.")
    for moves, score in kept:
        suffix = f"  # {score:+d} cp" if scored else ""
        print("moves " + " ".join(moves) + suffix)


if __name__ == "__main__":
    main()
