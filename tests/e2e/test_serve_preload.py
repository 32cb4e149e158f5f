"""``adjudicator serve`` imports the workers' app's modules before granian forks the workers, so that
a worker only builds its app (with ``--workers 2``, the second worker's imports ran beside the
first's first seconds of serving). What a fork copies must be whole: the import starts no thread
and opens no file or connection in the supervisor."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, os, sys, threading

def opened():
    found = {}
    for fd in os.listdir("/proc/self/fd"):
        try:
            found[fd] = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            pass  # the listing's own descriptor, closed already
    return found

from adjudicator.cli.serve import WORKER_APP, preload
before = opened()
preload(WORKER_APP)
print(json.dumps({
    "threads": [t.name for t in threading.enumerate()],
    "opened": sorted(path for fd, path in opened().items() if before.get(fd) != path),
    "imported": [m for m in ("api.serving", "api.front", "flask") if m in sys.modules],
}))
"""


def test_the_supervisor_imports_the_app_and_opens_and_starts_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    found = json.loads(done.stdout.splitlines()[-1])
    assert found["imported"] == ["api.serving", "api.front", "flask"]
    assert found["threads"] == ["MainThread"]
    assert found["opened"] == []
