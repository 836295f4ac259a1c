#!/usr/bin/env python3
"""How each player of a Tak match spends its moves, by phase of the game.

Reads PTN records as `tabula match --pgnout` writes them (Player1/Player2
tags, moves with `{...}` comments) and prints, for each player and for
plies 0-39, 40-69 and 70 on, the share of flat placements, wall
placements, capstone placements and spreads. Book moves count too.

Usage: scripts/tak-move-mix.py GAMES.ptn [MORE.ptn ...]
"""
import re
import sys
from collections import Counter

from tak_records import move_kind, records

PHASES = (("plies 0-39", 0, 40), ("plies 40-69", 40, 70), ("plies 70-", 70, 10**9))


def games(text):
    for tags, moves in records(text):
        yield tags["Player1"], tags["Player2"], [m for m, _ in moves]


def main(paths):
    if not paths or any(p.startswith("-") for p in paths):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit("error: needs PTN files (no options)")
    counts = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError as e:
            sys.exit(f"error: {path}: {e.strerror}")
        for first, second, moves in games(text):
            for ply, ptn in enumerate(moves):
                player = first if ply % 2 == 0 else second
                phase = next(name for name, lo, hi in PHASES if lo <= ply < hi)
                counts.setdefault(player, Counter())[(phase, move_kind(ptn))] += 1
    for player, c in sorted(counts.items()):
        for name, _, _ in PHASES:
            total = sum(v for (phase, _), v in c.items() if phase == name)
            if total == 0:
                continue
            shares = "  ".join(
                f"{kind} {100 * c[(name, kind)] / total:4.1f} %" for kind in ("flat", "wall", "cap", "spread")
            )
            print(f"{player:12} {name:12} {total:5} moves  {shares}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
