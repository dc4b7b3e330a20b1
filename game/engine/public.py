"""The one public fold: events in, what every player can see out.

    table = new_table(rules, options, players)      # per family: GurkaTable / DurakTable
    for ev in events:
        fold(table, ev)

or in one go, from a record or from a seat's view (a view's events have the hidden cards
replaced by counts; the fold keeps them hidden)::

    table = table_of(record)       # or table_of(view)

The UI's model, the AI's trackers and the score sheet read these tables; the state
machines keep their own full state for the rules.  Families: :mod:`.public_gurka`,
:mod:`.public_durak`.
"""

from __future__ import annotations

from typing import Any, Mapping, TypeVar

from .actions import Event
from .registry import PublicTable, find_ruleset

T = TypeVar("T", bound=PublicTable)

# new_table and table_of return Any: the family is chosen at run time by the ruleset id, and
# every caller reads its own family's table (a PublicTable would make each of them narrow it)


def new_table(rules: str, options: Mapping[str, Any], players: list[dict[str, Any]],
              game: int = 1) -> Any:
    """An empty public table for ``rules`` (before the first deal)."""
    table = find_ruleset(rules).new_public(options, players)
    table.game = game
    return table


def fold(table: T, event: Event) -> T:
    """Apply one event to ``table`` (in place) and return it."""
    table.apply(event)
    return table


def table_of(source: Mapping[str, Any], upto: int | None = None) -> Any:
    """The public table after the events of a record or a view (the first ``upto`` of them)."""
    table = new_table(source["rules"], source["options"], source["players"],
                      source.get("game", 1) if isinstance(source.get("game", 1), int) else 1)
    events = source["events"] if upto is None else source["events"][:upto]
    for ev in events:
        table.apply(ev)
    return table


__all__ = ["PublicTable", "new_table", "fold", "table_of"]
