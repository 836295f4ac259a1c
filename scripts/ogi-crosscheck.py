#!/usr/bin/env python3
"""Compares tabula's Ōgi legal moves with Fairy-Stockfish (pyffish).

Reads `fen|sfen|sorted UCI moves` lines from
    cargo run --release --example ogi_random -- <games> <seed>
loads scripts/ogi.ini into pyffish and checks, for every position, the
legal move set and the FEN (hands compared as multisets). Dev tool, not CI.
Usage:
    ./target/release/examples/ogi_random 200 7 | python3 scripts/ogi-crosscheck.py
"""
import os, sys
import pyffish as sf

here = os.path.dirname(os.path.abspath(__file__))
sf.load_variant_config(open(os.path.join(here, 'ogi.ini')).read())

def norm(fen):
    board, rest = fen.split('[', 1)
    hand, rest = rest.split(']', 1)
    return board + '[' + ''.join(sorted(hand)) + ']' + rest

n = bad = moves_total = 0
for line in sys.stdin:
    fen, sfen, moves = line.rstrip('\n').split('|')
    mine = set(moves.split())
    theirs = set(sf.legal_moves('ogi', fen, []))
    ffen = sf.get_fen('ogi', fen, [])
    n += 1
    moves_total += len(mine)
    if mine != theirs or norm(ffen) != norm(fen):
        bad += 1
        if bad <= 10:
            print('MISMATCH', sfen)
            print('  fen mine', fen, '\n  fen fsf ', ffen)
            print('  only tabula', sorted(mine - theirs), 'only fsf', sorted(theirs - mine))
print(f'positions {n} moves {moves_total} mismatches {bad}')
sys.exit(1 if bad else 0)
