#!/usr/bin/env python3
"""Make the card art in ``assets/cards/`` from Adrian Kennard's CC0 SVG deck.

    python build_scripts/make_cards.py SVGDIR [OUTDIR]      # default OUTDIR: assets/cards

``SVGDIR`` holds the deck's cards as SVG files named as in the npm package
``@letele/playing-cards`` 0.1.0 (CC0-1.0; React components made from
https://www.me.uk/cards/): ``S2.svg`` ... ``Sk.svg``, ``Ha.svg``, ``D10.svg`` ...
The package ships React components only; render them to SVG once with Node::

    npm pack @letele/playing-cards@0.1.0 && mkdir pc && tar xzf letele-*.tgz -C pc
    npm install react@18 react-dom@18 @babel/runtime
    node -e "..."   # renderToStaticMarkup(createElement(C)) of every export, to SVGDIR/NAME.svg

(the script ``render_letele.mjs`` printed by ``--node-script`` does exactly that).  Neither
Node nor npm is needed to build or run the game: the converted files are committed.

What the conversion does, so that SDL_image's SVG loader (nanosvg, which knows no
``<symbol>`` / ``<use>``) draws them and the game can draw its own indices over them:

- every ``<use>`` of a ``<symbol>`` is replaced by the symbol's content in a ``<g>`` with
  the transform the ``<use>`` implies (position, size, viewBox, preserveAspectRatio);
- the card's white body and outline are left out (the game draws the card's body);
- the corner indices (the rank and the small suit in two corners) are left out: the game
  draws them in its own font and letters (the ``card_indices`` setting);
- the Ace of Spades keeps its large ornamental spade, without the QR code and web address;
- the suit symbols' colour becomes the token ``SUIT`` (the game puts the two- or
  four-colour suit colour in before loading), the art's pure red a deeper card red.

The output files are named by the engine's card names (``TS.svg``, ``KH.svg``...).
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
SUITS = {"S": "S", "H": "H", "D": "D", "C": "C"}
RANKS = {"a": "A", "k": "K", "q": "Q", "j": "J", "10": "T", **{str(n): str(n) for n in range(2, 10)}}
#: the presentation attributes a <use> passes on to what it shows
INHERITED = ("fill", "stroke", "stroke-width", "stroke-dasharray", "stroke-linecap", "stroke-linejoin",
             "stroke-miterlimit")
#: where the deck draws its corner indices (the rank, then the small suit), in card units
CORNER_USES = {("-114.4", "-156"), ("-111.784", "-119")}
CARD_RED = "#c8202a"
SUIT_TOKEN = "SUIT"

NODE_SCRIPT = """\
// node render_letele.mjs PACKAGE_DIST_INDEX_ESM OUTDIR
import React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import fs from 'fs';
const [index, out] = process.argv.slice(2);
const deck = await import(index);
fs.mkdirSync(out, {recursive: true});
for (const [name, C] of Object.entries(deck))
  fs.writeFileSync(`${out}/${name}.svg`, renderToStaticMarkup(React.createElement(C)));
"""


def _num(v: float) -> str:
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def view_box_transform(view_box: str, w: float, h: float, par: str) -> str:
    """The transform that maps a symbol's viewBox onto a w x h viewport (SVG 1.1 7.8)."""
    vx, vy, vw, vh = (float(x) for x in view_box.replace(",", " ").split())
    par = (par or "xMidYMid meet").split()
    align = par[0]
    if align == "none":
        sx, sy = w / vw, h / vh
        tx, ty = -vx * sx, -vy * sy
    else:
        s = min(w / vw, h / vh) if (len(par) < 2 or par[1] == "meet") else max(w / vw, h / vh)
        sx = sy = s
        tx, ty = -vx * s, -vy * s
        if "xMid" in align:
            tx += (w - vw * s) / 2
        elif "xMax" in align:
            tx += w - vw * s
        if "YMid" in align:
            ty += (h - vh * s) / 2
        elif "YMax" in align:
            ty += h - vh * s
    return f"matrix({_num(sx)} 0 0 {_num(sy)} {_num(tx)} {_num(ty)})"


