"""Table cards: a printed card on each table signs that table's phone in, by its QR code or by a short
code typed on the sign-in page, so that nobody types a 47-character token on a phone.

A card is issued by an official at the desk for one table of one tournament. It carries two secrets:
its **link** (32 random bytes, in the QR code's URL) and its **code** (8 letters from ``ALPHABET``,
printed large, to type instead). Neither is kept: the store keeps the link's SHA-256 and the code's
scrypt hash (``adjudicator.adapters.card_store``), enough to find the card when a phone presents one,
and no more. A code has about 35 bits: too few for a plain hash a stolen database would give up in
seconds, enough online, where ``Guesses`` lets an address try a handful a minute (429 after).

Presenting a card is an **exchange**: the phone is issued a scorekeeper's credential of its own,
scoped to the card's tournament and table (the same narrow credential a table token is), named
``Cup, table 3, phone 1``, and keeps its token in the console's cookie; the card lists the phones it
signed in. Revoking the card (one click at the desk) revokes it and every credential it issued, at
once; a phone that comes back is then told that its card was withdrawn.

Like a table token (``adjudicator.service.scorekeepers``), both secrets are made from the desk form's
once-only key and the issuing official's own token (``adjudicator.service.once``): the form posted
again (a reload of the printing page) shows the same cards, and nobody else can make them again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Protocol
from urllib.parse import urlencode
from uuid import uuid5

from adjudicator.service.credentials import Card, Credential, CredentialError
from adjudicator.service.errors import IdempotencyConflict
from adjudicator.service.once import NAMESPACE
from adjudicator.service.ports import Credentials
from adjudicator.service.scorekeepers import official

#: The letters of a card's code: capitals no one mistakes for a digit or another letter (no B, I, L,
#: O, S, Z), each on the first page of a phone's keyboard.
ALPHABET: Final = "ACDEFGHJKMNPQRTUVWXY"
#: Letters in a code (20 ** 8: about 2.6e10 codes).
CODE_LENGTH: Final = 8
#: Phones one card may sign in (a phone replaced, a second scorekeeper), before it must be reissued.
MAX_PHONES: Final = 20
#: Wrong codes or links one address may present in ``WINDOW`` seconds before it must wait.
ALLOWED: Final = 5
#: Wrong presentations from every address together in ``WINDOW`` seconds (many addresses guessing).
ALLOWED_ALL: Final = 100
WINDOW: Final = 60.0


@dataclass(frozen=True, slots=True)
class Printed:
    """A card as printed: the card, and its two secrets (only here, at its issue)."""

    card: Card
    link: str
    code: str

    @property
    def spaced(self) -> str:
        """The code as printed, in two groups of four (typed with or without the gap)."""
        return f"{self.code[:4]} {self.code[4:]}"


class CardError(CredentialError):
    """A card that cannot be issued, found or used as asked."""


class UnknownCard(CardError):
    """No card has that code or link (or none of this tournament has that id)."""


class CardWithdrawn(CardError):
    """The card was revoked at the desk: it signs no phone in any more."""

    def __init__(self, card: Card) -> None:
        super().__init__(
            f"the card of table {card.table} was withdrawn at {card.revoked_at}: ask the director"
        )
        self.card = card


class BadCode(CardError):
    """What was typed is no card's code in form (length or letters)."""


class TooManyGuesses(CardError):
    """Too many wrong codes from this address lately: ``retry_after`` seconds to wait."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many wrong codes from this device: try again in {retry_after} seconds")
        self.retry_after = retry_after


def normal(typed: str) -> str:
    """The code typed, as kept: capitals, without spaces or dashes; ``BadCode`` unless it is
    ``CODE_LENGTH`` letters of ``ALPHABET`` (said in words, letter by letter where it helps)."""
    code = "".join(c for c in typed.upper() if c not in " -\t")
    if len(code) != CODE_LENGTH:
        raise BadCode(f"a card's code is {CODE_LENGTH} letters, not {len(code)}")
    strange = sorted({c for c in code if c not in ALPHABET})
    if strange:
        raise BadCode(f"a card's code has none of {', '.join(strange)}: only the letters {ALPHABET}")
    return code


def code_of(material: bytes) -> str:
    """A code made from ``material`` (at least 8 bytes of a MAC): ``CODE_LENGTH`` letters."""
    number = int.from_bytes(material[:16], "big")
    letters = []
    for _ in range(CODE_LENGTH):
        number, at = divmod(number, len(ALPHABET))
        letters.append(ALPHABET[at])
    return "".join(letters)


def _secret(secret: str, purpose: str) -> bytes:
    return hmac.new(secret.encode(), f"adjudicator table card:{purpose}".encode(), hashlib.sha256).digest()


def printed(card: Card, secret: str, key: str) -> Printed:
    """The card issued under ``key`` by the official whose token is ``secret``, with its secrets."""
    link = base64.urlsafe_b64encode(_secret(secret, f"link:{key}:{card.table}")).decode().rstrip("=")
    return Printed(card, link, code_of(_secret(secret, f"code:{key}:{card.table}")))


def card_id(key: str, table: int) -> str:
    return uuid5(NAMESPACE, f"card:{key}:{table}").hex[:12]


def issue_cards(
    cards: Cards,
    by: Credential | None,
    tournament_id: str,
    tournament_name: str,
    tables: Iterable[int],
    key: tuple[str, str],
) -> list[Printed]:
    """A card for each of ``tables`` (``key``: the form's once-only key and the official's own token),
    with its secrets; the cards issued under the key before are shown again, none issued twice."""
    official(by, "issue table cards")
    made = []
    for table in tables:
        name = f"{tournament_name or 'Tournament'}, table {table}"
        shown = printed(Card(card_id(key[0], table), tournament_id, table, name, ""), key[1], key[0])
        found = cards.find(shown.card.id)
        if found is None:
            found = cards.create(shown.card, shown.link, shown.code)
        else:
            same = cards.by_link(shown.link)
            if found.tournament != tournament_id or same is None or same.id != found.id:
                raise IdempotencyConflict(
                    key[0], 0, "issued cards before, for another tournament or official"
                )
        made.append(Printed(found, shown.link, shown.code))
    return made


def join_url(base: str, link: str) -> str:
    """The address a card's QR code holds: the phone's sign-in by the card's link."""
    return f"{base}/console/join?{urlencode({'key': link})}"


