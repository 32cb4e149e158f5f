"""What a read of a hand worked out, kept by the hand, its version and the reader's sight.

Why (issue 30): a hand at a version never changes (a correction is a later event, another version),
and a hall's screens ask for the same hand's rulings and score over and over between its appends;
each read replayed the hand's judgement, its score and the words naming them: about half of a read's
CPU. Kept by (hand, version, sight), an answer is the one that read would have worked out; what is
kept is shared by every reader of that sight, so it is never changed by those who take it.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

#: Answers kept at most (the oldest dropped first): a hall's hands in play, a few sights each.
KEPT = 2048


class Answered(Generic[V]):
    """A bounded keep of answers (``get`` and ``keep``), safe from any request thread."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.answers: dict[Hashable, V] = {}
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        return self.answers.get(key)

    def keep(self, key: Hashable, answer: V) -> None:
        with self.lock:
            if len(self.answers) >= self.kept:
                del self.answers[next(iter(self.answers))]  # the oldest kept
            self.answers[key] = answer
