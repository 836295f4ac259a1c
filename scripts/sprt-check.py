#!/usr/bin/env python3
"""Reference numbers for the SPRT of `tabula match --sprt`, computed a
different way than src/matchrunner/sprt.rs does.

The generalized LLR of pentanomial counts is
    LLR = sum_i c_i * ln(q1_i / q0_i)
where q0, q1 are the distributions over the pair scores 0, 1/4, 1/2, 3/4, 1
that maximise sum_i c_i ln q_i subject to sum_i q_i = 1 and mean s0 (s1),
s = 1 / (1 + 10^(-elo/400)); empty bins count as 0.001 pairs. The Rust code
finds q through the root of the secular equation; this script instead
searches the constrained distributions directly: q1, q2, q3 are free, q4
and q0 follow from the mean and the total, and a pattern search (step
halving) climbs the concave log-likelihood. The second number printed is
OpenBench's normal approximation, for comparison.

Usage: scripts/sprt-check.py   (prints one line per case)
       scripts/sprt-check.py [--elo0 E0] [--elo1 E1] LOG...
The second form adds up the last `Ptnml(0-2):` line of each `tabula match`
log (runners of one SPRT side by side, or a test resumed in another
session) and prints the LLR of the sum (default elo0=0, elo1=10) and the
pairs' score as Elo with a 95 % interval.
"""

import math
import re
import sys

A = [0.0, 0.25, 0.5, 0.75, 1.0]


def score(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def loglik(c, q):
    if min(q) <= 0:
        return -math.inf
    return sum(ci * math.log(qi) for ci, qi in zip(c, q))


def dist(free, s):
    q1, q2, q3 = free
    q4 = s - 0.25 * q1 - 0.5 * q2 - 0.75 * q3
    q0 = 1.0 - q1 - q2 - q3 - q4
    return [q0, q1, q2, q3, q4]


def best(c, s):
    n = sum(c)
    # A feasible start: the observed shape, nudged towards mean s.
    free = [c[1] / n * 0.5, c[2] / n * 0.5, c[3] / n * 0.5]
    while loglik(c, dist(free, s)) == -math.inf:
        free = [f * 0.5 for f in free]
    value = loglik(c, dist(free, s))
    step = 0.05
    while step > 1e-15:
        moved = False
        for k in range(3):
            for sign in (1, -1):
                trial = list(free)
                trial[k] += sign * step
                v = loglik(c, dist(trial, s))
                if v > value:
                    free, value, moved = trial, v, True
        if not moved:
            step *= 0.5
    return dist(free, s)


def llr(counts, elo0, elo1):
    if sum(counts) == 0:
        return 0.0
    c = [x if x > 0 else 1e-3 for x in counts]
    q0 = best(c, score(elo0))
    q1 = best(c, score(elo1))
    return sum(ci * math.log(a / b) for ci, a, b in zip(c, q1, q0))


def normal_llr(counts, elo0, elo1):
    c = [x if x > 0 else 1e-3 for x in counts]
    n = sum(c)
    mean = sum(ci * a for ci, a in zip(c, A)) / n
    var = sum(ci * (a - mean) ** 2 for ci, a in zip(c, A)) / n
    s0, s1 = score(elo0), score(elo1)
    return (s1 - s0) * (2 * mean - s0 - s1) * n / (2 * var)


CASES = [
    ([12, 95, 210, 101, 15], 0.0, 5.0),
    ([100, 200, 300, 250, 150], 0.0, 5.0),
    ([30, 40, 50, 20, 10], 0.0, 5.0),
    ([0, 0, 0, 0, 10], 0.0, 5.0),
    ([5, 60, 300, 70, 4], -3.0, 1.0),
]


def last_pentanomial(path):
    """The counts of the last `Ptnml(0-2):` line of a match log."""
    last = None
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith("Ptnml(0-2):"):
                    last = line
    except OSError as e:
        sys.exit(f"error: {path}: {e.strerror}")
    if last is None:
        print(f"{path}: no finished pair yet, left out", file=sys.stderr)
        return [0] * 5
    counts = [int(x) for x in re.findall(r"\d+", last.split(":", 1)[1])]
    if len(counts) != 5:
        sys.exit(f"error: {path}: malformed Ptnml(0-2) line")
    return counts


def elo_of(score):
    score = min(max(score, 1e-9), 1 - 1e-9)
    return -400 * math.log10(1 / score - 1)


def combine(args):
    elo0, elo1, logs = 0.0, 10.0, []
    it = iter(args)
    for a in it:
        if a in ("--elo0", "--elo1"):
            v = next(it, None)
            try:
                value = float(v)
            except (TypeError, ValueError):
                sys.exit(f"error: {a} needs a number, got {v!r}")
            if not math.isfinite(value):
                sys.exit(f"error: {a} needs a finite number, got {v!r}")
            if a == "--elo0":
                elo0 = value
            else:
                elo1 = value
        else:
            logs.append(a)
    total = [0] * 5
    for path in logs:
        c = last_pentanomial(path)
        print(f"{path}: {c} llr {llr(c, elo0, elo1):.2f}")
        total = [a + b for a, b in zip(total, c)]
    n = sum(total)
    if n == 0:
        sys.exit("error: no finished pairs in the logs")
    mean = sum(c * a for c, a in zip(total, A)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(total, A)) / n
    half = 1.96 * math.sqrt(var / n)
    print(f"sum: {total} over {n} pairs, llr {llr(total, elo0, elo1):.2f} "
          f"(elo0={elo0:g} elo1={elo1:g}), score {mean:.4f}, "
          f"Elo {elo_of(mean):+.1f} [{elo_of(mean - half):+.1f}, {elo_of(mean + half):+.1f}]")


if __name__ == "__main__" and len(sys.argv) > 1:
    combine(sys.argv[1:])
elif __name__ == "__main__":
    for counts, e0, e1 in CASES:
        print(f"{counts} elo0={e0} elo1={e1}: llr {llr(counts, e0, e1):.9f}"
              f"  (normal approximation {normal_llr(counts, e0, e1):.9f})")
