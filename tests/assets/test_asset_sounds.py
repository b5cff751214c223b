"""Checks for the synthesised sound effects in sounds/ (see sounds/make_sounds.py)."""

from __future__ import annotations

import math
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sounds"
# name -> longest allowed duration in seconds
EXPECTED = {
    "shuffle": 1.0,
    "deal": 1.0,
    "draw": 1.0,
    "place": 1.0,
    "invalid": 1.0,
    "win": 1.6,
    "chip": 1.0,
    "call": 1.0,
}


def read_samples(path: Path) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """((channels, sample width, rate, frames), samples) of a 16-bit WAV."""
    with wave.open(str(path), "rb") as w:
        fmt = (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes())
        frames = w.readframes(fmt[3])
    return fmt, struct.unpack(f"<{fmt[3]}h", frames)


def dbfs(level: float) -> float:
    return 20 * math.log10(max(level, 1) / 32768)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_wav_format_and_levels(name: str) -> None:
    (channels, width, rate, nframes), data = read_samples(SOUNDS / f"{name}.wav")
    assert (channels, width, rate) == (1, 2, 44100)
    seconds = nframes / rate
    assert 0.05 < seconds <= EXPECTED[name]
    peak = max(abs(v) for v in data)
    assert dbfs(peak) <= -3.0, f"{name} peaks at {dbfs(peak):.1f} dBFS"
    assert dbfs(peak) >= -12.0, f"{name} is too quiet or silent"
    rms = math.sqrt(sum(v * v for v in data) / len(data))
    assert dbfs(rms) > -40.0, f"{name} is nearly silent"
    # faded in and out, so playback starts and stops without a click
    assert abs(data[0]) < 200 and abs(data[-1]) < 200


def test_generator_reproduces_committed_wavs(tmp_path: Path) -> None:
    script = SOUNDS / "make_sounds.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, cwd=ROOT)
    assert sorted(p.stem for p in tmp_path.glob("*.wav")) == sorted(EXPECTED)
    for name in EXPECTED:
        _, fresh = read_samples(tmp_path / f"{name}.wav")
        _, committed = read_samples(SOUNDS / f"{name}.wav")
        assert len(fresh) == len(committed)
        # allow 1 LSB so a different libm's last-bit rounding cannot fail the build
        assert max(abs(a - b) for a, b in zip(fresh, committed, strict=True)) <= 1, name
