"""Which table part plays which family (the engine's family objects, never their names)."""

from __future__ import annotations

from ...engine.registry import DURAK, GURKA, Family
from .durak_part import DurakPart
from .gurka_part import GurkaPart
from .part_base import TablePart

PARTS: dict[Family, type[TablePart]] = {GURKA: GurkaPart, DURAK: DurakPart}


def part_for(family: Family) -> type[TablePart]:
    return PARTS[family]
