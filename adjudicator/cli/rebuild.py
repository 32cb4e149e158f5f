"""``adjudicator rebuild-read-models``: the read models rebuilt by worker processes, with a progress
bar on a terminal and a one-line summary at the end (only the summary when the output is not a
terminal, so that logs and scripts get one line)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager

from adjudicator.bootstrap import bootstrap
from adjudicator.service.ports import Progress, Projector, Rebuilt


@contextmanager
def progress_bar() -> Iterator[Progress | None]:
    """A ``rich`` bar on standard error while the logs are replayed, when it is a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("replaying logs"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("rebuild", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def summary(read_models: Projector, report: Rebuilt, persistence: str) -> str:
    logs = sum(report.logs.values())
    each = f", {report.seconds / logs * 1000:.2f} ms a log" if logs else ""
    counted = ", ".join(f"{n} {table}" for table, n in report.logs.items())
    skipped = f"; {report.skipped} not projected (adjudicator verify)" if report.skipped else ""
    checked = "hashes verified" if report.verified else "hashes not verified"
    return (
        f"rebuilt {read_models.path} from {report.notifications} events ({persistence}, {checked}):"
        f" {counted}{skipped}; {report.seconds:.1f} s with {report.workers}"
        f" worker{'s' if report.workers > 1 else ''}{each}"
    )


def rebuild(path: str | None, workers: int | None, verify: bool = False) -> int:
    """Rebuild, then one line; the logs not projected, and why, on standard error (the first few)."""
    services = bootstrap(read_db=path, read_models=False)
    try:
        read_models = services.projector()
        with progress_bar() as progress:
            report = read_models.rebuild_report(workers or cores(), progress, verify)
        for reason in report.reasons:
            print(f"not projected: {reason}", file=sys.stderr)
        print(summary(read_models, report, services.events.persistence))
    finally:
        services.close()
    return 0


def cores() -> int:
    """The cores this process may run on (its affinity, e.g. under a container's CPU set)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
