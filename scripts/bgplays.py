"""Legal backgammon plays for the Python scripts around GNU Backgammon
(its module's move tuples stop at the first bear-off of a play, so the
scripts generate plays themselves). A board is gnubg's: (opponent, player
on roll), 25 counts each (points 1..24 in that side's numbering, then the
bar). A play is a tuple of (from, to) steps, 25 = bar, 0 = off."""


def apply_step(board, frm, to):
    opp, me = list(board[0]), list(board[1])
    me[frm - 1] -= 1
    if to > 0:
        me[to - 1] += 1
        if opp[24 - to] == 1:
            opp[24 - to] = 0
            opp[24] += 1
    return (tuple(opp), tuple(me))


def apply_play(board, play):
    for frm, to in play:
        board = apply_step(board, frm, to)
    return board


def can_step(board, frm, die):
    opp, me = board
    if me[frm - 1] == 0 or (me[24] > 0 and frm != 25):
        return None
    to = frm - die
    if to > 0:
        return to if opp[24 - to] < 2 else None
    if any(me[p] for p in range(6, 25)):
        return None  # not all home
    if to == 0 or not any(me[p] for p in range(frm, 24)):
        return 0
    return None


def legal_plays(board, d1, d2):
    """Every legal play, one per resulting position: as many dice as
    possible, the larger die when only one can be played."""
    found = {}
    best = [0]

    def walk(b, dice, play):
        moved = False
        if dice:
            for frm in range(25, 0, -1):
                to = can_step(b, frm, dice[0])
                if to is not None:
                    moved = True
                    walk(apply_step(b, frm, to), dice[1:], play + ((frm, to, dice[0]),))
        if not moved and play:
            if len(play) > best[0]:
                best[0] = len(play)
                found.clear()
            if len(play) == best[0]:
                found.setdefault(b, play)

    if d1 == d2:
        walk(board, (d1,) * 4, ())
    else:
        walk(board, (d1, d2), ())
        walk(board, (d2, d1), ())
    plays = list(found.values())
    if best[0] == 1 and d1 != d2 and any(p[0][2] == max(d1, d2) for p in plays):
        plays = [p for p in plays if p[0][2] == max(d1, d2)]
    return [tuple((f, t) for f, t, _ in p) for p in plays]


def play_text(play, board=None):
    """UBGI's text of `play`: one from/to per die in the order played; with
    the board, `*` on each step that hits."""
    name = lambda p: "bar" if p == 25 else ("off" if p == 0 else str(p))
    out = []
    for f, t in play:
        hit = board is not None and t > 0 and board[0][24 - t] == 1
        out.append("%s/%s%s" % (name(f), name(t), "*" if hit else ""))
        if board is not None:
            board = apply_step(board, f, t)
    return " ".join(out) or "pass"
