#!/usr/bin/env python3
"""Two builds of tabula against the same opponent from the same openings:
which scored more, paired by opening, and how much of the clock each used.

A fast gauntlet against Tiltak (docs/strength.md, Tak)
plays each opening with both colours; comparing two such runs opening by
opening removes the openings' own bias from the difference. A suite played
several times over pairs its n-th game of an opening and colour in one run
with the n-th in the other. Reads PTN
records as `tabula match --pgnout` writes them (the tested build named
PLAYER, default "tabula", the opening moves marked `{book}`).

Usage: scripts/tak-gauntlet.py [--player NAME] BEFORE.ptn AFTER.ptn
"""
import math
import sys
from collections import defaultdict

from tak_records import commented_records, read_text, score_of, seconds


def read(path, player):
    """{(opening, player's colour, n): score}, n counting the earlier
    games of that opening and colour, and the mean seconds a game each
    player thought (book moves excluded), over the finished games PLAYER
    played."""
    scores = {}
    seen = defaultdict(int)
    clock = defaultdict(float)
    games = 0
    text = read_text(path)
    for tags, moves in commented_records(text):
        names = (tags["Player1"], tags["Player2"])
        score = score_of(tags, player)
        if player not in names or score is None:
            continue
        games += 1
        opening = " ".join(m for m, c in moves if c == "book")
        colour = names.index(player)
        scores[(opening, colour, seen[(opening, colour)])] = score
        seen[(opening, colour)] += 1
        for ply, (_, comment) in enumerate(moves):
            spent = seconds(comment)
            if spent is not None:
                clock[names[ply % 2]] += spent
    return scores, {name: total / max(games, 1) for name, total in clock.items()}


def main(args):
    player = "tabula"
    if len(args) >= 2 and args[0] == "--player":
        player, args = args[1], args[2:]
    if len(args) != 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit("error: needs two PTN files (and --player NAME before them, if given)")
    (before, clock_before), (after, clock_after) = (read(p, player) for p in args)
    for path, scores, clock in ((args[0], before, clock_before), (args[1], after, clock_after)):
        mean = sum(scores.values()) / max(len(scores), 1)
        used = ", ".join(f"{name} {s:.2f} s" for name, s in sorted(clock.items()))
        print(f"{path}: {len(scores)} games, {player} {100 * mean:.1f} %; clock a game: {used}")
    # Openings both runs played with both colours (the n-th time each): the
    # difference of their two-game sums, one sample per opening and n.
    openings = {(o, n) for o, _, n in before} & {(o, n) for o, _, n in after}
    diffs = [
        sum(after[(o, c, n)] - before[(o, c, n)] for c in (0, 1))
        for o, n in sorted(openings)
        if all((o, c, n) in before and (o, c, n) in after for c in (0, 1))
    ]
    n = len(diffs)
    if n < 2:
        sys.exit("error: fewer than two openings played with both colours in both runs")
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(
        f"paired over {n} openings: after - before {100 * mean / 2:+.1f} % a game, "
        f"95 % interval [{100 * (mean - half) / 2:+.1f}, {100 * (mean + half) / 2:+.1f}]"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
