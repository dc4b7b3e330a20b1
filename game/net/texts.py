"""What a player is told about a network table, in their own language (one line each).

The protocol's codes (:mod:`.protocol`: ``refused.reason``, ``closed.reason``, the
joiner's own findings) become sentences here, translated when they are shown; the
headless commands print the same lines (in English unless a language is set).
"""

from __future__ import annotations

from ..i18n import _
from ..safe_json import clip
from .protocol import PROTOCOL


def refused_text(reason: str, theirs: str | None = None) -> str:
    """Why the host did not let this joiner sit down."""
    if reason == "protocol":
        return _("The host speaks network protocol {theirs}, this game {ours}: both need the same "
                 "version of Gurka.").format(theirs=clip(theirs or "?", 40), ours=PROTOCOL)
    if reason == "wrong_code":
        return _("Wrong table code.")
    if reason == "too_many_tries":
        return _("Too many wrong codes: wait a minute, then try again.")
    if reason == "full":
        return _("There is no free seat at this table.")
    if reason == "bad_token":
        return _("The host does not know your seat any more.")
    if reason == "busy":
        return _("The table is busy: try again in a moment.")
    return _("The host refused the connection ({reason}).").format(reason=clip(reason, 40))


def closed_text(reason: str) -> str:
    """Why the host ended the connection."""
    if reason == "host_left":
        return _("The host has left: the table is closed.")
    if reason == "replaced":
        return _("Your seat was taken up by another connection of yours.")
    if reason == "game_over":
        return _("The game is over.")
    return _("The host ended the connection ({reason}).").format(reason=clip(reason, 40))


def unreachable_text(address: str) -> str:
    return _("No table answers at {address}.").format(address=clip(address, 80))


def lost_text() -> str:
    return _("The connection to the host was lost.")


def broken_text(detail: str) -> str:
    """The host sent something no honest host sends (one line; the detail stays English)."""
    return _("The host sent something the game cannot accept: {detail}").format(detail=clip(detail, 160))


def seat_lost_text(name: str) -> str:
    return _("{name} lost the connection").format(name=clip(name, 40))


def seat_joined_text(name: str) -> str:
    return _("{name} sat down at the table").format(name=clip(name, 40))


def seat_back_text(name: str) -> str:
    return _("{name} is back").format(name=clip(name, 40))


def seat_left_text(name: str) -> str:
    return _("{name} left the table").format(name=clip(name, 40))


def seat_again_text(name: str) -> str:
    return _("{name} plays again").format(name=clip(name, 40))


def relay_text(reason: str, relay: str) -> str:
    """An internet table's trouble on the way: the relay's answer, or what TLS found."""
    if reason == "unreachable":
        return _("Cannot reach the relay {relay}: check the internet connection.").format(relay=clip(relay, 80))
    if reason in ("no_room", "host_left"):
        # TRANSLATORS: an internet table: the relay knows no table for this invitation
        return _("No table is open for this invitation: the host may have closed it, or the invitation "
                 "was copied wrong.")
    if reason in ("busy", "full", "slow_down", "taken"):
        return _("The relay is busy: try again in a moment.")
    if reason == "host_slow":
        return _("The host's computer did not answer through the relay: try again in a moment.")
    if reason in ("version", "bad"):
        return _("The relay {relay} speaks another version: both of you need the same version of Gurka.").format(
            relay=clip(relay, 80))
    if reason == "old_python":
        # TRANSLATORS: an internet table through a relay that speaks TLS itself (gurkas://)
        return _("A relay that speaks TLS (gurkas://) needs Python 3.11 or newer on this computer.")
    if reason == "not_the_table":
        # TRANSLATORS: an internet table: the computer that answered is not the host the invitation names
        return _("The computer that answered is not the host of this invitation, so nothing was sent to it. "
                 "Ask the host for a new invitation.")
    # tampered, tls: TLS found the stream changed on the way
    return _("The connection to the table was changed on the way (by the relay or the network), so the game "
             "stops here.")
