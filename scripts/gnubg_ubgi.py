#!/usr/bin/env python3
"""GNU Backgammon as a UBGI v0.2 engine (protocol-spec/backgammon.md §3), so
that `tabula match --game backgammon` can play against it. Uses the PyPI
`gnubg` module (scripts/install-gnubg-py); run through scripts/gnubg-ubgi.

Supported: ubgi, isready, newgame, set/setoption engine.ply (1 = gnubg
0-ply, 2 = 1-ply, 3 = 2-ply; default 1), position gnubgid
<PositionID>[:<MatchID>], dice, go chequer|cube|turn, quit. Cube
decisions are a stand-in (the module cannot analyse cube actions): never
double; take a double when the doubler's cubeless equity is below 0.5 (a
dead cube). Use it for checker-play matches (fixtures/openings/
backgammon-cubeless.txt); scripts/bg-cube-error.py judges cube decisions
with the gnubg program instead.
"""
import sys

import gnubg

import bgplays


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def swap(board):
    return (board[1], board[0])


def best_play(board, dice, ply):
    """The play whose resulting position gnubg values most at `ply - 1`
    plies (the opponent on roll, so its equity negated)."""
    plays = bgplays.legal_plays(board, dice[0], dice[1])
    if not plays:
        return "pass"
    ci = gnubg.cube_info()
    ec = gnubg.eval_context(0, ply - 1, 1, 1, 0.0)
    ranked = sorted(plays, key=lambda p: gnubg.evaluate(swap(bgplays.apply_play(board, p)), ci, ec)[5])
    return bgplays.play_text(ranked[0])


def main():
    ply = 1
    board = None
    dice = None
    doubled = False
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "ubgi":
            out("id name gnubg-ubgi (GNU Backgammon %s)" % gnubg.version() if callable(getattr(gnubg, "version", None)) else "id name gnubg-ubgi")
            out("id author tabula scripts around GNU Backgammon")
            out("proto 0.2")
            out("key engine.ply int 1..3 1 1 = gnubg 0-ply, 2 = 1-ply, 3 = 2-ply")
            out("ubgiok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "newgame":
            board, dice, doubled = None, None, False
        elif cmd in ("set", "setoption"):
            vals = [w for w in words[1:] if w not in ("name", "value")]
            if len(vals) == 2 and vals[0] == "engine.ply" and vals[1] in ("1", "2", "3"):
                ply = int(vals[1])
            elif len(vals) == 2 and vals[0] == "engine.ply":
                out("error bad_value engine.ply must_be 1..3")
            else:
                out("error unsupported key %s" % (vals[0] if vals else "?"))
        elif cmd == "position" and len(words) == 3 and words[1] == "gnubgid":
            pid, _, mid = words[2].partition(":")
            try:
                board = gnubg.position_from_id(pid)
            except Exception:
                out("error bad_value bad Position ID")
                continue
            dice, doubled = None, False
            if mid:
                # Dice (bits 15-20) and the double-offered bit (12) of the
                # Match ID.
                alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
                bits = 0
                for c in mid:
                    bits = bits << 6 | alphabet.index(c)
                raw_bytes = bits.to_bytes(9, "big")
                key = int.from_bytes(raw_bytes, "little")
                d1, d2 = key >> 15 & 7, key >> 18 & 7
                doubled = bool(key >> 12 & 1)
                if d1 and d2:
                    dice = (d1, d2)
        elif cmd == "position":
            out("error unsupported position %s" % (words[1] if len(words) > 1 else ""))
        elif cmd == "dice" and len(words) == 3:
            dice = (int(words[1]), int(words[2]))
        elif cmd == "go":
            role = words[1] if len(words) > 1 else "chequer"
            if board is None:
                out("error bad_state missing position")
                continue
            ci = gnubg.cube_info()
            if role == "cube":
                ec = gnubg.eval_context(1, max(ply - 1, 0), 1, 1, 0.0)
                eq = gnubg.evaluate(board, ci, ec)[5]
                # The module has no cube action (its hint says "not yet
                # implemented"): never double; with a double offered the
                # board is the doubler's, so taking a dead cube (-2 x its
                # cubeless equity) beats dropping (-1) when that is < 0.5.
                out("bestcube %s" % (("take" if eq < 0.5 else "drop") if doubled else "nodouble"))
                continue
            if dice is None:
                out("error bad_state missing dice")
                continue
            play = best_play(board, dice, ply)
            if role == "turn":
                out("bestturn cube=nodouble move=%s" % play)
            else:
                out("bestmove %s" % play)
        elif cmd == "quit":
            return
        else:
            out("error bad_command unknown command '%s'" % cmd)


if __name__ == "__main__":
    main()
