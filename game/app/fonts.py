"""The one font helper: every text the app draws itself uses Noto Sans JP.

pygame's default font never appears (it lacks Japanese). Fonts are opened on first use
and cached per (size, bold); the widgets use the same files through the theme.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import pygame

from game.app.assets import font_path


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Noto Sans JP at ``size`` pixels (pygame.font must be initialised)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(font_path(bold)), max(6, int(size)))


@lru_cache(maxsize=4096)
def render(
    text: str, size: int, colour: tuple[int, int, int], bold: bool = False, alpha: int = 255
) -> pygame.Surface:
    """Antialiased text on a transparent surface, cached: menus draw the same words
    every frame. The surface is shared, so never draw on it."""
    image = font(size, bold).render(text, True, colour)
    if alpha != 255:
        image.set_alpha(alpha)
    return image


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(_wrap_paragraph(paragraph, f, width))
    return tuple(lines)


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels.

    Words split at spaces; Japanese breaks between phrases (BudouX's segmenter), and
    inside one only when a phrase is wider than the line, never before closing
    punctuation, which stays on the line it closes."""
    return list(_wrapped(text, size, width, bold))


_NO_LINE_START = set("、。，．・：；？！）」』】〕〉》ー…,.;:!?)]%")


def _tokens(text: str) -> list[str]:
    """Words with their trailing space, and single CJK characters, in order."""
    tokens: list[str] = []
    word = ""
    for ch in text:
        if ord(ch) > 0x2E7F:  # CJK and kana: a break is allowed around each character
            if word:
                tokens.append(word)
                word = ""
            if tokens and ch in _NO_LINE_START:
                tokens[-1] += ch
            else:
                tokens.append(ch)
        elif ch == " ":
            word += ch
            tokens.append(word)
            word = ""
        else:
            if not word and ch in _NO_LINE_START and tokens:
                tokens[-1] += ch
                continue
            word += ch
    if word:
        tokens.append(word)
    return tokens


@lru_cache(maxsize=1)
def _japanese_parser():
    import budoux  # its model is data in the package (build/package.py bundles it)

    return budoux.load_default_japanese_parser()


def _is_cjk(text: str) -> bool:
    return any(ord(ch) > 0x2E7F for ch in text)


def _phrases(text: str) -> list[str]:
    """Japanese text as BudouX phrases (a phrase keeps its closing punctuation)."""
    out: list[str] = []
    for phrase in _japanese_parser().parse(text):
        for part in re.split(r"(?<=[、。：；！？」』）])(?=.)", phrase):  # a break after those too
            if out and part[:1] in _NO_LINE_START:
                out[-1] += part
            else:
                out.append(part)
    return out


def _wrap_paragraph(text: str, f: pygame.font.Font, width: int) -> list[str]:
    if not text:
        return [""]
    lines: list[str] = []
    line = ""
    tokens = _phrases(text) if _is_cjk(text) else _tokens(text)
    pending = list(reversed(tokens))
    while pending:
        token = pending.pop()
        if len(token) > 1 and _is_cjk(token) and f.size(line + token.rstrip())[0] > width:
            pieces = _tokens(token)
            if f.size(token.rstrip())[0] > width and len(pieces) > 1:
                # a phrase wider than a line: break it between characters after all
                pending.extend(reversed(pieces))
                continue
        candidate = line + token
        if line and f.size(candidate.rstrip())[0] > width:
            lines.append(line.rstrip())
            line = token.lstrip()
        else:
            line = candidate
    if line:
        lines.append(line.rstrip())
    return lines
