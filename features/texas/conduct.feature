@texas
Feature: Texas Bid Whist Alliance: conduct techs the official rules on
  texas-bid-whist-alliance.txt, Technical: "talking the board", popping or slamming cards, any signal,
  and reopening a closed book without an official at the table are techs that cost the hand; looking at
  the kitty early and a wrong count of cards are left to the official (MATRIX.md). The opponents call
  it, the official finds it upheld or dismissed, and only an upheld call brings the penalty.

  Scenario: Popping or slamming cards is a tech: loss of hand once the official upholds the call
    Source: MATRIX.md Bid Whist: conduct techs and concessions: talking the game to the partner or anyone else during bidding and play; signals
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "talking the game" tech on south, saying "south slammed the ace of spades on the table"
    Then there is a pending ruling against south for talking the game
    And the ruling's penalty is "the offending team loses the hand"
    When the official upholds the call
    Then there is an established ruling against south for talking the game
    And the ruling takes the hand from North–South
    And the ruling cites "texas-bid-whist-alliance.txt" section "Technical"
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: talking the game to the partner or anyone else during bidding and play; signals"
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 4

  Scenario: Reopening a closed book without an official at the table is a tech: loss of hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: going through, exposing or reopening turned books
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "reopening turned books" tech on south, saying "south turned the last book back over"
    Then there is a pending ruling against south for reopening turned books
    When the official upholds the call
    Then there is an established ruling against south for reopening turned books
    And the ruling takes the hand from North–South
    And the ruling cites "texas-bid-whist-alliance.txt" section "Technical"
    And the score gives North–South 0 points and East–West 4

  Scenario: Looking at the kitty before the bidding is over is left to the official: dismissed, no penalty
    Source: MATRIX.md Bid Whist: conduct techs and concessions: looking at or exposing the kitty before the bidding is over
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "looking at kitty" tech on south, saying "south peeked at the kitty"
    Then there is a pending ruling against south for looking at kitty
    And the ruling offers "no penalty, loss of hand"
    When the official dismisses the call
    Then there is a dismissed ruling against south for looking at kitty
    And the ruling has no effect
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: looking at or exposing the kitty before the bidding is over"
    And the score is not final yet

  Scenario: A wrong count of cards is left to the official, who may take the hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: a player or team holding too few or too many cards at the end of the hand
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "wrong card count" tech on south, saying "south held twelve cards"
    Then there is a pending ruling against south for a wrong card count
    When the official upholds the call and chooses "loss of hand"
    Then there is an established ruling against south for a wrong card count
    And the ruling takes the hand from North–South
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: a player or team holding too few or too many cards at the end of the hand"
    And the score gives North–South 0 points and East–West 4
