#!/usr/bin/env python3
"""Generate Card Parlour's card art as SVG: faces, jokers, backs, table felt and app icon.

Standard library only. The app rasterises these files with pygame/SDL_image, whose nanosvg
renderer ignores ``<text>``, ``<use>``, ``<pattern>`` and ``<clipPath>``; so every glyph, pip
and pattern is written out as explicit ``<path>`` geometry. Coordinates are transformed here
(not with SVG ``transform``) so output is plain, deterministic and renders identically
everywhere.

Run from the repository root::

    python sprites/make_cards.py            # writes next to this script (sprites/...)
    python sprites/make_cards.py --out DIR  # writes the same tree into DIR
    python sprites/make_cards.py --no-png   # skip icon.png (the only step needing pygame)
"""

from __future__ import annotations

import argparse
import math
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

# --------------------------------------------------------------------------------------------
# Geometry and SVG plumbing
# --------------------------------------------------------------------------------------------

W, H = 250.0, 350.0  # card viewBox, aspect 2.5 : 3.5
CX, CY = W / 2, H / 2
CARD_R = 13.0  # corner radius of the card outline
BORDER = "#7d7d7d"
PAPER = "#ffffff"

Point = tuple[float, float]


def fmt(v: float) -> str:
    """Format compactly with 2 decimals; fixed rounding keeps the output deterministic."""
    r = round(v, 2)
    if r == 0:
        return "0"
    return f"{r:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Tf:
    """Axis-aligned affine map x' = sx*x + tx, y' = sy*y + ty.

    Only scale/translate/180-degree rotation are needed, which keeps arcs axis-aligned so
    they can be transformed exactly.
    """

    sx: float = 1.0
    sy: float = 1.0
    tx: float = 0.0
    ty: float = 0.0

    def apply(self, x: float, y: float) -> Point:
        return self.sx * x + self.tx, self.sy * y + self.ty

    def after(self, outer: Tf) -> Tf:
        """Return the map 'self first, then outer'."""
        return Tf(
            outer.sx * self.sx,
            outer.sy * self.sy,
            outer.sx * self.tx + outer.tx,
            outer.sy * self.ty + outer.ty,
        )

    @property
    def scale(self) -> float:
        return math.sqrt(abs(self.sx * self.sy))


IDENTITY = Tf()


def place(box: float, cx: float, cy: float, size: float, flip: bool = False) -> Tf:
    """Map a square design box [0, box]^2 to a square of `size` centred at (cx, cy)."""
    s = size / box
    if flip:
        return Tf(-s, -s, cx + s * box / 2, cy + s * box / 2)
    return Tf(s, s, cx - s * box / 2, cy - s * box / 2)


def rot180(cx: float = CX, cy: float = CY) -> Tf:
    return Tf(-1.0, -1.0, 2 * cx, 2 * cy)


_CMD = re.compile(r"([MLCQAZ])([^MLCQAZ]*)")
_NUM = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")
_ARITY = {"M": 2, "L": 2, "C": 6, "Q": 4, "A": 7, "Z": 0}


def transform_path(d: str, t: Tf) -> str:
    """Apply `t` to a path that uses only absolute M L C Q A Z commands."""
    out: list[str] = []
    for cmd, args in _CMD.findall(d):
        nums = [float(n) for n in _NUM.findall(args)]
        arity = _ARITY[cmd]
        if arity == 0:
            out.append("Z")
            continue
        if len(nums) % arity:
            raise ValueError(f"bad argument count for {cmd} in {d!r}")
        for i in range(0, len(nums), arity):
            out.append(cmd + " ".join(_transform_args(cmd, nums[i : i + arity], t)))
    return "".join(out)


def _transform_args(cmd: str, a: list[float], t: Tf) -> list[str]:
    if cmd == "A":
        rx, ry, rot, large, sweep, x, y = a
        if t.sx * t.sy < 0:  # a mirror reverses the arc direction
            sweep = 1 - sweep
        px, py = t.apply(x, y)
        vals = [rx * abs(t.sx), ry * abs(t.sy), rot, large, sweep, px, py]
        return [fmt(v) for v in vals]
    pts = []
    for i in range(0, len(a), 2):
        px, py = t.apply(a[i], a[i + 1])
        pts += [fmt(px), fmt(py)]
    return pts


def circle_d(cx: float, cy: float, r: float) -> str:
    return ellipse_d(cx, cy, r, r)


def ellipse_d(cx: float, cy: float, rx: float, ry: float) -> str:
    return (
        f"M{fmt(cx - rx)} {fmt(cy)}A{fmt(rx)} {fmt(ry)} 0 1 0 {fmt(cx + rx)} {fmt(cy)}"
        f"A{fmt(rx)} {fmt(ry)} 0 1 0 {fmt(cx - rx)} {fmt(cy)}Z"
    )


