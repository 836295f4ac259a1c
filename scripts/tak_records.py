"""Reading Tak match records (PTN as `tabula match --pgnout` writes them),
shared by the scripts/tak-*.py tools."""
import re
import sys

RESULT = re.compile(r"^(R-0|0-R|F-0|0-F|1-0|0-1|1/2-1/2)$")


def move_kind(ptn):
    """flat, wall, cap or spread, from a PTN move."""
    if re.fullmatch(r"[a-h][1-8]", ptn):
        return "flat"
    if re.fullmatch(r"S[a-h][1-8]", ptn):
        return "wall"
    if re.fullmatch(r"C[a-h][1-8]", ptn):
        return "cap"
    return "spread"


def records(text):
    """(tags, [(move, is_book)]) per record that names both players;
    `{book}` comments mark the moves the opening suite played."""
    for tags, moves in commented_records(text):
        yield tags, [(move, comment == "book") for move, comment in moves]


def commented_records(text):
    """(tags, [(move, comment)]) per record that names both players; the
    comment is the text inside the `{...}` after the move ("book", or the
    engine's "+0.35/6 0.04s"), "" when there is none."""
    # A record is a block of tags, a blank line and its moves (Racetrack's
    # records start with [Player1 ...], tabula's with [Event ...]).
    for record in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', record))
        parts = record.split("\n\n", 1)
        if len(parts) < 2 or "Player1" not in tags or "Player2" not in tags:
            continue
        moves = []
        for token in re.findall(r"\{[^}]*\}|[^\s{]+", parts[1]):
            if token.startswith("{"):
                if moves and moves[-1][1] == "":
                    moves[-1] = (moves[-1][0], token[1:-1])
            elif not (re.fullmatch(r"\d+\.", token) or RESULT.match(token)):
                moves.append((token, ""))
        yield tags, moves


def engine_score(comment):
    """The mover's score at the start of an engine's move comment
    ("+0.35/6 0.04s"), or None (book moves, comments without one)."""
    m = re.match(r"([+-]?[0-9]+(?:\.[0-9]+)?)/", comment)
    return float(m.group(1)) if m else None


def seconds(comment):
    """The thinking time of an engine's move comment ("+0.35/6 0.04s"),
    or None (book moves, comments without a time)."""
    m = re.search(r"([0-9]+(?:\.[0-9]+)?)s$", comment)
    return float(m.group(1)) if m else None


def score_of(tags, player):
    """`player`'s score in the record (1, 0.5 or 0), from Result; None for
    an unfinished game ("*") or a result that is not Tak's."""
    result = tags.get("Result", "")
    if result == "1/2-1/2":
        return 0.5
    if not RESULT.match(result):
        return None
    first_won = not result.startswith("0")
    return 1.0 if first_won == (tags["Player1"] == player) else 0.0


def read_text(path):
    """A records file's text (undecodable bytes replaced); a file that
    cannot be read ends the script with one error line."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError as e:
        sys.exit(f"error: {path}: {e.strerror}")
