@all
Feature: The other team confirms the score at the table, or disputes it before an official
  At the end of the hand the score as the engine computes it is shown to both teams on the
  scorekeeper's device; a player of each team answers for it once. An agreement changes nothing; a
  dispute is a pending ruling the official's hands list finds, settled by the official's finding, and
  the hand is not closed before it. Neither changes the score.

  Background:
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump

  Scenario: The score is confirmed only once the hand is decided
    When the books are played out legally until book 5
    And east agrees to the score
    Then the event is refused: "the score is confirmed when the hand is decided"

  Scenario: The other team agrees: no ruling, and the hand may be closed
    When the remaining books are played out legally
    And east agrees to the score
    Then there are no rulings
    When the official closes the hand
    Then the hand is in its closed phase

  Scenario: A team answers once
    When the remaining books are played out legally
    And east agrees to the score
    And west agrees to the score
    Then the event is refused: "East–West already agreed to the score"

  Scenario: A dispute waits for the official's finding before the hand is closed
    When the remaining books are played out legally
    And east disputes the score, saying "we took the seventh book"
    Then there is a pending ruling against east for a score dispute
    And the ruling says "we took the seventh book"
    And the ruling cites "texas-bid-whist-alliance.txt" section "General Rules"
    When the official closes the hand
    Then the event is refused: "waits for the official's finding"
    When the official dismisses the dispute
    Then there is a dismissed ruling against east for a score dispute
    When the official closes the hand
    Then the hand is in its closed phase
