"""Board helpers shared by the Makruk ending generators
(make-rook-endings-makruk.py, make-minor-endings-makruk.py)."""


def distance(a, b):
    """King steps between two squares (0..63, a1 = 0)."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def fen(pieces, side):
    """A FEN with no count running and move 60; `pieces`: square -> letter
    (upper case white)."""
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            letter = pieces.get(rank * 8 + file)
            if letter:
                row += (str(empty) if empty else "") + letter
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {side} - - 0 60"


def rook_attacks(rook, target, occupied):
    """Whether a rook on `rook` attacks `target` past the `occupied` squares."""
    rf, rr, tf, tr = rook % 8, rook // 8, target % 8, target // 8
    if rook == target or (rf != tf and rr != tr):
        return False
    df = (tf > rf) - (tf < rf)
    dr = (tr > rr) - (tr < rr)
    f, r = rf + df, rr + dr
    while (f, r) != (tf, tr):
        if r * 8 + f in occupied:
            return False
        f, r = f + df, r + dr
    return True
