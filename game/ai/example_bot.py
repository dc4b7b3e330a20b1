"""An example bot for Gurka: ``python -m game simulate ... --seats ext:game/ai/example_bot.py,...``

A bot is a program of its own.  For every decision the game writes one line of JSON
to its stdin, ``{"decision": N, "view": {...}, "legal": [...]}``, and reads one line
from its stdout, ``{"action": ...}`` with one of the actions in ``legal`` (see
game/ai/README.md).  This one plays every ruleset with simple, readable rules, imports
nothing from the game and uses only the standard library.  Debugging output goes to
stderr: stdout is for answers only.
"""

import json
import sys

RANKS = "23456789TJQKA"


def strength(card, view):
    """Higher is stronger.  The Icelandic top card (6 of clubs, or every seven) is the top rank."""
    top = view["options"].get("top_card")
    if top == "6C" and card == "6C":
        return 15
    if top == "7" and card[0] == "7":
        return 15
    return RANKS.index(card[0]) + 2


def durak_value(card, trump_suit):
    """Durak: cheap cards first; trumps are worth more than any plain card."""
    return RANKS.index(card[0]) + (20 if card[1] == trump_suit else 0)


def is_durak(view):
    """Durak turns up a trump card when it deals; the Gurka family has no trumps."""
    return any(e["type"] == "deal" and "trump" in e for e in view["events"])


def choose(view, legal):
    kinds = {a["type"] for a in legal}
    if is_durak(view):
        trump = next(e["trump"] for e in view["events"] if e["type"] == "deal")[1]
        if "swap" in kinds:
            return {"type": "swap"}
        defends = [a for a in legal if a["type"] == "defend"]
        if defends:   # beat with the cheapest card that does it
            return min(defends, key=lambda a: durak_value(a["card"], trump))
        attacks = [a for a in legal if a["type"] == "attack" and len(a["cards"]) == 1]
        cheap = [a for a in attacks if a["cards"][0][1] != trump]
        if cheap:
            return min(cheap, key=lambda a: durak_value(a["cards"][0], trump))
        if "pass" in kinds:
            return {"type": "pass"}
        if "take" in kinds:
            return {"type": "take"}
        return min(attacks, key=lambda a: durak_value(a["cards"][0], trump))
    # Gurka family
    if "buyback" in kinds:
        return {"type": "buyback"}          # always come back in when allowed
    if "exchange" in kinds:                 # swap away cards of ten and up
        return max(legal, key=lambda a: sum(strength(c, view) >= 10 for c in a["discard"])
                   - 0.1 * len(a["discard"]))
    # play: get rid of the highest cards you may play, keep the low ones for the last trick
    return max(legal, key=lambda a: sum(strength(c, view) for c in a["cards"]))


def main():
    for line in sys.stdin:              # one request per line; the game closes stdin at the end
        request = json.loads(line)
        action = choose(request["view"], request["legal"])
        print(json.dumps({"action": action}), flush=True)


if __name__ == "__main__":
    main()
