"""A table card's code: eight capitals nobody misreads, typed however a phone's keyboard types them;
made from the issuer's key alone; and the count of wrong codes that makes a guesser wait."""

from __future__ import annotations

import pytest

from adjudicator.service.cards import (
    ALLOWED,
    ALLOWED_ALL,
    ALPHABET,
    CODE_LENGTH,
    WINDOW,
    BadCode,
    Guesses,
    TooManyGuesses,
    code_of,
    normal,
    printed,
)
from adjudicator.service.credentials import Card


def test_the_alphabet_has_no_letter_a_reader_mistakes() -> None:
    assert not set("BILOSZ0123456789") & set(ALPHABET)
    assert len(set(ALPHABET)) == len(ALPHABET) == 20
    assert len(ALPHABET) ** CODE_LENGTH > 2 * 10**10


@pytest.mark.parametrize("typed", ["KMTR WXCA", "kmtr-wxca", " KmTrWxCa ", "KMTR\tWXCA"])
def test_a_code_is_read_as_typed_on_a_phone(typed: str) -> None:
    assert normal(typed) == "KMTRWXCA"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("KMTR", "8 letters, not 4"),
        ("KMTRWXCAA", "not 9"),
        ("KMTR WXC0", "none of 0"),
        ("BOIL SLAB", "none of B, I, L, O, S"),
    ],
)
def test_a_code_not_in_form_is_refused_in_words(typed: str, said: str) -> None:
    with pytest.raises(BadCode, match=said):
        normal(typed)


def test_codes_are_made_from_the_issuers_key_and_spread_over_the_alphabet() -> None:
    card = Card("c1", "t", 3, "Cup, table 3", "")
    first, again = printed(card, "adj_official", "key-1"), printed(card, "adj_official", "key-1")
    assert (first.code, first.link) == (again.code, again.link), "the form posted again: the same card"
    other = printed(card, "adj_another", "key-1")
    assert other.code != first.code and other.link != first.link, "nobody else can make it again"
    assert len(first.link) >= 43 and first.spaced == f"{first.code[:4]} {first.code[4:]}"
    codes = {code_of(n.to_bytes(16, "big")) for n in range(0, 20**8, 20**8 // 997)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert len(codes) > 990


def test_an_address_that_keeps_guessing_waits_out_the_window() -> None:
    now = [1000.0]
    guesses = Guesses(lambda: now[0])
    for _ in range(ALLOWED):
        guesses.check("10.0.0.5")
        guesses.failed("10.0.0.5")
    with pytest.raises(TooManyGuesses) as waiting:
        guesses.check("10.0.0.5")
    assert 1 <= waiting.value.retry_after <= WINDOW
    guesses.check("10.0.0.6")  # another phone is not held up
    now[0] += WINDOW + 1
    guesses.check("10.0.0.5")


def test_many_addresses_guessing_together_all_wait() -> None:
    guesses = Guesses(lambda: 5.0)
    for n in range(ALLOWED_ALL):
        guesses.failed(f"10.0.{n // 250}.{n % 250}")
    with pytest.raises(TooManyGuesses):
        guesses.check("10.9.9.9")
