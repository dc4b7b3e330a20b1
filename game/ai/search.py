"""Determinized search, written once for every family.

Perfect-information Monte Carlo with common random deals: every iteration draws one
complete state consistent with the seat's view (the hidden cards dealt afresh), plays
each candidate on a copy of it, plays the copy out and scores it for the searching seat;
the candidate with the best mean score wins.  A family supplies the parts::

    class Parts:
        def sample(self, rng): ...          # a complete state for one draw of the hidden cards
        def play(self, state, candidate): ...   # apply a candidate (to a copy)
        def value(self, state, rng) -> float: ...   # play it out (rollout or exact), score it

and :func:`run` does the rest: the loop, the budget (``iterations`` evaluations in all,
deterministic under the seed; or a ``deadline`` on :func:`time.perf_counter`; or both,
whichever comes first), and the
stats (``iterations``, ``samples``, ``seconds``, the ``means`` and ``counts`` per
candidate, the ``candidates``).  A caller that wants its own figures of every play-out
(the hints: how often a candidate lost the deal) puts ``observe(i, sample,
played_out)`` in ``stats``; it is called after each evaluation of candidate ``i``.

With more than two candidates the evaluations are spread by sequential halving: every
round gives the candidates still in the race the same number of common deals (on the
clock: an equal share of the time left), and the worse half drops out, so that the
budget goes to telling the best candidates apart rather than to confirming that poor
ones are poor.  The clock and a fixed budget run the same search, so a benchmark at a
fixed budget measures the player as it plays.
The best candidate is then the best of the last round's; ``means`` still gives every
candidate's mean over the deals it was played on.
"""

from __future__ import annotations

import math
import time


def run(parts, candidates: list, rng, iterations: int | None = None,
        deadline: float | None = None, stats: dict | None = None) -> int:
    """The index of the best candidate.  At least one candidate is evaluated."""
    start = time.perf_counter()
    k = len(candidates)
    totals = [0.0] * k
    counts = [0] * k
    runs = samples = 0
    clock = time.perf_counter
    observe = stats.get("observe") if stats is not None else None

    def evaluate(i: int, det) -> None:
        st = det.copy()
        parts.play(st, candidates[i])
        totals[i] += parts.value(st, rng)
        counts[i] += 1
        if observe is not None:
            observe(i, det, st)

    if k > 2 and HALVING and (iterations or deadline is not None):
        # each round gets an equal share of what is left: of the budget's evaluations,
        # and on the clock of the time (with both, whichever runs out first)
        alive = list(range(k))
        rounds = max(1, math.ceil(math.log2(k)))
        late = False
        for r in range(rounds):
            per = round_end = None
            if iterations:
                per = max(1, (iterations - runs) // ((rounds - r) * len(alive)))
            if deadline is not None:
                round_end = clock() + (deadline - clock()) / (rounds - r)
            dealt = 0
            while not late:
                det = parts.sample(rng)
                samples += 1
                dealt += 1
                for i in alive:
                    evaluate(i, det)
                    runs += 1
                    if deadline is not None and clock() >= deadline:
                        late = True
                        break
                if dealt == per or (round_end is not None and clock() >= round_end):
                    break
            if late or len(alive) <= 2 or (iterations and runs >= iterations):
                break
            alive.sort(key=lambda i: -totals[i] / counts[i])
            alive = alive[:max(2, (len(alive) + 1) // 2)]
    else:
        alive = list(range(k))
        limit = iterations if iterations else (10 ** 9 if deadline else 100)
        while True:
            det = parts.sample(rng)
            samples += 1
            late = False
            for i in range(k):
                evaluate(i, det)
                runs += 1
                if deadline is not None and clock() >= deadline:
                    late = True
                    break
            if late or runs >= limit:
                break
    means = [totals[i] / counts[i] if counts[i] else float("-inf") for i in range(k)]
    if stats is not None:
        stats["iterations"] = runs
        stats["samples"] = samples
        stats["seconds"] = clock() - start
        stats["means"] = means
        stats["counts"] = counts
        stats["candidates"] = list(candidates)
    return max(sorted(alive), key=means.__getitem__)


#: spread a fixed budget by sequential halving (see the module docstring)
HALVING = True
