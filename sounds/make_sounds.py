#!/usr/bin/env python3
"""Synthesise Card Parlour's sound effects as 16-bit mono 44.1 kHz WAV files.

Standard library only (wave, math, struct, random with fixed seeds), so the output is
reproducible and needs no downloaded samples. Run from the repository root::

    python sounds/make_sounds.py            # writes next to this script
    python sounds/make_sounds.py --out DIR  # writes into DIR instead
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
PEAK_DBFS = -6.0
Signal = list[float]


# --------------------------------------------------------------------------------------------
# Building blocks
# --------------------------------------------------------------------------------------------


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def silence(seconds: float) -> Signal:
    return [0.0] * samples(seconds)


def white_noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(seconds))]


class Biquad:
    """RBJ-cookbook biquad; coefficients can be retuned while running (for sweeps)."""

    def __init__(self, kind: str, freq: float, q: float = 0.707) -> None:
        self.kind = kind
        self.x1 = self.x2 = self.y1 = self.y2 = 0.0
        self.tune(freq, q)

    def tune(self, freq: float, q: float) -> None:
        w0 = 2 * math.pi * min(freq, RATE * 0.45) / RATE
        alpha = math.sin(w0) / (2 * q)
        cos = math.cos(w0)
        if self.kind == "lowpass":
            b = [(1 - cos) / 2, 1 - cos, (1 - cos) / 2]
        elif self.kind == "highpass":
            b = [(1 + cos) / 2, -(1 + cos), (1 + cos) / 2]
        elif self.kind == "bandpass":  # constant 0 dB peak gain
            b = [alpha, 0.0, -alpha]
        else:
            raise ValueError(self.kind)
        a0 = 1 + alpha
        self.b0, self.b1, self.b2 = (v / a0 for v in b)
        self.a1, self.a2 = -2 * cos / a0, (1 - alpha) / a0

    def step(self, x: float) -> float:
        y = (
            self.b0 * x
            + self.b1 * self.x1
            + self.b2 * self.x2
            - self.a1 * self.y1
            - self.a2 * self.y2
        )
        self.x2, self.x1, self.y2, self.y1 = self.x1, x, self.y1, y
        return y


def filtered(x: Signal, kind: str, freq: float, q: float = 0.707) -> Signal:
    f = Biquad(kind, freq, q)
    return [f.step(v) for v in x]


def swept(x: Signal, f_start: float, f_end: float, q: float) -> Signal:
    """Band-pass with an exponential centre-frequency sweep (card sliding over cloth)."""
    f = Biquad("bandpass", f_start, q)
    n = max(len(x) - 1, 1)
    out = []
    for i, v in enumerate(x):
        if i % 32 == 0:  # retuning every 32 samples is smooth enough and cheap
            f.tune(f_start * (f_end / f_start) ** (i / n), q)
        out.append(f.step(v))
    return out


def envelope(n: int, attack: float, tau: float) -> Signal:
    """Linear attack (seconds) followed by exponential decay with time constant tau."""
    a = max(samples(attack), 1)
    return [i / a if i < a else math.exp(-(i - a) / (tau * RATE)) for i in range(n)]


def hann(n: int, skew: float = 0.5) -> Signal:
    """Smooth rise and fall; `skew` is where the peak sits (0..1)."""
    peak = max(int(n * skew), 1)
    out = []
    for i in range(n):
        if i < peak:
            out.append(math.sin(0.5 * math.pi * i / peak) ** 2)
        else:
            out.append(math.cos(0.5 * math.pi * (i - peak) / max(n - peak, 1)) ** 2)
    return out


def shaped(x: Signal, env: Signal, gain: float = 1.0) -> Signal:
    return [gain * a * b for a, b in zip(x, env, strict=False)]


def mix_into(dst: Signal, src: Signal, at: float, gain: float = 1.0) -> None:
    start = samples(at)
    for i, v in enumerate(src):
        if start + i < len(dst):
            dst[start + i] += gain * v


def bell(freq: float, seconds: float, tau: float) -> Signal:
    """Soft bell: a few slightly stretched partials, higher ones dying faster."""
    partials = ((1.0, 1.0, 1.0), (2.0, 0.35, 0.5), (3.01, 0.12, 0.3), (4.16, 0.05, 0.18))
    n = samples(seconds)
    att = samples(0.004)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(
            amp * math.exp(-t / (tau * k)) * math.sin(2 * math.pi * freq * ratio * t)
            for ratio, amp, k in partials
        )
        out.append(v * min(1.0, i / att))
    return out


def bonk(freq: float, seconds: float) -> Signal:
    """Low rounded thud: sine with a quick downward pitch glide and a touch of 2nd harmonic."""
    out, phase = [], 0.0
    for i in range(samples(seconds)):
        t = i / RATE
        f = freq * (1 + 0.25 * math.exp(-t / 0.012))
        phase += 2 * math.pi * f / RATE
        amp = min(1.0, t / 0.005) * math.exp(-t / 0.075)
        out.append(amp * (math.sin(phase) + 0.22 * math.exp(-t / 0.03) * math.sin(2 * phase)))
    return out


def click(rng: random.Random, centre: float, tau: float = 0.004) -> Signal:
    """A tiny band-limited tick: one card edge flicking past the next."""
    burst = filtered(white_noise(0.012, rng), "bandpass", centre, 1.4)
    return shaped(burst, envelope(len(burst), 0.0005, tau))


def soften(x: Signal) -> Signal:
    """Trim rumble and hiss: white-noise skirts above ~5 kHz sound harsh on small speakers."""
    return filtered(filtered(filtered(x, "highpass", 150), "lowpass", 4800), "lowpass", 6500)


def finish(x: Signal, fade_in: float = 0.002, fade_out: float = 0.02) -> Signal:
    """Remove DC, normalise to PEAK_DBFS and apply short fades so there are no clicks."""
    mean = sum(x) / len(x)
    n_in, n_out = max(samples(fade_in), 1), max(samples(fade_out), 1)
    x = [(v - mean) * min(1.0, i / n_in, (len(x) - 1 - i) / n_out) for i, v in enumerate(x)]
    g = 10 ** (PEAK_DBFS / 20) / (max(abs(v) for v in x) or 1.0)
    return [v * g for v in x]


# --------------------------------------------------------------------------------------------
# The effects
# --------------------------------------------------------------------------------------------


def deal(rng: random.Random) -> Signal:
    out = silence(0.22)
    slide = swept(white_noise(0.12, rng), 3400, 1700, 0.9)
    mix_into(out, shaped(slide, envelope(len(slide), 0.008, 0.03)), 0.0)
    snap = filtered(white_noise(0.05, rng), "lowpass", 1500)
    mix_into(out, shaped(snap, envelope(len(snap), 0.001, 0.01)), 0.07, 0.7)
    return soften(out)


def draw(rng: random.Random) -> Signal:
    out = silence(0.3)
    slide = swept(white_noise(0.24, rng), 1200, 3000, 0.7)
    mix_into(out, shaped(slide, hann(len(slide), 0.3)), 0.0)
    mix_into(out, click(rng, 2600, 0.006), 0.2, 0.6)
    return soften(out)


def place(rng: random.Random) -> Signal:
    out = silence(0.2)
    snap = filtered(white_noise(0.03, rng), "bandpass", 2500, 0.8)
    mix_into(out, shaped(snap, envelope(len(snap), 0.0005, 0.006)), 0.0, 0.6)
    thump = filtered(white_noise(0.12, rng), "lowpass", 500)
    mix_into(out, shaped(thump, envelope(len(thump), 0.002, 0.025)), 0.0, 2.0)
    low = [math.sin(2 * math.pi * 150 * i / RATE) for i in range(samples(0.15))]
    mix_into(out, shaped(low, envelope(len(low), 0.002, 0.04)), 0.0, 0.3)
    return out


def shuffle(rng: random.Random) -> Signal:
    out = silence(0.95)
    start, end = 0.03, 0.72
    t = start
    while t < end:
        pos = (t - start) / (end - start)
        loud = math.sin(math.pi * pos) ** 0.6  # riffle swells then thins out
        mix_into(out, click(rng, rng.uniform(2400, 4400)), t, rng.uniform(0.5, 1.0) * loud)
        # gaps shrink mid-riffle (cards fall faster) and are jittered
        t += 0.017 - 0.006 * math.sin(math.pi * pos) + rng.uniform(-0.003, 0.003)
    whirr = filtered(white_noise(end - start, rng), "bandpass", 2200, 0.5)
    mix_into(out, shaped(whirr, hann(len(whirr))), start, 0.12)
    bridge = swept(white_noise(0.2, rng), 2600, 1100, 0.8)
    mix_into(out, shaped(bridge, hann(len(bridge), 0.35)), 0.73, 0.55)
    return soften(out)


def invalid(rng: random.Random) -> Signal:
    del rng  # tonal: no randomness needed
    out = silence(0.46)
    mix_into(out, bonk(220.0, 0.25), 0.0)
    mix_into(out, bonk(165.0, 0.28), 0.17, 0.95)
    return filtered(out, "lowpass", 1800)


def win(rng: random.Random) -> Signal:
    del rng
    out = silence(1.5)
    for k, f in enumerate((523.25, 659.25, 783.99, 1046.5)):  # C major arpeggio
        at = 0.12 * k
        mix_into(out, bell(f, 1.5 - at, 0.55), at, 0.8 if k < 3 else 1.0)
    for f in (523.25, 659.25, 783.99):  # soft chord underneath the last note
        mix_into(out, bell(f, 1.0, 0.5), 0.5, 0.25)
    tail = samples(0.35)
    n = len(out)
    return [v * min(1.0, (n - i) / tail) for i, v in enumerate(out)]


def chip(rng: random.Random) -> Signal:
    out = silence(0.3)
    for at, gain in ((0.0, 1.0), (0.05, 0.55), (0.085, 0.3)):
        wobble = rng.uniform(0.95, 1.05)
        n = samples(0.08)
        tone = [
            sum(
                a * math.exp(-i / (tau * RATE)) * math.sin(2 * math.pi * f * wobble * i / RATE)
                for f, a, tau in ((2600, 1.0, 0.012), (3900, 0.55, 0.008), (5600, 0.3, 0.005))
            )
            for i in range(n)
        ]
        mix_into(out, tone, at, gain)
        mix_into(out, click(rng, 6000, 0.002), at, 0.4 * gain)
    return filtered(out, "lowpass", 7000)


def call(rng: random.Random) -> Signal:
    del rng
    out = silence(0.8)
    mix_into(out, bell(783.99, 0.8, 0.35), 0.0, 0.9)  # G5
    mix_into(out, bell(1046.5, 0.65, 0.4), 0.15)  # C6
    return out


EFFECTS: dict[str, Callable[[random.Random], Signal]] = {
    "shuffle": shuffle,
    "deal": deal,
    "draw": draw,
    "place": place,
    "invalid": invalid,
    "win": win,
    "chip": chip,
    "call": call,
}


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


def wav_bytes(x: Signal) -> bytes:
    frames = struct.pack(f"<{len(x)}h", *(max(-32767, min(32767, round(v * 32767))) for v in x))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buf.getvalue()


def render(name: str) -> bytes:
    """Each effect gets its own seeded generator, so effects are independent and stable."""
    seed = sum(ord(c) * 31**i for i, c in enumerate(name)) % 2**32
    return wav_bytes(finish(EFFECTS[name](random.Random(seed))))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise Card Parlour sound effects.")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    changed = 0
    for name in EFFECTS:
        path = args.out / f"{name}.wav"
        data = render(name)
        if not path.exists() or path.read_bytes() != data:  # idempotent reruns
            path.write_bytes(data)
            changed += 1
    print(f"{changed} file(s) updated in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
