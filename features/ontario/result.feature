@ontario
Feature: A Bid Euchre hand recorded by its result: the bid and the tricks won
  A table may give the hand as its paper sheet does: who won the bid, the bid (tricks and a suit or
  no trump, or a call or moonshot with its suit) and the tricks the bidding team took. The engine
  scores it with the rulebook's plus-and-minus scoring, as if the cards had been played out. A
  result the rulebook does not allow is refused.

  Scenario: A trick bid made, recorded by its result: a point a trick to each team
    Source: MATRIX.md Bid Euchre (ontario): scoring
    Given an ontario hand dealt by west
    When the table records the result: north bid "3 hearts", the bidding team taking 5 tricks
    Then the hand is in its complete phase
    And the bid is made
    And the score gives North–South 5 points and East–West 3

  Scenario: A call for two made, recorded by its result: its value, the partner sitting out
    Given an ontario hand dealt by west
    When the table records the result: east bid "call for two spades", the bidding team taking 8 tricks
    Then west sits out the hand
    And the score gives East–West 12 points and North–South 0

  Scenario: A bid set, recorded by its result, costs the bid
    Given an ontario hand dealt by west
    When the table records the result: north bid "4 no trump", the bidding team taking 2 tricks
    Then the bid is set
    And the score gives North–South -4 points and East–West 6

  Scenario: A result the rulebook does not allow is refused
    Given an ontario hand dealt by west
    When the table records the result: north bid "1 hearts", the bidding team taking 5 tricks
    Then the event is refused: "a bid names 2 to 8 tricks"
    When the table records the result: north bid "3 hearts", the bidding team taking 9 tricks
    Then the event is refused: "a hand of Bid Euchre has 8 tricks"

  Scenario: The tricks entered as they lie agree with the result
    Given an ontario hand dealt by west
    When the table records the result: north bid "3 no trump", the bidding team taking 5 tricks
    And the books are entered as they lie, the bidding team taking 5
    Then there is no ruling for a result conflict
    And the score gives North–South 5 points and East–West 3
