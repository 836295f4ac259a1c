"""The GUI side of UBGI for the measurement scripts (bg-error-rate.py,
bg-cube-error.py): start an engine, ask for a play or a cube action."""
import engine_pipe


class Engine(engine_pipe.Engine):
    def __init__(self, command, ply=0):
        super().__init__(command, shell=True, stderr=None)
        self.send("ubgi")
        self.wait("ubgiok")
        if ply:
            self.send("set engine.ply %d" % ply)
        self.send("isready")
        self.wait("readyok")

    def wait(self, word):
        """The first line starting with `word`; an `error` line raises."""
        line = self.wait_until(lambda l: l.startswith(word) or l.startswith("error"))[-1]
        if not line.startswith(word):
            raise RuntimeError(line.strip())
        return line.strip()

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
        super().close(timeout=10)
