#!/usr/bin/env python3
"""How well a UBGI engine takes cube decisions in money games, judged by
GNU Backgammon's cube analysis at 2 ply (the Debian `gnubg` program's
`hint`; scripts/install-clients installs it). Positions: seeded GNU
Backgammon self-play (PyPI `gnubg`, scripts/install-gnubg-py), kept before
a roll with the cube centred when the player on roll is ahead enough for
the cube to matter (cubeless equity at least --min-equity). For each, the
engine is asked to double or not (`go cube` with the cube centred) and, as
the opponent, to take or drop (`go cube` with the double offered). The
error of a decision is the cubeful equity gnubg gives the best action
minus the one chosen, in millipoints; a blunder loses more than 80.

    scripts/bg-cube-error.py --engine target/release/tabula --positions 300 --seed 5
"""
import argparse
import random
import re
import subprocess
import sys
import time

import gnubg

from bgplays import apply_play, legal_plays
from ubgi_client import Engine

# Match IDs: money, cube 1 centred, gnubg's player 1 (tabula's bottom) on
# roll, not rolled; and the same with player 1 having doubled.
TO_ROLL = "cAkAAAAAAAAA"
DOUBLED = "cBEAAAAAAAAA"


def swap(board):
    return (board[1], board[0])


def gnubg_cube(pids):
    """gnubg's cubeful equities (no double, double/take, double/pass) for
    each position, from the player on roll's view."""
    cmds = ["set evaluation cubedecision evaluation plies 2"]
    for pid in pids:
        cmds += ["set gnubgid %s:%s" % (pid, TO_ROLL), "hint"]
    cmds.append("quit")
    out = subprocess.run(["/usr/games/gnubg", "-t", "-q"], input="\n".join(cmds) + "\n",
                         capture_output=True, text=True, timeout=3600).stdout
    result = []
    for block in out.split("Cube analysis")[1:]:
        nd = re.search(r"No double\s+([+-]\d+\.\d+)", block)
        dt = re.search(r"Double, take\s+([+-]\d+\.\d+)", block)
        dp = re.search(r"Double, pass\s+([+-]\d+\.\d+)", block)
        if nd and dt and dp:
            result.append((float(nd.group(1)), float(dt.group(1)), float(dp.group(1))))
        else:
            result.append(None)
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--positions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--min-equity", type=float, default=0.25)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ci = gnubg.cube_info()
    ec0 = gnubg.eval_context(0, 0, 1, 0, 0.0)
    t0 = time.time()
    pids = []
    board = gnubg.position_from_id("4HPwATDgc/ABMA")
    while len(pids) < a.positions:
        if sum(board[0]) == 0 or sum(board[1]) == 0:
            board = gnubg.position_from_id("4HPwATDgc/ABMA")
        if gnubg.evaluate(board, ci, ec0)[5] >= a.min_equity:
            pids.append(gnubg.position_id(board))
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(board, dice[0], dice[1])
        if plays:
            if rng.random() < 0.15:
                play = rng.choice(plays)
            else:
                play = max(plays, key=lambda p: -gnubg.evaluate(swap(apply_play(board, p)), ci, ec0)[5])
            board = apply_play(board, play)
        board = swap(board)
    judged = gnubg_cube(pids)
    eng = Engine(a.engine)
    n = 0
    lost = {"double": 0.0, "take": 0.0}
    blunders = {"double": 0, "take": 0}
    for pid, j in zip(pids, judged):
        if j is None:
            continue
        nd, dt, dp = j
        best_double = max(nd, min(dt, dp))
        chose = eng.cube("%s:%s" % (pid, TO_ROLL))
        got = min(dt, dp) if chose == "double" else nd
        err = best_double - got
        # The taker's view: taking is worth -DT, dropping -1.
        best_take = max(-dt, -dp)
        answer = eng.cube("%s:%s" % (pid, DOUBLED))
        err_take = best_take - (-dt if answer == "take" else -dp)
        for kind, e in (("double", err), ("take", err_take)):
            lost[kind] += e
            blunders[kind] += e > 0.080
        n += 1
    eng.close()
    print("%d positions, %d cube decisions judged by gnubg 2-ply cube analysis (seed %d, %.0f s)"
          % (n, 2 * n, a.seed, time.time() - t0))
    for kind in ("double", "take"):
        print("  %-6s decisions: %6.2f millipoints lost per decision, %d blunders (> 80 mp)"
              % (kind, 1000 * lost[kind] / max(n, 1), blunders[kind]))
    total = lost["double"] + lost["take"]
    print("  all:   %6.2f millipoints per decision, %d blunders"
          % (1000 * total / max(2 * n, 1), blunders["double"] + blunders["take"]))


if __name__ == "__main__":
    main()