def wanted(cards: Cards, tournament_id: str, tables: int, key: str) -> list[int]:
    """The tables from 1 to ``tables`` to print under the once-only ``key``: those without a live
    card, and those whose live card this key issued (asked again, the same cards are shown again)."""
    live = {c.table for c in tournament_cards(cards, tournament_id) if c.revoked_at is None}
    mine = {n for n in live if cards.find(card_id(key, n)) is not None}
    return [n for n in range(1, tables + 1) if n not in live or n in mine]


def tournament_cards(cards: Cards, tournament_id: str) -> list[Card]:
    """The tournament's cards, live or withdrawn, in the order issued."""
    return cards.of(tournament_id)


def withdraw(
    cards: Cards, credentials: Credentials, by: Credential | None, tournament_id: str, card: str
) -> Card:
    """Revoke one of the tournament's cards and every phone's credential it issued, at once."""
    official(by, "withdraw a table card")
    found = cards.find(card)
    if found is None or found.tournament != tournament_id:
        raise UnknownCard(f"no card {card!r} was issued for this tournament")
    cards.revoke(found.id)
    for phone in found.phones:
        credentials.revoke(phone)
    withdrawn = cards.find(found.id)
    assert withdrawn is not None
    return withdrawn


def exchange(
    cards: Cards,
    credentials: Credentials,
    guesses: Guesses,
    client: str,
    code: str | None = None,
    link: str | None = None,
) -> tuple[Credential, str, Card]:
    """The card's table credential for a phone that presents the card's ``code`` (as typed) or
    ``link`` (the QR code's): a new one of its own, and its token (once). Refused: ``TooManyGuesses``
    while ``client`` is waiting, ``BadCode``, ``UnknownCard`` (counted against ``client``),
    ``CardWithdrawn``, or a card that signed in ``MAX_PHONES`` already."""
    guesses.check(client)
    found = cards.by_code(normal(code)) if code is not None else cards.by_link(link or "")
    if found is None:
        guesses.failed(client)
        raise UnknownCard("no table card has that code: check it on the card, letter by letter")
    if found.revoked_at is not None:
        raise CardWithdrawn(found)
    if len(found.phones) >= MAX_PHONES:
        raise CardError(f"this card signed in {MAX_PHONES} phones already: ask the director for a new one")
    name = f"{found.name}, phone {len(found.phones) + 1}"
    for again in range(len(found.phones) + 2, len(found.phones) + MAX_PHONES + 2):
        if credentials.find(name) is None:
            break
        name = f"{found.name}, phone {again}"
    credential, token = credentials.create(name, "scorekeeper", found.tournament, found.table)
    cards.add_phone(found.id, credential.id)
    return credential, token, found


class Guesses:
    """Wrong presentations lately, by the address they came from, in this process: an address that
    made ``ALLOWED`` in ``WINDOW`` seconds waits out the window, as does everyone once ``ALLOWED_ALL``
    came from every address together. A right code is never counted."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._wrong: dict[str, list[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> list[float]:
        kept = [t for t in self._wrong.get(client, []) if t > now - WINDOW]
        if kept:
            self._wrong[client] = kept
        else:
            self._wrong.pop(client, None)
        return kept

    def check(self, client: str) -> None:
        """``TooManyGuesses`` while ``client`` (or everyone) must wait."""
        now = self._clock()
        with self._lock:
            mine = self._recent(client, now)
            everyone = sorted(t for c in list(self._wrong) for t in self._recent(c, now))
        for recent, allowed in ((mine, ALLOWED), (everyone, ALLOWED_ALL)):
            if len(recent) >= allowed:
                raise TooManyGuesses(max(1, int(recent[-allowed] + WINDOW - now + 0.999)))

    def failed(self, client: str) -> None:
        with self._lock:
            self._wrong.setdefault(client, []).append(self._clock())


class Cards(Protocol):
    """The tables' cards issued here (``adjudicator.service.cards``), kept without their secrets."""

    def create(self, card: Card, link: str, code: str) -> Card:
        """Keep a new card, finding it later by ``link`` or ``code`` (kept hashed); stamped now."""

    def find(self, card_id: str) -> Card | None:
        """The card of that id, withdrawn or not (None: none)."""

    def by_link(self, link: str) -> Card | None:
        """The card whose QR code's link is ``link`` (None: none)."""

    def by_code(self, code: str) -> Card | None:
        """The card whose code is ``code`` (as ``cards.normal`` keeps it; None: none)."""

    def of(self, tournament: str) -> list[Card]:
        """The tournament's cards, in the order issued."""

    def add_phone(self, card_id: str, credential_id: str) -> None:
        """Note that the card issued that credential (revoked with it)."""

    def revoke(self, card_id: str) -> None:
        """Withdraw the card at once (its time kept; revoking it again changes nothing)."""
