@all
Feature: A hand recorded by its result: the contract and the books won, in a few taps
  A table that keeps no card-by-card record gives the hand as a paper sheet or a Bridgemate takes
  it: who won the bid, the bid with its trump or direction, and the books the bidding team took (the
  kitty is its first book). The engine scores it with the rulebook's own scoring, as if the cards
  had been played out, and it goes on the match's sheet the same way. A result the rulebook does not
  allow is refused. When a call needs the cards, the table enters its books as they lie on the table,
  book by book (each rulebook keeps the books stacked as they were turned), and the engine rules on
  them as on any hand; books that disagree with the result go to an official.

  Scenario Outline: A bid made, recorded by its result, scores as the hand played out would
    Source: MATRIX.md Bid Whist: scoring a hand: bid made, points on the sheet
    Given a <ruleset> hand dealt by west
    When the table records the result: south bid "4" in hearts, the bidding team taking 11 books
    Then the hand is in its complete phase
    And the bid is made
    And the score counts North–South 11 books and East–West 2
    And North–South wins the hand
    And the score gives North–South 5 points and East–West 0

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  Scenario: A no trump bid set, recorded by its result, is scored by the rulebook's points for a set
    Given a detroit hand dealt by north
    When the table records the result: east bid "5 no trump" played downtown, the bidding team taking 9 books
    Then the bid is set
    And the score counts East–West 9 books and North–South 4
    And North–South wins the hand
    And the score gives North–South 10 points and East–West 0

  Scenario: A result whose bid the rulebook does not allow is refused, and nothing is recorded
    Given a texas hand dealt by west
    When the table records the result: south bid "3" in hearts, the bidding team taking 9 books
    Then the event is refused: "the levels are 4 to 7"
    When the table records the result: south bid "5 uptown", the bidding team taking 9 books
    Then the event is refused: "name its trump suit"
    When the table records the result: south bid "5 uptown" in hearts, the bidding team taking 0 books
    Then the event is refused: "the kitty is its first"
    When the table records the result: south bid "5 uptown" in hearts, the bidding team taking 14 books
    Then the event is refused: "books must be a whole number from 0 to 13"

  Scenario: A renege is called only once the books are entered as they lie
    Given a detroit hand dealt by west
    When the table records the result: south bid "4" in spades, the bidding team taking 11 books
    And north calls a renege on west
    Then the event is refused: "enter its books as they lie on the table, book by book"
    When the books are entered as they lie, the bidding team taking 11
    Then there is no ruling for a result conflict
    And the score counts North–South 11 books and East–West 2

  Scenario: The books entered show a renege: the engine rules on it as on any hand
    Given a detroit hand dealt by west
    When the table records the result: south bid "4" in spades, the bidding team taking 11 books
    And the books are entered as they lie, with west's cards of books 1 and 4 swapped
    And north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling takes the hand from East–West

  Scenario: Books entered that disagree with the result go to an official, and the result stands
    Given a detroit hand dealt by west
    When the table records the result: south bid "4" in spades, the bidding team taking 11 books
    And the books are entered as they lie, the bidding team taking 10
    Then there is a pending ruling against south for a result conflict
    And the ruling says "North–South took 11 by the result, 10 by the books entered"
    And the score counts North–South 11 books and East–West 2
