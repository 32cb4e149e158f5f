"""The API's own programs, run by the commands that print what only the API makes: ``openapi``
(``python -m api.spec``) and ``rulebook --out`` (``python -m api.console.rulebook``). The CLI runs them
as programs, as ``serve`` names its app to granian, and imports nothing of the API."""

from __future__ import annotations

import subprocess
import sys


def run_program(module: str, *args: str) -> int:
    """Run ``python -m module args`` in this interpreter; its output passed on, its exit status returned."""
    done = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, check=False)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode
