#!/usr/bin/env python3
"""py-draughts (PyPI `py-draughts` 1.10.1, pure Python) as a Hub engine, so
that `tabula match --game international|russian` can play it. The first
argument names the engine:

* `turbo` (the default; scripts/draughts-hub-turbo): TurboEngine, alpha-beta
  with a trained pattern evaluation, international draughts only;
* `simple` (scripts/draughts-hub-simple): SimpleEngine, alpha-beta (PVS,
  transposition table, captures-only quiescence; material and
  piece-square evaluation) on any board: py-draughts' engine for Russian
  draughts, which TurboEngine does not play.

Speaks the engine side of Hub v2 (protocol-spec/draughts.md §6): `hub` →
`id`, `param name=variant` (`international`; `simple` also offers
`russian`), `wait`, and international from then on; `set-param
name=variant value=<v>` selects the rule set and a new game (Scan's
`normal` is international; a variant the engine does not play is refused
with an `error` line); `init` → `ready`; `ping` → `pong`; `new-game`;
`pos pos=<51 or 33 characters> moves="..."` (the board is rebuilt and the
moves pushed, so repetitions are known); `level depth=|move-time=|time=
inc=`; `go think` → `info` (depth and score of the last finished
iteration, in men for the mover), `done move=<Hub move>`. Squares are
PDN's numbers on both boards (Russian: 1 = b8, 32 = g1, py-draughts'
square index plus one); a capture is written start, end, then the
captured squares. The search runs in this thread: lines sent while it
thinks are read afterwards. Time use per move with a clock: time/25 +
inc, at most time/4 (TurboEngine's soft budget; SimpleEngine searches
until then, a timer ending the unfinished iteration, plays the move of
the last finished one, and plays a lone legal move at once). Without a
limit TurboEngine searches depth 12, SimpleEngine depth 6.

Run through scripts/draughts-hub-turbo or scripts/draughts-hub-simple,
which install the venv (scripts/install-draughts-py).
"""
import math
import re
import shlex
import sys
import threading

import numpy as np
from loguru import logger

from draughts.boards.russian import Board as RussianBoard
from draughts.boards.standard import Board
from draughts.engines import SimpleEngine, TurboEngine
from draughts.engines.hub import move_to_hub_notation, parse_hub_move
from draughts.models import Color, Figure

BOARDS = {"international": Board, "russian": RussianBoard}
ENGINES = {"turbo": ("international",), "simple": ("international", "russian")}
PIECES = {
    "w": Figure.WHITE_MAN.value,
    "W": Figure.WHITE_KING.value,
    "b": Figure.BLACK_MAN.value,
    "B": Figure.BLACK_KING.value,
    "e": Figure.EMPTY.value,
}


def pairs(line):
    """`cmd a=1 b="x y" flag` → ('cmd', {'a': '1', 'b': 'x y', 'flag': ''})."""
    words = shlex.split(line)
    if not words:
        return None, {}
    args = {}
    for w in words[1:]:
        name, _, value = w.partition("=")
        args[name] = value
    return words[0], args


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def hub_board(text, variant):
    """A Hub position (side, then one character per square in number
    order) on the board of `variant`: 51 characters on 10x10, 33 on 8x8."""
    board_class = BOARDS[variant]
    n = board_class.SQUARES_COUNT
    if len(text) != n + 1:
        raise ValueError("a Hub position of %d characters: %s draughts has %d squares"
                         % (len(text), variant, n))
    side = text[0].upper()
    if side not in "WB" or any(c not in PIECES for c in text[1:]):
        raise ValueError("bad Hub position '%s'" % text)
    squares = np.array([PIECES[c] for c in text[1:]], dtype=np.int8)
    return board_class(starting_position=squares,
                       turn=Color.WHITE if side == "W" else Color.BLACK)


def clock_limit(level):
    """Seconds for this move, or None without a time limit."""
    if "move-time" in level:
        return float(level["move-time"])
    if "time" in level:
        t = float(level["time"])
        inc = float(level.get("inc", 0))
        return max(0.01, min(t / 25 + inc, t / 4))
    return None


