#!/usr/bin/env python3
"""How well a UBGI engine plays backgammon checkers, judged by GNU Backgammon
(PyPI `gnubg`, installed by scripts/install-gnubg-py) at 2-ply: the average
equity lost per non-forced decision, in millipoints (cubeless money equity
x 1000), with GNU Backgammon's own 0-ply play as a control. Positions come
from seeded GNU Backgammon self-play with some random plays mixed in.

    scripts/bg-error-rate.py --engine target/release/tabula --positions 500 --seed 11
    scripts/bg-error-rate.py --engine target/release/tabula --ply 1

GNU Backgammon's scale: under 5 mp "world class", 5-8 "expert"; the shared
oracle notes measured gnubg 0-ply at 2.7 and wildbg at 6.2 on their set.
"""
import argparse
import random
import subprocess
import sys
import time

import gnubg


def apply_move(board, move):
    opp, me = list(board[0]), list(board[1])
    move = tuple(move) + (0,) * (len(move) % 2)
    for k in range(0, len(move), 2):
        frm, to = move[k], move[k + 1]
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            if opp[24 - to] == 1:
                opp[24 - to] = 0
                opp[24] += 1
    return (tuple(opp), tuple(me))


def legal_moves(board, ci, ec, dice):
    """gnubg's plays of the roll, best first. The module's move tuples end
    at the first bear-off of a play when it is not the last step (`(3,)`
    for 3/off 5/3): such a truncated tuple has fewer steps than the others,
    and the other dice order lists the same play complete."""
    full = []
    for d in (dice, dice[::-1]):
        for m in gnubg.find_best_moves(board, ci, ec, d):
            mv = tuple(m["move"]) + (0,) * (len(m["move"]) % 2)
            full.append({"move": mv, "score": m["score"]})
    if not full:
        return []
    steps = max(len(m["move"]) for m in full)
    seen, out = set(), []
    for m in sorted(full, key=lambda m: -m["score"]):
        key = gnubg.position_id(apply_move(board, m["move"]))
        if len(m["move"]) == steps and key not in seen:
            seen.add(key)
            out.append(m)
    return out


def swap(board):
    return (board[1], board[0])


class Engine:
    def __init__(self, command, ply):
        self.p = subprocess.Popen(command, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("ubgi")
        self.wait("ubgiok")
        if ply:
            self.send("set engine.ply %d" % ply)
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.split()[:1] == [word] or line.startswith(word):
                return line.strip()

    def play(self, pid, dice):
        self.send("position gnubgid %s" % pid)
        self.send("dice %d %d" % dice)
        self.send("go chequer")
        line = self.wait("bestmove")
        return line[len("bestmove"):].strip()

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--ply", type=int, default=0, help="engine.ply to set (default: the engine's)")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--explore", type=float, default=0.15)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ci = gnubg.cube_info()
    ec0 = gnubg.eval_context(0, 0, 1, 0, 0.0)
    ec2 = gnubg.eval_context(0, 2, 1, 1, 0.0)
    eng = Engine(a.engine, a.ply)

    def equity_after(board, move):
        # The opponent is on roll after the play: its equity, negated.
        return -gnubg.evaluate(swap(apply_move(board, move)), ci, ec2)[5]

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
        moves = legal_moves(board, ci, ec0, dice)
        if len(moves) > 1:
            pid = gnubg.position_id(board)
            t = time.time()
            answer = eng.play(pid, (max(dice), min(dice)))
            engine_time += time.time() - t
            # The engine's play as (from, to) pairs (gnubg reads its own
            # notation back), so any legal play is judged.
            engine_move = tuple(p for pair in gnubg.parse_move(answer) for p in pair)
            best = gnubg.find_best_move(board, ci, ec2, dice)
            best_eq = equity_after(board, best)
            for who, mv in (("engine", engine_move), ("gnubg 0-ply", moves[0]["move"])):
                err = max(0.0, best_eq - equity_after(board, mv))
                lost[who] += err
                if who == "engine":
                    worst.append((err, pid, dice, answer, gnubg.move_tuple_to_string(best, board)))
            n += 1
        # Continue the game with gnubg's play (or a random one).
        if moves:
            mv = rng.choice(moves)["move"] if rng.random() < a.explore else moves[0]["move"]
            board = apply_move(board, mv)
        board = swap(board)
    eng.close()
    print("%d non-forced checker decisions, judged by gnubg 2-ply (seed %d, %.0f s, engine %.1f ms/decision)"
          % (n, a.seed, time.time() - t0, 1000 * engine_time / max(n, 1)))
    for who, total in lost.items():
        print("  %-12s %6.2f millipoints lost per decision" % (who, 1000 * total / max(n, 1)))
    worst.sort(reverse=True)
    for err, pid, dice, ans, best in worst[:5]:
        print("  worst: %s %d%d engine %s, gnubg 2-ply %s (%.0f mp)" % (pid, dice[0], dice[1], ans, best, 1000 * err))


if __name__ == "__main__":
    main()