class Flattener:
    def __init__(self, root: ET.Element, suit_paths: set[str]):
        self.defs = {el.get("id"): el for el in root.iter() if el.get("id")}
        self.suit_paths = suit_paths

    def element(self, el: ET.Element, out: ET.Element) -> None:
        tag = el.tag.replace(SVG, "")
        if tag in ("defs", "title", "text", "pattern"):
            return
        if tag == "use":
            self.use(el, out)
            return
        if tag == "symbol":                       # only reached through a <use>
            for child in el:
                self.element(child, out)
            return
        new = ET.SubElement(out, tag, {k: v for k, v in el.attrib.items()
                                       if k not in ("id", "class")})
        if tag == "path" and el.get("d") in self.suit_paths:
            new.set("fill", SUIT_TOKEN)
        for child in el:
            self.element(child, new)

    def use(self, el: ET.Element, out: ET.Element) -> None:
        ref = self.defs.get((el.get(XLINK) or el.get("href") or "").lstrip("#"))
        if ref is None:
            return
        parts = []
        if el.get("transform"):
            parts.append(el.get("transform"))
        x, y = float(el.get("x", 0)), float(el.get("y", 0))
        if x or y:
            parts.append(f"translate({_num(x)} {_num(y)})")
        if ref.tag == SVG + "symbol" and ref.get("viewBox"):
            w, h = float(el.get("width", "100")), float(el.get("height", "100"))
            parts.append(view_box_transform(ref.get("viewBox"), w, h, ref.get("preserveAspectRatio")))
        attrs = {k: el.get(k) for k in INHERITED if el.get(k) is not None}
        if parts:
            attrs["transform"] = " ".join(parts)
        g = ET.SubElement(out, "g", attrs)
        self.element(ref, g)


def suit_shapes(svgdir: Path) -> set[str]:
    """The path data of the four suit symbols (the big pips of the five of each suit)."""
    shapes = set()
    for suit in "SHDC":
        root = ET.parse(svgdir / f"{suit}5.svg").getroot()
        uses = [u for u in root.iter(SVG + "use") if u.get("width") == "70"]
        ref = (uses[0].get(XLINK) or "").lstrip("#")
        sym = next(el for el in root.iter() if el.get("id") == ref)
        shapes |= {p.get("d") for p in sym.iter(SVG + "path")}
    return shapes


def is_corner_index(el: ET.Element) -> bool:
    return el.tag == SVG + "use" and (el.get("x"), el.get("y")) in CORNER_USES


def _same_turned(a: ET.Element, b: ET.Element) -> bool:
    """``b`` is ``a`` turned half round the card's centre (a court's lower half)."""
    return (b.get("transform") == "rotate(180)" and a.get("transform") is None
            and {k: v for k, v in b.attrib.items() if k != "transform"} == dict(a.attrib))


def convert(src: Path, suit_paths: set[str], ace_of_spades: bool) -> str:
    """The card as a header line, one line per part (a ``<g>``) and the closing tag.  A part
    with ``data-turn="1"`` is drawn as it is and again turned half round (the court cards'
    figures): the game renders each part on its own, a few at a time, off the frame path."""
    root = ET.parse(src).getroot()
    flat = Flattener(root, suit_paths)
    kept = []
    for el in root:
        tag = el.tag.replace(SVG, "")
        if tag == "defs" or is_corner_index(el) or tag == "text":
            continue
        if tag == "rect" and el.get("width") == "239":          # the card's body: the game's
            continue
        if ace_of_spades and tag == "path" and el.get("fill") == "#fff":   # the QR code
            continue
        kept.append(el)
    parts: list[tuple[bool, list[ET.Element]]] = []
    i = 0
    while i < len(kept):
        el = kept[i]
        if i + 1 < len(kept) and _same_turned(el, kept[i + 1]):
            parts.append((True, [el]))
            i += 2
            continue
        if parts and not parts[-1][0]:
            parts[-1][1].append(el)
        else:
            parts.append((False, [el]))
        i += 1
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{root.get("viewBox")}" '
             f'width="{root.get("width")}" height="{root.get("height")}" preserveAspectRatio="none">']
    for turn, els in parts:
        g = ET.Element("g", {"data-turn": "1"} if turn else {})
        for el in els:
            if el.tag == SVG + "g":
                sub = ET.SubElement(g, "g", {k: v for k, v in el.attrib.items() if k not in ("id", "class")})
                for child in el:
                    if not is_corner_index(child):
                        flat.element(child, sub)
                if not len(sub):
                    g.remove(sub)
            else:
                flat.element(el, g)
        text = ET.tostring(g, encoding="unicode").replace("\n", " ")
        lines.append(re.sub(r'"red"', f'"{CARD_RED}"', text).replace(' xmlns:ns0="http://www.w3.org/2000/svg"', ""))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if argv and argv[0] == "--node-script":
        print(NODE_SCRIPT, end="")
        return 0
    if not argv:
        print(__doc__)
        return 2
    svgdir = Path(argv[0])
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "assets" / "cards"
    out.mkdir(parents=True, exist_ok=True)
    suit_paths = suit_shapes(svgdir)
    total = 0
    for suit in "SHDC":
        for src_rank, rank in RANKS.items():
            text = convert(svgdir / f"{suit}{src_rank}.svg", suit_paths, (suit, rank) == ("S", "A"))
            path = out / f"{rank}{suit}.svg"
            path.write_text(text, encoding="utf-8")
            total += path.stat().st_size
    print(f"{out}: 52 cards, {total // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
