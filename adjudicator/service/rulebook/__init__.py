"""The living rulebook as the service reads and checks it: the scenarios of ``features/``
(``examples``), MATRIX.md's interpretations (``matrix``), the rulebooks' texts (``texts``), all read
from their files (``sources``, ``library``), and whether each example holds for the engine running here
(``checks``, kept in ``results``), or until it has, as a test suite's report says (``report``). The
console (``api.console.rulebook``) makes pages of them; ``adjudicator rulebook --check`` runs the check.
"""
