"""The living rulebook's pages by name, for the console (live) and as a static site on disk.

The same templates make both: a page extends ``layout`` (the console's ``base.html`` live, a bare
``rulebooks/static.html`` on disk) and links through ``where`` (``/console/rulebooks/texas#renege``
live; ``texas.html#renege`` on disk, so that the files link to each other from the file system).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from adjudicator.domain.rulebooks import RULESETS
from adjudicator.service.rulebook.examples import Linked
from adjudicator.service.rulebook.library import Library, library
from api.console.links import anchor
from api.console.rulebook.matrix_pages import compare_rows, matrix_page
from api.console.rulebook.pages import index_entries, rulebook_page
from api.console.rulebook.refs import link_cell, places

CONSOLE = Path(__file__).resolve().parents[1]
INDEX, MATRIX_PAGE, COMPARE = "index", "matrix", "compare"
NAMES = (INDEX, *RULESETS, MATRIX_PAGE, COMPARE)
ASSETS = ("console.css", "rulebook.css")


@dataclass(frozen=True)
class Where:
    """Where a page's links point: the console's routes, or the files beside it."""

    static: bool = False

    def page(self, name: str = INDEX, fragment: str = "") -> str:
        if self.static:
            path = f"{name}.html"
        else:
            path = "/console/rulebooks" if name == INDEX else f"/console/rulebooks/{name}"
        return f"{path}#{fragment}" if fragment else path

    def asset(self, filename: str) -> str:
        return f"static/{filename}" if self.static else f"/console/static/{filename}"


def content(name: str, where: Where, lib: Library | None = None) -> tuple[str, dict[str, Any]]:
    """A page's template and context (``name``: ``index``, a ruleset id, ``matrix`` or ``compare``)."""
    lib = lib or library()
    common: dict[str, Any] = {
        "where": where,
        "rules_dir": str(lib.rules_dir),
        "run_at": lib.results.run_at,
        "provenance": lib.results.provenance,
        "unreadable": lib.unreadable,
        "no_features": lib.features_dir,
    }
    if name == INDEX:
        return "rulebooks/index.html", {**common, "entries": index_entries(lib)}
    if name == MATRIX_PAGE:
        return "rulebooks/matrix.html", {**common, "p": matrix_page(lib), "linked": _linker(lib)}
    if name == COMPARE:
        groups = compare_rows(lib)
        return "rulebooks/compare.html", {
            **common,
            "groups": groups,
            "rulesets": list(RULESETS),
            "linked": _linker(lib),
        }
    return "rulebooks/rulebook.html", {**common, "p": rulebook_page(lib, name)}


def _linker(lib: Library) -> Callable[[str, str], tuple[Linked, ...]]:
    """A MATRIX.md cell of a rulebook's column with its section references linked (for the templates)."""
    where = places(lib)
    known = {i.anchor for i in lib.interpretations}
    return lambda cell, ruleset: link_cell(cell, ruleset, where, known)


def environment() -> Environment:
    """The templates outside Flask, with the one global they use (``anchor``)."""
    env = Environment(
        loader=FileSystemLoader(CONSOLE / "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=False,
    )
    env.globals["anchor"] = anchor
    return env


def write_site(out: Path) -> list[Path]:
    """Write every page as ``<name>.html`` and the stylesheets under ``static/``; return the files."""
    lib = library()
    where = Where(static=True)
    env = environment()
    (out / "static").mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name in NAMES:
        template, context = content(name, where, lib)
        target = out / f"{name}.html"
        target.write_text(env.get_template(template).render(layout="rulebooks/static.html", **context))
        written.append(target)
    for asset in ASSETS:
        written.append(Path(shutil.copyfile(CONSOLE / "static" / asset, out / "static" / asset)))
    return written
