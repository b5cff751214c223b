"""A small reader for the rules pages: markdown-ish text laid out into one tall picture.

The format, one block per line (blank lines separate paragraphs)::

    # Title                      ## Section            ### Small heading
    A paragraph, with **bold** words.
    - a bullet point (continued lines join the bullet)
    [cards] 9S 10S JS QS | 7H 7C JK :: A run and a group with a joker

``[cards]`` draws real card pictures: groups separated by ``|``, the caption after
``::``. Wrapping works for English (at spaces) and Japanese (between characters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.app import fonts
from game.app.cards import CardArt, card_size
from game.app.ui.paint import card_row
from game.app.ui.theme import CREAM, GOLD, MUTED

BOLD = re.compile(r"\*\*(.+?)\*\*")
STYLE = {  # size, bold, colour, space above
    "h1": (32, True, CREAM, 0),
    "h2": (22, True, GOLD, 26),
    "h3": (18, True, CREAM, 16),
    "p": (17, False, CREAM, 10),
    "li": (17, False, CREAM, 5),
    "li2": (17, False, CREAM, 3),
}
INDENT = {"li": 26, "li2": 52}
LINE = 1.5
CARD_W = 64


@dataclass
class Block:
    kind: str  # h1 h2 h3 p li cards
    text: str


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            blocks.append(Block("gap", ""))
            continue
        for prefix, kind in (("### ", "h3"), ("## ", "h2"), ("# ", "h1"), ("- ", "li")):
            if stripped.startswith(prefix):
                if kind == "li" and raw.startswith((" ", "\t")):
                    kind = "li2"  # an indented bullet sits under the one before
                blocks.append(Block(kind, stripped[len(prefix) :]))
                break
        else:
            if stripped.startswith("[cards]"):
                blocks.append(Block("cards", stripped[7:].strip()))
            elif blocks and _continues(blocks[-1], raw):
                blocks[-1].text += _joiner(blocks[-1].text, stripped) + stripped
            else:
                blocks.append(Block("p", stripped))
    return [b for b in blocks if b.kind != "gap"]


def _continues(block: Block, raw: str) -> bool:
    """A line that carries on the block before it: any line after a paragraph, and an
    indented line after a bullet."""
    return block.kind == "p" or (block.kind in ("li", "li2") and raw.startswith((" ", "\t")))


def _joiner(before: str, after: str) -> str:
    """Join wrapped source lines: a space for English, nothing between Japanese."""
    if before and after and ord(before[-1]) > 0x2E7F and ord(after[0]) > 0x2E7F:
        return ""
    return " "


def runs(text: str) -> list[tuple[str, bool]]:
    """Split ``**bold**`` spans: [(text, bold), ...]."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for match in BOLD.finditer(text):
        if match.start() > pos:
            out.append((text[pos : match.start()], False))
        out.append((match.group(1), True))
        pos = match.end()
    if pos < len(text):
        out.append((text[pos:], False))
    return out


def _wrap_runs(
    parts: list[tuple[str, bool]], size: int, width: int
) -> list[list[tuple[str, bool]]]:
    """Lines of (text, bold) pieces no wider than ``width``."""
    tokens: list[tuple[str, bool]] = []
    for content, bold in parts:
        tokens.extend((token, bold) for token in fonts._tokens(content))
    lines: list[list[tuple[str, bool]]] = [[]]
    x = 0
    for token, bold in tokens:
        w = fonts.font(size, bold).size(token)[0]
        trimmed = fonts.font(size, bold).size(token.rstrip())[0]
        if lines[-1] and x + trimmed > width:
            lines.append([])
            x = 0
            token = token.lstrip()
            w = fonts.font(size, bold).size(token)[0]
        lines[-1].append((token, bold))
        x += w
    return lines


def layout(blocks: list[Block], width: int, art: CardArt) -> pygame.Surface:
    """Everything drawn on one transparent surface ``width`` wide."""
    ops: list[tuple] = []  # (kind, y, payload)
    y = 0
    for i, block in enumerate(blocks):
        if block.kind == "cards":
            y += 14
            groups, caption = _card_groups(block.text)
            ops.append(("cards", y, groups))
            y += card_size(CARD_W)[1] + 8
            if caption:
                ops.append(("caption", y, caption))
                y += 24
            y += 8
            continue
        size, bold, colour, above = STYLE[block.kind]
        if i > 0:
            y += above
        indent = INDENT.get(block.kind, 0)
        parts = [(t, bold or b) for t, b in runs(block.text)]
        lines = _wrap_runs(parts, size, width - indent)
        if indent:
            ops.append(("bullet", y, (size, indent)))
        for line in lines:
            ops.append(("line", y, (indent, line, size, colour)))
            y += round(size * LINE)
        if block.kind == "h1":
            y += 6
    surface = pygame.Surface((width, max(1, y + 24)), pygame.SRCALPHA)
    for kind, top, payload in ops:
        if kind == "line":
            indent, line, size, colour = payload
            x = indent
            for content, bold in line:
                image = fonts.render(content, size, colour, bold)
                surface.blit(image, (x, top))
                x += image.get_width()
        elif kind == "bullet":
            size, indent = payload
            centre = (indent - 17, top + round(size * 0.78))
            if indent > INDENT["li"]:
                pygame.draw.circle(surface, GOLD, centre, 3, 1)
            else:
                pygame.draw.circle(surface, GOLD, centre, 3)
        elif kind == "cards":
            x = 0
            for group in payload:
                rect = card_row(surface, art, group, (x, top), CARD_W, step=0.46)
                x = rect.right + 26
        elif kind == "caption":
            surface.blit(fonts.render(payload, 14, MUTED), (0, top))
    return surface


def _card_groups(text: str) -> tuple[list[list[str]], str]:
    cards, _, caption = text.partition("::")
    groups = [group.split() for group in cards.split("|") if group.strip()]
    return groups, caption.strip()
