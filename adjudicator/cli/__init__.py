"""The ``adjudicator`` command: serve the API, import recorded hands, replay one for an official.

    adjudicator --version
    adjudicator serve [--host H] [--port P] [--threads N] [--workers N]
    adjudicator import FILE                 (``-`` reads standard input; JSON or text records)
    adjudicator export HAND_ID… | --all [--format json|text] [-o FILE]
    adjudicator export-day TOURNAMENT_ID --to FILE   (a hall's day, whole, hash chains intact)
    adjudicator import-day FILE                      (verified, all or none; again: nothing)
    adjudicator site --to DIR                        (the season's public results, static HTML + CSV)
    adjudicator replay HAND_ID [--at N]
    adjudicator rebuild-read-models
    adjudicator openapi [--write]
    adjudicator verify [--hand ID] [--tournament ID] [--seal]
    adjudicator token create --role ROLE --name NAME [--tournament ID [--table N]] | list | revoke NAME_OR_ID
    adjudicator rulebook --out DIR | --check
    adjudicator docs --out DIR
    adjudicator completion bash|zsh|fish

The event store is the embedded SQLite file ``$ADJUDICATOR_DB`` (default
``~/.local/share/adjudicator/events.db``) unless eventsourcing's own variables say otherwise
(``PERSISTENCE_MODULE=eventsourcing.postgres`` with ``POSTGRES_*``).

An import file holds hand records (``adjudicator-hand/1``, JSON or text, as ``export`` writes
them) or plain items (``adjudicator.cli.imports``). Every hand in the file is checked before
anything is written, and the whole file is recorded all or none, in one commit.

Every ``ADJUDICATOR_*`` setting is checked before any command starts: one line for each that is
set to what it does not accept, naming what it takes, and exit status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from adjudicator.cli import (
    completion,
    day,
    demo,
    docs,
    export,
    imports,
    records,
    replay,
    rulebook,
    serve,
    site,
    tokens,
    verify,
)
from adjudicator.cli.common import Refused

#: Each command's module adds its subcommand (``register``); a new command is a module and a line here.
COMMANDS = (
    serve,
    imports,
    export,
    day,
    site,
    records,
    replay,
    verify,
    tokens,
    demo,
    rulebook,
    docs,
    completion,
)


def installed() -> str:
    """The package's version, as installed (a source tree that was never installed has none)."""
    try:
        return version("adjudicator")
    except PackageNotFoundError:
        return "(not installed)"


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="adjudicator",
        description=(
            "Rules adjudication for Bid Whist and Bid Euchre tournaments: every deal, bid, card and "
            "call an event in an append-only store, ruled on under the governing rulebook; its API, "
            "console and tools."
        ),
    )
    root.add_argument("--version", action="version", version=f"adjudicator {installed()}")
    commands = root.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.register(commands)
    return root


#: Arguments naming files: any name the OS allows (bytes that are not UTF-8 arrive as lone surrogates).
PATHS = frozenset({"file", "output", "path"})


def not_text(args: argparse.Namespace) -> str | None:
    """The first argument (other than a file's name) that is not text: it holds bytes that are not
    UTF-8, which Python passes on as lone surrogates, and which no store can hold."""
    for name, value in vars(args).items():
        if name not in PATHS and isinstance(value, str) and any("\ud800" <= c <= "\udfff" for c in value):
            return name
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    from adjudicator.bootstrap import settings_problems, unknown_settings

    for unknown, meant in unknown_settings():
        guess = f" (did you mean {meant}?)" if meant else ""
        print(f"adjudicator: {unknown} is no setting of this version, ignored{guess}", file=sys.stderr)
    if problems := settings_problems():
        for problem in problems:
            print(f"adjudicator: {problem}", file=sys.stderr)
        return 1
    if (name := not_text(args)) is not None:
        print(f"adjudicator: {name} holds bytes that are not UTF-8 text: give it in UTF-8", file=sys.stderr)
        return 2
    if getattr(args, "at", None) is not None and args.at < 0:
        print("adjudicator: --at counts events from 0", file=sys.stderr)
        return 2
    try:
        result: int = args.func(args)
    except Refused as error:
        print(f"adjudicator: {error}", file=sys.stderr)
        return 1
    return result


if __name__ == "__main__":
    raise SystemExit(main())
