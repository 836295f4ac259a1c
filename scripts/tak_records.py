"""Reading Tak match records (PTN as `tabula match --pgnout` writes them),
shared by the scripts/tak-*.py tools."""
import re

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
                if token == "{book}" and moves:
                    moves[-1] = (moves[-1][0], True)
            elif not (re.fullmatch(r"\d+\.", token) or RESULT.match(token)):
                moves.append((token, False))
        yield tags, moves
