"""The living rulebook's outcomes, kept per engine fingerprint: the examples are checked once per
version of the engine and of the scenarios, not on every start of every worker.

The fingerprint (``fingerprint``) is a hash of the engine's source (the packages a run imports: the
domain, the simulation, the examples' steps, the service that reads them) and of every feature file;
a change to either is a new version, checked again. The outcomes of a run are a JSON file named by
it in ``directory()`` (``$ADJUDICATOR_RULEBOOK_CHECKS``, else ``adjudicator/rulebook`` in the user's
cache), written whole or not at all; every process serving reads them from there. A run holds the
file's lock (``flock``) while it runs, so that any process can tell one is under way, and no second
one starts beside it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from dataclasses import asdict
from functools import cache, lru_cache
from pathlib import Path

from adjudicator.service.rulebook import sources
from adjudicator.service.rulebook.results import Results

DIRECTORY_ENV = "ADJUDICATOR_RULEBOOK_CHECKS"
#: The engine's source: what checking an example imports, relative to the ``adjudicator`` package.
ENGINE = ("domain", "simulation", "examples", "service")
PACKAGE = Path(__file__).resolve().parents[2]


def directory() -> Path:
    """Where the outcomes are kept: ``$ADJUDICATOR_RULEBOOK_CHECKS``, else the user's cache."""
    named = os.environ.get(DIRECTORY_ENV)
    if named:
        return Path(named)
    cache_home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache_home) / "adjudicator" / "rulebook"


@cache
def _engine_source() -> bytes:
    """The engine's source files, read once per process (the code running does not change)."""
    digest = hashlib.sha256(f"python {sys.version_info[:2]}\0".encode())
    for folder in ENGINE:
        for path in sorted((PACKAGE / folder).rglob("*.py")):
            digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def fingerprint() -> str:
    """The engine's and the scenarios' version, as a hash: the name the outcomes are kept by (read
    again when a feature file changes, by its time and size)."""
    features = sources.features_dir()
    stamps = []
    for path in sorted(features.rglob("*.feature")):
        try:
            found = path.stat()
        except OSError:
            continue
        stamps.append((str(path.relative_to(features)), found.st_mtime_ns, found.st_size))
    return _fingerprint(features, tuple(stamps))


@lru_cache(maxsize=4)
def _fingerprint(features: Path, stamps: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256(_engine_source())
    for name, _, _ in stamps:
        try:
            digest.update(name.encode() + b"\0" + (features / name).read_bytes() + b"\0")
        except OSError:
            continue
    return digest.hexdigest()


def outcomes_path(version: str) -> Path:
    return directory() / f"{version}.json"


def lock_path(version: str) -> Path:
    return directory() / f"{version}.lock"


_read: dict[Path, tuple[float, Results]] = {}


def read(version: str) -> Results | None:
    """The outcomes kept for ``version`` (None: not checked yet), parsed once per write."""
    path = outcomes_path(version)
    try:
        stamp = path.stat().st_mtime
        if path in _read and _read[path][0] == stamp:
            return _read[path][1]
        data = json.loads(path.read_text(encoding="utf-8"))
        results = Results(data["run_at"], data["engine"], dict(data["outcomes"]), dict(data["failures"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    _read[path] = (stamp, results)
    return results


def finished_at(version: str) -> float | None:
    """When the outcomes kept for ``version`` were written (a time.time()), None if they were not."""
    try:
        return outcomes_path(version).stat().st_mtime
    except OSError:
        return None


def write(version: str, results: Results) -> Path:
    """Keep ``results`` for ``version``: a new file put in place whole (a reader sees the old or the new)."""
    path = outcomes_path(version)
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = {k: v for k, v in asdict(results).items() if k in ("run_at", "engine", "outcomes", "failures")}
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{version}.", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({**kept, "fingerprint": version}, out)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def locked(version: str) -> int | None:
    """The lock of a run for ``version``, taken now (an open file descriptor), or None when a run
    holds it. The descriptor is passed to the run's process, which holds it until it ends."""
    import fcntl

    path = lock_path(version)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(handle)
        return None
    return handle


def held(version: str) -> bool:
    """Whether a run for ``version`` is under way (in any process); False where none can be kept."""
    try:
        handle = locked(version)
    except OSError:
        return False
    if handle is None:
        return True
    os.close(handle)
    return False
