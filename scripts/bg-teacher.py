#!/usr/bin/env python3
"""Training data for tabula's backgammon network, with GNU Backgammon as the
teacher (PyPI `gnubg`, installed by scripts/install-gnubg-py; tabula never
needs it at run time).

Plays games from the start with seeded dice: each turn takes GNU
Backgammon's 0-ply best play, or with probability --explore a random legal
play (so that positions strong players avoid are seen too). Every position
before a roll with contact or a race is written with GNU Backgammon's
cubeless evaluation at --plies (0 = its network, 1 = one roll deeper), from
the view of the player on roll. With --candidates K the positions after
GNU Backgammon 0-ply's K best plays of every turn are written too: a 1-ply
engine chooses among exactly such positions, so it must learn to tell the
good ones from the nearly good ones, not only the positions games reach.

    <Position ID> <win> <win gammon> <win backgammon> <lose gammon> <lose backgammon>

Usage: scripts/bg-teacher.py --games 4000 --seed 1 --plies 1 --out data/bg-train.txt
"""
import argparse
import random
import sys
import time

import gnubg

from bgplays import apply_play, legal_plays


def apply_move(board, move):
    """The board after `move` ((from, to) pairs, 1-based, 25 bar, 0 off) by
    the player on roll; board = (opponent, player on roll), 25 ints each."""
    opp, me = list(board[0]), list(board[1])
    # gnubg drops a trailing 0 (off): (6, 0, 5) is 6/off 5/off.
    move = tuple(move) + (0,) * (len(move) % 2)
    for k in range(0, len(move), 2):
        frm, to = move[k], move[k + 1]
        if frm < 0:
            break
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            theirs = 24 - to  # the opponent's index of my point `to`
            if opp[theirs] == 1:
                opp[theirs] = 0
                opp[24] += 1
    return (tuple(opp), tuple(me))


def game_over(board):
    return sum(board[0]) == 0 or sum(board[1]) == 0


def candidates_turn(board, dice, k, rng, explore, ci, play_ec, label):
    """One turn that also labels the positions after the k best plays (as
    GNU Backgammon 0-ply ranks them); returns the next board, the other
    player on roll. Plays come from bgplays (the module's own move tuples
    stop at the first bear-off)."""
    after = [(p, swap(apply_play(board, p))) for p in legal_plays(board, dice[0], dice[1])]
    if not after:
        return swap(board)
    # The opponent is on roll after a play: its equity, negated, is ours.
    ranked = sorted(after, key=lambda pa: gnubg.evaluate(pa[1], ci, play_ec)[5])
    for _, position in ranked[:k]:
        label(position)
    if rng.random() < explore:
        return rng.choice(after)[1]
    return ranked[0][1]


def swap(board):
    return (board[1], board[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--candidates", type=int, default=0)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ci = gnubg.cube_info()
    play_ec = gnubg.eval_context(0, 0, 1, 0, 0.0)
    label_ec = gnubg.eval_context(0, a.plies, 1, 1, 0.0)
    seen = set()
    t0 = time.time()
    written = 0
    with open(a.out, "w") as out:

        def label(board):
            nonlocal written
            pid = gnubg.position_id(board)
            if pid not in seen and not game_over(board):
                seen.add(pid)
                p = gnubg.evaluate(board, ci, label_ec)
                out.write("%s %.5f %.5f %.5f %.5f %.5f\n" % ((pid,) + tuple(p[:5])))
                written += 1

        for g in range(a.games):
            board = gnubg.position_from_id("4HPwATDgc/ABMA")
            while not game_over(board):
                label(board)
                dice = (rng.randint(1, 6), rng.randint(1, 6))
                if a.candidates > 0:
                    board = candidates_turn(board, dice, a.candidates, rng, a.explore, ci, play_ec, label)
                    continue
                moves = gnubg.find_best_moves(board, ci, play_ec, dice)
                if moves:
                    if rng.random() < a.explore:
                        move = rng.choice(moves)["move"]
                    else:
                        move = moves[0]["move"]
                    board = apply_move(board, move)
                # The other player is on roll: swap the halves.
                board = (board[1], board[0])
            if (g + 1) % 50 == 0:
                print("%d games, %d positions, %.0f s" % (g + 1, written, time.time() - t0),
                      file=sys.stderr, flush=True)
    print("%d positions in %.0f s" % (written, time.time() - t0), file=sys.stderr)


if __name__ == "__main__":
    main()
