"""The living rulebook: each rulebook's text, its rules as the scenarios of ``features/`` that exercise
them, and whether each holds for the engine running here; MATRIX.md's interpretations; a side-by-side
page.

Everything is read when a page is made, never copied into the repository: the rulebooks' texts and
MATRIX.md from the rules directory (``sources``), the scenarios from ``features/`` (``examples``), the
outcomes from this process's own run of them (``checks``, kept in ``results``). ``pages`` turns them into
the pages' models, which the console serves (``api.console.rulebooks``) and ``site`` writes out as
static HTML.
"""
