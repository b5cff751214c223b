"""Command line: ``python -m game`` (or ``card-parlour``) plays; ``simulate`` and
``bench`` run headless tools."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.tools.arguments import SEED_MAX, amount, game_option, text, whole


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="card-parlour", description=__doc__)
    parser.add_argument(
        "--portable",
        action="store_true",
        help="keep saves, settings and statistics in the saves/ folder next to the program",
    )
    parser.add_argument("--load", type=Path, metavar="PATH", help="open a saved game")
    parser.add_argument(
        "--replay",
        type=Path,
        metavar="FILE",
        help="look back over a saved or finished game, move by move, all hands open",
    )
    parser.add_argument(
        "--check-save",
        type=Path,
        metavar="PATH",
        help="check a save file and exit: 0 when it loads cleanly, 2 when it is damaged",
    )
    sub = parser.add_subparsers(dest="command")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="load every asset, build and draw every screen headless, print SELF-TEST OK",
    )
    parser.add_argument(
        "--self-test-result", metavar="FILE", help="also write the self-test's result to FILE"
    )
    play = sub.add_parser("play", help="open the card table (the default)")
    play.add_argument(
        "--measure-startup",
        action="store_true",
        help="print the time to the first frame and close",
    )
    sim = sub.add_parser("simulate", help="play whole games headless and report")
    sim.add_argument("--game", default="kaluki", type=text("game id"))
    sim.add_argument("--players", type=whole(2, 10), default=4, help="2 to 10, as the game allows")
    sim.add_argument("--games", type=whole(1, 1_000_000), default=100)
    sim.add_argument("--seed", type=whole(0, SEED_MAX), default=1)
    sim.add_argument(
        "--option",
        type=game_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. ace_eleven=on",
    )
    sim.add_argument(
        "--preset",
        type=text("rule set"),
        metavar="NAME",
        help="a rule set of the game, e.g. kalooki_40 (--option changes it further)",
    )
    sim.add_argument("--json", action="store_true")
    sim.add_argument(
        "--bots",
        metavar="LEVELS",
        help="AI level per player, e.g. hard,normal,normal,normal (players rotate seats)",
    )
    sim.add_argument("--workers", type=whole(1, 256), default=1, help="games played in parallel")
    sim.add_argument(
        "--budget-ms",
        type=amount(60_000, "ms"),
        default=400.0,
        help="Hard's thinking time per decision",
    )
    sim.add_argument(
        "--rollouts",
        type=whole(0, 100_000),
        default=0,
        help="Hard's sampled worlds per decision instead of a time budget (reproducible)",
    )
    sim.add_argument("--per-deal", action="store_true", help="count each deal's winner")
    sim.add_argument("--progress", action="store_true", help="print progress to stderr")
    serve = sub.add_parser("serve", help="run a table server for network play")
    serve.add_argument(
        "--host", default="127.0.0.1", type=text("host"), help="the address to listen on"
    )
    serve.add_argument(
        "--port",
        type=whole(0, 65_535, "a port number"),
        default=8765,
        help="0: any free port (the one bound is printed)",
    )
    serve.add_argument(
        "--db",
        default="tables.db",
        help="the tables' storage: an SQLite file, or postgresql://... (many processes)",
    )
    serve.add_argument(
        "--all-interfaces", action="store_true", help="allow --host 0.0.0.0 (every interface)"
    )
    serve.add_argument(
        "--test-seeds",
        action="store_true",
        help="tests only: deal the seed a client asks for (it reveals every hidden card)",
    )
    serve.add_argument(
        "--test-timer",
        type=float,
        metavar="SECONDS",
        help="tests only: every turn timer a table chose runs this many seconds",
    )
    serve.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of the server's limits (docs/NETWORK.md, Threats and limits)",
    )
    serve.add_argument(
        "--presence",
        metavar="redis://...",
        help="many processes: the Redis that says which one serves which table",
    )
    serve.add_argument(
        "--public-url",
        metavar="URL",
        help="the address this process's clients reach it by (http[s]://name[:port][/prefix])",
    )
    serve.add_argument(
        "--path-prefix",
        metavar="/PATH",
        help="serve under this path (default: --public-url's path; '/' for none, when the "
        "proxy strips it)",
    )
    serve.add_argument(
        "--lease", type=amount(60, "s"), default=5.0, help="seconds a table's lease lasts"
    )
    serve.add_argument("--metrics", action="store_true", help="serve /metrics (on with --presence)")
    serve.add_argument("--log-json", action="store_true", help="one JSON object a log line")
    bench = sub.add_parser("bench", help="measure speed")
    bench.add_argument("--engine", action="store_true", help="engine benchmarks only")
    bench.add_argument("--seed", type=whole(0, SEED_MAX), default=1)
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--online", action="store_true", help="the table server on loopback")
    bench.add_argument(
        "--processes",
        type=whole(1, 16),
        default=None,
        help="--online: N server processes on one PostgreSQL and one Redis (started here)",
    )
    bench.add_argument(
        "--tables", type=whole(1, 10_000), default=250, help="--online: tables of 4 clients"
    )
    bench.add_argument(
        "--seconds", type=amount(3_600, "s"), default=30.0, help="--online: load run length"
    )
    bench.add_argument(
        "--hard-flood",
        type=whole(1, 1_000),
        default=None,
        metavar="N",
        help="--online: a table's round trip while N tables of six Hard seats play",
    )
    bench.add_argument(
        "--pace",
        type=amount(600, "s"),
        default=1.0,
        help="--online: seconds between a client's moves",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.self_test:
        from game.tools.selftest import run_self_test

        return run_self_test(args.self_test_result)
    if args.check_save is not None:
        from game.persist.cli import check_save_command

        return check_save_command(args.check_save)
    if args.load is not None or args.replay is not None:
        from game.persist.cli import EXIT_DAMAGED, describe, load_for_play, say

        path = args.replay if args.replay is not None else args.load
        saved = load_for_play(path)
        if saved is None:
            return EXIT_DAMAGED
        say(f"{path.name}: {describe(saved)}", sys.stdout)
        from game.app.main import run_app

        if args.replay is not None:
            return run_app(args.portable, replay=saved)
        return run_app(args.portable, load=saved)
    try:
        if args.command == "simulate":
            from game.ai.base import BotSettings
            from game.tools.simulate import preset_options, print_report, simulate

            options = dict(args.option)
            if args.preset:
                options = {**preset_options(args.game, args.preset), **options}
            report = simulate(
                args.game,
                args.players,
                args.games,
                args.seed,
                options,
                bots=args.bots,
                settings=BotSettings(args.budget_ms, args.rollouts),
                workers=args.workers,
                per_deal=args.per_deal,
                progress=args.progress,
            )
            print_report(report, args.json)
            return 1 if report.failures else 0
        if args.command == "serve":
            from game.net.limits import Limits
            from game.net.server import ClusterOptions
            from game.net.server import serve as run_server

            try:
                limits = Limits.parse(args.limit)
            except ValueError as error:
                print(f"serve: {error}", file=sys.stderr)
                return 2
            cluster = ClusterOptions(
                args.presence,
                args.public_url,
                args.lease,
                args.metrics or args.presence is not None,
                args.log_json,
                args.path_prefix,
            )
            return run_server(
                args.host,
                args.port,
                args.db,
                args.all_interfaces,
                args.test_seeds,
                limits,
                cluster,
                args.test_timer,
            )
        if args.command == "bench" and args.online and args.hard_flood:
            from game.tools.flood_bench import run_flood

            run_flood(args.hard_flood, args.seconds, args.json)
            return 0
        if args.command == "bench" and args.online and args.processes:
            from game.tools.cluster_bench import run_cluster

            figures = run_cluster(args.processes, args.tables, args.seconds, args.pace, args.json)
            return 0 if figures is not None else 2
        if args.command == "bench" and args.online:
            from game.tools.online_bench import run_online

            run_online(args.tables, args.seconds, args.pace, args.json)
            return 0
        if args.command == "bench":
            from game.tools.bench import run

            run({"engine"} if args.engine else None, args.seed, args.json)
            return 0
        from game.app.main import run_app

        return run_app(args.portable, getattr(args, "measure_startup", False))
    except ValueError as error:  # bad option, bad game id, bad card text
        print(f"card-parlour: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
