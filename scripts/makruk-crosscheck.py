#!/usr/bin/env python3
"""Compares tabula's Makruk rules with Fairy-Stockfish on random games.

Reads `start|moves|fen after|perft 2` lines (from
`cargo run --release --example makruk_random -- <games> <seed>`) and checks the
FEN after the moves and perft 2 against /usr/games/fairy-stockfish.
"""
import sys
from engine_pipe import Engine
p = Engine('/usr/games/fairy-stockfish', stderr=None)
send = p.send
send('uci'); send('setoption name UCI_Variant value makruk')
send('isready')
p.wait_until(lambda l: l.strip() == 'readyok')
bad = 0; n = 0
for line in sys.stdin:
    start, moves, fen, p2 = line.rstrip('\n').split('|')
    send(f'position fen {start} moves {moves}'); send('d'); send('go perft 2')
    ffen = None; nodes = None
    for l in p.wait('Nodes searched'):
        if l.startswith('Fen:'): ffen = l[4:].strip()
        if l.startswith('Nodes searched'): nodes = int(l.split(':')[1])
    n += 1
    if ffen != fen or nodes != int(p2):
        bad += 1
        if bad < 10: print('MISMATCH', moves.split()[-3:], '\n mine', fen, p2, '\n fsf ', ffen, nodes)
print('checked', n, 'bad', bad)
