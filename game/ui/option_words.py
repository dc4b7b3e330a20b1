"""The words of every rule option: its name, its values and what it does.

The words are the options' declarations' (:mod:`game.engine.options`: message ids marked
there, translated here when shown), keyed by the option keys of the record format, never by a
ruleset: what one preset says of an option its own way is in that preset's entry of
:mod:`game.ui.rules_text`.  The setup screen and the rules texts show the same strings.
"""

from __future__ import annotations

from typing import Mapping

from ..engine.options import declared
from ..i18n import _, ngettext, pgettext


#: Variant names of the rules contract that are not option keys, each a value of a record option
#: (free buy-back, the Danish buy-in, an ace worth one point): key, value.
ALIASES = {"free_buyback": ("buyback", "free"), "buy_in": ("buyback", "worst"),
           "ace_scores_one": ("ace_value", 1)}


def _say(msgid) -> str:
    """A declared message id (or ``(context, msgid)``) in the interface language."""
    if isinstance(msgid, tuple):
        return pgettext(*msgid)
    return _(msgid) if msgid else ""


def option_label(key: str) -> str:
    """A short name for an option, for a toggle or choice on the setup screen."""
    option = declared(ALIASES.get(key, (key,))[0])
    return _say(option.name) if option is not None else str(key)


def option_value_label(key: str, value: object) -> str:
    """How a value of an option is shown (numbers and on/off as they are)."""
    if isinstance(value, bool):
        return pgettext("option", "On") if value else pgettext("option", "Off")
    option = declared(key)
    if option is not None:
        named = option.value_names.get(value)
        if named is not None:
            return _say(named)
        if option.unit and isinstance(value, int):
            return ngettext(option.unit[0], option.unit[1], value).format(n=value)
    return str(value)


def option_help(key: str, options: Mapping) -> str:
    """One line explaining an option (a variant name of :data:`ALIASES` or a record option key)
    as it works with the other ``options`` of the game; "" for a key this game does not know."""
    if key in ALIASES:
        key, value = ALIASES[key]
        options = {**options, key: value}
    option = declared(key)
    return _say(option.help_for(options)) if option is not None else ""
