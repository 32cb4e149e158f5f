"""The Gherkin step library: one vocabulary for hands and tournaments, one module per concept.

``vocabulary``   the step-text types (Seat, Team, Kind, Who, Ruleset, Card, Q, Cited, Record) and word helpers
``scene``        what a scenario records (a hand or a tournament) and the steps said of either:
                 refusals, citations, a match's result
``hands``        the ``hand`` fixture (a Bid Whist or Bid Euchre hand), its turn and phase
``deal``         the deal, misdeals, the draw for the first deal
``bidding``      bids, the kitty, the contract
``play``         cards played, books, what each seat holds, lead restrictions
``rulings``      calls, inspections, choices, and the rulings the engine gives
``scoring``      a hand's score and a match of hands
``euchre``       what only Bid Euchre (ontario) needs
``results``      a hand recorded by its result, and its books entered afterwards
``tournaments``  the ``tourney`` fixture and the tournament notation
``registration`` tournaments started with their teams or pairs; withdrawals
``entry``        who may enter and until when: declared facts, the close, admissions (SEASON.md)
``seating``      draws, proposed and confirmed seating
``sheets``       score sheets: hands, signatures, corrections, delays, forfeits, disputes
``clocks``       the delay clock: a team put on the clock, charged and stopped
``standings``    standings and tie-break playoffs
``playoffs``     seeding, the bracket, medals

Importing this package registers every step (``adjudicator.examples.registry``).
"""

from adjudicator.examples.steps import (
    bidding,
    clocks,
    conduct,
    deal,
    entry,
    euchre,
    finals,
    hands,
    play,
    playoffs,
    registration,
    results,
    rulings,
    scene,
    scoring,
    seating,
    sheets,
    singles,
    standings,
    tournaments,
)

MODULES = (
    scene,
    hands,
    deal,
    bidding,
    play,
    rulings,
    conduct,
    scoring,
    euchre,
    finals,
    results,
    tournaments,
    registration,
    entry,
    seating,
    sheets,
    clocks,
    singles,
    standings,
    playoffs,
)
