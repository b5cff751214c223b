"""A card zone is a typed value read once from the engine's name ("hand:2")."""

from __future__ import annotations

from game.engine.zone_names import Zone, hand_zone


def test_a_zone_name_reads_as_kind_and_number_and_back():
    assert Zone.of("hand:2") == Zone("hand", 2)
    assert Zone.of("stock") == Zone("stock", None)
    assert Zone.of("captured:10").number == 10
    assert Zone.of("meld:x") == Zone("meld", None)  # no number: not one
    for name in ("hand:2", "stock", "set_aside:3", "stage:0"):
        assert Zone.of(name).name == name
    assert hand_zone(4) == "hand:4"
