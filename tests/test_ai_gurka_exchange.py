"""Normal's exchange in seven-round Gúrka: the forehand bounds the others, so it exchanges
only a hand worth changing; after it, every card worse than an average replacement goes."""

from game.ai.gurka import levels as gurka_ai
from game.ai.gurka import info as gurka_info
from game.ai.gurka import policy as gurka_policy
from game.engine import new_game


def _exchanges(seed):
    """(is the seat the first to exchange, its hand's strengths, the unseen average,
    Normal's discards' strengths) at each exchange decision of a game's first deal."""
    st = new_game("gurka-is7", 4, seed=seed)
    out = []
    while st.phase == "exchange":
        k = gurka_info.read_view(st.view(st.turn))
        d = gurka_ai.normal_exchange(k, st.exchange_limit())
        avg = sum(k.S[c] for c in k.unseen) / len(k.unseen)
        out.append((not k.table.exchanged, [k.S[c] for c in k.hand], avg, [k.S[c] for c in d]))
        st.apply(gurka_ai.choose_normal(st.view(st.turn), st.legal_actions(), None))
    return out


def test_normal_exchanges_what_is_worse_than_an_average_card():
    seen_fore = seen_after = 0
    for seed in range(30):
        for first, hand, avg, discard in _exchanges(seed):
            if first and max(hand) - avg <= gurka_policy.FOREHAND_MARGIN:
                assert discard == []
                seen_fore += 1
            elif not first and discard:
                # the highest cards go, every one above the average less the margin
                assert all(s - avg > gurka_policy.EXCHANGE_MARGIN for s in discard)
                kept = list(hand)
                for s in discard:
                    kept.remove(s)
                assert not kept or min(discard) >= max(kept)
                seen_after += 1
    assert seen_fore and seen_after
