@cardtel
Feature: Capitol City Cardtel: conduct techs the official rules on
  capitol-city-cardtel-kitty-bid-whist.txt: talking the game (Play 1) and looking at a turned book before a renege is called (Techs 1.C), like looking at the kitty early and a wrong count of cards, are left to the official's discretion (MATRIX.md): the ruling lists the options (no penalty, loss of hand) and the official's choice settles it.
  The opponents call the tech, the official finds it upheld or dismissed, and only an upheld call
  brings the penalty.

  Scenario: Talking the game or a signal is left to the official, who takes the hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: talking the game to the partner or anyone else during bidding and play; signals
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "talking the game" tech on south, saying "south told north what to lead"
    Then there is a pending ruling against south for talking the game
    And the ruling offers "no penalty, loss of hand"
    When the official upholds the call and chooses "loss of hand"
    Then there is an established ruling against south for talking the game
    And the ruling takes the hand from North–South
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: talking the game to the partner or anyone else during bidding and play; signals"
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 4

  Scenario: Going through turned books is left to the official, who may find no penalty
    Source: MATRIX.md Bid Whist: conduct techs and concessions: going through, exposing or reopening turned books
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "reopening turned books" tech on south, saying "south looked back through the turned books"
    Then there is a pending ruling against south for reopening turned books
    When the official upholds the call and chooses "no penalty"
    Then there is an established ruling against south for reopening turned books
    And the ruling has no effect
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: going through, exposing or reopening turned books"
    And the score is not final yet

  Scenario: Looking at the kitty before the bidding is over is left to the official, who takes the hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: looking at or exposing the kitty before the bidding is over
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "looking at kitty" tech on south, saying "south turned up a kitty card during the bidding"
    Then there is a pending ruling against south for looking at kitty
    When the official upholds the call and chooses "loss of hand"
    Then there is an established ruling against south for looking at kitty
    And the ruling takes the hand from North–South
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: looking at or exposing the kitty before the bidding is over"
    And the score gives North–South 0 points and East–West 4

  Scenario: A wrong count of cards called and dismissed by the official carries no penalty
    Source: MATRIX.md Bid Whist: conduct techs and concessions: a player or team holding too few or too many cards at the end of the hand
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "wrong card count" tech on south, saying "south seemed to hold an extra card"
    Then there is a pending ruling against south for a wrong card count
    When the official dismisses the call
    Then there is a dismissed ruling against south for a wrong card count
    And the ruling has no effect
    And the ruling cites "MATRIX.md" section "Bid Whist: conduct techs and concessions: a player or team holding too few or too many cards at the end of the hand"
    And the score is not final yet
