#!/usr/bin/env python3
"""
fuzz_cli.py — a seeded, time-bounded fuzzer for bad input to `qipan`.

Not part of ctest (it takes minutes).  Run it against the ASan+UBSan build:

    cmake -S . -B build-fuzz-asan -DQP_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
    cmake --build build-fuzz-asan -j2
    python3 tests/fuzz/fuzz_cli.py --qipan build-fuzz-asan/qipan --seed 1 --seconds 150

Options: --seed N (default 1) makes a run reproducible (the cases drawn
depend only on the seed; how many run depends on --seconds); --only AREA
runs one area (fen, console, uci, lua, save, args, game); -v prints every
case.

It feeds mutated FENs of every ruleset to moves/status/perft/divide/analyze,
garbage and odd commands to `console`, random command sequences to `uci`,
broken Lua configurations, broken save files to `console load`, and bad
arguments to render/perft, and Lua game files (a copy of scripts/ named by
QIPAN_SCRIPTS) whose hooks raise, loop or misuse the board.  A case FAILS
when qipan
  - dies from a signal, or prints a sanitizer report ("runtime error:",
    "AddressSanitizer", "LeakSanitizer"), or "unprotected Lua error";
  - runs past its time limit (a hang);
  - exits non-zero with an empty stderr (an unhelpful error);
  - for Lua configs: fails without "FILE:LINE:" or "FILE:" in its message;
  - for uci: prints a bestmove that is not a legal move of the position
    (checked with `qipan moves`).
Each failure is printed with a shell line that reproduces it, and the exit
status is the number of failing cases (capped at 100).
"""

import argparse
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

SAN = re.compile(rb"runtime error:|AddressSanitizer|LeakSanitizer|unprotected Lua error|stack smashing")

START = {
    "zhonggong": "rnbacabnr/4c4/p1p1p1p1p/4k4/9/4K4/P1P1P1P1P/4C4/RNBACABNR w - - 0 1",
    "xiangqi": "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "baghchal": "t3t/5/5/5/t3t w 0 0",
    "gomoku": "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 w 0",
    "morris3": "3/3/3 w 0",
    "pegsolitaire": "2PPP2/2PPP2/PPPPPPP/PPP1PPP/PPPPPPP/2PPP2/2PPP2 w 0",
    "reversi": "8/8/8/3Xo3/3oX3/8/8/8 w 0",
    "tictactoe": "3/3/3 w 0",
    "nim": "",
}
MORE_FENS = [
    ("zhonggong", "9/8p/9/3k5/9/4K4/9/9/R7R w - - 0 1"),
    ("zhonggong", "2P6/9/9/4k4/p8/4K4/9/9/9 w"),
    ("xiangqi", "4k4/9/9/9/9/9/9/9/9/4K4 b - - 10 20"),
    ("tictactoe", "XXX/3/3 b 3"),
    ("reversi", "8/8/8/8/8/8/8/8 w 0"),
]
PIECE_CHARS = "KkAaBbNnRrCcPpEeHhXxOoTtGg"
ODD = ["", " ", "  ", "\t", "/", "//", "-", "0", "-1", "99999999999999999999", "2147483648",
       "-2147483649", "9" * 400, "w", "b", "x", "\u4e2d", "\u5bab", "\U0001f600", "\x7f", "%s%n",
       "'", "\"", "\\", "nan", "1e9", "0x10", "+5", "  w  "]


