#!/usr/bin/env python3
"""Generates fixtures/openings/makruk-minor-endings.txt: random pawnless
Makruk endings where one side is a minor piece or two up, as FEN lines for
`tabula match --openings`.

The material sets (the winning side first) are the ones tabula drew
against Fairy-Stockfish 11.1 with a won-looking score: a khon and a met
(or a khon and another minor) against one minor, where the last capture
must leave a mate that fits into the pieces' honour count; and a rook,
knight and met against a rook, where trading the rooks leaves knight and
met, which do not force mate.

Pieces go on random distinct squares (seeded, so the output is
reproducible); a placement is kept when the kings are not adjacent and the
side not to move is not in check. The stronger side and the side to move
are random. No count is running: the board's honour count starts after the
first move, as the rules say.

Usage: scripts/make-minor-endings-makruk.py [count_each] [seed] > fixtures/openings/makruk-minor-endings.txt
"""
import random
import sys

from makruk_board import distance, fen, rook_attacks

# (strong side's pieces besides the king, weak side's), upper case.
SETS = [
    ("SM", "M"),
    ("SM", "N"),
    ("SN", "M"),
    ("SS", "N"),
    ("SMM", "S"),
    ("RMN", "R"),
]

STEPS = {
    "K": [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)],
    "M": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
    "N": [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
}


def attacks(letter, white, square, target, occupied):
    """Whether a piece (`letter` upper case) of the given colour on
    `square` attacks `target`, with `occupied` blocking the rook."""
    if letter == "R":
        return rook_attacks(square, target, occupied)
    f, r = square % 8, square // 8
    tf, tr = target % 8, target // 8
    if letter == "S":
        steps = STEPS["M"] + [(0, 1 if white else -1)]
    else:
        steps = STEPS[letter]
    return (tf - f, tr - r) in steps


def in_check(pieces, white_king):
    """Whether the king of the given colour is attacked."""
    king = next(s for s, p in pieces.items() if p == ("K" if white_king else "k"))
    occupied = set(pieces)
    return any(
        attacks(p.upper(), p.isupper(), s, king, occupied)
        for s, p in pieces.items()
        if p.isupper() != white_king
    )


def ending(rng, strong, weak):
    """One legal placement of the two sides' pieces."""
    while True:
        white_strong = rng.random() < 0.5
        letters = ["K" + strong, "K" + weak]
        if not white_strong:
            letters.reverse()
        white, black = letters
        squares = rng.sample(range(64), len(white) + len(black))
        pieces = dict(zip(squares, list(white) + list(black.lower())))
        wk = squares[0]
        bk = squares[len(white)]
        if distance(wk, bk) <= 1:
            continue
        side = rng.choice("wb")
        if in_check(pieces, side == "b"):
            continue
        return fen(pieces, side)


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    rng = random.Random(seed)
    names = ", ".join(f"K+{s} v K+{w}" for s, w in SETS)
    print(f"# Makruk minor-piece endings for `tabula match --openings`: {names};")
    print(f"# {count} each, random legal placements (scripts/make-minor-endings-makruk.py {count} {seed}).")
    for strong, weak in SETS:
        seen = set()
        while len(seen) < count:
            line = ending(rng, strong, weak)
            if line not in seen:
                seen.add(line)
                print(line)


if __name__ == "__main__":
    main()
