@all
Feature: The recording principle before the first card
  Impossible events are refused and leave the table's version where it was; rule-breaking events are
  recorded and ruled on.

  Scenario: A discard of a card neither in the bidder's hand nor in the kitty is refused
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4"
    When south discards "AS KS 2C 3C 4C 5C"
    Then the event is refused: "AS is neither in south's hand nor in the kitty"
    And it is south's turn to discard

  Scenario: A bid out of turn is not refused: it is recorded and ruled on
    Given a detroit hand dealt by west
    When east bids "4"
    Then there is a detected ruling against east for a bid out of turn
    And east's bid does not count
    And it is north's turn to bid

  Scenario: A deal that gives the same card to two places is refused
    Given a cardtel hand dealt by west
    When the dealer deals exactly:
      | seat  | cards    |
      | north | AS KS QS |
      | east  | 2H AS    |
    Then the event is refused: "AS is dealt twice (to north and to east)"
    And it is north's turn to bid

  Scenario: A deal to a seat that does not exist is refused
    Given a chicago hand dealt by west
    When the dealer deals exactly:
      | seat      | cards |
      | northeast | AS    |
    Then the event is refused: "'northeast' is not a seat"

  Scenario: The deal is recorded once, as the first event of the hand
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    When the dealer deals the kitty cards at positions "6, 15, 24, 33, 42, 50"
    Then the event is refused: "the deal is the first event of a hand, recorded once"
