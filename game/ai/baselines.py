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
  throw-in, defence, a card passed on in transfer Durak), takes only when it cannot defend;
- :class:`RuleBot` (``base:rule``): Durak, the usual rule player: defends with the lowest
  card that beats (a card of the suit before a trump), takes only when nothing beats,
  attacks and throws in its lowest cards but keeps its trumps while the stock lasts,
  gives after a take only cards up to a ten while the stock lasts, swaps the trump six;
- :class:`LearnedBot` (``base:learned``): Gurka family, the card play of a small network
  trained by self-play (:mod:`game.ai.learned.network`): no search, no inference; exchanges the
  cards stronger than the unseen average, always buys back; Durak: :class:`LowestBot`.
"""

from __future__ import annotations

import random

from ..engine.gurka import moves as gm
from ..engine.cards import INDEX
from ..engine.determinize import Assignment, Position
from ..engine.public import table_of
from . import search
from .gurka import info as gurka_info
from .gurka import policy as gurka_policy
from .learned import network as learned
from .learned import table as learned_table
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

        # a card passed on (transfer Durak) is a card played too; a trump shown is kept
        cards = [a for a in legal if a["type"] in ("attack", "defend")
                 or a["type"] == "transfer" and not a["shown"]]
        if cards:
            return min(cards, key=key)
        for kind in ("swap", "pass", "take"):
            for a in legal:
                if a["type"] == kind:
                    return a
        return legal[0]


class RuleBot:
    """Durak's usual rule player (see the module docstring)."""

    level = "rule"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, view: dict, legal: list[dict]) -> dict:
        t = table_of(view)
        trump = t.trump

        def cost(card):
            return (card[1] == trump, INDEX[card] // 4)
        for a in legal:
            if a["type"] == "swap":
                return a
        defends = [a for a in legal if a["type"] == "defend"]
        if defends:          # the cheapest card that beats the cheapest attack it can
            return min(defends, key=lambda a: (cost(a["card"]), cost(a["attack"])))
        attacks = [a for a in legal if a["type"] == "attack"]
        if attacks:
            opening = not t.on_table()
            # no trumps while the stock lasts; a give after a take: nothing above a ten
            # while the stock lasts (the taker keeps what it is given)
            top = 8 if t.taking and t.stock else 12
            keep = [a for a in attacks
                    if all((c[1] != trump or not t.stock) and INDEX[c] // 4 <= top
                           for c in a["cards"])]
            if opening and not keep:
                keep = attacks
            if keep:
                # its lowest card (a lead: all its cards of that rank)
                return min(keep, key=lambda a: (cost(a["cards"][0]), -len(a["cards"])))
        for kind in ("pass", "take"):
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


class LearnedBot:
    level = "learned"

    def __init__(self, seed: int = 0, table: bool = False):
        self.lowest = LowestBot(seed)
        #: play by the table policy of game.ai.learned.table instead (``base:learned:table``)
        self.table = table

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if _durak(view):
            return self.lowest.choose(view, legal)
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind in ("buyback", "pass"):
            return next((a for a in legal if a["type"] == "buyback"), legal[0])
        k = gurka_info.read_view(view)
        if kind == "exchange":      # the rule its self-play exchanged by
            limit = max(len(a["discard"]) for a in legal)
            d = sorted(learned.names(gurka_policy.exchange_choice(k.hand, k.S, [], limit,
                                                                   margin=0.0)))
            return next((a for a in legal if sorted(a["discard"]) == d), legal[0])
        if self.table:
            moves = [tuple(learned.INDEX[c] for c in a["cards"]) for a in legal]
            pick = learned_table.policy().best(learned.situation_from_knowledge(k),
                                               learned.distinct(moves, k.S))
            want = sorted(learned.names(pick))
            return next(a for a in legal if sorted(a["cards"]) == want)
        return learned.choose_card(k, legal)


def make_baseline(spec: str, seed: int = 0):
    """``base:mc[:N]``, ``base:hoarder``, ``base:lowest``, ``base:rule`` or ``base:learned``."""
    parts = spec.split(":")
    if parts[0] != "base" or len(parts) < 2:
        raise ValueError(f"{spec!r} is not a baseline bot (base:mc[:N], base:hoarder, "
                         "base:lowest, base:rule, base:learned)")
    if parts[1] == "mc":
        return MonteCarloBot(seed, int(parts[2]) if len(parts) > 2 else 200)
    if parts[1] == "hoarder":
        return HoarderBot(seed)
    if parts[1] == "lowest":
        return LowestBot(seed)
    if parts[1] == "rule":
        return RuleBot(seed)
    if parts[1] == "learned":
        return LearnedBot(seed, table=parts[2:] == ["table"])
    raise ValueError(f"unknown baseline bot {spec!r}")
