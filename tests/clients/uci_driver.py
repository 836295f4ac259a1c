#!/usr/bin/env python3
"""A GUI-side UCI driver, written from the UCI specification (no third-party
libraries), that checks tabula the way a GUI parses it: the handshake and
its option lines, setoption, isready/readyok, position/go depth/go movetime,
go infinite + stop (exactly one bestmove), bestmove legality (against
`go perft 1`), an error line for a bad position, and quit's exit status.

Usage: tests/clients/uci_driver.py [path/to/tabula]
Prints PASS/FAIL per check and `uci_driver: N passed, M failed`; exits 1 on
any failure.
"""
import os
import queue
import re
import subprocess
import sys
import threading
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ENGINE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "tabula")

MOVE = re.compile(r"^[a-h][1-8][a-h][1-8][a-z]?$")
INT = re.compile(r"^-?\d+$")
# `info` keywords of the UCI spec and how many values each takes
# (None: the rest of the line).
INFO_KEYS = {
    "depth": 1, "seldepth": 1, "time": 1, "nodes": 1, "multipv": 1, "currmove": 1,
    "currmovenumber": 1, "hashfull": 1, "nps": 1, "tbhits": 1, "sbhits": 1,
    "cpuload": 1, "pv": None, "string": None, "refutation": None, "currline": None,
}


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.q = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            self.q.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.q.put(None)

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def read_until(self, pred, timeout):
        """Lines up to and including the first matching one."""
        lines = []
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                raise TimeoutError(f"timeout; got {lines[-3:]}")
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(f"timeout; got {lines[-3:]}")
            if line is None:
                raise EOFError(f"engine exited; got {lines[-3:]}")
            lines.append(line)
            if pred(line):
                return lines

    def quiet_for(self, seconds):
        """Lines arriving within `seconds`."""
        lines = []
        end = time.time() + seconds
        while time.time() < end:
            try:
                line = self.q.get(timeout=max(0.0, end - time.time()))
            except queue.Empty:
                break
            if line is None:
                break
            lines.append(line)
        return lines


def check_option(line):
    """Checks one `option` line against the spec grammar; returns the name."""
    t = line.split()
    assert t[0] == "option" and t[1] == "name", line
    k = t.index("type") if "type" in t else -1
    assert k > 2, f"no name/type: {line}"
    name = " ".join(t[2:k])
    typ = t[k + 1]
    fields = {}
    vars_ = []
    rest = t[k + 2:]
    i = 0
    while i < len(rest):
        key = rest[i]
        assert key in ("default", "min", "max", "var"), f"unknown field {key!r}: {line}"
        j = i + 1
        while j < len(rest) and rest[j] not in ("default", "min", "max", "var"):
            j += 1
        value = " ".join(rest[i + 1:j])
        if key == "var":
            vars_.append(value)
        else:
            fields[key] = value
        i = j
    if typ == "check":
        assert fields.get("default") in ("true", "false"), line
    elif typ == "spin":
        for f in ("default", "min", "max"):
            assert INT.match(fields.get(f, "")), f"spin {f}: {line}"
        assert int(fields["min"]) <= int(fields["default"]) <= int(fields["max"]), line
    elif typ == "combo":
        assert vars_, f"combo without var: {line}"
        assert fields.get("default") in vars_, f"combo default not a var: {line}"
    elif typ == "button":
        assert not fields and not vars_, line
    elif typ == "string":
        assert "default" in fields, line
    else:
        raise AssertionError(f"unknown type {typ!r}: {line}")
    return name


def check_info(line):
    t = line.split()
    assert t[0] == "info"
    i = 1
    while i < len(t):
        key = t[i]
        if key == "score":
            assert t[i + 1] in ("cp", "mate") and INT.match(t[i + 2]), line
            i += 3
            while i < len(t) and t[i] in ("lowerbound", "upperbound"):
                i += 1
            continue
        assert key in INFO_KEYS, f"unknown info token {key!r}: {line}"
        n = INFO_KEYS[key]
        if n is None:
            if key == "pv":
                assert all(MOVE.match(m) for m in t[i + 1:]), f"bad pv: {line}"
            break
        v = t[i + 1]
        if key == "currmove":
            assert MOVE.match(v), line
        else:
            assert INT.match(v), f"{key} not an integer: {line}"
        i += 2


def bestmove_of(lines):
    bms = [l for l in lines if l.split()[:1] == ["bestmove"]]
    assert len(bms) == 1, f"expected one bestmove, got {bms}"
    t = bms[0].split()
    assert len(t) in (2, 4), bms[0]
    if len(t) == 4:
        assert t[2] == "ponder" and MOVE.match(t[3]), bms[0]
    for l in lines:
        if l.startswith("info"):
            check_info(l)
    return t[1]


