#!/usr/bin/env python3
"""make_book.py — balanced Xiangqi openings from published games, split
into a tuning set and a held-out set.

    tools/openings/make_book.py GAMES.tsv [--engine CMD] [--depth D]
        [--max-cp CP] [--jobs N] [--exclude FILE] --out-dir DIR

GAMES.tsv holds one game a line, tab-separated: an id, event, Red, Black
and the moves as coordinates (files a-i, ranks 1-10 from Red's side, as
`match --openings` reads them).  From each game the first 8 to 12 plies
are kept (the count chosen from the game's id, so a game gives one line
only), lines reaching a position already taken are dropped, and each
position is scored by a UCI engine that plays Xiangqi (Fairy-Stockfish)
to a fixed depth.  Lines it scores within CP of even are kept.

The split is by game: games with an even id go to the
held-out set (heldout.txt), the others to the tuning set (tune.txt).  A
position in both, or reached by a line of an --exclude file (the openings
the engine was tuned with) or any of its prefixes, is left out of the
held-out set.  No fit and no parameter choice may read the held-out set
or those games (their ids are listed in heldout.txt's header).

Each file lists its lines in the order of a hash of their moves, so that
its first N lines are a fair sample of it.  Fixed depth keeps the scores the same from run to run; --jobs engines
score in parallel.
"""
import argparse
import concurrent.futures
import hashlib
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import uci_engine  # noqa: E402  (tools/uci_engine.py)


class Engine(uci_engine.Engine):
    """A UCI engine set to Xiangqi."""

    def __init__(self, cmd):
        super().__init__(cmd, [("UCI_Variant", "xiangqi"), ("Threads", "1")])

    def fen(self, moves):
        self.send("position startpos moves " + " ".join(moves))
        self.send("d")
        self.send("isready")
        for line in self.wait("readyok"):
            if line.startswith("Fen: "):
                return line[5:]
        raise RuntimeError("engine printed no FEN")

    def score(self, moves, depth):
        """The score of the position after moves, from Red's side (cp)."""
        lines = self.go("position startpos moves " + " ".join(moves), "go depth %d" % depth)
        cp = uci_engine.last_score(lines, 100000)
        if cp is None:
            raise RuntimeError("no score for " + " ".join(moves))
        return cp if len(moves) % 2 == 0 else -cp


def board_key(fen):
    """The position without the move counters."""
    return " ".join(fen.split()[:2])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games")
    ap.add_argument("--engine", default=uci_engine.fairy_stockfish())
    ap.add_argument("--depth", type=int, default=20)
    ap.add_argument("--max-cp", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--out-dir", required=True)
    a = ap.parse_args()

    lines = []   # (game id, moves)
    ngames = 0
    with open(a.games, encoding="utf-8") as f:
        for n, row in enumerate(f, 1):
            ngames += 1
            cols = row.rstrip("\n").split("\t")
            if len(cols) < 5 or not cols[0].isdigit():
                sys.exit("%s:%d: expected ID EVENT RED BLACK MOVES" % (a.games, n))
            gid, moves = int(cols[0]), cols[4].split()
            plies = 8 + gid * 7 % 5
            if len(moves) >= plies + 10:
                lines.append((gid, moves[:plies]))

    excluded = set()
    engines = [Engine(a.engine) for _ in range(max(1, a.jobs))]
    for path in a.exclude:
        with open(path, encoding="utf-8") as f:
            for row in f:
                mv = row.split("#")[0].split()
                for k in range(1, len(mv) + 1):
                    excluded.add(board_key(engines[0].fen(mv[:k])))

    seen = {}
    unique = []
    for gid, mv in lines:
        key = board_key(engines[0].fen(mv))
        if key in seen:
            continue
        seen[key] = gid
        unique.append((gid, mv, key))
    print("games %d, lines %d, distinct positions %d" % (ngames, len(lines), len(unique)),
          file=sys.stderr)

    scores = [None] * len(unique)

    # One engine per worker: worker w scores items w, w + jobs, ...
    def run(w):
        return [(i, engines[w].score(unique[i][1], a.depth))
                for i in range(w, len(unique), len(engines))]
    with concurrent.futures.ThreadPoolExecutor(len(engines)) as ex:
        for part in ex.map(run, range(len(engines))):
            for i, s in part:
                scores[i] = s
    for e in engines:
        e.close()

    tune, held = [], []
    for (gid, mv, key), cp in zip(unique, scores):
        if abs(cp) > a.max_cp:
            continue
        if gid % 2 == 0:
            if key not in excluded:
                held.append((gid, mv, cp))
        else:
            tune.append((gid, mv, cp))

    def write(name, rows, what):
        ids = sorted({g for g, _, _ in rows})
        with open("%s/%s" % (a.out_dir, name), "w", encoding="utf-8") as f:
            f.write("# %s: %d Xiangqi openings, the first 8-12 plies of published master games\n"
                    % (what, len(rows)))
            f.write("# scored by Fairy-Stockfish to depth %d within %d cp of even (the score, Red's\n"
                    "# side, follows each line); written by tools/openings/make_book.py.\n"
                    % (a.depth, a.max_cp))
            if name == "heldout.txt":
                f.write("# Held out: no fit and no parameter choice may read these lines or the\n"
                        "# games they come from (ids below, from the games' file).\n")
                for k in range(0, len(ids), 16):
                    f.write("# games " + " ".join(str(g) for g in ids[k:k + 16]) + "\n")
            # In an order of their own, so that the first N lines are a fair sample.
            rows = sorted(rows, key=lambda t: hashlib.sha1(" ".join(t[1]).encode()).hexdigest())
            for gid, mv, cp in rows:
                f.write("%-60s # %+d\n" % (" ".join(mv), cp))

    write("tune.txt", tune, "Tuning set")
    write("heldout.txt", held, "Held-out set")
    print("kept: tuning %d, held out %d (of %d scored)" % (len(tune), len(held), len(unique)),
          file=sys.stderr)


if __name__ == "__main__":
    main()
