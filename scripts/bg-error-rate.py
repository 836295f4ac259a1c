#!/usr/bin/env python3
"""How well a UBGI engine plays backgammon checkers, judged by GNU Backgammon
(PyPI `gnubg`, installed by scripts/install-gnubg-py) at 2-ply: the average
equity lost per non-forced decision, in millipoints (cubeless money equity
x 1000), with GNU Backgammon's own 0-ply play as a control. Positions come
from seeded GNU Backgammon self-play with some random plays mixed in.

    scripts/bg-error-rate.py --engine target/release/tabula --positions 500 --seed 11
    scripts/bg-error-rate.py --engine target/release/tabula --ply 1 --cache data/judge-11.txt

The best play is the best at 2-ply among gnubg 0-ply's eight best.
GNU Backgammon's scale: under 5 mp "world class", 5-8 "expert"; the shared
oracle notes measured gnubg 0-ply at 2.7 and wildbg at 6.2 on their set.
"""
import argparse
import os
import random
import sys
import time

import gnubg

from bgplays import apply_play, legal_plays
from ubgi_client import Engine


def swap(board):
    return (board[1], board[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--ply", type=int, default=0, help="engine.ply to set (default: the engine's)")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--explore", type=float, default=0.15)
    ap.add_argument("--cache", help="file of judged positions, read and extended (experiments on the same seed then cost only the engine's new plays)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ci = gnubg.cube_info()
    ec0 = gnubg.eval_context(0, 0, 1, 0, 0.0)
    ec2 = gnubg.eval_context(0, 2, 1, 1, 0.0)
    eng = Engine(a.engine, a.ply)

    judged = {}
    if a.cache and os.path.exists(a.cache):
        with open(a.cache) as f:
            for line in f:
                pid, eq = line.split()
                judged[pid] = float(eq)
    cached = len(judged)

    def equity_after(board, play):
        # The opponent is on roll after the play: its equity, negated.
        after = swap(apply_play(board, play))
        pid = gnubg.position_id(after)
        if pid not in judged:
            judged[pid] = -gnubg.evaluate(after, ci, ec2)[5]
        return judged[pid]

    def value0(board, play):
        return -gnubg.evaluate(swap(apply_play(board, play)), ci, ec0)[5]

    t0 = time.time()
    n = 0
    lost = {"engine": 0.0, "gnubg 0-ply": 0.0}
    worst = []
    engine_time = 0.0
    board = gnubg.position_from_id("4HPwATDgc/ABMA")
    while n < a.positions:
        if sum(board[0]) == 0 or sum(board[1]) == 0:
            board = gnubg.position_from_id("4HPwATDgc/ABMA")
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(board, dice[0], dice[1])
        # gnubg 0-ply's choice: the play whose position it values most.
        ranked = sorted(plays, key=lambda p: -value0(board, p))
        if len(plays) > 1:
            pid = gnubg.position_id(board)
            t = time.time()
            answer = eng.play(pid, (max(dice), min(dice)))
            engine_time += time.time() - t
            # The engine's play as (from, to) steps (gnubg reads its own
            # notation back), so any legal play is judged.
            engine_play = tuple(gnubg.parse_move(answer))
            # The best at 2-ply among gnubg 0-ply's eight best.
            scored = [(equity_after(board, p), p) for p in ranked[:8]]
            best_eq, best = max(scored, key=lambda x: x[0])
            for who, play in (("engine", engine_play), ("gnubg 0-ply", ranked[0])):
                eq = best_eq if play == best else equity_after(board, play)
                err = max(0.0, best_eq - eq)
                lost[who] += err
                if who == "engine":
                    worst.append((err, pid, dice, answer, " ".join("%d/%d" % s for s in best)))
            n += 1
        # Continue the game with gnubg's play (or a random one).
        if plays:
            play = rng.choice(plays) if rng.random() < a.explore else ranked[0]
            board = apply_play(board, play)
        board = swap(board)
    eng.close()
    if a.cache:
        with open(a.cache, "w") as f:
            for pid, eq in judged.items():
                f.write("%s %.6f\n" % (pid, eq))
        print("%d judged positions cached in %s (%d new)" % (len(judged), a.cache, len(judged) - cached))
    print("%d non-forced checker decisions, judged by gnubg 2-ply (seed %d, %.0f s, engine %.1f ms/decision)"
          % (n, a.seed, time.time() - t0, 1000 * engine_time / max(n, 1)))
    for who, total in lost.items():
        print("  %-12s %6.2f millipoints lost per decision" % (who, 1000 * total / max(n, 1)))
    worst.sort(reverse=True)
    for err, pid, dice, ans, best in worst[:5]:
        print("  worst: %s %d%d engine %s, gnubg 2-ply %s (%.0f mp)" % (pid, dice[0], dice[1], ans, best, 1000 * err))


if __name__ == "__main__":
    main()
