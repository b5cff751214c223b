"""Checks for the generated card art in sprites/ (see sprites/make_cards.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
SPRITES = ROOT / "sprites"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
FACES = [f"{r}{s}.svg" for s in "SHDC" for r in RANKS] + ["JK.svg", "JK2.svg"]
CARD_SVGS = [f"{folder}/{name}" for folder in ("cards", "cards4") for name in FACES] + [
    f"backs/back_{c}.svg" for c in ("red", "blue", "green")
]
ALL_SVGS = [*CARD_SVGS, "table/felt.svg", "icon.svg"]
# nanosvg (pygame's SVG renderer) silently ignores these, so they must never appear.
UNSUPPORTED = {"text", "use", "pattern", "clipPath", "image", "mask"}


def local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def luminance_stats(surface: pygame.Surface) -> tuple[float, float]:
    """(variance of luminance, fraction of non-transparent pixels); stdlib only."""
    data = pygame.image.tobytes(surface, "RGBA")
    r, g, b, a = data[0::4], data[1::4], data[2::4], data[3::4]
    lum = [(3 * x + 6 * y + z) / 10 for x, y, z in zip(r, g, b, strict=True)]
    n = len(lum)
    mean = sum(lum) / n
    var = sum((v - mean) ** 2 for v in lum) / n
    opaque = sum(1 for v in a if v > 0) / n
    return var, opaque


@pytest.mark.parametrize("rel", ALL_SVGS)
def test_svg_is_plain_xml(rel: str) -> None:
    path = SPRITES / rel
    assert path.is_file(), f"missing {rel}; run python sprites/make_cards.py"
    root = ET.parse(path).getroot()
    assert local(root.tag) == "svg"
    tags = {local(el.tag) for el in root.iter()}
    assert not tags & UNSUPPORTED, f"{rel} uses {tags & UNSUPPORTED}"


@pytest.mark.parametrize("rel", CARD_SVGS)
def test_card_aspect_is_poker_size(rel: str) -> None:
    root = ET.parse(SPRITES / rel).getroot()
    assert root.get("viewBox") == "0 0 250 350"


@pytest.mark.parametrize("size", [(50, 70), (200, 280)])
@pytest.mark.parametrize("rel", CARD_SVGS)
def test_card_renders_at_size(rel: str, size: tuple[int, int]) -> None:
    surface = pygame.image.load_sized_svg(str(SPRITES / rel), size)
    assert surface.get_size() == size
    var, opaque = luminance_stats(surface)
    assert var > 100, f"{rel} looks blank at {size} (variance {var:.1f})"
    assert opaque > 0.9, f"{rel} is mostly transparent at {size}"


@pytest.mark.parametrize("rel", ["table/felt.svg", "icon.svg"])
def test_other_svgs_render(rel: str) -> None:
    surface = pygame.image.load_sized_svg(str(SPRITES / rel), (128, 128))
    assert surface.get_size() == (128, 128)
    var, _ = luminance_stats(surface)
    assert var > 1, f"{rel} renders as a flat colour"


def test_icon_png() -> None:
    icon = pygame.image.load(str(SPRITES / "icon.png"))
    assert icon.get_size() == (256, 256)


def test_generator_is_deterministic(tmp_path: Path) -> None:
    script = SPRITES / "make_cards.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, cwd=ROOT)
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert made == sorted([*ALL_SVGS, "icon.png"])
    for rel in ALL_SVGS:
        assert (tmp_path / rel).read_bytes() == (SPRITES / rel).read_bytes(), f"{rel} is stale"
    # the PNG is compared by pixels, which does not depend on the PNG encoder's settings
    fresh = pygame.image.load(str(tmp_path / "icon.png"))
    committed = pygame.image.load(str(SPRITES / "icon.png"))
    assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(committed, "RGBA")
