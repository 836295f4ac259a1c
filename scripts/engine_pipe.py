"""A line-based engine process (UCI, TEI, ...) for the scripts that talk to
tabula or Fairy-Stockfish: send a line, read until a line with a prefix.
Shared by the make-openings-*.py scripts."""
import os
import subprocess

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TABULA = os.path.join(ROOT, "target", "release", "tabula")


class Engine:
    def __init__(self, cmd, hello, ok):
        """Starts `cmd`, sends `hello` and waits for the line `ok`."""
        self.name = os.path.basename(cmd)
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send(hello)
        self.wait(ok)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        """The lines read up to and including the first starting with `prefix`."""
        lines = []
        for line in self.p.stdout:
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines
        raise RuntimeError(f"{self.name} exited")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=5)


def startpos(moves):
    """`position startpos [moves ...]` (UCI, USI and TEI alike)."""
    return "position startpos" + (" moves " + " ".join(moves) if moves else "")


def perft_moves(engine, moves):
    """The legal moves after `moves` from the start, from tabula's `go
    perft 1` lines (`<move>: 1`; a move may itself hold colons, as Russian
    captures `d4:b6` do)."""
    engine.send(startpos(moves))
    engine.send("go perft 1")
    out = engine.wait("Nodes searched")
    return [l.rsplit(":", 1)[0] for l in out if ":" in l and not l.startswith("Nodes")]


def random_lines(rng, count, plies, legal_moves, key_of, score_of, max_cp, starts=None):
    """Random opening lines: each a random walk of rng.randint(*plies) plies
    from the start, or from a line drawn from `starts` (lists of moves)
    when given (moves drawn from legal_moves(moves)), kept when the side
    to move at its end has a legal move, its position (key_of(moves)) is
    new and score_of(moves) is within +-max_cp (score_of None: every line
    is kept, scored 0). Returns ([(moves, score)], lines tried)."""
    seen = set()
    kept = []
    tried = 0
    while len(kept) < count:
        tried += 1
        moves = list(rng.choice(starts)) if starts else []
        n = len(moves) + rng.randint(*plies)
        for _ in range(n - len(moves)):
            legal = legal_moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        # The line must leave a game to play: no mate or stalemate at its end.
        if len(moves) != n or not legal_moves(moves):
            continue
        key = key_of(moves)
        if key in seen:
            continue
        score = score_of(moves) if score_of else 0
        if score is None or abs(score) > max_cp:
            continue
        seen.add(key)
        kept.append((moves, score))
    return kept, tried


def last_score(lines):
    """The score of the last `info ... score cp|mate` line of a search, in
    centipawns (a mate either way counts as 100000); None without one."""
    score = None
    for line in lines:
        t = line.split()
        if "score" in t:
            k = t.index("score")
            if t[k + 1] == "cp":
                score = int(t[k + 2])
            elif t[k + 1] == "mate":
                score = 100000
    return score


def print_unscored(game, script, plies, count, seed, kept, args=None, origin="the start", flag="--random"):
    """Prints random_lines' unscored lines (score_of None) as an openings
    file of self-play starts for the tuner; game names the game in the
    header, script the generator (as run with `flag` count seed, or `flag`
    args when given), origin where the random plies start."""
    shortest, longest = plies
    args = args or f"{count} {seed}"
    print(f"# Random {shortest}-{longest} ply {game} lines from {origin} (seed {seed}), distinct")
    print("# positions, not scored: self-play starts for tuning the evaluation.")
    print(f"# Made by scripts/{script} {flag} {args}; see README.md.")
    for moves, _ in kept:
        print(f"moves {' '.join(moves)}")
