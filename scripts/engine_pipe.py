"""A line-based engine process (UCI, TEI, USI, UBGI, ...) for the scripts
that talk to tabula, Fairy-Stockfish, a judge engine or gnubg: send a line,
read lines until one is wanted, with a timeout when asked. Shared by the
make-openings-*.py scripts, the latency checks (latency, bearoff-latency,
clock-check), compare-fairy-stockfish, makruk-crosscheck.py,
tak-move-loss.py, ubgi_client.py and gnubg_ubgi.py."""
import os
import select
import subprocess
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TABULA = os.path.join(ROOT, "target", "release", "tabula")


class Engine:
    def __init__(self, cmd, hello=None, ok=None, shell=False, stderr=subprocess.DEVNULL):
        """Starts `cmd` (a program, an argument list, or with shell=True a
        shell command line); when `hello` is given, sends it and waits for a
        line starting with `ok`. The engine's stderr goes to `stderr`
        (discarded unless given; None: the script's own)."""
        args = cmd if shell or isinstance(cmd, list) else [cmd]
        self.name = os.path.basename(cmd if isinstance(cmd, str) else cmd[0])
        self.started = time.perf_counter()
        self.p = subprocess.Popen(args, shell=shell, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=stderr, bufsize=0)
        self.buf = b""
        if hello is not None:
            self.send(hello)
            self.wait(ok)

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def read_line(self, timeout=None):
        """The next line without its line end; None at end of output. A
        line not there within `timeout` seconds (None: no limit) raises."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            if deadline is not None:
                left = deadline - time.perf_counter()
                if left <= 0 or not select.select([fd], [], [], left)[0]:
                    raise RuntimeError(f"{self.name}: no line within {timeout} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                if not self.buf:
                    return None
                self.buf += b"\n"
                break
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.rstrip(b"\r").decode(errors="replace")

    def wait_until(self, done, timeout=None, eof_ok=False):
        """The lines read up to and including the first for which `done` is
        true, within `timeout` seconds in all (None: no limit). At end of
        output: the lines read when `eof_ok`, else an error."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        lines = []
        while True:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            line = self.read_line(left)
            if line is None:
                if eof_ok:
                    return lines
                raise RuntimeError(f"{self.name} exited")
            lines.append(line)
            if done(line):
                return lines

    def wait(self, prefix, timeout=None, eof_ok=False):
        """The lines read up to and including the first starting with `prefix`."""
        return self.wait_until(lambda line: line.startswith(prefix), timeout, eof_ok)

    def close(self, timeout=5):
        """Sends `quit` (unless the engine is gone) and waits for the exit."""
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        self.p.wait(timeout=timeout)


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