def hub_score(score):
    """SimpleEngine's score in men (a side found without a move scores
    -(1000 - k), k growing with its distance) in Hub's form: ±(100 - k/100)."""
    if abs(score) >= 500:
        return math.copysign(100 - (1000 - abs(score)) / 100, score)
    return score


class Iterations:
    """SimpleEngine logs each iteration (`Depth d: Score s, ...`); the last
    one that was not cut short by the clock gives depth and score."""

    def __init__(self):
        self.engine = None
        self.depth = self.score = None
        logger.remove()
        logger.add(self.sink, level="DEBUG", format="{message}")

    def sink(self, message):
        m = re.match(r"Depth (\d+): Score (\S+),", str(message))
        if m and self.engine is not None and not self.engine.stop_search:
            self.depth, self.score = int(m.group(1)), float(m.group(2))


def search_simple(board, level, iterations):
    """SimpleEngine's move and its `info` line."""
    legal = board.legal_moves
    if len(legal) == 1:
        return legal[0], "info depth=0 nodes=0"
    depth = int(level["depth"]) if "depth" in level else None
    limit = clock_limit(level)
    engine = SimpleEngine(depth_limit=depth or (99 if limit else 6), time_limit=limit)
    iterations.engine, iterations.depth, iterations.score = engine, None, None
    timer = None
    if limit:
        timer = threading.Timer(limit, lambda: setattr(engine, "stop_search", True))
        timer.start()
    try:
        move = engine.get_best_move(board)
    finally:
        if timer:
            timer.cancel()
    if move not in legal:
        move = legal[0]
    info = "info nodes=%d" % engine.nodes
    if iterations.depth is not None:
        info = "info depth=%d score=%.2f nodes=%d" % (iterations.depth, hub_score(iterations.score), engine.nodes)
    return move, info


def search_turbo(board, level):
    depth = int(level["depth"]) if "depth" in level else None
    limit = clock_limit(level)
    engine = TurboEngine(depth_limit=depth or (None if limit else 12), time_limit=limit)
    move, score = engine.get_best_move(board, with_evaluation=True)
    return move, "info depth=%d score=%.2f nodes=%d" % (engine.completed_depth, score, engine.nodes)


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "turbo"
    if kind not in ENGINES:
        sys.exit("usage: draughts_hub_engine.py [turbo|simple]")
    iterations = Iterations()
    variant = "international"
    board = Board()
    level = {}
    for raw in sys.stdin:
        try:
            cmd, args = pairs(raw.strip())
        except ValueError:
            out('error message="bad line"')
            continue
        if cmd == "hub":
            variant, board = "international", Board()
            out('id name=py-draughts-%s version=1.10.1 author="py-draughts authors"' % kind)
            out('param name=variant value=international type=enum values="%s"'
                % " ".join(ENGINES[kind]))
            out("wait")
        elif cmd == "set-param":
            if args.get("name", "").lower() == "variant":
                v = "international" if args.get("value") == "normal" else args.get("value")
                if v in ENGINES[kind]:
                    variant = v
                    board = BOARDS[variant]()
                else:
                    out('error message="set-param: py-draughts-%s plays %s, not \'%s\'"'
                        % (kind, " and ".join(ENGINES[kind]), v))
        elif cmd == "init":
            out("ready")
        elif cmd == "ping":
            out("pong")
        elif cmd == "quit":
            return
        elif cmd == "new-game":
            board = BOARDS[variant]()
        elif cmd == "pos":
            try:
                b = hub_board(args["pos"], variant) if "pos" in args else BOARDS[variant]()
                for m in args.get("moves", "").split():
                    b.push(parse_hub_move(m, b.legal_moves, b))
                board = b
                level = {}
            except (ValueError, KeyError) as e:
                out('error message="%s"' % str(e).splitlines()[0].replace('"', "'"))
        elif cmd == "level":
            level.update(args)
        elif cmd == "go":
            if kind == "simple":
                move, info = search_simple(board, level, iterations)
            else:
                move, info = search_turbo(board, level)
            out(info)
            out("done move=" + move_to_hub_notation(move))
            level = {}


if __name__ == "__main__":
    main()
