"""The GUI side of UBGI for the measurement scripts (bg-error-rate.py,
bg-cube-error.py): start an engine, ask for a play or a cube action."""
import subprocess


class Engine:
    def __init__(self, command, ply=0):
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
        """The first line starting with `word`; an `error` line raises."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(word):
                return line.strip()
            if line.startswith("error"):
                raise RuntimeError(line.strip())

    def play(self, pid, dice):
        """The engine's play for `pid` (a Position ID) and the dice."""
        self.send("position gnubgid %s" % pid)
        self.send("dice %d %d" % dice)
        self.send("go chequer")
        return self.wait("bestmove")[len("bestmove"):].strip()

    def cube(self, gnubgid):
        """The engine's cube action (`double`, `nodouble`, `take`, `drop`)
        for `PositionID:MatchID`."""
        self.send("position gnubgid %s" % gnubgid)
        self.send("go cube")
        return self.wait("bestcube").split()[1]

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)
