"""``adjudicator docs --out DIR``: this documentation as a static site, to read without the internet.

MkDocs builds ``docs/`` of the checkout (``mkdocs.yml``) in strict mode, with no web fonts and file
links (``use_directory_urls: false``), so ``DIR/index.html`` opens from the file system on a laptop in
a hall without internet. MkDocs and its theme are the ``docs`` extra (the ``test`` extra has them too).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

CHECKOUT = Path(__file__).resolve().parents[2]


def register(commands: Any) -> None:
    command = commands.add_parser(
        "docs",
        help="write this documentation as a static site (MkDocs), to read offline",
        description="Build the documentation site of the checkout (docs/, mkdocs.yml) into DIR; "
        "open DIR/index.html. Needs MkDocs: pip install -e '.[docs]'.",
    )
    command.add_argument("--out", required=True, type=Path, metavar="DIR", help="the directory to write")
    command.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from adjudicator.cli.common import Refused

    config = CHECKOUT / "mkdocs.yml"
    if not config.is_file():
        raise Refused(f"no mkdocs.yml beside this package ({CHECKOUT}): the docs are built from a checkout")
    try:
        import mkdocs  # noqa: F401 - only whether it is installed
    except ImportError:
        raise Refused("MkDocs is not installed: pip install -e '.[docs]'") from None
    out = args.out.resolve()
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-f", str(config), "-d", str(out)],
        cwd=CHECKOUT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if done.returncode != 0:
        raise Refused(f"mkdocs build failed (exit status {done.returncode}): see its messages above")
    print(f"wrote the documentation to {out}: open {out / 'index.html'}")
    return 0