class Fuzz:
    def __init__(self, qipan, seed, verbose):
        self.q = os.path.abspath(qipan)
        self.rnd = random.Random(seed)
        self.verbose = verbose
        self.fails = []
        self.cases = 0
        self.tmp = tempfile.mkdtemp(prefix="qpfuzz")
        self.env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
                        UBSAN_OPTIONS="print_stacktrace=1")
        self.env.pop("DISPLAY", None)
        self.legal_cache = {}
        self.scripts_env = None
        rulesets = self.run(["list"], timeout=30)[1].decode().split("\n")
        self.rulesets = [l.split("\t")[0] for l in rulesets if l.strip()]

    # ---- running --------------------------------------------------------

    def run(self, args, stdin=b"", timeout=20, env=None):
        try:
            p = subprocess.run([self.q] + args, input=stdin, capture_output=True, timeout=timeout,
                               env=env or self.env, cwd=self.tmp)
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            return None, e.stdout or b"", e.stderr or b""

    def repro(self, args, stdin):
        line = "qipan " + " ".join(shlex.quote(a) for a in args)
        if self.scripts_env:
            line = "QIPAN_SCRIPTS=%s %s" % (self.scripts_env, line)
        if stdin:
            return "printf %s | %s" % (shlex.quote(stdin.decode("latin-1")), line)
        return line

    def fail(self, why, args, stdin, err):
        self.fails.append(why)
        # keep the input files of the case: they are reused by later cases
        for i, a in enumerate(args):
            if a.startswith(self.tmp) and os.path.isfile(a):
                keep = os.path.join(self.tmp, "fail%d-%s" % (len(self.fails), os.path.basename(a)))
                shutil.copyfile(a, keep)
                args = args[:i] + [keep] + args[i + 1:]
        tail = err.decode("utf-8", "replace").strip().splitlines()[-6:]
        print("FAIL [%s] %s\n  %s" % (why, self.repro(args, stdin), "\n  ".join(tail)), flush=True)

    def case(self, args, stdin=b"", timeout=20, want_position=None, env=None):
        """Runs one case and checks the generic rules; returns (rc, out, err)."""
        self.cases += 1
        args = [a.replace("\x00", "") for a in args]   # argv cannot hold NUL
        if self.verbose:
            print("case", self.repro(args, stdin), flush=True)
        rc, out, err = self.run(args, stdin, timeout, env)
        if rc is None:
            self.fail("hang > %ds" % timeout, args, stdin, err)
        elif rc < 0:
            self.fail("signal %d" % -rc, args, stdin, err)
        elif SAN.search(err) or SAN.search(out):
            self.fail("sanitizer", args, stdin, err + out)
        elif rc != 0 and not err.strip():
            self.fail("exit %d, empty stderr" % rc, args, stdin, out)
        elif want_position and rc != 0 and not re.search(rb"qipan: " + re.escape(want_position.encode()) +
                                                         rb"(:\d+)?[: ]", err):
            self.fail("Lua error without file:line", args, stdin, err)
        return rc, out, err

    def legal(self, ruleset, fen, moves):
        key = (ruleset, fen, tuple(moves))
        if key not in self.legal_cache:
            # play the moves in a console and ask for the FEN, then list moves
            args = ["moves", ruleset] + (["--fen", fen] if fen else [])
            if moves:
                script = "".join(m + "\n" for m in moves) + "fen\n"
                cargs = ["console", ruleset, "--ai", "none", "--ascii"] + (["--fen", fen] if fen else [])
                rc, out, _ = self.run(cargs, script.encode())
                fens = re.findall(rb"> fen\n(.*)\n", out)
                if not fens:
                    self.legal_cache[key] = None
                    return None
                args = ["moves", ruleset, "--fen", fens[-1].decode()]
            rc, out, _ = self.run(args)
            self.legal_cache[key] = set(out.decode().split()) if rc == 0 else None
        return self.legal_cache[key]

    # ---- generators -----------------------------------------------------

    def mutate(self, s):
        r = self.rnd
        s = list(s)
        for _ in range(r.randint(1, 4)):
            op = r.randrange(9)
            pos = r.randint(0, len(s))
            if op == 0 and s:
                del s[r.randrange(len(s)):]               # truncate
            elif op == 1:
                s.insert(pos, chr(r.randint(1, 255)))       # random byte
            elif op == 2:
                s[pos:pos] = list(r.choice(ODD))
            elif op == 3 and s:
                s[r.randrange(len(s))] = r.choice(PIECE_CHARS + "0123456789/ -wb")
            elif op == 4:
                s[pos:pos] = list(str(r.choice([0, 1, 9, 10, 15, 16, 99, 255, 256, 65536, 2**31, 2**63, 10**30])))
            elif op == 5 and s:
                a = r.randrange(len(s))
                s[a:a] = s[a:a + r.randint(1, 40)] * r.randint(1, 50)   # repeat a chunk
            elif op == 6 and s:
                del s[r.randrange(len(s))]
            elif op == 7:
                s[pos:pos] = list(" " * r.randint(1, 5))
            elif op == 8:
                s = list("".join(s).replace("/", r.choice(["", "//", "/ /", "/9/"]), 1))
        return "".join(s)[:20000]

    def fen_for(self, ruleset):
        base = self.rnd.choice([START.get(ruleset, "")] +
                               [f for (rr, f) in MORE_FENS if rr == ruleset])
        k = self.rnd.random()
        if k < 0.05:
            return self.rnd.choice(ODD)
        if k < 0.08:
            return base * self.rnd.randint(2, 300)
        return self.mutate(base)

    def area_fen(self):
        r = self.rnd
        ruleset = r.choice(self.rulesets)
        fen = self.fen_for(ruleset)
        cmd = r.choice(["moves", "status", "perft", "divide", "analyze"])
        args = [cmd, ruleset]
        if cmd in ("perft", "divide"):
            args.append(r.choice(["1", "2"]))
        args += ["--fen", fen]
        if cmd == "analyze":
            args += ["--depth", "2"]
        rc, out, err = self.case(args, timeout=30)
        if cmd == "analyze" and rc == 0:
            best = re.findall(rb"^bestmove (\S+)", out, re.M)
            lg = self.legal(ruleset, fen, [])
            if not best or (lg is not None and best[-1].decode() != "(none)" and best[-1].decode() not in lg):
                self.fail("analyze bestmove %r not legal" % (best[-1:] or None), args, b"", out)

    def garbage_line(self, ruleset):
        r = self.rnd
        k = r.randrange(8)
        if k == 0:
            return bytes(r.randint(0, 255) for _ in range(r.randint(1, 60))).replace(b"\n", b"")
        if k == 1:
            return b"x" * r.randint(1000, 200000)
        if k == 2:
            sq = lambda: "%s%d" % (chr(97 + r.randrange(16)), r.randint(0, 20))
            return (sq() + sq() + r.choice(["", "x" + sq(), sq(), "+", "="])).encode()
        if k == 3:
            return r.choice([b"level abc", b"level", b"level 0", b"level 11", b"level -1",
                             b"level 99999999999999999999", b"level easy", b"ai", b"ai x",
                             b"ai red black", b"ai both", b"undo", b"redo", b"new", b"fen",
                             b"moves", b"history", b"board", b"flip", b"rules", b"help",
                             b"resign", b"undo undo", b"quit now", b"fen garbage"])
        if k == 4:
            return r.choice([b"save", b"load", b"save /nonexistent/dir/x.qp", b"load /nonexistent",
                             b"load /dev/null", b"load /etc/passwd", b"load " + self.q.encode(),
                             b"load .", b"load /", b"save .", b"save /", b"save " + b"y" * 5000,
                             b"load " + b"y" * 5000, b"save s.qp", b"load s.qp"])
        if k == 5:
            return b"go" if r.random() < 0.3 else b"moves"
        if k == 6:
            return "\u4e2d\u5bab e3e4 \U0001f600".encode()
        return r.choice(ODD).encode("utf-8", "replace")

    def area_console(self):
        r = self.rnd
        ruleset = r.choice([x for x in self.rulesets if x != "gomoku"] + ["zhonggong"] * 3)
        lines = [self.garbage_line(ruleset) for _ in range(r.randint(1, 12))]
        stdin = b"\n".join(lines)
        if r.random() < 0.7:
            stdin += b"\n"   # else EOF in the middle of a line
        args = ["console", ruleset, "--ai", "none", "--level", "1", "--ascii"]
        self.case(args, stdin, timeout=60)

    def area_uci(self):
        r = self.rnd
        seq = []
        variant = r.choice(self.rulesets)
        if r.random() < 0.5:
            seq.append("setoption name UCI_Variant value " + variant)
        else:
            variant = "zhonggong"
        fen, moves = "", []
        for _ in range(r.randint(1, 10)):
            k = r.randrange(11)
            if k == 0:
                fen = self.fen_for(variant) if variant in START else ""
                moves = [r.choice(["e3e4", "a1a2", "zz", "e2e9", "a1", "b2", "\x01"]) for _ in range(r.randint(0, 3))]
                seq.append("position fen %s moves %s" % (fen, " ".join(moves)))
            elif k == 1:
                fen, moves = "", []
                seq.append("position startpos" + r.choice(["", " moves", " moves e3e4", " moves zz e3e4",
                                                           " garbage"]))
            elif k == 2:
                seq.append("go " + r.choice(["depth 1", "depth 2", "depth 0", "depth -1", "depth abc",
                                             "depth", "movetime 20", "movetime -5", "movetime 0",
                                             "movetime abc", "wtime -100 btime -100", "wtime 50 btime 50",
                                             "nodes 0", "nodes 500", "movestogo 0 wtime 100 btime 100",
                                             "depth 99999999999999999999 movetime 30", "frob 1",
                                             "infinite", "ponder depth 1", ""]))
            elif k == 3:
                seq.append("stop")
            elif k == 4:
                seq.append("isready")
            elif k == 5:
                seq.append("setoption " + r.choice(["name Foo value bar", "name Hash value -1",
                                                    "name Hash value abc", "name Hash value 1",
                                                    "name Hash", "", "name", "name Level value 0",
                                                    "name Level value hard", "name UCI_Variant value nosuch",
                                                    "name UCI_Variant", "value 5"]))
            elif k == 6:
                seq.append(self.garbage_line(variant).decode("latin-1"))
            elif k == 7:
                seq.append("ucinewgame")
            elif k == 8:
                seq.append("uci")
            elif k == 9:
                seq.append("d")
            else:
                seq.append("position startpos moves " + " ".join(r.choice(["e3e4", "c3c4", "e7e6", "zz"])
                                                              for _ in range(r.randint(0, 6))))
        if r.random() < 0.5:
            seq.append("go depth 1")
        seq.append(r.choice(["stop", "quit", "isready", ""]))
        stdin = "\n".join(seq).encode("latin-1", "replace") + b"\n"
        rc, out, err = self.case(["uci"], stdin, timeout=60)
        # every bestmove must be a move text or (none): a quick sanity check
        for b in re.findall(rb"^bestmove (.*)$", out, re.M):
            if not re.fullmatch(rb"\(none\)|[a-p]\d{1,2}([a-p]\d{1,2})*(x[a-p]\d{1,2})?|[a-p]\d{1,2}|\S+", b):
                self.fail("odd bestmove %r" % b, ["uci"], stdin, out)

    def area_uci_legal(self):
        """A bestmove after a valid position must be legal there."""
        r = self.rnd
        variant = r.choice([x for x in self.rulesets if x not in ("nim", "gomoku")])
        moves = []
        lg = self.legal(variant, "", [])
        for _ in range(r.randint(0, 4)):
            if not lg:
                break
            moves.append(r.choice(sorted(lg)))
            lg = self.legal(variant, "", moves)
        if lg is None:
            return
        stdin = ("setoption name UCI_Variant value %s\nposition startpos%s\ngo %s\n" %
                 (variant, (" moves " + " ".join(moves)) if moves else "",
                  r.choice(["depth 1", "depth 3", "movetime 30", "nodes 200", "depth 0", "depth -1"]))).encode()
        if b"depth 0" in stdin or b"depth -1" in stdin or r.random() < 0.3:
            stdin += b"stop\n"
        rc, out, err = self.case(["uci"], stdin, timeout=60)
        best = re.findall(rb"^bestmove (\S+)", out, re.M)
        if not best:
            self.fail("no bestmove", ["uci"], stdin, out + err)
        elif best[-1].decode() != "(none)" and best[-1].decode() not in lg:
            self.fail("illegal bestmove %s" % best[-1].decode(), ["uci"], stdin, out)
        elif best[-1].decode() == "(none)" and lg:
            self.fail("bestmove (none) with legal moves", ["uci"], stdin, out)

    LUA_BAD = [
        "return {", "return }", "local x = nil; return x.y", "return 5", "", "return nil",
        "while true do end", "repeat until false", "local function f() return f() end return f()",
        "local function f() return 1 + f() end return f()", "io.write('x') return {}",
        "os.exit(1)", "require('os')", "load('return 1')()", "dofile('/etc/passwd')",
        "debug.sethook()", "collectgarbage()", "return string.rep('x', 1e10)",
        "local t = {} for i = 1, 1e9 do t[i] = i end return t",
        "return setmetatable({}, {__index = function(t, k) error('boom') end})",
        "return setmetatable({}, {__pairs = function(t) error('pairs boom') end})",
        "return setmetatable({ruleset = 'zhonggong'}, {__gc = function() while true do end end})",
        "return setmetatable({}, {__len = function() return -1 end})",
        "return { ruleset = 'zhong\\0gong' }", "return { ruleset = 'zhonggong\\0' }",
        "return { palace = 'd4\\0-f6' }", "error({})", "error()", "error(5)", "error('x', 0)",
        "error(setmetatable({}, {__tostring = function() return 'ts' end}))",
        "return { [1] = 5 }", "return { [true] = 5 }", "return { [1.5] = 5 }",
        "return { ruleset = {} }", "return { ruleset = 'nosuch' }", "return { ruleset = 'xiangqi' }",
        "return coroutine.wrap(function() return {} end)()",
        "local t = {} t.t = t return { draw = t }", "local t = {} t[1] = t return { exchange = t }",
        "return { ai = { levels = { easy = 0 } } }", "return { ai = { levels = { ['a b'] = 3 } } }",
        "return { ai = { levels = { easy = 2^40 } } }", "return { ai = { level = 0/0 } }",
        "return { eval = { soldier = math.huge } }", "return { eval = { soldier = -math.huge } }",
        "return { draw = { repetitions = math.mininteger } }",
        "return { exchange = { 'P', 'C', 'N', 'R', 'R' } }", "return { exchange = { 'PP' } }",
        "return { exchange = { '' } }", "return { exchange = { 'P,C' } }",
        "return { setup = '' }", "return { setup = ' ' }", "return { palace = '' }",
        "return { palace = 'a1-i9' }", "return { palace = 'e5-e5' }", "return { palace = 'z99-a0' }",
        "local s = 'x' for i = 1, 20 do s = s .. s end return { setup = s }",
        "return { " + "x = 1, " * 3000 + " }",
        "return { ruleset = 'zhonggong', " + "eval = { " * 150 + "}" * 150 + " }",
        "return " + "{" * 500 + "}" * 500, "return " + "(" * 500 + "1" + ")" * 500,
        "\n\n\nreturn " + "{\n" * 300 + "}" * 300,
        "local a = " + "-" * 300 + "1 return {}",
        "return { a = 1 } --[[ unfinished", "return '\\300'", "\x1bLua",
        "#!/bin/sh\nreturn {}", "\xef\xbb\xbfreturn {}", "return { \xff = 1 }",
        "goto x", "local x <close> = 5 return {}", "return {...}",
        "string.rep('x', 1e6):rep(1e3)", "return { setup = ('x'):rep(5000) }",
        "local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x",
        "local function f(s) return (string.gsub(s, '.', f)) end return f('ab')",
        "return setmetatable({}, {__index = function() return 1 end, __newindex = error})",
        "print(('x'):rep(100)) return {}",
        "return { ruleset = 'zhonggong', flying_general = 1 }",
        "return { liberties = 'true' }", "return { soldiers_to_win = '5' }",
        "return { soldiers_to_win = 5.0 }", "return { soldiers_to_win = 2^63 }",
        "return { ai = { hash_mb = 1e15 } }", "return { ai = { movetime_ms = -1 } }",
        "return { ai = { levels = { 1, 2 } } }", "return { ai = 'hard' }",
        "return { draw = { perpetual_check_loses = nil, no_capture_plies = 'x' } }",
    ]

    def area_lua(self):
        r = self.rnd
        k = r.random()
        if k < 0.55:
            src = r.choice(self.LUA_BAD)
        elif k < 0.85:
            # a real config with one value broken
            with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts",
                                   "zhonggong.lua"), encoding="utf-8") as f:
                src = f.read()
            keys = re.findall(r"^\s*(\w+) = (.*?),?$", src, re.M)
            key, val = r.choice(keys)
            bad = r.choice(["nil", "true", "false", "0", "-1", "1.5", "2^63", "0/0", "math.huge",
                            "'x'", "''", "{}", "{1}", "{x=1}", "print", "'" + "z" * 3000 + "'",
                            "('x'):rep(1e5)", "-2^63", "'\\0'", "{'P', 3}", "error('in value')",
                            "(function() while true do end end)()"])
            src = re.sub(r"^(\s*)%s = .*$" % re.escape(key), lambda m: "%s%s = %s," % (m.group(1), key, bad),
                         src, count=1, flags=re.M)
        else:
            src = self.mutate(r.choice(self.LUA_BAD[:10] + ["return { ruleset = 'zhonggong', palace = 'd4-f6' }"]))
        path = os.path.join(self.tmp, "c%d.lua" % r.randrange(4))
        with open(path, "wb") as f:
            f.write(src.encode("utf-8", "surrogateescape") if isinstance(src, str) else src)
        ruleset = r.choice(["zhonggong"] * 4 + self.rulesets)
        cmd = r.choice(["moves", "status", "perft", "analyze"])
        args = [cmd, ruleset, "--config", path]
        if cmd == "perft":
            args.insert(2, "1")
        if cmd == "analyze":
            args += ["--depth", "1"]
        rc, out, err = self.case(args, timeout=40, want_position=path)

    def save_text(self):
        r = self.rnd
        good = ('[Game "qipan"]\n[Ruleset "zhonggong"]\n[FEN "%s"]\n\n1. c3c4 g7g6 2. b1c3 e7d7\n'
                % START["zhonggong"])
        k = r.randrange(10)
        if k == 0:
            return good[:r.randrange(len(good))]
        if k == 1:
            return good.replace('"zhonggong"', '"xiangqi"')
        if k == 2:
            return good.replace('"zhonggong"', r.choice(['zhonggong', '"nosuch"', '""', '"zhonggong', '"\\"']))
        if k == 3:
            return '[Ruleset "zhonggong"]\n[Param %s]\n\n' % r.choice(
                ['"palace" "z1-z2"', '"nosuch" "1"', '"liberties" "maybe"', '"palace"', '"" ""',
                 '"setup" "9/9 w"', '"a' + "a" * 5000 + '" "1"', '"soldiers_to_win" "99"', 'palace d4-f6',
                 '"exchange" "Q,Q"', '"ai.levels" "easy=0"', '"draw.repetitions" "-1"'])
        if k == 4:
            return '[Ruleset "zhonggong"]\n' + "[X \"" + "y" * r.randint(1000, 300000) + "\"]\n"
        if k == 5:
            return '[Ruleset "zhonggong"]\n\n' + "c3c4 " * r.randint(1, 3000)
        if k == 6:
            return '[Ruleset "zhonggong"]\n[FEN "' + self.fen_for("zhonggong") + '"]\n\n1. e3e4\n'
        if k == 7:
            return bytes(r.randint(0, 255) for _ in range(r.randint(0, 3000))).decode("latin-1")
        if k == 8:
            return self.mutate(good)
        return '[Ruleset "%s"]\n\n%s\n' % (r.choice(self.rulesets), self.garbage_line("x").decode("latin-1"))

    def area_save(self):
        r = self.rnd
        path = os.path.join(self.tmp, "s%d.qp" % r.randrange(4))
        with open(path, "wb") as f:
            f.write(self.save_text().encode("latin-1", "replace"))
        ruleset = r.choice(["zhonggong", "zhonggong", "xiangqi", "tictactoe", "nim"])
        stdin = ("load %s\nhistory\nundo\nredo\nfen\nsave %s.out\nload %s.out\nquit\n" % (path, path, path)).encode()
        self.case(["console", ruleset, "--ai", "none", "--ascii"], stdin, timeout=60)
        if r.random() < 0.3:
            self.case(["console", ruleset, "--ai", "none", "--ascii", "--load", path], b"fen\nquit\n", timeout=60)

    def area_args(self):
        r = self.rnd
        ruleset = r.choice(self.rulesets + ["nosuch", "", "-", "--fen"])
        k = r.randrange(5)
        if k == 0:
            size = r.choice(["1x1", "0x0", "99999x99999", "abc", "100x", "x100", "-100x-100", "160x160",
                             "8193x200", "200x8193", "1e3x1e3", "0x10000000000", "200X200", "200x200x200",
                             " 200x200", "200x200 ", ""])
            args = ["render", ruleset, "--out", os.path.join(self.tmp, "r.png"), "--size", size]
            if r.random() < 0.3:
                args = ["render", ruleset, "--out", r.choice(["/nonexistent/x.png", "/", ".", ""])]
            if r.random() < 0.3:
                args.append("--layout")
        elif k == 1:
            args = [r.choice(["perft", "divide"]), ruleset,
                    r.choice(["0", "-1", "-0", "abc", "", "1e3", "65", "64x", "2147483648", "99999999999999999999",
                              " 1", "1 "])]
            if args[2] in ("0",):
                pass
        elif k == 2:
            args = ["analyze", ruleset] + r.choice([["--depth", "0"], ["--movetime", "0"], ["--depth", "-1"],
                                                    ["--depth", "x"], ["--level", "0", "--depth", "1"],
                                                    ["--level", "11", "--depth", "1"], ["--depth"],
                                                    ["--movetime", "99999999999999"], []])
        elif k == 3:
            args = [r.choice(["moves", "status", "console", "bench", "uci", "list", "help", "frob"]), ruleset,
                    r.choice(["--fen", "--config", "--ai", "--level", "--size", "--frob", "extra", "--depth"])]
            if r.random() < 0.5:
                args.append(r.choice(["", "x", "-1", "/nonexistent", "red", "both"]))
        else:
            args = ["console", ruleset] + r.choice([["--ai", "x"], ["--ai", ""], ["--level", "0"], ["--level", "x"],
                                                   ["--load", "/nonexistent"], ["--load", "/dev/null"],
                                                   ["--config", "/dev/null"], ["--config", "/"]])
        if any(a.startswith("bench") for a in args[:1]):
            return   # bench is a long benchmark by design
        self.case(args, b"quit\n", timeout=60)


    GAME_BODY = [
        "error({})", "error('boom')", "error()", "return nil", "return 'x'", "return 1, 2, 3",
        "return pos", "pos:set(999, 'X')", "pos:set(-1, 'X')", "pos:set(1, 'Q')", "pos:set(1, '')",
        "pos:add(-1)", "pos:add(2^40)", "pos:add(0/0)", "pos:add('z9')", "pos:set_side(5)",
        "pos:set_side(-1)", "pos:setvar('nosuch', 1)", "pos:setvar(1, 2^62)", "pos:var('nosuch')",
        "qp.to(nil)", "qp.step(1, 99)", "qp.name(-5)", "pos:copy():play(12345)", "pos:copy():play(-1)",
        "pos:keep_turn() pos:keep_turn()", "pos:add_empty() pos:add_empty()",
        "local p = pos:copy() for i = 1, 100 do p = p:copy() end",
        "local t = {} for i = 1, 3e6 do t[i] = i end", "while true do end",
        "local function f() return f() + 1 end f()", "pos = nil", "qp = nil",
        "setmetatable(_G, {__index = function() error('global') end})",
        "string.rep('x', 1e9)",
    ]
    GAME_VALUE = [
        ("width = %d", ["0", "-1", "20", "1000", "'x'", "nil", "1.5", "2^40"]),
        ("height = %d", ["0", "-1", "20", "1000", "'x'", "nil"]),
        ('name = "%s"', ['"zhonggong"', '""', '"a b"', '"' + "n" * 300 + '"', "5", "nil"]),
        ('sides = {', ["{}, ", "{ 'a', 'b', 'c', 'd', 'e' }, ", "'x', ", "{ 1, 2 }, "]),
        ('perft = ', ['"nonsense", ', "5, ", "nil, "]),
        ('pieces = {', ["{ XX = 'X' }, ", "{ [''] = 'X' }, ", "{}, ", "'X', ", "{ X = 5 }, ",
                        "{ X = 'X', Y = 'X' }, "]),
        ('kind = "', ['"nonsense", ', "5, "]),
    ]

    def area_game(self):
        """Lua game files (QIPAN_SCRIPTS) with a hook that misbehaves."""
        r = self.rnd
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")
        scripts = os.path.join(self.tmp, "scripts")
        if not os.path.isdir(scripts):
            shutil.copytree(root, scripts)
        games = sorted(f for f in os.listdir(os.path.join(root, "games")) if f.endswith(".lua"))
        name = r.choice(games)
        with open(os.path.join(root, "games", name), encoding="utf-8") as f:
            lines = f.read().split("\n")
        if r.random() < 0.7:
            hooks = [i for i, l in enumerate(lines) if re.search(r"= function\(|^\s*local function ", l)]
            i = r.choice(hooks)
            lines.insert(i + 1, "    " + r.choice(self.GAME_BODY))
        else:
            pat, vals = r.choice(self.GAME_VALUE)
            key = pat.split(" ")[0]
            cands = [i for i, l in enumerate(lines) if re.search(r"\b%s = " % re.escape(key), l)]
            if not cands:
                return
            i = r.choice(cands)
            lines[i] = re.sub(r"\b%s = (\{[^}]*\}|\"[^\"]*\"|[^,}]+),?\s*" % re.escape(key),
                              lambda m: "%s = %s" % (key, r.choice(vals).rstrip(", ") + ", "), lines[i], count=1)
        with open(os.path.join(scripts, "games", name), "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        game = name[:-4]
        env = dict(self.env, QIPAN_SCRIPTS=scripts)
        self.scripts_env = scripts
        cmd = r.choice(["list", "moves", "perft", "status", "analyze", "console"])
        args = {"list": ["list"], "moves": ["moves", game], "perft": ["perft", game, "2"],
                "status": ["status", game], "analyze": ["analyze", game, "--depth", "2"],
                "console": ["console", game, "--ai", "none", "--level", "1"]}[cmd]
        stdin = b"go\ngo\nmoves\nundo\nfen\ngo\n" if cmd == "console" else b""
        nfails = len(self.fails)
        rc, out, err = self.case(args, stdin, timeout=90, env=env)
        if len(self.fails) > nfails:
            keep = os.path.join(self.tmp, "fail%d-%s" % (len(self.fails), name))
            shutil.copyfile(os.path.join(scripts, "games", name), keep)
            print("  game file kept as", keep)
        self.scripts_env = None
        shutil.copyfile(os.path.join(root, "games", name), os.path.join(scripts, "games", name))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--qipan", default="build-fuzz-asan/qipan")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=150)
    ap.add_argument("--only", choices=["fen", "console", "uci", "lua", "save", "args", "game"])
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    fz = Fuzz(a.qipan, a.seed, a.verbose)
    areas = {
        "fen": [fz.area_fen],
        "console": [fz.area_console],
        "uci": [fz.area_uci, fz.area_uci_legal],
        "lua": [fz.area_lua],
        "save": [fz.area_save],
        "args": [fz.area_args],
        "game": [fz.area_game],
    }
    todo = areas[a.only] if a.only else [f for fs in areas.values() for f in fs]
    end = time.time() + a.seconds
    i = 0
    while time.time() < end:
        todo[i % len(todo)]()
        i += 1
    print("%d cases, %d failed (seed %d)" % (fz.cases, len(fz.fails), a.seed))
    sys.exit(min(len(fz.fails), 100))


if __name__ == "__main__":
    main()
