"""Baseline bots of other styles than the built-in levels, for the strength benchmark.

They play from the view and the legal actions only, like every seat, and exist so that
Hard is not tuned against one opponent (``build_scripts/bench_ai.py``):

- :class:`MonteCarloBot` (``base:mc:N``): pure Monte Carlo, no card counting and no
  heuristic: N uniformly random play-outs over uniformly random deals of the unseen cards
  (the engine's :mod:`~game.engine.determinize`), scoring only the current deal (Gurka: the
  penalty it takes) or the game (Durak);
- :class:`HoarderBot` (``base:hoarder``): the rule "keep low cards, shed high ones":
  leads its highest card, follows with the highest card it may, exchanges every card from
  ten up, always buys back; Durak: :class:`LowestBot`;
- :class:`LowestBot` (``base:lowest``): Durak, always its lowest legal card (attack,
  throw-in, defence), takes only when it cannot defend.
"""

from __future__ import annotations

import random

from ..engine import gurka_moves as gm
from ..engine.cards import INDEX
from ..engine.determinize import Assignment, Position
from . import search
from .families import family_ai


def _durak(view: dict) -> bool:
    """Durak: no deals to score, and :class:`LowestBot` plays it (:mod:`.families`)."""
    return not family_ai(view["rules"]).deals


class LowestBot:
    level = "lowest"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: dict, legal: list[dict]) -> dict:
        trump = next(e["trump"] for e in view["events"] if e["type"] == "deal")[1]

        def key(a):
            card = a["cards"][0] if a["type"] == "attack" else a["card"]
            n = len(a["cards"]) if a["type"] == "attack" else 1
            return (card[1] == trump, INDEX[card] // 4, -n)

        cards = [a for a in legal if a["type"] in ("attack", "defend")]
        if cards:
            return min(cards, key=key)
        for kind in ("swap", "pass", "take"):
            for a in legal:
                if a["type"] == kind:
                    return a
        return legal[0]


class HoarderBot:
    level = "hoarder"

    def __init__(self, seed: int = 0):
        self.lowest = LowestBot(seed)

    @staticmethod
    def _strength(card: str, top: str | None) -> int:
        return gm.strength_table(top)[INDEX[card]]

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if _durak(view):
            return self.lowest.choose(view, legal)
        top = view["options"]["top_card"]
        kind = legal[0]["type"]
        if kind in ("buyback", "pass"):
            return next((a for a in legal if a["type"] == "buyback"), legal[0])
        if kind == "exchange":
            high = sorted(c for c in view["hand"] if self._strength(c, top) >= 10)
            # more of them than the limit: the strongest it may
            return next((a for a in legal if sorted(a["discard"]) == high),
                        max(legal, key=lambda a: (len(a["discard"]),
                                                  sum(self._strength(c, top) for c in a["discard"]))))
        singles = [a for a in legal if len(a["cards"]) == 1] or legal
        return max(singles, key=lambda a: self._strength(a["cards"][0], top))


class _MCParts:
    def __init__(self, pos: Position, seat: int, durak: bool):
        self.pos = pos
        self.seat = seat
        self.durak = durak
        self.slots = pos.slots

    def sample(self, rng):
        pool = list(self.slots.unseen)
        rng.shuffle(pool)
        hands = {}
        for s, k in self.slots.hands.items():
            hands[s], pool = pool[:k], pool[k:]
        return self.pos.state(Assignment(hands, pool[:self.slots.stock]), check=False)

    def play(self, st, action: dict) -> None:
        st.apply(action)

    def value(self, st, rng) -> float:
        if self.durak:
            while st.to_act() is not None:
                st.random_step(rng)
            out = st.outcome()
            return 0.5 if out.draw else float(self.seat in out.winners)
        deals = st.deals
        while st.to_act() is not None and st.deals == deals and st.phase in ("play", "exchange"):
            st.random_step(rng)
        for e in reversed(st.events):
            if e["type"] == "score":
                return -float(e["penalties"][self.seat] or 0)
        return 0.0


class MonteCarloBot:
    level = "mc"

    def __init__(self, seed: int = 0, rollouts: int = 200):
        self.rng = random.Random(seed)
        self.rollouts = rollouts

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind in ("buyback", "pass") and not _durak(view):
            return next((a for a in legal if a["type"] == "buyback"), legal[0])
        cands = legal
        if kind == "exchange":     # discard the j highest cards, j = 0 .. the limit
            top = view["options"]["top_card"]
            ranked = sorted(view["hand"], key=lambda c: -HoarderBot._strength(c, top))
            wanted = [sorted(ranked[:j]) for j in range(max(len(a["discard"]) for a in legal) + 1)]
            cands = [a for a in legal if sorted(a["discard"]) in wanted]
        pos = Position(view, legal)
        parts = _MCParts(pos, view["seat"], _durak(view))
        return cands[search.run(parts, cands, self.rng, iterations=self.rollouts)]


def make_baseline(spec: str, seed: int = 0):
    """``base:mc[:N]``, ``base:hoarder`` or ``base:lowest``."""
    parts = spec.split(":")
    if parts[0] != "base" or len(parts) < 2:
        raise ValueError(f"{spec!r} is not a baseline bot (base:mc[:N], base:hoarder, base:lowest)")
    if parts[1] == "mc":
        return MonteCarloBot(seed, int(parts[2]) if len(parts) > 2 else 200)
    if parts[1] == "hoarder":
        return HoarderBot(seed)
    if parts[1] == "lowest":
        return LowestBot(seed)
    raise ValueError(f"unknown baseline bot {spec!r}")
