#!/usr/bin/env python3
"""Generates fixtures/openings/makruk-pawnless.txt: the positions of real
Makruk games where the last pawn left the board with one side ahead by a
met or more, as FEN lines for `tabula match --openings`.

From there the board's honour count runs (64 moves): the side ahead must
mate, or bare the other king, before it ends. Games of tabula against
Fairy-Stockfish drew many such positions on the count with a won-looking
score, so this suite tests conversion under the count. Each game of the
PGN files (`tabula match --pgnout`, SAN moves from the start) is replayed
through tabula (`go perft 1` for the legal moves, `d` for the FEN, which
carries the count); its first position without pawns is kept when the
material (search values: pawn 100, met 250, khon 340, knight 380, rook
600) differs by at least MARGIN.

Usage: scripts/make-pawnless-makruk.py GAMES.pgn [MORE.pgn ...] > fixtures/openings/makruk-pawnless.txt
Needs target/release/tabula (cargo build --release).
"""
import re
import sys

from engine_pipe import TABULA, Engine, perft_moves, startpos

VALUES = {"p": 100, "m": 250, "s": 340, "n": 380, "r": 600, "k": 0}
MARGIN = VALUES["m"]
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


def squares(fen):
    """Square name -> piece letter of a FEN's board."""
    board = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            else:
                board["abcdefgh"[file] + str(8 - row)] = ch
                file += 1
    return board


def uci_of(san, legal, board):
    """The legal move (UCI) that a SAN move names: piece letter (none for a
    pawn), the destination, and any file or rank that tells two apart."""
    text = san.rstrip("+#").replace("=M", "")
    piece = text[0] if text[0] in "KMSNR" else "P"
    hint = (text[1:-2] if piece != "P" else text[:-2]).replace("x", "")
    for move in sorted(legal, key=len):
        origin = move[:2]
        if move[2:4] != text[-2:] or board.get(origin, "?").upper() != piece:
            continue
        if all(origin[0] == c if c.isalpha() else origin[1] == c for c in hint):
            return move
    raise ValueError(f"{san}: no legal move")


def games(path):
    """Each game's SAN moves."""
    for record in open(path).read().split("[Event")[1:]:
        movetext = re.sub(r"\{[^}]*\}", " ", record.split("\n\n", 1)[1])
        yield [t for t in movetext.split() if not re.match(r"^\d+\.$", t) and t not in RESULTS]


def fen_after(tabula, moves):
    tabula.send(startpos(moves))
    tabula.send("d")
    return tabula.wait("Fen:")[-1].split(None, 1)[1]


def first_pawnless(tabula, sans):
    """(FEN, White's material edge, ply) where the last pawn left, or None."""
    moves = []
    for san in sans:
        board = squares(fen_after(tabula, moves))
        moves.append(uci_of(san, perft_moves(tabula, moves), board))
        fen = fen_after(tabula, moves)
        board = squares(fen)
        if not any(p in "pP" for p in board.values()):
            edge = sum(VALUES[p.lower()] * (1 if p.isupper() else -1) for p in board.values())
            return fen, edge, len(moves)
    return None


def main():
    tabula = Engine(TABULA, "uci", "uciok")
    tabula.send("setoption name UCI_Variant value makruk")
    kept = []
    for path in sys.argv[1:]:
        for sans in games(path):
            found = first_pawnless(tabula, sans)
            if found and abs(found[1]) >= MARGIN:
                kept.append(found)
    tabula.close()
    print("# Makruk positions where the last pawn left the board with one side ahead by a met")
    print("# or more (the board's honour count runs), from real games, for `tabula match --openings`.")
    print(f"# {len(kept)} positions; made by scripts/make-pawnless-makruk.py "
          + " ".join(p.split("/")[-1] for p in sys.argv[1:]) + "; see docs/strength.md.")
    for fen, edge, ply in kept:
        print(f"{fen}  # White {edge:+d} after ply {ply}")


if __name__ == "__main__":
    main()
