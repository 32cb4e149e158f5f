"""The ``adjudicator`` command: serve the API, import recorded hands, replay one for an official.

    adjudicator serve [--host H] [--port P] [--threads N]
    adjudicator import FILE                 (``-`` reads standard input; JSON or text records)
    adjudicator export HAND_ID… | --all [--format json|text] [-o FILE]
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
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from adjudicator.cli import (
    completion,
    demo,
    docs,
    export,
    imports,
    records,
    replay,
    rulebook,
    serve,
    tokens,
    verify,
)
from adjudicator.cli.common import Refused

#: Each command's module adds its subcommand (``register``); a new command is a module and a line here.
COMMANDS = (serve, imports, export, records, replay, verify, tokens, demo, rulebook, docs, completion)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(
        prog="adjudicator", description="Bid Whist rulings: an append-only event store and its API."
    )
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
