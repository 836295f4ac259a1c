#!/usr/bin/env python3
"""Opening lines for Chinese checkers (or Halma) matches: from the start for
N players, K random legal moves per player (tabula's own move list via
`go perft 1`), seeded, so that matches between deterministic engines play
distinct games.

usage: scripts/make-openings-chinesecheckers.py TABULA PLAYERS MOVES_PER_PLAYER COUNT SEED [VARIANT] > FILE
VARIANT is chinesecheckers (the default) or halma.
"""
import random
import sys

from engine_pipe import Engine


def main():
    tabula, players, per, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    variant = sys.argv[6] if len(sys.argv) > 6 else "chinesecheckers"
    title = {"chinesecheckers": "Chinese checkers", "halma": "Halma"}[variant]
    rng = random.Random(seed)
    eng = Engine(tabula, stderr=None)
    send = eng.send

    send("uci")
    send(f"setoption name UCI_Variant value {variant}")
    send(f"setoption name Players value {players}")
    seen = set()
    print(f"# {count} {title} openings, {players} players, {per} random moves each, seed {seed}")
    suffix = "" if variant == "chinesecheckers" else f" {variant}"
    print(f"# made by scripts/make-openings-chinesecheckers.py {players} {per} {count} {seed}{suffix}")
    while len(seen) < count:
        line = []
        for _ in range(players * per):
            send("position startpos moves " + " ".join(line))
            send("go perft 1")
            moves = []
            for out in eng.wait("Nodes searched"):
                out = out.strip()
                if out.endswith(": 1"):
                    moves.append(out.split(":")[0])
            line.append(rng.choice(moves))
        key = " ".join(line)
        if key not in seen:
            seen.add(key)
            print("moves " + key)
    send("quit")


main()
