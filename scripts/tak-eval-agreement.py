#!/usr/bin/env python3
"""Whether a Tak engine's own score and its opponent's agree on who is
ahead, and what each opinion says about the result.

Reads PTN records as `tabula match --pgnout` writes them (Player1/Player2
tags, each engine move's comment starting with the mover's own score,
`{+0.31/7 0.12s}`). At each ply of PLIES (counted from 0, the first
placement), takes the first score PLAYER gave at or after that ply and
the first score its opponent gave at or after it, the opponent's negated,
so that both are from PLAYER's point of view. Each engine scores in its
own units (tabula: 1.00 is one flat; Tiltak: about a win expectation, in
-1..1), so each has its own margin: a score above +MARGIN is "+", one
below -MARGIN is "-", the rest "=" (OPPONENT-MARGIN for the opponent's).
Prints, per opponent and ply, the number of games, the share of them in
which the opponent already sees itself ahead (its "-" from PLAYER's
view), and for each of the nine pairs of opinions the number of games
and PLAYER's mean score in them (1 a win, 0.5 a draw). Unfinished games
(Result *), games PLAYER did not play and, at a ply, games without both
scores from it on are left out and counted.

Usage: scripts/tak-eval-agreement.py [--player NAME] [--plies 10,16,24,34]
           [--margin 0.3] [--opponent-margin 0.1] GAMES.ptn [MORE.ptn ...]
       (the defaults shown; PLAYER is "tabula" unless given)
"""
import math
import re
import sys
from collections import defaultdict

from tak_records import commented_records, engine_score, read_text, score_of

SIGNS = ("+", "=", "-")


def usage_error(message):
    print(__doc__.strip(), file=sys.stderr)
    sys.exit(f"error: {message}")


def sign(score, margin):
    return "+" if score > margin else "-" if score < -margin else "="


def first_scores(moves, mine, ply):
    """The first score of the player moving on plies of parity `mine`
    (0 or 1) at or after `ply`, and the first of the other player's,
    negated; None for one that does not come."""
    own = other = None
    for i in range(ply, len(moves)):
        score = engine_score(moves[i][1])
        if score is None:
            continue
        if i % 2 == mine and own is None:
            own = score
        elif i % 2 != mine and other is None:
            other = -score
    return own, other


def parse_args(args):
    """(player, plies, margin, opponent margin, paths)."""
    options = {"--player": "tabula", "--plies": "10,16,24,34", "--margin": "0.3", "--opponent-margin": "0.1"}
    paths = []
    i = 0
    while i < len(args):
        arg = args[i]
        name, eq, value = arg.partition("=")
        if name in options and eq:
            options[name] = value
        elif arg in options:
            if i + 1 == len(args):
                usage_error(f"{arg} needs a value")
            options[arg] = args[i + 1]
            i += 1
        elif arg.startswith("-"):
            usage_error(f"unknown option {arg}")
        else:
            paths.append(arg)
        i += 1
    if not paths:
        usage_error("needs PTN files")
    player = options["--player"]
    if not player:
        usage_error("--player needs a name")
    if not re.fullmatch(r"[0-9]+(,[0-9]+)*", options["--plies"]):
        usage_error(f"--plies takes plies separated by commas, like 10,16,24,34, not {options['--plies']!r}")
    plies = sorted({int(p) for p in options["--plies"].split(",")})
    margins = []
    for name in ("--margin", "--opponent-margin"):
        try:
            margin = float(options[name])
        except ValueError:
            margin = -1.0
        if not (math.isfinite(margin) and margin >= 0):
            usage_error(f"{name} takes a number of 0 or more, not {options[name]!r}")
        margins.append(margin)
    return player, plies, margins[0], margins[1], paths


def main(args):
    player, plies, margin, opponent_margin, paths = parse_args(args)
    # (opponent, ply) -> (PLAYER's sign, opponent's sign) -> [games, score sum]
    table = defaultdict(lambda: defaultdict(lambda: [0, 0.0]))
    unscored = defaultdict(int)  # (opponent, ply) -> games without both scores
    finished = defaultdict(int)  # opponent -> games
    unfinished = without = itself = 0
    for path in paths:
        text = read_text(path)
        for tags, moves in commented_records(text):
            names = (tags["Player1"], tags["Player2"])
            if player not in names:
                without += 1
                continue
            if names[0] == names[1]:
                itself += 1
                continue
            score = score_of(tags, player)
            if score is None:
                unfinished += 1
                continue
            mine = names.index(player)
            opponent = names[1 - mine]
            finished[opponent] += 1
            for ply in plies:
                own, other = first_scores(moves, mine, ply)
                if own is None or other is None:
                    unscored[(opponent, ply)] += 1
                    continue
                cell = table[(opponent, ply)][(sign(own, margin), sign(other, opponent_margin))]
                cell[0] += 1
                cell[1] += score
    if not finished:
        sys.exit(f"error: no finished game of {player} against another player in {', '.join(paths)}")
    if not table:
        sys.exit(f"error: no game with both players' scores from ply {plies[0]} on")
    skipped = f"skipped {unfinished} unfinished, {without} without {player}"
    if itself:
        skipped += f", {itself} of {player} against itself"
    print(f"{player}: {sum(finished.values())} finished games; {skipped}")
    print(f"margins: {player} {margin:g}, opponent {opponent_margin:g}")
    for opponent in sorted(finished):
        for ply in plies:
            cells = table[(opponent, ply)]
            n = sum(games for games, _ in cells.values())
            line = f"ply {ply}: {n} games against {opponent} ({unscored[(opponent, ply)]} without scores)"
            if n == 0:
                print(line)
                continue
            ahead = sum(games for (_, theirs), (games, _) in cells.items() if theirs == "-")
            print(f"{line}; {opponent} ahead in its own eyes in {100 * ahead / n:.1f} %")
            for ours in SIGNS:
                for theirs in SIGNS:
                    games, total = cells.get((ours, theirs), (0, 0.0))
                    mean = f"{player} scores {total / games:.2f}" if games else ""
                    print(f"  {player} {ours}  {opponent} {theirs}  n {games:4}  {mean}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
