"""Safe file names for save slots, from anything a player types (Japanese included)."""

from __future__ import annotations

import re
import unicodedata

MAX_STEM_CHARS = 60
MAX_STEM_BYTES = 180  # file systems allow 255 bytes; leave room for "-2.json" and temps
# Windows refuses these names with any extension, in any case.
_RESERVED = {"con", "prn", "aux", "nul"} | {f"{p}{n}" for p in ("com", "lpt") for n in range(10)}
# Our own files that share the folder in portable mode.
_OURS = {"autosave", "settings", "statistics", "damaged"}
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')


def slot_stem(text: str) -> str:
    """A file name (without ``.json``) for the slot ``text``: the same words where the
    file system allows them, unsafe characters as "_", never a path, never empty, never
    a name Windows reserves or one of our own files."""
    text = unicodedata.normalize("NFC", text)  # macOS stores decomposed names
    text = "".join(" " if ch.isspace() else ch for ch in text)  # tabs, ideographic space
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")  # controls
    text = _UNSAFE.sub("_", text)
    text = " ".join(text.split())  # any run of spaces is one space
    text = text.strip(" .")  # Windows drops trailing dots; a leading dot hides the file
    text = text[:MAX_STEM_CHARS]
    while len(text.encode("utf-8")) > MAX_STEM_BYTES:
        text = text[:-1]
    text = text.strip(" .")
    if not text:
        return "save"
    base = text.split(".")[0].strip().lower()  # Windows reserves "con.txt" as well
    if base in _RESERVED or text.lower() in _OURS:
        return f"{text}_"
    return text
