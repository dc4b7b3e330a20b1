"""What the table asks of the player at the screen: the line under the hand.

Nothing at all once the game is over or while a tutorial's coach speaks; under a held
trick, how to go on; while others play, who is thinking (or whose turn it is in hot
seat; at a network table, that a player whose turn it is lost the connection); on the
player's own turn the family part's prompt (:meth:`.part_base.TablePart.prompt`).
"""

from __future__ import annotations

from ...i18n import _
from ...net.protocol import seat_lost
from ...net.texts import seat_lost_text
from .. import messages as M


def prompt_for(scene) -> str:
    if scene.finished or (scene.coach is not None and scene.coach.quiet()):
        return ""
    if scene.tl.held is not None:
        # TRANSLATORS: under a finished trick the table waits on
        return _("Click the table or press Enter to go on.")
    seat = scene.stream.to_act()
    if seat is None or seat < 0:
        return ""
    if not scene.my_turn():
        if scene.busy():
            return ""
        name = scene.players[seat]["name"]
        net = getattr(scene.stream, "network", None)
        if net is not None and seat_lost(net.seats(), seat):
            return seat_lost_text(name)        # a network table waits for them: nobody thinks
        if seat not in scene.humans:
            return M.thinking(name)
        return M.to_play(name, M.is_you(scene.humans, seat))
    return scene.part.prompt(scene.stream.legal_actions())
