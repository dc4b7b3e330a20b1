"""The score sheet's contents, read from the public table and the session (no drawing).

Gurka family (:func:`gurka_sheet`): one row per scored deal (the public table's
``sheet``) with every player's penalty and running total, or lives lost; resets to 0
at exactly the limit, knock-outs and buy-backs marked; the chips where a stake is
played.  Durak (:func:`durak_sheet`): the session's games, who was durak in each, and
how often each player has been durak this evening (the session's ``durak_log``).

The score sheet scene (:mod:`game.ui.scoresheet`) draws a :class:`Sheet` whatever the
family; the family parts choose the builder.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...i18n import _
from ...storage.saves import MAX_DURAK_GAMES
from .. import messages

#: marks on the sheet
RESET, OUT, BUYBACK, LOSER = "↺", "✕", "↩", "✕"


@dataclass
class Cell:
    """One player's entry in one row."""

    text: str = ""
    #: a smaller second line (the running total, a mark)
    note: str = ""
    #: plain, bad (a penalty, durak), good (a reset), dim (not in the deal)
    tone: str = "plain"
    #: the figures behind the text (tests compare them with the record)
    value: int | None = None
    total: int | None = None
    marks: tuple[str, ...] = ()


@dataclass
class Row:
    label: str
    cells: list[Cell]
    #: a summary row (totals, chips) drawn apart from the deals
    summary: bool = False


@dataclass
class Sheet:
    title: str
    columns: list[str]
    rows: list[Row] = field(default_factory=list)
    summary: list[Row] = field(default_factory=list)
    #: shown instead of rows when there are none yet
    empty: str = ""
    footer: list[str] = field(default_factory=list)


# -- the Gurka family ---------------------------------------------------------------------
def gurka_sheet(model, players: list[dict], held: list[int] | None = None) -> Sheet:
    """``held``: every seat's chips as the table shows them now (None: nothing is staked)."""
    lives = model.options.get("lives")
    names = [p["name"] for p in players]
    # TRANSLATORS: the title of the score sheet
    sheet = Sheet(_("Score sheet"), names,
                  empty=_("No deal has been scored yet."))
    seen: set[str] = set()
    for r in model.sheet:
        cells = []
        for s in range(len(players)):
            pen = r.penalties[s] if s < len(r.penalties) else None
            tot = r.totals[s] if s < len(r.totals) else None
            if pen is None:
                cells.append(Cell("–", tone="dim"))
                continue
            if lives:
                text = "−1 ♥" if pen else "·"
            else:
                text = f"+{pen}" if pen else "0"
            marks = []
            note = str(tot) if tot is not None else ""
            tone = "bad" if pen else "plain"
            if s in r.resets:
                marks.append(RESET)
                note = f"0 {RESET}"
                tone = "good"
            if s in r.out:
                marks.append(OUT)
                note = f"{note} {OUT}".strip()
            for who, points in r.buybacks:
                if who == s:
                    marks.append(BUYBACK)
                    note = f"{note} {BUYBACK}{points}".strip()
            seen.update(marks)
            cells.append(Cell(text, note, tone, pen, tot, tuple(marks)))
        # TRANSLATORS: a row of the score sheet; {n} is the deal's number
        sheet.rows.append(Row(_("Deal {n}").format(n=r.number), cells))
    totals = []
    for s in range(len(players)):
        t = model.totals[s]
        note = _("out") if model.out[s] else ""
        totals.append(Cell(str(t), note, "dim" if model.out[s] else "plain", None, t))
    sheet.summary.append(Row(_("Lives lost") if lives else _("Total"), totals, True))
    if held and model.options.get("stake"):
        # TRANSLATORS: a row of the score sheet: every player's chips
        sheet.summary.append(Row(_("Chips"), [Cell(str(h), value=h) for h in held], True))
        sheet.footer.append(messages.pot(model.pot))
    legend = []
    if RESET in seen:
        # TRANSLATORS: the score sheet's legend; {mark} is a small sign
        legend.append(_("{mark} back to 0 at exactly {n}").format(mark=RESET, n=model.options.get("limit")))
    if OUT in seen:
        # TRANSLATORS: the score sheet's legend; {mark} is a small sign
        legend.append(_("{mark} knocked out").format(mark=OUT))
    if BUYBACK in seen and lives:
        # TRANSLATORS: the score sheet's legend with lives; {mark} is a small sign before the
        # number of lives lost that the player came back with
        legend.append(_("{mark} bought back in with the lives lost shown").format(mark=BUYBACK))
    elif BUYBACK in seen:
        # TRANSLATORS: the score sheet's legend; {mark} is a small sign before the points
        legend.append(_("{mark} bought back in with the points shown").format(mark=BUYBACK))
    if legend:
        sheet.footer.append("   ".join(legend))
    return sheet


# -- Durak ------------------------------------------------------------------------------------
def durak_log(session: dict, n: int) -> list[list[int]]:
    """The session's finished games as lists of losing seats ([] for a draw), the latest
    :data:`game.storage.saves.MAX_DURAK_GAMES` (:func:`game.storage.saves.clean_session` has checked them)."""
    return [list(g) for g in session.get("durak_log") or []]


def add_durak_game(session: dict, model) -> None:
    """Note the finished game's losers in the session (the evening's tally)."""
    losers = list(model.losing_team or ([] if model.loser is None else [model.loser]))
    session["durak_log"] = (durak_log(session, model.n) + [losers])[-MAX_DURAK_GAMES:]


def durak_sheet(model, players: list[dict], session: dict) -> Sheet:
    n = len(players)
    log = durak_log(session, n)
    # TRANSLATORS: the title of the Durak score sheet: the games of this session
    sheet = Sheet(_("This evening's games"), [p["name"] for p in players],
                  empty=_("No game has ended yet this evening."))
    first = max(1, int(session.get("game", 1) or 1) - len(log) + (1 if model.over else 0))
    for k, losers in enumerate(log):
        cells = [Cell(LOSER, tone="bad", value=1, marks=(LOSER,)) if s in losers else Cell("·", value=0)
                 for s in range(n)]
        label = _("Game {n}").format(n=first + k)
        if not losers:
            # TRANSLATORS: a Durak game nobody lost (everybody went out at once, or the defender
            # picked up a hundred bouts in a row)
            label = f"{label} · " + _("draw")
        sheet.rows.append(Row(label, cells))
    counts = [sum(s in g for g in log) for s in range(n)]
    # TRANSLATORS: a row of the Durak score sheet: how many games each player lost
    sheet.summary.append(Row(_("Times durak"), [Cell(str(c), tone="bad" if c else "plain", value=c)
                                                for c in counts], True))
    if model.options.get("transfer"):
        # transfer Durak: how often each player passed the attack on in this game
        passed = [0] * n
        for b in model.bouts:
            for p, _c, _shown in b.transfers:
                passed[p] += 1
        # TRANSLATORS: a row of the transfer Durak score sheet (keep it short): how often each
        # player passed the attack on in the game being played
        sheet.summary.append(Row(_("Passed on"), [Cell(str(c), value=c) for c in passed], True))
    if log:
        # TRANSLATORS: the Durak score sheet's legend; {mark} is a small sign
        sheet.footer.append(_("{mark} was durak").format(mark=LOSER))
    return sheet