def legal_moves(e, position):
    e.send(position)
    e.send("go perft 1")
    out = e.read_until(lambda l: l.startswith("Nodes searched"), 10)
    return {l.split(":")[0] for l in out if re.match(r"^[a-h][1-8][a-h][1-8][a-z]?: \d+$", l)}


def main():
    results = []

    def check(name, fn):
        try:
            fn()
            results.append(True)
            print(f"PASS {name}", flush=True)
        except Exception as ex:  # noqa: BLE001 - report every failure
            results.append(False)
            print(f"FAIL {name}: {type(ex).__name__}: {ex}", flush=True)

    e = Engine(ENGINE)
    state = {}

    def handshake():
        e.send("uci")
        lines = e.read_until(lambda l: l.strip() == "uciok", 5)
        ids = {l.split()[1]: " ".join(l.split()[2:]) for l in lines if l.startswith("id ")}
        assert ids.get("name") and ids.get("author"), f"id lines: {ids}"
        names = []
        for l in lines[:-1]:
            head = l.split()[:1]
            assert head in (["id"], ["option"]), f"unexpected handshake line {l!r}"
            if head == ["option"]:
                names.append(check_option(l))
        low = [n.lower() for n in names]
        assert "hash" in low and "uci_variant" in low, names
        state["options"] = names
    check("handshake: id name/author, option lines per spec grammar, uciok", handshake)

    def setoption_isready():
        e.send("setoption name UCI_Variant value makruk")
        e.send("setoption name Hash value 16")
        e.send("isready")
        lines = e.read_until(lambda l: l == "readyok", 5)
        assert lines == ["readyok"], f"unexpected output {lines}"
        e.send("ucinewgame")
        e.send("isready")
        assert e.read_until(lambda l: l == "readyok", 5) == ["readyok"]
    check("setoption + ucinewgame accepted silently, isready -> readyok", setoption_isready)

    pos = "position startpos moves e3e4 e6e5"

    def go_depth():
        legal = legal_moves(e, pos)
        assert len(legal) > 10, legal
        e.send(pos)
        e.send("go depth 4")
        lines = e.read_until(lambda l: l.startswith("bestmove"), 20)
        mv = bestmove_of(lines)
        assert mv in legal, f"bestmove {mv} not in {sorted(legal)}"
        assert any(" depth 4 " in l for l in lines if l.startswith("info")), "no depth-4 info"
    check("position + go depth 4: info lines parse, one legal bestmove", go_depth)

    def go_movetime():
        legal = legal_moves(e, pos)
        e.send(pos)
        t = time.time()
        e.send("go movetime 300")
        lines = e.read_until(lambda l: l.startswith("bestmove"), 5)
        took = time.time() - t
        assert bestmove_of(lines) in legal
        assert took < 1.3, f"movetime 300 took {took:.2f}s"
    check("go movetime 300: legal bestmove in time", go_movetime)

    def go_clock():
        e.send(pos)
        e.send("go wtime 2000 btime 2000 winc 10 binc 10")
        lines = e.read_until(lambda l: l.startswith("bestmove"), 5)
        bestmove_of(lines)
    check("go wtime/btime/winc/binc: bestmove", go_clock)

    def infinite_stop():
        legal = legal_moves(e, pos)
        e.send(pos)
        e.send("go infinite")
        early = e.quiet_for(0.5)
        assert not any(l.startswith("bestmove") for l in early), "bestmove before stop"
        e.send("isready")
        e.read_until(lambda l: l == "readyok", 2)  # answered during the search
        e.send("stop")
        lines = e.read_until(lambda l: l.startswith("bestmove"), 2)
        assert bestmove_of(lines) in legal
        e.send("isready")
        after = e.read_until(lambda l: l == "readyok", 2)
        assert not any(l.startswith("bestmove") for l in after + e.quiet_for(0.3)), "second bestmove"
    check("go infinite: readyok while searching, stop -> exactly one bestmove", infinite_stop)

    def bad_position():
        e.send("position startpos moves e3e5")
        e.send("isready")
        lines = e.read_until(lambda l: l == "readyok", 2)
        errors = [l for l in lines if l.startswith("info string error")]
        assert len(errors) == 1 and len(lines) == 2, lines
    check("illegal move in position: one 'info string error' line, still ready", bad_position)

    def quit_():
        e.send("quit")
        code = e.p.wait(timeout=3)
        assert code == 0, f"exit status {code}"
    check("quit: exit status 0", quit_)

    passed = sum(results)
    failed = len(results) - passed
    print(f"uci_driver: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
