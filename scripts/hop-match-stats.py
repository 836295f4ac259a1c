#!/usr/bin/env python3
"""Per-engine numbers from Chinese checkers / Halma match records
(protocol-spec/chinesecheckers.md §7): games, first places (shared ones
included), mean place, and how often and after how many of its own moves
(opening moves included) the engine filled its target.

usage: scripts/hop-match-stats.py RECORDS.ccr [...]
"""
import re
import sys
from collections import defaultdict

SEAT = re.compile(r"^Seat \d+ \S+: (.*); place (\d+); (.*)$")


def main():
    games = defaultdict(int)
    firsts = defaultdict(int)
    places = defaultdict(int)
    filled = defaultdict(list)
    for path in sys.argv[1:]:
        with open(path) as f:
            for line in f:
                m = SEAT.match(line.rstrip("\n"))
                if not m:
                    continue
                name, place, state = m.group(1), int(m.group(2)), m.group(3)
                games[name] += 1
                places[name] += place
                firsts[name] += place == 1
                done = re.match(r"finished after (\d+) moves", state)
                if done:
                    filled[name].append(int(done.group(1)))
    for name in sorted(games):
        n = games[name]
        f = filled[name]
        mean = f"{sum(f) / len(f):.1f}" if f else "-"
        print(f"{name}: games {n}, first {firsts[name]} ({100 * firsts[name] / n:.1f} %), "
              f"mean place {places[name] / n:.2f}, filled its target in {len(f)} "
              f"after {mean} own moves on average")


main()
