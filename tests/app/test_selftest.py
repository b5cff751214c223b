"""The --self-test command: every asset loads and every scene draws, headless."""

from __future__ import annotations

from game.__main__ import main


def test_self_test_passes_and_writes_its_result(tmp_path, capsys):
    result = tmp_path / "result.txt"
    assert main(["--self-test", "--self-test-result", str(result)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("SELF-TEST OK")
    written = result.read_text(encoding="utf-8")
    assert written.startswith("SELF-TEST OK")
    assert "scenes:" in written and "sprites: 108 faces" in written


def test_self_test_reports_a_missing_asset(tmp_path, monkeypatch, capsys):
    from game.app import assets

    monkeypatch.setattr(assets, "sound_path", lambda name: tmp_path / f"{name}.wav")
    result = tmp_path / "result.txt"
    assert main(["--self-test", "--self-test-result", str(result)]) == 1
    assert "SELF-TEST FAILED" in capsys.readouterr().err
    assert result.read_text(encoding="utf-8").startswith("SELF-TEST FAILED")
