"""Command line: ``python -m game`` (or ``card-parlour``) plays; ``simulate`` and
``bench`` run headless tools."""

from __future__ import annotations

import argparse
import sys


def _parse_option(text: str) -> tuple[str, object]:
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"option {text!r} must look like name=value")
    lowered = value.lower()
    if lowered in ("true", "on", "yes"):
        return name, True
    if lowered in ("false", "off", "no"):
        return name, False
    try:
        return name, int(value)
    except ValueError:
        return name, value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="card-parlour", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("play", help="open the card table (the default)")
    sim = sub.add_parser("simulate", help="play whole games headless and report")
    sim.add_argument("--game", default="kaluki")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument(
        "--option",
        type=_parse_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. ace_eleven=on",
    )
    sim.add_argument("--json", action="store_true")
    bench = sub.add_parser("bench", help="measure speed")
    bench.add_argument("--engine", action="store_true", help="engine benchmarks only")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--json", action="store_true")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            from game.tools.simulate import print_report, simulate

            report = simulate(args.game, args.players, args.games, args.seed, dict(args.option))
            print_report(report, args.json)
            return 1 if report.failures else 0
        if args.command == "bench":
            from game.tools.bench import run

            run({"engine"} if args.engine else None, args.seed, args.json)
            return 0
        print("Card Parlour: the table arrives in a later version; here is one simulated game.")
        from game.tools.simulate import print_report, simulate

        print_report(simulate("kaluki", 4, 1, 1, {}), as_json=False)
        return 0
    except ValueError as error:  # bad option, bad game id, bad card text
        print(f"card-parlour: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
