"""How close Hard's sampled deals come to the true deal: legal-only sampling against the
plausibility weighting (game/ai/gurka/likely.py), measured without playing for strength.

``build_scripts/bench.py sampling`` calls :func:`main`; it also runs on its own:

    python build_scripts/bench_sampling.py [--rules agurk-dk] [--players 3] [--games 30]
        [--samples 200] [--seed 500] [--read-style] [--field SPEC] [--outside]
        [--weights likely|model]

Seat 0's decisions with a real choice are measured in games of Normal seats.  At each
one it draws ``--samples`` deals of the hidden cards consistently with the seat's view
(``gurka_info.sample_hidden``), and weighs each by ``gurka_likely.Plays``.  It then
prints, per number of cards in hand, the share of the others' hidden cards a sampled
deal puts in the right hand: the plain mean (legal only) and the mean under the weights
(weighted).  It also prints how much too strong the sampled hands are: for each other seat
holding cards, the strength of its strongest card in a sampled deal less that of its true
strongest, legal only and weighted, in strength steps (Agurk with Normal seats: about 1.4
too strong with two cards in hand, legal only; the others shed their high cards).
``--read-style``: the sampler as Hard's search reads the view
(``gurka_info.read_view(view, read_style=True)``).  The true hands are read from the game's
state, for the measure only; the AI never sees them.

``--field SPEC`` seats another kind of player in seats 1 and up (``base:learned``, ...);
``--outside``: issue 51's outside setting (Norwegian Agurk, the lowest card always allowed,
no ace on an ace, 6 cards); ``--weights model``: each deal weighed instead by how likely
the learned network (``base:learned``'s own) makes the others' plays of the deal
(``gurka_models.ModelPlays``), the best any reading of a field of that network can do.  A
last pair of columns gives the share of the cards a sampled deal puts in the others' hands
that are truly in one of them: which cards are in play at all, whoever holds them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench_ai

from game.ai.gurka import info as gi
from game.ai.gurka import likely as gl
from game.ai.gurka import models as gurka_models
from game.ai.learned import network as learned
from game.ai.baselines import make_baseline
from game.ai.seats import make_player
from game.engine import new_game


#: ``--outside``: issue 51's outside setting (the strength bench's)
OUTSIDE = ("agurk-no", bench_ai.OUTSIDE)


def _seat(spec: str, seed: int):
    return make_baseline(spec, seed) if spec.startswith("base:") else make_player(spec, seed)


def measure(rules: str, players: int, games: int, samples: int, seed: int,
            read_style: bool = False, options: dict | None = None, field: str = "ai:normal",
            weights: str = "likely") -> dict:
    """{cards in hand: ([legal-only share per decision], [weighted share per decision],
    [legal-only strongest-card excess per decision], [weighted excess per decision],
    [legal-only share in play per decision], [weighted share in play per decision])}"""
    rows: dict = defaultdict(lambda: ([], [], [], [], [], []))
    net = hit = None
    if weights == "model":
        net, hit = bench_ai.BatchNet(learned.net()), bench_ai.MODEL_HIT
    for g in range(games):
        st = new_game(rules, players, options or {}, seed=seed + g)
        agents = [_seat("ai:normal" if s == 0 else field, (seed + g) * 7 + s)
                  for s in range(players)]
        while st.to_act() is not None:
            s = st.to_act()
            legal = st.legal_actions()
            if s == 0 and st.phase == "play" and len(legal) > 1:
                k = gi.read_view(st.view(s), read_style=read_style)
                if net is not None:
                    plays = gurka_models.ModelPlays(k, frozenset(k.slots.hands), net, hit)
                else:
                    plays = gl.Plays(k)
                rng = random.Random(seed + g)
                truth = {o: set(st.hands[o]) for o in k.slots.hands}
                hidden = sum(len(h) for h in truth.values())
                in_play = set().union(*truth.values())
                deals = [gi.sample_hidden(k, rng) for _ in range(samples)]
                w = [plays.weight(d.hands) for d in deals]
                right = [sum(len(set(d.hands[o]) & truth[o]) for o in truth) / hidden
                         for d in deals]
                live = [sum(len(set(d.hands[o]) & in_play) for o in truth) / hidden
                        for d in deals]
                held = [o for o in truth if truth[o]]
                top = {o: max(st.S[c] for c in truth[o]) for o in held}
                excess = [statistics.fmean(max(st.S[c] for c in d.hands[o]) - top[o]
                                           for o in held) for d in deals]
                plain, weighted, over, over_w, live_p, live_w = rows[len(st.hands[s])]
                plain.append(statistics.fmean(right))
                weighted.append(_weighted_mean(right, w))
                over.append(statistics.fmean(excess))
                over_w.append(_weighted_mean(excess, w))
                live_p.append(statistics.fmean(live))
                live_w.append(_weighted_mean(live, w))
            st.apply(agents[s].choose(st.view(s), legal))
    return rows


def _weighted_mean(xs, weights) -> float:
    return sum(x * w for x, w in zip(xs, weights)) / sum(weights)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="agurk-dk")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--seed", type=int, default=500)
    p.add_argument("--read-style", action="store_true",
                   help="read the view as Hard's search does (its softer inferences)")
    p.add_argument("--field", default="ai:normal",
                   help="the players in seats 1 and up (seat 0, the one measured, is Normal)")
    p.add_argument("--outside", action="store_true", help="issue 51's outside setting")
    p.add_argument("--weights", choices=("likely", "model"), default="likely",
                   help="weigh the deals by gurka_likely's plausibility, or by the learned "
                        "network's likelihood of the others' plays (against base:learned)")
    a = p.parse_args(argv)
    rules, options = OUTSIDE if a.outside else (a.rules, {})
    rows = measure(rules, a.players, a.games, a.samples, a.seed, a.read_style, options,
                   a.field, a.weights)
    print(f"{rules}{' (outside setting)' if a.outside else ''}, {a.players} players, "
          f"{a.games} games, seat 0 Normal, the others {a.field}, seat 0's decisions, "
          f"{a.samples} sampled deals each, weighted by {a.weights}")
    print("cards in hand  decisions  hidden cards placed right: legal only  weighted"
          "  strongest card too strong by: legal only  weighted"
          "  in play: legal only  weighted")
    for cards in sorted(rows, reverse=True):
        plain, weighted, over, over_w, live_p, live_w = rows[cards]
        print(f"{cards:>13}  {len(plain):>9}  {statistics.fmean(plain):>30.3f}  "
              f"{statistics.fmean(weighted):>8.3f}  {statistics.fmean(over):>+40.2f}  "
              f"{statistics.fmean(over_w):>+8.2f}  {statistics.fmean(live_p):>19.3f}  "
              f"{statistics.fmean(live_w):>8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