def rect_d(x: float, y: float, w: float, h: float, r: float = 0.0) -> str:
    if r <= 0:
        return poly_d([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    x2, y2 = x + w, y + h
    a = f"A{fmt(r)} {fmt(r)} 0 0 1 "
    return (
        f"M{fmt(x + r)} {fmt(y)}L{fmt(x2 - r)} {fmt(y)}{a}{fmt(x2)} {fmt(y + r)}"
        f"L{fmt(x2)} {fmt(y2 - r)}{a}{fmt(x2 - r)} {fmt(y2)}"
        f"L{fmt(x + r)} {fmt(y2)}{a}{fmt(x)} {fmt(y2 - r)}"
        f"L{fmt(x)} {fmt(y + r)}{a}{fmt(x + r)} {fmt(y)}Z"
    )


def poly_d(points: Sequence[Point], close: bool = True) -> str:
    body = "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points)
    return f"M{body}{'Z' if close else ''}"


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


class Canvas:
    """Collects SVG elements, applying the current transform to every path."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.t = IDENTITY

    @contextmanager
    def transformed(self, t: Tf) -> Iterator[None]:
        old = self.t
        self.t = t.after(old)
        try:
            yield
        finally:
            self.t = old

    def path(self, d: str, **attrs: str | float) -> None:
        if "stroke_width" in attrs:  # keep line weights proportional under scaling
            attrs["stroke_width"] = float(attrs["stroke_width"]) * self.t.scale
        text = " ".join(
            f'{k.replace("_", "-")}="{fmt(v) if isinstance(v, float) else v}"'
            for k, v in attrs.items()
        )
        self.parts.append(f'<path d="{transform_path(d, self.t)}" {text}/>')

    def raw(self, text: str) -> None:
        self.parts.append(text)

    def svg(self, w: float = W, h: float = H, defs: str = "") -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(w)}" height="{fmt(h)}" '
            f'viewBox="0 0 {fmt(w)} {fmt(h)}">'
        )
        body = [head] + ([f"<defs>{defs}</defs>"] if defs else []) + self.parts + ["</svg>"]
        return "\n".join(body) + "\n"


# --------------------------------------------------------------------------------------------
# Stroke font: centre-lines in a box 100 units tall; drawn with round caps and joins.
# Each entry is (advance width, path). Stroke 14 fits inside the box (lines stay 7 from edges).
# --------------------------------------------------------------------------------------------

GLYPH_STROKE = 14.0
GLYPHS: dict[str, tuple[float, str]] = {
    "A": (60, "M7 93L30 7L53 93M15.3 62L44.7 62"),
    "2": (60, "M9 28C9 14 18 7 30 7C43 7 51 15 51 28C51 45 31 61 9 93L53 93"),
    "3": (
        60,
        "M9 17C14 10 21 7 30 7C42 7 50 14 50 26C50 39 41 46 27 46"
        "C43 46 52 55 52 69C52 84 42 93 29 93C20 93 12 89 8 82",
    ),
    "4": (60, "M41 93L41 7L7 66L53 66"),
    "5": (
        60,
        "M49 7L15 7L11 44C17 39 23 37 30 37C44 37 52 48 52 64C52 82 42 93 28 93C19 93 12 90 8 84",
    ),
    "6": (
        60,
        "M47 12C42 8 36 7 31 7C15 7 8 24 8 50L8 69M8 69A22 22 0 1 0 52 69A22 22 0 1 0 8 69Z",
    ),
    "7": (60, "M7 7L53 7C38 30 29 58 25 93"),
    "8": (
        60,
        "M11 27A19 19 0 1 0 49 27A19 19 0 1 0 11 27ZM8 69A22 22 0 1 0 52 69A22 22 0 1 0 8 69Z",
    ),
    "9": (
        60,
        "M52 31A22 22 0 1 0 8 31A22 22 0 1 0 52 31L52 50C52 76 45 93 29 93C24 93 18 92 13 88",
    ),
    "10": (78, "M7 22L19 9L19 93M41 50A15 43 0 1 0 71 50A15 43 0 1 0 41 50Z"),
    "J": (60, "M27 7L53 7M45 7L45 66C45 84 37 93 26 93C16 93 9 87 7 78"),
    "Q": (60, "M7 48A23 41 0 1 0 53 48A23 41 0 1 0 7 48ZM33 68L53 93"),
    "K": (60, "M9 7L9 93M51 7L9 57M25 38L53 93"),
    "O": (60, "M7 50A23 43 0 1 0 53 50A23 43 0 1 0 7 50Z"),
    "E": (56, "M49 7L9 7L9 93L49 93M9 50L41 50"),
    "R": (60, "M9 93L9 7L31 7C45 7 52 15 52 28C52 41 45 49 31 49L9 49M29 49L53 93"),
}


def draw_glyph(
    cv: Canvas,
    ch: str,
    cx: float,
    top: float,
    height: float,
    color: str,
    squeeze: float = 1.0,
    stroke: float = GLYPH_STROKE,
) -> None:
    """Draw one glyph with its box centred on cx; `squeeze` narrows wide glyphs such as 10."""
    adv, d = GLYPHS[ch]
    s = height / 100.0
    sx = s * squeeze
    t = Tf(sx, s, cx - adv * sx / 2, top)
    with cv.transformed(t):
        # stroke width is in glyph units; Canvas scales it by the geometric mean of sx, sy
        cv.path(
            d,
            fill="none",
            stroke=color,
            stroke_width=stroke / math.sqrt(squeeze),
            stroke_linecap="round",
            stroke_linejoin="round",
        )


# --------------------------------------------------------------------------------------------
# Suit symbols, designed in a 100 x 100 box centred on (50, 50)
# --------------------------------------------------------------------------------------------

SUIT_PATHS: dict[str, list[str]] = {
    "H": [
        "M50 95C44 84 4 64 4 33C4 16 16 5 29 5C39 5 46 11 50 21C54 11 61 5 71 5"
        "C84 5 96 16 96 33C96 64 56 84 50 95Z"
    ],
    "D": ["M50 2Q33 29 11 50Q33 71 50 98Q67 71 89 50Q67 29 50 2Z"],
    "S": [
        "M50 3C58 19 95 38 95 62C95 76 85 84 73 84C63 84 57 79 53 72C54 84 58 91 67 97"
        "L33 97C42 91 46 84 47 72C43 79 37 84 27 84C15 84 5 76 5 62C5 38 42 19 50 3Z"
    ],
    "C": [
        circle_d(50, 27, 22),
        circle_d(27, 59, 22),
        circle_d(73, 59, 22),
        circle_d(50, 52, 13),
        "M46.5 56C46.5 80 42 90 33 97L67 97C58 90 53.5 80 53.5 56Z",
    ],
}


def draw_suit(
    cv: Canvas, suit: str, cx: float, cy: float, size: float, color: str, flip: bool = False
) -> None:
    with cv.transformed(place(100, cx, cy, size, flip)):
        for d in SUIT_PATHS[suit]:
            cv.path(d, fill=color)


# --------------------------------------------------------------------------------------------
# Colours
# --------------------------------------------------------------------------------------------

INK = "#1b1b1f"
RED = "#c8102e"
BLUE = "#1f57c3"
GREEN = "#15873c"
NAVY = "#24408e"
GOLD = "#e3a82b"
SKIN = "#f7dcc2"
LINE = "#2a2420"
CREAM = "#fbf5e6"

SCHEMES: dict[str, dict[str, str]] = {
    "cards": {"S": INK, "H": RED, "D": RED, "C": INK},
    "cards4": {"S": INK, "H": RED, "D": BLUE, "C": GREEN},
}
# Secondary colour for court robes: contrasts with the suit colour.
ACCENT = {INK: RED, RED: NAVY, BLUE: RED, GREEN: RED}

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "SHDC"

# --------------------------------------------------------------------------------------------
# Card face parts
# --------------------------------------------------------------------------------------------

RANK_H = 58.0  # rank glyph height = 23 % of card width (11.6 px on a 50 px card)
INDEX_CX = 31.0  # centre line of the corner index column
INDEX_TOP = 13.0
INDEX_SUIT = 36.0  # suit symbol size under the rank


def card_base(cv: Canvas) -> None:
    cv.path(rect_d(1, 1, W - 2, H - 2, CARD_R), fill=PAPER, stroke=BORDER, stroke_width=2.0)


def draw_index(cv: Canvas, rank: str, suit: str, color: str) -> None:
    squeeze = 0.88 if rank == "10" else 1.0  # keep 10 inside the index column
    draw_glyph(cv, rank, INDEX_CX, INDEX_TOP, RANK_H, color, squeeze=squeeze)
    suit_cy = INDEX_TOP + RANK_H + 6 + INDEX_SUIT / 2
    draw_suit(cv, suit, INDEX_CX, suit_cy, INDEX_SUIT, color)


def both_corners(cv: Canvas, draw: Callable[[Canvas], None]) -> None:
    """Draw a corner decoration top-left and, rotated 180 degrees, bottom-right."""
    draw(cv)
    with cv.transformed(rot180()):
        draw(cv)


# Pip grid: three columns, rows spread between ROW_TOP and ROW_BOT.
COL_L, COL_C, COL_R = CX - 46, CX, CX + 46
ROW_TOP, ROW_BOT = 72.0, 278.0
PIP_SIZE = 44.0


def pip_layout(n: int) -> list[Point]:
    """Classic pip positions for ranks 2-10."""
    top, bot = ROW_TOP, ROW_BOT
    mid = (top + bot) / 2
    q = (bot - top) / 3
    r2, r3 = top + q, bot - q
    six = [(c, r) for r in (top, mid, bot) for c in (COL_L, COL_R)]
    eight_sides = [(c, r) for r in (top, r2, r3, bot) for c in (COL_L, COL_R)]
    layouts: dict[int, list[Point]] = {
        2: [(COL_C, top), (COL_C, bot)],
        3: [(COL_C, top), (COL_C, mid), (COL_C, bot)],
        4: [(c, r) for r in (top, bot) for c in (COL_L, COL_R)],
        5: [(c, r) for r in (top, bot) for c in (COL_L, COL_R)] + [(COL_C, mid)],
        6: six,
        7: [*six, (COL_C, (top + mid) / 2)],
        8: [*six, (COL_C, (top + mid) / 2), (COL_C, (mid + bot) / 2)],
        9: [*eight_sides, (COL_C, mid)],
        10: [*eight_sides, (COL_C, (top + r2) / 2), (COL_C, (r3 + bot) / 2)],
    }
    return layouts[n]


def draw_pips(cv: Canvas, rank: str, suit: str, color: str) -> None:
    for x, y in pip_layout(int(rank)):
        # pips in the lower half are upside down, as on a real deck
        draw_suit(cv, suit, x, y, PIP_SIZE, color, flip=y > CY + 1)


def draw_ace(cv: Canvas, suit: str, color: str) -> None:
    if suit == "S":  # the ace of spades traditionally gets an ornament
        cv.path(circle_d(CX, CY, 74), fill="none", stroke=color, stroke_width=2.5)
        cv.path(circle_d(CX, CY, 68), fill="none", stroke=color, stroke_width=1.0)
        for i in range(8):
            a = i * math.pi / 4
            x, y = CX + 74 * math.cos(a), CY + 74 * math.sin(a)
            cv.path(circle_d(x, y, 4.5), fill=color)
        draw_suit(cv, suit, CX, CY - 2, 112, color)
    else:
        draw_suit(cv, suit, CX, CY, 120, color)


# --------------------------------------------------------------------------------------------
# Court cards: a framed, double-ended geometric portrait
# --------------------------------------------------------------------------------------------

PANEL = (57.0, 22.0, 136.0, 306.0)  # x, y, w, h


@dataclass(frozen=True)
class CourtColours:
    main: str
    accent: str
    hair: str


def outlined(cv: Canvas, d: str, fill: str, width: float = 1.6) -> None:
    cv.path(d, fill=fill, stroke=LINE, stroke_width=width, stroke_linejoin="round")


def stroke_line(cv: Canvas, d: str, color: str, width: float) -> None:
    cv.path(d, fill="none", stroke=color, stroke_width=width, stroke_linecap="round")


def court_panel(cv: Canvas, color: str) -> None:
    x, y, w, h = PANEL
    cv.path(rect_d(x, y, w, h, 6), fill=CREAM, stroke=color, stroke_width=2.5)
    cv.path(rect_d(x + 4, y + 4, w - 8, h - 8, 3), fill="none", stroke=color, stroke_width=0.9)


def court_robe(cv: Canvas, robe: str, placket: str, trim: str) -> None:
    outlined(
        cv, "M69 175L69 142C69 124 84 115 100 113L150 113C166 115 181 124 181 142L181 175Z", robe
    )
    outlined(cv, "M112 113L138 113L145 175L105 175Z", placket)
    robe_trim(cv, trim)
    for y in (128, 146, 164):
        outlined(cv, circle_d(CX, y, 3.2), GOLD, 1.0)


def robe_trim(cv: Canvas, style: str) -> None:
    """Gold decoration on the robe; a different one per rank helps tell courts apart."""
    if style == "chevron":
        for x0, sgn in ((87, 1), (163, -1)):
            for k in range(3):
                y = 140 + k * 11
                pts = [(x0 - 11 * sgn, y + 6), (x0, y), (x0 + 11 * sgn, y + 6)]
                stroke_line(cv, poly_d(pts, close=False), GOLD, 2.6)
    elif style == "lozenge":
        for k, y in enumerate((134.0, 147.0, 160.0)):
            for x in (157.0, 171.0) if k % 2 == 0 else (164.0,):
                pts = [(x, y - 6), (x + 4.5, y), (x, y + 6), (x - 4.5, y)]
                outlined(cv, poly_d(pts), GOLD, 1.0)
    elif style == "stripes":
        for x in (153.0, 161.0, 169.0, 177.0, 73.0, 81.0, 89.0, 97.0):
            stroke_line(cv, poly_d([(x, 134), (x, 171)], close=False), GOLD, 2.2)
    else:
        raise ValueError(style)


def court_head(cv: Canvas, beard: bool, hair: str) -> None:
    for hx in (106.0, 144.0):  # hair showing at the sides of the face
        outlined(cv, circle_d(hx, 92, 7.5), hair)
    outlined(cv, rect_d(118, 96, 14, 20), SKIN)
    outlined(cv, circle_d(CX, 88, 18), SKIN)
    for ex in (118.0, 132.0):
        cv.path(ellipse_d(ex, 85, 2.1, 2.6), fill=LINE)
    stroke_line(cv, "M124 86Q120.5 93 125.5 93.5", LINE, 1.4)
    if beard:
        outlined(
            cv,
            "M107 90C107 108 115 118 125 120C135 118 143 108 143 90"
            "C137 99 131 100 125 100C119 100 113 99 107 90Z",
            "#ededed",
        )
        stroke_line(cv, "M116 98Q125 93 134 98", LINE, 1.6)
    else:
        stroke_line(cv, "M120 99Q125 102 130 99", "#b0353a", 1.8)


def king_figure(cv: Canvas, c: CourtColours, suit: str) -> None:
    court_robe(cv, c.main, c.accent, "chevron")
    # ermine collar: white with black tails
    outlined(cv, "M94 113Q125 134 156 113L152 106Q125 124 98 106Z", "#ffffff")
    for x in (106, 118, 132, 144):
        cv.path(poly_d([(x, 113), (x - 1.6, 117), (x + 1.6, 117)]), fill=LINE)
    court_head(cv, beard=True, hair=c.hair)
    outlined(cv, "M103 73L103 49L113 60L125 42L137 60L147 49L147 73Z", GOLD)
    outlined(cv, rect_d(103, 66, 44, 8), c.accent, 1.2)
    for x, y in ((103, 49), (125, 42), (147, 49)):
        outlined(cv, circle_d(x, y, 3.4), GOLD, 1.0)
    # sword held upright on the right
    outlined(cv, "M163 63L165 52L167 63L167 146L163 146Z", "#d3dbe2", 1.2)
    outlined(cv, rect_d(154, 145, 22, 5, 2), GOLD, 1.0)
    outlined(cv, rect_d(162.5, 150, 5, 15), "#6b3f1f", 1.0)
    outlined(cv, circle_d(165, 168, 3.5), GOLD, 1.0)
    suit_shield(cv, suit, c.main)


def queen_figure(cv: Canvas, c: CourtColours, suit: str) -> None:
    # long hair behind head and shoulders
    outlined(
        cv,
        "M104 84C102 66 112 62 125 62C138 62 148 66 146 84L151 118L137 118L140 92"
        "L110 92L113 118L99 118Z",
        c.hair,
    )
    court_robe(cv, c.accent, c.main, "lozenge")  # colours swapped
    outlined(cv, "M98 113Q125 128 152 113L150 108Q125 121 100 108Z", "#ffffff")
    stroke_line(cv, "M104 118Q125 134 146 118", GOLD, 2.4)
    outlined(cv, circle_d(CX, 128, 3.6), c.accent, 1.0)
    court_head(cv, beard=False, hair=c.hair)
    outlined(
        cv, "M108 72L108 60Q112 53 116 60Q120 49 125 45Q130 49 134 60Q138 53 142 60L142 72Z", GOLD
    )
    outlined(cv, circle_d(CX, 42, 3.6), c.accent, 1.0)
    outlined(cv, rect_d(108, 66, 34, 6), c.accent, 1.0)
    # flower on a stem, held on the right
    stroke_line(cv, "M165 168C162 140 168 112 165 86", "#2e7d32", 3.0)
    outlined(cv, "M165 128C174 122 179 124 182 118C174 116 168 120 165 128Z", "#43a047", 1.0)
    for i in range(6):
        a = i * math.pi / 3
        outlined(cv, circle_d(165 + 7 * math.cos(a), 80 + 7 * math.sin(a), 5), c.accent, 1.0)
    outlined(cv, circle_d(165, 80, 4.4), GOLD, 1.0)
    suit_shield(cv, suit, c.main)


def jack_figure(cv: Canvas, c: CourtColours, suit: str) -> None:
    court_robe(cv, c.main, c.accent, "stripes")
    outlined(cv, "M100 113L125 126L150 113L146 107L125 118L104 107Z", "#ffffff")
    court_head(cv, beard=False, hair=c.hair)
    stroke_line(cv, "M117 97Q121 95 125 97Q129 95 133 97", c.hair, 2.2)
    # beret with a feather
    outlined(cv, "M109 66C95 55 87 48 84 39C92 45 102 51 113 60Z", "#ffffff", 1.2)
    outlined(cv, "M103 76C100 61 111 52 126 52C141 52 151 60 148 76Z", c.accent)
    outlined(cv, rect_d(102, 70, 47, 7, 2), GOLD, 1.2)
    # halberd on the right
    stroke_line(cv, "M166 170L166 52", "#6b3f1f", 3.4)
    outlined(cv, "M161 54L166 40L171 54Z", "#d3dbe2", 1.1)
    outlined(cv, "M166 63L181 56C185 65 185 76 181 85L166 77Z", "#d3dbe2", 1.1)
    suit_shield(cv, suit, c.main)


def suit_shield(cv: Canvas, suit: str, color: str) -> None:
    """The court's suit, shown on a round white shield held on the left."""
    outlined(cv, circle_d(86, 146, 18), "#ffffff", 1.6)
    cv.path(circle_d(86, 146, 15), fill="none", stroke=GOLD, stroke_width=1.4)
    draw_suit(cv, suit, 86, 146, 21, color)


COURT_FIGURES = {"K": king_figure, "Q": queen_figure, "J": jack_figure}
HAIR = {"K": "#d9d9d9", "Q": "#6d3f1d", "J": "#a0522d"}


def draw_court(cv: Canvas, rank: str, suit: str, color: str) -> None:
    colours = CourtColours(color, ACCENT[color], HAIR[rank])
    court_panel(cv, color)
    grow = 1.08  # figure designed slightly small; enlarge about the card centre to fill the panel
    fill = Tf(grow, grow, CX * (1 - grow), CY * (1 - grow))
    for t in (fill, fill.after(rot180())):
        with cv.transformed(t):
            COURT_FIGURES[rank](cv, colours, suit)
    x, _, w, _ = PANEL
    cv.path(poly_d([(x + 4, CY), (x + w - 4, CY)], close=False), stroke=color, stroke_width=2.0)


# --------------------------------------------------------------------------------------------
# Jokers
# --------------------------------------------------------------------------------------------


def joker_index(cv: Canvas, color: str) -> None:
    for i, ch in enumerate("JOKER"):
        draw_glyph(cv, ch, 27, 14 + i * 35, 29, color, stroke=17)


def draw_jester(cv: Canvas, main: str, second: str) -> None:
    # halo star and confetti stars
    cv.path(poly_d(star_points(CX, 186, 92, 54, 8)), fill="#fff3cf", stroke=GOLD, stroke_width=1.5)
    for x, y, r, col in (
        (78, 54, 9, main),
        (176, 60, 7, GOLD),
        (72, 292, 8, GOLD),
        (178, 300, 10, main),
        (184, 236, 6, second),
        (66, 200, 6, second),
    ):
        cv.path(poly_d(star_points(x, y, r, r * 0.45)), fill=col)
    # harlequin tunic and scalloped ruff below the face
    outlined(cv, poly_d([(97, 222), (153, 222), (166, 262), (84, 262)]), second, 1.4)
    for x in (106.0, 125.0, 144.0):
        cv.path(poly_d([(x, 223), (x + 9.5, 242), (x, 261), (x - 9.5, 242)]), fill=main)
    for i in range(9):
        outlined(cv, circle_d(89 + i * 9, 221, 7), "#ffffff", 1.2)
    # face
    outlined(cv, circle_d(CX, 188, 28), SKIN)
    for ex in (114.0, 136.0):
        cv.path(poly_d([(ex - 5, 182), (ex, 177), (ex + 5, 182), (ex, 187)]), fill=main)
    outlined(cv, circle_d(CX, 193, 4.5), RED, 1.0)
    stroke_line(cv, "M110 201Q125 214 140 201", LINE, 2.2)
    for ex in (106.0, 144.0):
        cv.path(circle_d(ex, 198, 4), fill="#f4a3a8")
    # three-pointed jester hat with bells
    outlined(cv, "M96 152C84 130 68 118 58 116C76 104 96 114 110 132Z", second)
    outlined(cv, "M154 152C166 130 182 118 192 116C174 104 154 114 140 132Z", second)
    outlined(cv, "M94 156C94 120 108 86 125 62C142 86 156 120 156 156Z", main)
    for x, y in ((58, 116), (125, 62), (192, 116)):
        outlined(cv, circle_d(x, y, 7.5), GOLD, 1.3)
    outlined(cv, rect_d(92, 148, 66, 12, 5), GOLD, 1.4)
    for i, x in enumerate(range(98, 156, 10)):
        col = main if i % 2 else second
        cv.path(poly_d([(x, 154), (x + 4, 150.5), (x + 8, 154), (x + 4, 157.5)]), fill=col)


def joker_svg(main: str, second: str) -> str:
    cv = Canvas()
    card_base(cv)
    draw_jester(cv, main, second)
    both_corners(cv, lambda c: joker_index(c, main))
    return cv.svg()


# --------------------------------------------------------------------------------------------
# Whole faces
# --------------------------------------------------------------------------------------------


def face_svg(rank: str, suit: str, colors: dict[str, str]) -> str:
    color = colors[suit]
    cv = Canvas()
    card_base(cv)
    if rank in COURT_FIGURES:
        draw_court(cv, rank, suit, color)
    elif rank == "A":
        draw_ace(cv, suit, color)
    else:
        draw_pips(cv, rank, suit, color)
    both_corners(cv, lambda c: draw_index(c, rank, suit, color))
    return cv.svg()


def face_files(colors: dict[str, str]) -> dict[str, str]:
    files = {f"{r}{s}.svg": face_svg(r, s, colors) for s in SUITS for r in RANKS}
    files["JK.svg"] = joker_svg(RED, GOLD)
    files["JK2.svg"] = joker_svg(INK, colors["D"])
    return files


# --------------------------------------------------------------------------------------------
# Backs: patterns clipped to an inner panel, then framed by a white border
# --------------------------------------------------------------------------------------------

INSET = 12.0
PANEL_BOX = (INSET, INSET, W - INSET, H - INSET)  # x0, y0, x1, y1


def clip_polygon(pts: Sequence[Point], box: tuple[float, float, float, float]) -> list[Point]:
    """Sutherland-Hodgman clip of a polygon against an axis-aligned box."""
    x0, y0, x1, y1 = box
    edges: list[tuple[Callable[[Point], bool], Callable[[Point, Point], Point]]] = [
        (lambda p: p[0] >= x0, lambda a, b: _cut_x(a, b, x0)),
        (lambda p: p[0] <= x1, lambda a, b: _cut_x(a, b, x1)),
        (lambda p: p[1] >= y0, lambda a, b: _cut_y(a, b, y0)),
        (lambda p: p[1] <= y1, lambda a, b: _cut_y(a, b, y1)),
    ]
    out = list(pts)
    for inside, cut in edges:
        src, out = out, []
        for i, cur in enumerate(src):
            prev = src[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
        if not out:
            break
    return out


def _cut_x(a: Point, b: Point, x: float) -> Point:
    t = (x - a[0]) / (b[0] - a[0])
    return x, a[1] + t * (b[1] - a[1])


def _cut_y(a: Point, b: Point, y: float) -> Point:
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + t * (b[0] - a[0]), y


def clip_segment(a: Point, b: Point, box: tuple[float, float, float, float]) -> list[Point]:
    """Liang-Barsky clip of a segment; returns [] if it misses the box."""
    x0, y0, x1, y1 = box
    dx, dy = b[0] - a[0], b[1] - a[1]
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return []
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
    if t0 > t1:
        return []
    return [(a[0] + t0 * dx, a[1] + t0 * dy), (a[0] + t1 * dx, a[1] + t1 * dy)]


def back_frame(cv: Canvas, color: str) -> None:
    """White margin hiding pattern overflow, plus card and panel borders."""
    x0, y0, x1, y1 = PANEL_BOX
    outer = rect_d(1, 1, W - 2, H - 2, CARD_R)
    inner = rect_d(x0, y0, x1 - x0, y1 - y0, 9)
    cv.path(outer + inner, fill=PAPER, fill_rule="evenodd")
    cv.path(outer, fill="none", stroke=BORDER, stroke_width=2.0)
    cv.path(inner, fill="none", stroke=color, stroke_width=1.6)
    cv.path(
        rect_d(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, 12),
        fill="none",
        stroke=color,
        stroke_width=0.8,
    )


def back_medallion(cv: Canvas, bg: str, ink: str) -> None:
    """Centre oval with the four suits, shared by all backs."""
    cv.path(ellipse_d(CX, CY, 46, 62), fill=bg, stroke=ink, stroke_width=3.0)
    cv.path(ellipse_d(CX, CY, 39, 55), fill="none", stroke=ink, stroke_width=1.2)
    for suit, x, y in (
        ("S", CX, CY - 29),
        ("D", CX + 20, CY),
        ("C", CX, CY + 29),
        ("H", CX - 20, CY),
    ):
        draw_suit(cv, suit, x, y, 20, ink)


def lattice_back() -> str:
    bg, dark, ink = "#a3162a", "#7e0d1e", "#f6e2cf"
    cv = Canvas()
    x0, y0, x1, y1 = PANEL_BOX
    cv.path(rect_d(x0, y0, x1 - x0, y1 - y0), fill=bg)
    slope, step = 1.4, 26.0  # lines y = +-slope*x + c, spaced `step` apart horizontally
    offsets = [step * slope * k for k in range(-20, 30)]
    # darker diamonds in the middle of each lattice cell
    for a in offsets:
        for b in offsets:
            x, y = (b - a) / (2 * slope) + step / 2, (a + b) / 2
            if x0 - 10 < x < x1 + 10 and y0 - 10 < y < y1 + 10:
                d = [(x, y - 9), (x + 6.4, y), (x, y + 9), (x - 6.4, y)]
                clipped = clip_polygon(d, PANEL_BOX)
                if clipped:
                    cv.path(poly_d(clipped), fill=dark)
    segs = []
    for c in offsets:
        for sign in (1, -1):
            a = (-100.0, sign * slope * -100.0 + c)
            b = (400.0, sign * slope * 400.0 + c)
            seg = clip_segment(a, b, PANEL_BOX)
            if seg:
                segs.append(poly_d(seg, close=False))
    lines = "".join(segs)
    cv.path(lines, fill="none", stroke=ink, stroke_width=3.0)
    cv.path(lines, fill="none", stroke=bg, stroke_width=1.0)
    for a in offsets:
        for b in offsets:
            x, y = (b - a) / (2 * slope), (a + b) / 2
            if x0 - 3 < x < x1 + 3 and y0 - 3 < y < y1 + 3:
                cv.path(circle_d(x, y, 3.4), fill=ink)
                cv.path(circle_d(x, y, 1.3), fill=dark)
    back_medallion(cv, bg, ink)
    back_frame(cv, bg)
    return cv.svg()


def diamond_back() -> str:
    light, dark, ink = "#2d5cc0", "#163a85", "#e3ebff"
    cv = Canvas()
    hw, hh = 17.0, 23.0  # half-diagonals of each diamond
    x0, y0, x1, y1 = PANEL_BOX
    cv.path(rect_d(x0, y0, x1 - x0, y1 - y0), fill=dark)
    for j in range(-1, int(H / hh) + 2):
        for i in range(-1, int(W / (2 * hw)) + 2):
            cx = CX + (i - 4) * 2 * hw + (hw if j % 2 else 0)
            cy = CY + (j - 8) * hh
            shade = light if (i + j // 2) % 2 == 0 else dark
            dia = [(cx, cy - hh), (cx + hw, cy), (cx, cy + hh), (cx - hw, cy)]
            clipped = clip_polygon(dia, PANEL_BOX)
            if not clipped:
                continue
            cv.path(
                poly_d(clipped), fill=shade, stroke=ink, stroke_width=0.9, stroke_linejoin="round"
            )
            if shade == light:
                small = clip_polygon(
                    [(cx, cy - 6), (cx + 4.4, cy), (cx, cy + 6), (cx - 4.4, cy)], PANEL_BOX
                )
                if small:
                    cv.path(poly_d(small), fill=ink)
            else:
                cv.path(circle_d(cx, cy, 1.8), fill=ink)
    back_medallion(cv, dark, ink)
    back_frame(cv, dark)
    return cv.svg()


def wave_back() -> str:
    light, dark, ink = "#2a8a52", "#17603a", "#e8f3df"
    cv = Canvas()
    x0, y0, x1, y1 = PANEL_BOX
    cv.path(rect_d(x0, y0, x1 - x0, y1 - y0), fill=dark)
    pitch, amp, wavelength = 13.0, 5.5, 50.0
    xs = [x0 + i * (x1 - x0) / 90 for i in range(91)]

    def curve(k: int) -> list[Point]:
        base = y0 - pitch + k * pitch
        pts = [(x, base + amp * math.sin(2 * math.pi * (x - CX) / wavelength)) for x in xs]
        return [(x, min(max(y, y0), y1)) for x, y in pts]  # clamp == clip for a graph

    n = int((y1 - y0) / pitch) + 3
    for k in range(0, n, 2):
        upper, lower = curve(k), curve(k + 1)
        cv.path(poly_d(upper + lower[::-1]), fill=light)
    lines = "".join(poly_d(curve(k), close=False) for k in range(n + 1))
    cv.path(lines, fill="none", stroke=ink, stroke_width=1.3, stroke_linejoin="round")
    # a row of small dots riding each dark band adds texture
    for k in range(1, n, 2):
        base = y0 - pitch + k * pitch + pitch / 2
        for x in xs[::6]:
            y = base + amp * math.sin(2 * math.pi * (x - CX) / wavelength)
            if y0 + 2 < y < y1 - 2:
                cv.path(circle_d(x, y, 1.1), fill=ink)
    back_medallion(cv, dark, ink)
    back_frame(cv, dark)
    return cv.svg()


# --------------------------------------------------------------------------------------------
# Table felt (tileable) and the application icon
# --------------------------------------------------------------------------------------------

FELT_TILE = 128


def felt_svg(seed: int = 1853) -> str:
    """Basket-weave texture on a 4-unit grid; every mark stays in its own cell, so it tiles."""
    rng = random.Random(seed)
    shades = ["#12532b", "#17603a", "#2a8049", "#33904f"]
    buckets: dict[tuple[int, bool], list[str]] = {}
    cell = 4
    for gy in range(FELT_TILE // cell):
        for gx in range(FELT_TILE // cell):
            x, y = gx * cell, gy * cell
            across = (gx // 2 + gy // 2) % 2 == 0  # 2x2 blocks alternate direction
            if across:
                seg = poly_d([(x + 0.6, y + 2), (x + 3.4, y + 2)], close=False)
            else:
                seg = poly_d([(x + 2, y + 0.6), (x + 2, y + 3.4)], close=False)
            buckets.setdefault((rng.randrange(4), across), []).append(seg)
    cv = Canvas()
    cv.path(rect_d(0, 0, FELT_TILE, FELT_TILE), fill="#1c6a39")
    for (shade, _), segs in sorted(buckets.items()):
        cv.path(
            "".join(segs),
            fill="none",
            stroke=shades[shade],
            stroke_width=1.3,
            stroke_opacity="0.55",
            stroke_linecap="round",
        )
    for color, count, alpha in (("#0d4022", 220, "0.45"), ("#4aa66a", 160, "0.35")):
        dots = []
        for _ in range(count):
            x, y = rng.randrange(FELT_TILE), rng.randrange(FELT_TILE)
            dots.append(rect_d(x, y, 1, 1))
        cv.path("".join(dots), fill=color, fill_opacity=alpha)
    return cv.svg(FELT_TILE, FELT_TILE)


def mini_card(cv: Canvas, suit: str, color: str) -> None:
    """A small ace used by the icon, drawn in a 104 x 146 box at the origin."""
    cv.path(rect_d(0, 0, 104, 146, 10), fill=PAPER, stroke="#5c5c5c", stroke_width=2.5)
    draw_glyph(cv, "A", 16, 8, 26, color, stroke=16)
    draw_suit(cv, suit, 16, 47, 17, color)
    draw_suit(cv, suit, 52, 80, 62, color)


def icon_svg() -> str:
    defs = (
        # nanosvg reads bare fractions as user units, so give the centre in user space
        '<radialGradient id="felt" gradientUnits="userSpaceOnUse" cx="128" cy="100" r="190">'
        '<stop offset="0" stop-color="#2f9058"/><stop offset="1" stop-color="#0f4a27"/>'
        "</radialGradient>"
    )
    cv = Canvas()
    cv.path(rect_d(8, 8, 240, 240, 46), fill="url(#felt)")
    for angle, suit, color in ((-16, "H", RED), (14, "S", INK)):
        # rotation is only used here; nanosvg handles rotate(a cx cy) on groups
        cv.raw(f'<g transform="rotate({angle} 128 236)">')
        with cv.transformed(Tf(1, 1, 76, 62)):
            cv.path(rect_d(3, 5, 104, 146, 10), fill="#000000", fill_opacity="0.28")  # shadow
            mini_card(cv, suit, color)
        cv.raw("</g>")
    return cv.svg(256, 256, defs)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


def all_files() -> dict[str, str]:
    """Relative path -> SVG text for everything the generator makes."""
    files: dict[str, str] = {}
    for folder, colors in SCHEMES.items():
        for name, text in face_files(colors).items():
            files[f"{folder}/{name}"] = text
    files["backs/back_red.svg"] = lattice_back()
    files["backs/back_blue.svg"] = diamond_back()
    files["backs/back_green.svg"] = wave_back()
    files["table/felt.svg"] = felt_svg()
    files["icon.svg"] = icon_svg()
    return files


def write_if_changed(path: Path, data: bytes) -> bool:
    """Only touch files whose bytes differ, so reruns are no-ops."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def render_icon_png(svg: Path, png: Path, size: int = 256) -> bool:
    """Rasterise the icon with pygame; optional so the SVG step needs only the stdlib."""
    try:
        import os

        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame
    except ImportError:
        print("pygame not available: skipped icon.png", file=sys.stderr)
        return False
    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    tmp = png.with_suffix(".tmp.png")
    pygame.image.save(surface, str(tmp))
    changed = write_if_changed(png, tmp.read_bytes())
    tmp.unlink()
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent,
        help="output folder (default: the sprites folder)",
    )
    parser.add_argument("--no-png", action="store_true", help="skip rendering icon.png")
    args = parser.parse_args(argv)
    changed = 0
    for rel, text in all_files().items():
        changed += write_if_changed(args.out / rel, text.encode("utf-8"))
    if not args.no_png:
        changed += render_icon_png(args.out / "icon.svg", args.out / "icon.png")
    print(f"{changed} file(s) updated in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
