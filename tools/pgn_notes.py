"""pgn_notes.py — the games of a `match --pgn` file and the comments on
their moves, for the tools that read them (pgn_depths.py, pgn_trend.py).

    for tags, body in pgn_notes.games(path):
        for ply, note in pgn_notes.notes(body): ...

A note is the text inside the braces that follow a move ({+0.35/14
0.998s}: score, depth, time); ply is the number of moves played up to
it, so the note of Red's first move has ply 1.
"""
import re

MOVE = re.compile(r"\{([^}]*)\}|\b\d+\.|\b([a-z]\d+[a-z]\d+[a-z]?)\b")


def games(path):
    """Each game's tags (a dict) and its movetext, None when it has none."""
    text = open(path, encoding="utf-8").read()
    for game in text.split("[Event ")[1:]:
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', game))
        body = game.split("\n\n", 1)[1] if "\n\n" in game else None
        yield tags, body


def notes(body):
    """(ply, note) for each comment of the movetext body."""
    ply = 0
    for note, mv in MOVE.findall(body):
        if mv:
            ply += 1
        elif note:
            yield ply, note
