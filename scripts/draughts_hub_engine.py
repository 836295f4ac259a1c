#!/usr/bin/env python3
"""py-draughts' TurboEngine (PyPI `py-draughts` 1.10.1, pure Python
alpha-beta for international draughts with a trained pattern evaluation)
as a Hub engine, so that `tabula match --game international` can play it.

Speaks the engine side of Hub v2 (protocol-spec/draughts.md §6): `hub` →
`id`, `param`, `wait`; `init` → `ready`; `ping` → `pong`; `new-game`;
`pos pos=<51 characters> moves="..."` (the board is rebuilt and the moves
pushed, so repetitions are known); `level depth=|move-time=|time= inc=`;
`go think` → `done move=<Hub move>`. The search runs in this thread:
lines sent while it thinks are read afterwards. Time use per move with a
clock: time/25 + inc, at most time/4 (TurboEngine's soft budget).

Run through scripts/draughts-hub-turbo, which installs the venv
(scripts/install-draughts-py).
"""
import shlex
import sys

from draughts.boards.standard import Board
from draughts.engines import TurboEngine
from draughts.engines.hub import hub_position_to_board, move_to_hub_notation, parse_hub_move


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


def main():
    board = Board()
    level = {}
    for raw in sys.stdin:
        try:
            cmd, args = pairs(raw.strip())
        except ValueError:
            out('error message="bad line"')
            continue
        if cmd == "hub":
            out('id name=py-draughts-turbo version=1.10.1 author="py-draughts authors"')
            out("wait")
        elif cmd == "init":
            out("ready")
        elif cmd == "ping":
            out("pong")
        elif cmd == "quit":
            return
        elif cmd == "new-game":
            board = Board()
        elif cmd == "pos":
            try:
                b = hub_position_to_board(args["pos"], Board) if "pos" in args else Board()
                for m in args.get("moves", "").split():
                    b.push(parse_hub_move(m, b.legal_moves, b))
                board = b
                level = {}
            except (ValueError, KeyError) as e:
                out('error message="%s"' % str(e).splitlines()[0].replace('"', "'"))
        elif cmd == "level":
            level.update(args)
        elif cmd == "go":
            depth = int(level["depth"]) if "depth" in level else None
            limit = None
            if "move-time" in level:
                limit = float(level["move-time"])
            elif "time" in level:
                t = float(level["time"])
                inc = float(level.get("inc", 0))
                limit = max(0.01, min(t / 25 + inc, t / 4))
            engine = TurboEngine(depth_limit=depth or (None if limit else 12), time_limit=limit)
            move, score = engine.get_best_move(board, with_evaluation=True)
            out("info depth=%d score=%.2f nodes=%d" % (engine.completed_depth, score, engine.nodes))
            out("done move=" + move_to_hub_notation(move))
            level = {}


if __name__ == "__main__":
    main()
