"""``adjudicator import``: hands in from a file, JSON or text, with progress on a terminal.

The file holds hand records (``adjudicator-hand/1``, as ``adjudicator export`` and
``GET /hands/{id}/record`` write them, JSON or text: the form is detected) or the plain items the
command always took: a new hand ``{"ruleset", "dealer", "players"?, "label"?, "events"}`` (its
events may be as ``GET …/events`` lists them) or more events for a stored one
``{"hand", "version"?, "events"}``. Every hand in the file is checked before anything is written,
and the whole file is recorded all or none, in one commit: a file refused stores nothing.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from adjudicator.bootstrap import bootstrap
from adjudicator.cli.common import Refused
from adjudicator.cli.records import _catch_up
from adjudicator.domain.handfile import HandFileError, from_text
from adjudicator.service import handfiles
from adjudicator.service.credentials import Author
from adjudicator.service.errors import EventRefused, ServiceError
from adjudicator.service.ports import Hands


def register(commands: Any) -> None:
    load = commands.add_parser("import", help="record the hands of a file, JSON or text (- for stdin)")
    load.add_argument("file", help="the file of hand records or items (- reads standard input)")
    load.add_argument(
        "--as",
        dest="author",
        default=None,
        help="the official recorded as the events' author (default: the OS user name)",
    )
    load.add_argument("--ruleset", help="for a file without one (GET …/events's answer): the ruleset")
    load.add_argument("--dealer", help="for a file without one (GET …/events's answer): the dealer")
    load.set_defaults(func=import_file)


def is_text(content: str) -> bool:
    """Whether a file is a text record (its first line that is no comment is a ``[Format …]`` tag)."""
    for line in content.splitlines():
        line = line.strip()
        if line and line[0] not in ";%":
            return line.startswith("[Format ")
    return False


def parse(content: str, path: str) -> Any:
    """The file's hands as JSON: a text record read back, or the JSON itself, held to what the API
    holds a body to (``adjudicator.wire.strict_json``: no lone surrogate, no nesting deeper than a hand's)."""
    from adjudicator.wire.strict_json import BodyRefused, check, loads

    try:
        if not is_text(content):
            return loads(content)
        records = from_text(content)
        check(records)
        return records
    except HandFileError as error:
        hand = f"hand {error.hand + 1}, " if error.hand is not None else ""
        raise Refused(f"{path}: {hand}{error}{NOTHING}") from None
    except BodyRefused as refused:
        raise Refused(f"{path}: {refused.detail}") from None
    except ValueError as error:  # json.JSONDecodeError, NaN or Infinity
        raise Refused(f"{path} is neither JSON nor a text record: {error}{NOTHING}") from None


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise Refused(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise Refused(f"{path} is not UTF-8 text: {error}") from None


#: What a refusal before the first hand is written adds: the summary of an import that did nothing.
NOTHING = "; refused before anything was written: imported 0 hands, 0 events"


def _completed(item: Any, ruleset: str | None, dealer: str | None) -> Any:
    """A hand without a ruleset, dealer or hand of its own (``GET …/events``'s answer) with those given."""
    if not isinstance(item, dict) or {"format", "hand", "ruleset", "dealer"} & set(item):
        return item
    given = {"ruleset": ruleset, "dealer": dealer}
    return {**{k: v for k, v in given.items() if v is not None}, **item}


def _checked(
    data: Any, store: Hands, ruleset: str | None = None, dealer: str | None = None
) -> list[dict[str, Any]]:
    """Every hand of the file, shape-checked by the API's schemas and replayed."""
    from marshmallow import ValidationError

    from adjudicator.wire.schemas.common import messages
    from adjudicator.wire.schemas.imports import load_hand

    items = data if isinstance(data, list) else [data]
    hands: list[dict[str, Any]] = []
    items = [_completed(item, ruleset, dealer) for item in items]
    for n, item in enumerate(items, start=1):
        where = f"hand {n} of the file" if len(items) > 1 else "the file"
        try:
            hands.append(load_hand(item))
        except ValidationError as error:
            raise Refused(f"{where}: {json.dumps(messages(error))}{NOTHING}") from None
    try:
        handfiles.check_hands(store, hands)
    except handfiles.ImpossibleHand as impossible:
        illegal = impossible.error
        where = f"hand {impossible.index + 1} of the file" if len(items) > 1 else "the file"
        raise Refused(
            f"{where}: event {illegal.index}: {illegal.message} ({illegal.field}){NOTHING}"
        ) from None
    except ServiceError as error:
        raise Refused(f"{error}{NOTHING}") from None
    return hands


def _author(name: str | None) -> Author:
    """The official an import is recorded by: ``--as NAME``, else the OS user name."""
    if not name:
        try:
            name = getpass.getuser()
        except (KeyError, OSError):
            name = "cli"
    return Author(name.strip()[:100] or "cli", "official")


@contextmanager
def _progress(hands: Sequence[dict[str, Any]]) -> Iterator[handfiles.Progress]:
    """A bar with counts and rate on a terminal (``rich``); nothing but the summary otherwise."""
    if not sys.stderr.isatty():
        yield lambda hand_id, version, events: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (
        TextColumn("importing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands, {task.fields[events]} events, {task.fields[rate]}"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("import", total=len(hands), events=0, rate="")
        counted = [0]

        def advance(hand_id: UUID, version: int, events: int) -> None:
            counted[0] += events
            bar.advance(task)
            elapsed = bar.tasks[task].elapsed or 0.0
            rate = f"{counted[0] / elapsed:,.0f} events/s" if elapsed > 0 else ""
            bar.update(task, events=counted[0], rate=rate)

        yield advance


def import_file(args: argparse.Namespace) -> int:
    author = _author(args.author)
    data = parse(_read(args.file), args.file)
    services = bootstrap(read_models=False)
    store = services.hands
    try:
        hands = _checked(data, store, args.ruleset, args.dealer)
        with _progress(hands) as progress:
            try:
                done = handfiles.import_hands(store, hands, author, progress)
            except EventRefused as refused:
                error = refused.error
                raise Refused(
                    f"event {refused.position + 1} of its list (event {error.index} of the hand): "
                    f"{error.message} ({error.field}){NOTHING}"
                ) from None
            except ServiceError as error:
                raise Refused(f"{error}{NOTHING}") from None
    finally:
        _catch_up(services)
        services.close()
    for hand_id, version in done:
        print(f"{hand_id} version {version}")
    events = sum(len(hand["events"]) for hand in hands)
    print(f"imported {len(done)} hands, {events} events; refused none", file=sys.stderr)
    return 0
