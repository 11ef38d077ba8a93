"""uci_engine.py — a UCI engine spoken to line by line, for the Python
tools that ask one for moves and scores (move_quality.py,
openings/make_book.py).

    e = uci_engine.Engine("fairy-stockfish", [("UCI_Variant", "xiangqi")])
    lines = e.go("position fen ...", "go nodes 100000")
    uci_engine.best_move(lines), uci_engine.last_score(lines, mate=3000)

An engine that will not start, or quits, raises EngineError naming its
command and what was awaited.
"""
import shutil
import subprocess


class EngineError(RuntimeError):
    pass


class Engine:
    """One UCI engine process, its options set and ready."""

    def __init__(self, cmd, options=()):
        self.cmd = cmd
        try:
            self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                      text=True, bufsize=1)
        except OSError as e:
            raise EngineError("%s: %s" % (cmd, e))
        self.send("uci")
        self.wait("uciok")
        for name, value in options:
            self.send("setoption name %s value %s" % (name, value))
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError("%s: the engine has quit" % self.cmd)

    def wait(self, token):
        """The lines up to and including the first that starts with token."""
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EngineError("%s: the engine has quit (waiting for '%s')" % (self.cmd, token))
            lines.append(line.rstrip("\n"))
            if line.startswith(token):
                return lines

    def go(self, position, go):
        """Sends a position command and a go command; the lines up to bestmove."""
        self.send(position)
        self.send(go)
        return self.wait("bestmove")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except (EngineError, subprocess.TimeoutExpired):
            self.p.kill()


def last_score(lines, mate):
    """The last score of the info lines, side to move's view, centi-pawns;
    a mate counts as ±mate.  None when there is none."""
    score = None
    for line in lines:
        t = line.split()
        if t and t[0] == "info" and "score" in t:
            i = t.index("score")
            if i + 2 < len(t) and t[i + 1] == "cp":
                score = int(t[i + 2])
            elif i + 2 < len(t) and t[i + 1] == "mate":
                score = mate if int(t[i + 2]) > 0 else -mate
    return score


def best_move(lines):
    """The move of the bestmove line, or None."""
    t = lines[-1].split() if lines else []
    return t[1] if len(t) > 1 and t[0] == "bestmove" else None


def fairy_stockfish():
    """Fairy-Stockfish's command: on PATH, or where Debian installs it
    (/usr/games, often off PATH)."""
    return (shutil.which("fairy-stockfish") or shutil.which("fairy-stockfish", path="/usr/games")
            or "fairy-stockfish")
