"""Hard's play-outs with a model per seat: the heuristic, or a learned policy.

:func:`rollout` plays a (determinized) Gurka state to the end of its deal the way
``gurka_ai.rollout`` does, except that a seat given a learned model (``models[seat]``: a :class:`game.ai.learned.network.Net`
or a :class:`game.ai.learned.table.TablePolicy`) plays the move that model rates lowest, read from that
seat's compact state (:class:`game.ai.learned.network.Situation`): its hand, the trick, and the
cards it has not seen, kept as a count per strength and updated as cards are played.
"""

from __future__ import annotations

from ...engine.cards import INDEX
from . import policy as gp
from ..learned import network as learned


def _deal_played(st) -> list[int]:
    """The cards played so far in the state's deal (from its events)."""
    out: list[int] = []
    for e in reversed(st.events):
        t = e["type"]
        if t == "deal":
            break
        if t == "play":
            out.extend(INDEX[c] for c in e["cards"])
    return out


def rollout(st, rng, S, models: dict, eps: float) -> None:
    """Play the deal out: seats in ``models`` by their learned model, the rest by the
    play-out heuristic with ``eps`` random moves (exchanges as ``gurka_ai.rollout``)."""
    live = None
    while True:
        ph = st.phase
        if ph == "play":
            seat = st.turn
            model = models.get(seat)
            if model is None:
                move = gp.rollout_move(st, rng, eps)
                if live is not None:
                    for c in move:
                        live[S[c]] -= 1
                st.play_move(seat, move)
                continue
            if live is None:         # every card not yet played in the deal, nor piled
                live = [0] * 17
                gone = set(_deal_played(st))
                for p in st.piles:
                    gone.update(p)
                for c in range(52):
                    if c not in gone:
                        live[S[c]] += 1
            hand = st.hands[seat]
            if len(hand) == 1:
                move = (hand[0],)
            else:
                moves = learned.distinct(st.moves(), S)
                if len(moves) == 1:
                    move = moves[0]
                elif eps and rng.random() < eps:
                    move = moves[rng.randrange(len(moves))]
                else:
                    count = list(live)
                    for c in hand:
                        count[S[c]] -= 1
                    in_hands = sum(len(st.hands[s]) for s in st.in_deal) - len(hand)
                    sit = learned.Situation(hand, st.trick, count, in_hands, len(st.in_deal),
                                      st.options, S, st.V)
                    move = model.best(sit, moves)
            for c in move:
                live[S[c]] -= 1
            st.play_move(seat, move)
        elif ph == "exchange":
            gp.playout_exchange(st, S)
            live = None
        else:
            return
