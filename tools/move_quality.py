#!/usr/bin/env python3
"""move_quality.py — how much an engine's chosen moves lose, in a stronger
engine's judgement: a screen for engine changes that costs minutes, not the
hours a match at 1 s a move takes.

    tools/move_quality.py play --engine "CMD" --fens FILE --out RESULT.tsv
                          [--go "go nodes 800000"] [--variant xiangqi]
                          [--oracle "CMD"] [--oracle-nodes 1000000]
                          [--cache FILE] [--jobs 2] [--option NAME=VALUE]...
    tools/move_quality.py compare BASE.tsv CANDIDATE.tsv...

play: for each position of FILE (a FEN a line; anything after a tab or a
';' is ignored), the engine under test (UCI) chooses a move with the given
`go` command after `ucinewgame` (each --option set once it has
started, so one build can be screened with other settings); the oracle
(default Fairy-Stockfish, one thread, `go nodes N` after `ucinewgame`, so
each answer is the same every time) scores the position and the position
after that move.  The loss is
the oracle's score of the position minus its score after the move, both
from the mover's view, in its centi-pawns; mates count as ±3000.  The
oracle's answers are kept in the cache (one JSON object a line), so a
second engine that picks the same moves costs only its own thinking.
RESULT has one line a position: FEN, move, the engine's own score, the
oracle's score before and after, the loss.  With `go nodes` the engine's
moves do not depend on the machine's load.

compare: the mean loss (each capped at ±300) of each candidate and of
BASE over the positions both scored, how many moves differ, and the mean
difference with its standard error — pairing the same positions makes
the difference far less noisy than either mean.

The loss is the oracle's opinion, not a game's result: use it to choose
which changes deserve a match, and let the match decide.
"""
import argparse
import json
import os
import queue
import statistics
import sys
import threading

import uci_engine
from uci_engine import EngineError

MATE = 3000
CAP = 300


def search(engine, fen, moves, go):
    """The engine's move and last score (mover's view) from a fresh game."""
    engine.send("ucinewgame")
    engine.send("isready")
    engine.wait("readyok")
    lines = engine.go("position fen %s%s" % (fen, " moves " + moves if moves else ""), go)
    return uci_engine.best_move(lines), uci_engine.last_score(lines, MATE)


def read_fens(path):
    fens = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            fen = line.split("\t")[0].split(";")[0].strip()
            if fen and not fen.startswith("#"):
                fens.append(fen)
    return fens


def option(text):
    name, eq, value = text.partition("=")
    if not eq or not name:
        raise argparse.ArgumentTypeError("expected NAME=VALUE, not '%s'" % text)
    return (name, value)


def play(o):
    fens = read_fens(o.fens)
    if not fens:
        sys.exit("%s: no position" % o.fens)
    cache = {}
    if os.path.exists(o.cache):
        with open(o.cache, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                try:
                    d = json.loads(line)
                    cache[d["k"]] = d["s"]
                except (ValueError, KeyError, TypeError):
                    sys.exit("%s:%d: not a cache line" % (o.cache, n))
    lock = threading.Lock()
    todo = queue.Queue()
    for i, fen in enumerate(fens):
        todo.put((i, fen))
    results, errors = {}, []
    cache_out = open(o.cache, "a", encoding="utf-8")
    oracle_go = "go nodes %d" % o.oracle_nodes

    def oracle_score(oracle, fen, moves):
        key = "%s|%s|%d|%s|%s" % (o.oracle, o.variant, o.oracle_nodes, fen, moves)
        with lock:
            if key in cache:
                return cache[key]
        _, s = search(oracle, fen, moves, oracle_go)
        if s is None:
            raise EngineError("%s: no score for '%s'%s" % (o.oracle, fen,
                                                          " after " + moves if moves else ""))
        with lock:
            cache[key] = s
            cache_out.write(json.dumps({"k": key, "s": s}) + "\n")
            cache_out.flush()
        return s

    def worker():
        engines = []
        try:
            engine = uci_engine.Engine(o.engine, [("UCI_Variant", o.variant), ("Hash", "64")] + o.option)
            engines.append(engine)
            oracle = uci_engine.Engine(o.oracle, [("UCI_Variant", o.variant), ("Hash", "64"), ("Threads", "1")])
            engines.append(oracle)
            while not errors:
                try:
                    i, fen = todo.get_nowait()
                except queue.Empty:
                    break
                move, own = search(engine, fen, "", o.go)
                if not move or move == "(none)":
                    raise EngineError("%s: no move for '%s'" % (o.engine, fen))
                before = oracle_score(oracle, fen, "")
                after = -oracle_score(oracle, fen, move)
                with lock:
                    results[i] = (fen, move, own, before, after)
        except EngineError as e:
            with lock:
                errors.append(str(e))
        finally:
            for e in engines:
                e.close()

    threads = [threading.Thread(target=worker) for _ in range(o.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    cache_out.close()
    if errors:
        sys.exit(errors[0])
    with open(o.out, "w", encoding="utf-8") as w:
        for i in sorted(results):
            fen, move, own, before, after = results[i]
            w.write("%s\t%s\t%s\t%d\t%d\t%d\n" % (fen, move, own, before, after, before - after))
    losses = [capped(r[3] - r[4]) for r in results.values()]
    print("positions %d  mean loss %.1f (each capped at ±%d)" %
          (len(losses), statistics.mean(losses), CAP))


def capped(x):
    return max(-CAP, min(CAP, x))


def read_result(path):
    rows = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            t = line.rstrip("\n").split("\t")
            try:
                rows[t[0]] = (t[1], capped(int(t[5])))
            except (IndexError, ValueError):
                sys.exit("%s:%d: not a result line" % (path, n))
    return rows


def compare(o):
    base = read_result(o.base)
    for path in o.candidates:
        cand = read_result(path)
        both = [k for k in cand if k in base]
        if not both:
            print("%s: no position in common with %s" % (path, o.base))
            continue
        diff = [cand[k][1] - base[k][1] for k in both]
        differ = sum(1 for k in both if cand[k][0] != base[k][0])
        se = statistics.pstdev(diff) / len(diff) ** 0.5
        print("%s: positions %d, moves differ %d, mean loss %.1f against %.1f, "
              "difference %+.1f ± %.1f" %
              (path, len(both), differ, statistics.mean(cand[k][1] for k in both),
               statistics.mean(base[k][1] for k in both), statistics.mean(diff), se))


def main():
    a = argparse.ArgumentParser(description="move quality against an oracle engine")
    sub = a.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--engine", required=True)
    p.add_argument("--fens", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--go", default="go nodes 800000")
    p.add_argument("--variant", default="xiangqi")
    p.add_argument("--oracle", default=uci_engine.fairy_stockfish())
    p.add_argument("--oracle-nodes", type=int, default=1000000)
    p.add_argument("--cache", default="move_quality.cache")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--option", action="append", default=[], type=option, metavar="NAME=VALUE",
                   help="an option for the engine (after UCI_Variant and Hash), repeatable")
    c = sub.add_parser("compare")
    c.add_argument("base")
    c.add_argument("candidates", nargs="+")
    o = a.parse_args()
    if o.cmd == "play":
        if o.jobs < 1 or o.oracle_nodes < 1:
            sys.exit("--jobs and --oracle-nodes must be at least 1")
        try:
            play(o)
        except OSError as e:
            sys.exit(str(e))
    else:
        try:
            compare(o)
        except OSError as e:
            sys.exit(str(e))


if __name__ == "__main__":
    main()
