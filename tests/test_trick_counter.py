"""The header's "Trick n of N" counts the tricks the deal really has: in Icelandic Gúrka a
lead of several cards uses up as many cards of every hand, so the deal has fewer tricks
than cards (the guided deal: a pair led in the first trick of five cards, so the fourth
trick is the last, and the look back calls it so)."""

import pytest

from game.i18n import set_language
from game.ui.table.gurka_centre import lookback
from game.ui.tutorial.build import run_to


def _asked_with(scene, text):
    coach = scene.coach
    return lambda: (coach.asking(scene) is not None and coach.beat.text.startswith(text)
                    and not scene.busy())


@pytest.mark.parametrize("rid, last_trick, texts", [
    ("gurka-is", ("Trick 4 of 4", "Trick 3 of 3"),
     ("The last trick: play your", "The last trick: lead your")),
    ("gurka-se", ("Trick 6 of 6",), ("The last trick: everyone",)),
])
def test_the_last_trick_is_counted_as_the_last(app, rid, last_trick, texts):
    set_language("en")
    scene = app.nav.push("tutorial", rules=rid)
    for want, text in zip(last_trick, texts):
        assert run_to(app, scene, _asked_with(scene, text)), text
        assert want in scene.part.header(), (want, scene.part.header())


def test_the_look_back_calls_the_pair_deals_fourth_trick_the_last(app):
    set_language("en")
    scene = app.nav.push("tutorial", rules="gurka-is")
    coach = scene.coach
    # the callout after the first deal's last trick ("... loses the deal with ...")
    assert run_to(app, scene, lambda: coach.note is not None and "score pile" in coach.note.text)
    assert len(scene.part.model.tricks) == 4
    look = lookback(scene.part)
    assert look is not None and look.title.startswith("Trick 4 of 4")
    assert "last trick" in look.title
