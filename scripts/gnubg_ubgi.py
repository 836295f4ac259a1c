#!/usr/bin/env python3
"""GNU Backgammon as a UBGI v0.2 engine (protocol-spec/backgammon.md §3), so
that `tabula match --game backgammon` can play against it. Uses the PyPI
`gnubg` module (scripts/install-gnubg-py); run through scripts/gnubg-ubgi.

Supported: ubgi, isready, newgame, set/setoption engine.ply (1 = gnubg
0-ply, 2 = 1-ply, 3 = 2-ply; default 1; v0.1's names Ply and Variant
too), position gnubgid
<PositionID>[:<MatchID>], dice, go chequer|cube|turn (also v0.1's
`go role chequer|cube|turn`), quit. Plays are written one from/to per die
in the order played, `*` on hits, as UBGI's move text asks. The module
has no cube analysis, so cube decisions come from the `gnubg` program
(Debian, scripts/install-clients), kept running beside the wrapper: its
cube analysis (`hint`) at the same depth, on the Match ID the runner sends
(cube, owner, Jacoby, match score), gives double/no double and take/drop.
Without the program the stand-in is: never double; take when the doubler's
cubeless equity is below 0.5 (a dead cube).
"""
import os
import re
import subprocess
import sys

import gnubg

import bgplays
from engine_pipe import Engine


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
    return bgplays.play_text(ranked[0], board)


MATCH_ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def match_key(mid):
    """A Match ID's 72 bits as an integer (bit 0 = the first bit)."""
    bits = 0
    for c in mid:
        bits = bits << 6 | MATCH_ID_ALPHABET.index(c)
    return int.from_bytes(bits.to_bytes(9, "big"), "little")


def match_id(key):
    bits = int.from_bytes(key.to_bytes(9, "little"), "big")
    return "".join(MATCH_ID_ALPHABET[bits >> (6 * k) & 63] for k in range(11, -1, -1))


class CubeAnalyst:
    """The `gnubg` program in tty mode, asked for `hint` on a position
    before the roll: cubeful equities for no double, double/take and
    double/pass, from the view of the player on roll."""

    PROGRAM = "/usr/games/gnubg"

    def __init__(self):
        self.proc = None
        self.plies = None

    def available(self):
        return os.access(self.PROGRAM, os.X_OK)

    def _ask(self, lines):
        if self.proc is None:
            self.proc = Engine([self.PROGRAM, "-t", "-q"], stderr=subprocess.STDOUT)
        # An unknown word ends the answer: gnubg says so on its output.
        for line in lines + ["zz-end-of-answer"]:
            self.proc.send(line)
        got = self.proc.wait_until(lambda line: "zz-end-of-answer" in line, eof_ok=True)
        if got and "zz-end-of-answer" in got[-1]:
            got.pop()
        return "".join(line + "\n" for line in got)

    def equities(self, pid, key, plies):
        """(no double, double/take, double/pass) or None. `key`: the Match
        ID bits; a pending double is taken back so that the doubler is on
        roll and turn, as `hint` before a double wants it."""
        if self.plies != plies:
            self._ask(["set evaluation cubedecision evaluation plies %d" % plies])
            self.plies = plies
        on_roll = key >> 6 & 1
        key &= ~((1 << 12) | (1 << 11) | (0x3F << 15))
        key |= on_roll << 11
        text = self._ask(["set gnubgid %s:%s" % (pid, match_id(key)), "hint"])
        found = [re.search(label + r"\s+([+-]\d+\.\d+)", text)
                 for label in ("No (?:re)?double", "(?:Re)?[Dd]ouble, take", "(?:Re)?[Dd]ouble, pass")]
        if not all(found):
            print("gnubg-ubgi: no cube analysis for %s:%s" % (pid, match_id(key)), file=sys.stderr)
            return None
        return tuple(float(m.group(1)) for m in found)


def cube_answer(analyst, board, pid, key, doubled, ply):
    """`bestcube` for the position (the doubler's board when `doubled`)."""
    eq = analyst.equities(pid, key, ply - 1) if key is not None and analyst.available() else None
    if eq is None:
        ci = gnubg.cube_info()
        cubeless = gnubg.evaluate(board, ci, gnubg.eval_context(1, max(ply - 1, 0), 1, 1, 0.0))[5]
        return ("take" if cubeless < 0.5 else "drop") if doubled else "nodouble"
    no_double, take, drop = eq
    if doubled:
        # The taker keeps the doubler's equity lowest.
        return "take" if take <= drop else "drop"
    # Ties go to doubling, as gnubg proposes (with Jacoby, an undoubled
    # gammon counts one: double/pass equals no double).
    return "double" if min(take, drop) >= no_double else "nodouble"


V01_NAMES = {"variant": "game.variant", "ply": "engine.ply"}


def main():
    analyst = CubeAnalyst()
    key = None
    pid = None
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
            # v0.1 option names, as tabula maps them (backgammon.md §3.5).
            if vals:
                vals[0] = V01_NAMES.get(vals[0].lower(), vals[0])
            if vals == ["game.variant", "backgammon"]:
                pass  # the only rule set gnubg plays here
            elif len(vals) == 2 and vals[0] == "game.variant":
                out("error bad_value game.variant must_be backgammon")
            elif len(vals) == 2 and vals[0] == "engine.ply" and vals[1] in ("1", "2", "3"):
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
            dice, doubled, key = None, False, None
            if mid:
                # Dice (bits 15-20) and the double-offered bit (12) of the
                # Match ID.
                try:
                    key = match_key(mid)
                except ValueError:
                    out("error bad_value bad Match ID")
                    continue
                d1, d2 = key >> 15 & 7, key >> 18 & 7
                doubled = bool(key >> 12 & 1)
                if d1 and d2:
                    dice = (d1, d2)
        elif cmd == "position":
            out("error unsupported position %s" % (words[1] if len(words) > 1 else ""))
        elif cmd == "dice" and len(words) == 3:
            dice = (int(words[1]), int(words[2]))
        elif cmd == "go":
            # v0.1 spells it `go role chequer`.
            args = words[2:] if words[1:2] == ["role"] else words[1:]
            role = args[0] if args else ("" if words[1:2] == ["role"] else "chequer")
            if role not in ("chequer", "cube", "turn"):
                out("error bad_command unknown go role '%s'" % role)
                continue
            if board is None:
                out("error bad_state missing position")
                continue
            if role == "cube":
                out("bestcube %s" % cube_answer(analyst, board, pid, key, doubled, ply))
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
