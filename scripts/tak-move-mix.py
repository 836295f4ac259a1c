#!/usr/bin/env python3
"""How each player of a Tak match spends its moves, by phase of the game.

Reads PTN records as `tabula match --pgnout` writes them (Player1/Player2
tags, moves with `{...}` comments) and prints, for each player and for
plies 0-39, 40-69 and 70 on, the share of flat placements, wall
placements, capstone placements and spreads. Book moves count too.
`--phases 0,6,12,18` sets the first ply of each phase instead (the last
phase runs to the end of the game).

Usage: scripts/tak-move-mix.py [--phases P0,P1,...] GAMES.ptn [MORE.ptn ...]
"""
import re
import sys
from collections import Counter

from tak_records import move_kind, read_text, records

DEFAULT_STARTS = (0, 40, 70)


def phases(starts):
    """(name, first ply, ply after the last) for each phase from its first ply."""
    ends = list(starts[1:]) + [10**9]
    return [
        (f"plies {lo}-{hi - 1}" if hi < 10**9 else f"plies {lo}-", lo, hi) for lo, hi in zip(starts, ends)
    ]


def phase_starts(text):
    """The first plies of `--phases`: increasing whole numbers from 0."""
    try:
        starts = [int(x) for x in text.split(",")]
    except ValueError:
        starts = []
    if not starts or starts[0] != 0 or any(a >= b for a, b in zip(starts, starts[1:])):
        sys.exit(f"error: --phases {text!r}: needs increasing plies from 0, such as 0,6,12")
    return starts


def games(text):
    for tags, moves in records(text):
        yield tags["Player1"], tags["Player2"], [m for m, _ in moves]


def main(args):
    starts = DEFAULT_STARTS
    if args[:1] == ["--phases"]:
        if len(args) < 2:
            sys.exit("error: --phases needs a value, such as 0,6,12")
        starts, args = phase_starts(args[1]), args[2:]
    paths = args
    if not paths or any(p.startswith("-") for p in paths):
        print(__doc__.strip(), file=sys.stderr)
        sys.exit("error: needs PTN files (the only option is --phases, first)")
    table = phases(starts)
    counts = {}
    for path in paths:
        text = read_text(path)
        for first, second, moves in games(text):
            for ply, ptn in enumerate(moves):
                player = first if ply % 2 == 0 else second
                phase = next(name for name, lo, hi in table if lo <= ply < hi)
                counts.setdefault(player, Counter())[(phase, move_kind(ptn))] += 1
    for player, c in sorted(counts.items()):
        for name, _, _ in table:
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
