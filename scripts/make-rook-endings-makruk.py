#!/usr/bin/env python3
"""Generates fixtures/openings/makruk-rook-endings.txt: random Makruk
endings of king and rook against a bare king (K+R v K) and against king
and met (K+R v K+M), as FEN lines for `tabula match --openings`.

Pieces go on random distinct squares (seeded, so the output is
reproducible); a placement is kept when the kings are not adjacent and
neither king is attacked by the other side (so either side may move). The
rook's side and the side to move are random. No count is running: the
match starts it after the first move, as the rules say.

These starts measure one thing: whether the rook converts within the
count, and whether the met's side holds (docs/training.md, Makruk).

Usage: scripts/make-rook-endings-makruk.py [count_each] [seed] > fixtures/openings/makruk-rook-endings.txt
"""
import random
import sys

from makruk_board import distance, fen, rook_attacks


def met_attacks(met, target):
    return abs(met % 8 - target % 8) == 1 and abs(met // 8 - target // 8) == 1


def ending(rng, with_met):
    """One legal placement: strong king, rook, weak king (and its met)."""
    while True:
        squares = rng.sample(range(64), 4 if with_met else 3)
        sk, sr, wk = squares[:3]
        if distance(sk, wk) <= 1 or rook_attacks(sr, wk, set(squares)):
            continue
        if with_met and met_attacks(squares[3], sk):
            continue
        white_strong = rng.random() < 0.5
        case = str.upper if white_strong else str.lower
        other = str.lower if white_strong else str.upper
        pieces = {sk: case("k"), sr: case("r"), wk: other("k")}
        if with_met:
            pieces[squares[3]] = other("m")
        return fen(pieces, rng.choice("wb"))


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    rng = random.Random(seed)
    print("# Makruk rook endings for `tabula match --openings`: K+R v K, then K+R v K+M,")
    print(f"# {count} each, random legal placements (scripts/make-rook-endings-makruk.py {count} {seed}).")
    for with_met in (False, True):
        seen = set()
        while len(seen) < count:
            line = ending(rng, with_met)
            if line not in seen:
                seen.add(line)
                print(line)


if __name__ == "__main__":
    main()
