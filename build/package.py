"""Build the standalone app with PyInstaller, archive it, and check it.

    python build/package.py [--onefile] [--check]

Writes ``dist/card-parlour/`` (onedir) or ``dist/card-parlour[.exe]`` (onefile) and an
archive ``dist/card-parlour-<version>-<platform>.tar.gz`` (``.zip`` on Windows).
``--check`` runs the frozen program's ``--self-test`` and fails if it does not pass.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
NAME = "card-parlour"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from game import __version__

    return __version__


def platform_tag() -> str:
    system = {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), "linux")
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def output_folder(onefile: bool) -> Path:
    # the one-file program would clash with the onedir folder of the same name
    return DIST / "onefile" if onefile else DIST


def build(onefile: bool) -> Path:
    env = dict(os.environ, CARD_PARLOUR_ONEFILE="1" if onefile else "0")
    command = [
        sys.executable, "-m", "PyInstaller", str(ROOT / "build" / f"{NAME}.spec"),
        "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(output_folder(onefile)), "--workpath", str(ROOT / "build" / "work"),
    ]  # fmt: skip
    subprocess.run(command, check=True, env=env, cwd=ROOT)
    exe = NAME + (".exe" if sys.platform == "win32" else "")
    return output_folder(onefile) / exe if onefile else DIST / NAME / exe


def archive(onefile: bool) -> Path:
    exe = NAME + (".exe" if sys.platform == "win32" else "")
    source = output_folder(onefile) / exe if onefile else DIST / NAME
    stem = f"{NAME}-{version()}-{platform_tag()}{'-onefile' if onefile else ''}"
    if sys.platform == "win32":
        target = DIST / f"{stem}.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as bundle:
            paths = [source] if source.is_file() else sorted(source.rglob("*"))
            for path in paths:
                bundle.write(
                    path,
                    Path(NAME) / path.relative_to(source.parent if source.is_file() else source),
                )
    else:
        target = DIST / f"{stem}.tar.gz"
        with tarfile.open(target, "w:gz") as bundle:
            bundle.add(source, arcname=NAME if source.is_dir() else source.name)
    return target


def self_test(program: Path) -> float:
    """Run the frozen program's self-test; return its wall time in seconds."""
    with tempfile.TemporaryDirectory() as folder:
        result = Path(folder) / "result.txt"
        env = dict(os.environ)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        start = time.perf_counter()
        done = subprocess.run(
            [str(program), "--self-test", "--self-test-result", str(result)],
            env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        elapsed = time.perf_counter() - start
        written = result.read_text(encoding="utf-8") if result.exists() else ""
        if done.returncode != 0 or "SELF-TEST OK" not in written:
            print(done.stdout, done.stderr, written, sep="\n", file=sys.stderr)
            raise SystemExit(f"self-test of {program} failed (exit {done.returncode})")
    return elapsed


def folder_size(path: Path) -> int:
    """Bytes of the bundle, each file once: PyInstaller links pygame's libraries into
    the folder (symbolic links), which the archive and the disk hold only once."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--onefile", action="store_true", help="one executable instead of a folder")
    parser.add_argument("--check", action="store_true", help="run the frozen self-test")
    args = parser.parse_args()
    start = time.perf_counter()
    program = build(args.onefile)
    built = time.perf_counter() - start
    target = archive(args.onefile)
    bundle = program if args.onefile else program.parent
    print(f"built {bundle} in {built:.0f} s: {folder_size(bundle) / 1e6:.1f} MB")
    print(f"archive {target}: {target.stat().st_size / 1e6:.1f} MB")
    if args.check:
        print(f"self-test passed in {self_test(program):.2f} s")
    shutil.rmtree(ROOT / "build" / "work", ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
