#!/usr/bin/env python3
"""Where a Tak match was lost: a judge engine's view of every move.

Replays each game of a PTN record (as `tabula match --pgnout` writes it)
with tabula (`d` prints each position's TPS), asks a TEI judge (Tiltak,
say) for its win expectation of every position at a fixed node count,
and charges each move with what the mover lost by it: the judge's
expectation before the move minus one minus the opponent's after it.
Book moves (`{book}`; Racetrack's records do not mark them) and each
game's last move are not charged. Prints,
per player, the mean loss per move by ten-ply stretch and by the kind of
move played against the kind the judge preferred, and the excess of one
player's loss over the other's per game; with --tsv FILE, one line per
position (game, ply, mover, move, judge's move, expectation, TPS).

Usage: scripts/tak-move-loss.py GAMES.ptn TABULA JUDGE [NODES] [--tsv FILE]
       (NODES: 5000 unless given; komi is read from the record)
"""
import re
import subprocess
import sys
from collections import defaultdict

from engine_pipe import Engine
from tak_records import move_kind, records



def games(text):
    """(player 1, player 2, size, half komi, [(move, is_book)]) per record."""
    for tags, moves in records(text):
        size = int(tags.get("Size", "6"))
        half_komi = int(round(float(tags.get("Komi", "0")) * 2))
        yield tags["Player1"], tags["Player2"], size, half_komi, moves


class Tei(Engine):
    def __init__(self, command):
        super().__init__(command, stderr=None)
        self.send("tei")
        self.wait_until(lambda line: "teiok" in line)

    def judge(self, tps, nodes):
        """The judge's move and the mover's win expectation (0..1)."""
        self.send("position tps " + tps)
        self.send("go nodes %d" % nodes)
        wdl, score = None, None
        lines = self.wait("bestmove", eof_ok=True)
        if not lines or not lines[-1].startswith("bestmove"):
            raise SystemExit("the judge stopped")
        for line in lines:
            m = re.search(r"wdl (\d+) (\d+) (\d+)", line)
            if m:
                wdl = tuple(map(int, m.groups()))
            m = re.search(r"score cp (-?\d+)", line)
            if m:
                score = int(m.group(1))
            if line.startswith("bestmove"):
                best = line.split()[1]
        if wdl:
            return best, (wdl[0] + wdl[1] / 2) / 1000
        # No WDL: a logistic of the centipawn score.
        return best, 1 / (1 + 10 ** (-(score or 0) / 400))


def main():
    args = [a for a in sys.argv[1:] if a != "--tsv"]
    tsv = None
    if "--tsv" in sys.argv:
        tsv = sys.argv[sys.argv.index("--tsv") + 1]
        args.remove(tsv)
    if len(args) < 3:
        raise SystemExit(__doc__)
    ptn, tabula, judge = args[:3]
    nodes = int(args[3]) if len(args) > 3 else 5000
    recorded = list(games(open(ptn).read()))
    # Every position's TPS from tabula's own board.
    cmds = ["tei"]
    for p1, p2, size, half_komi, moves in recorded:
        cmds.append("setoption name HalfKomi value %d" % half_komi)
        for k in range(len(moves)):
            cmds += ["teinewgame %d" % size,
                     "position startpos moves " + " ".join(m for m, _ in moves[:k]), "d"]
    cmds.append("quit")
    out = subprocess.run([tabula], input="\n".join(cmds) + "\n",
                         capture_output=True, text=True).stdout
    tps = iter(re.findall(r"^Tps: (.*)$", out, re.M))
    tei = Tei(judge)
    rows = []  # per game: [(ply, mover, move, book, best, expectation, tps)]
    for p1, p2, size, half_komi, moves in recorded:
        tei.send("setoption name HalfKomi value %d" % half_komi)
        tei.send("teinewgame %d" % size)
        game = []
        for k, (move, book) in enumerate(moves):
            t = next(tps)
            best, e = tei.judge(t, nodes)
            game.append((k, p1 if k % 2 == 0 else p2, move, book, best, e, t))
        rows.append(game)
    tei.send("quit")
    if tsv:
        with open(tsv, "w") as f:
            for g, game in enumerate(rows, 1):
                for k, mover, move, book, best, e, t in game:
                    f.write("%d\t%d\t%s\t%s\t%s\t%.3f\t%s\n" % (g, k, mover, move, best, e, t))
    by_ply = defaultdict(lambda: [0, 0.0])
    by_kind = defaultdict(lambda: [0, 0.0])
    for game in rows:
        for a, b in zip(game, game[1:]):
            k, mover, move, book, best, e, _ = a
            if book:
                continue
            loss = e - (1 - b[5])
            for table, key in ((by_ply, (mover, min(k // 10 * 10, 100))),
                               (by_kind, (mover, move_kind(move), move_kind(best)))):
                table[key][0] += 1
                table[key][1] += loss
    players = sorted({key[0] for key in by_ply})
    print("mean loss per move by ply (excess: first player's loss minus the second's, per game)")
    for start in range(0, 101, 10):
        cells = [by_ply.get((p, start), [0, 0.0]) for p in players]
        line = "  plies %3d-%s" % (start, "" if start == 100 else "%d" % (start + 9))
        for p, (n, total) in zip(players, cells):
            line += "  %s %4d moves %.4f" % (p, n, total / n if n else 0)
        if len(cells) == 2:
            line += "  excess %.3f" % ((cells[0][1] - cells[1][1]) / len(rows))
        print(line)
    print("mean loss per move by the kind played / the kind the judge chose")
    for key in sorted(by_kind):
        n, total = by_kind[key]
        print("  %-8s %-6s/%-6s %5d moves  mean %.4f  total %.1f" % (*key, n, total / n, total))


if __name__ == "__main__":
    main()
