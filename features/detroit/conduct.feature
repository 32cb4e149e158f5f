@detroit
Feature: Detroit Senior Olympics: conduct techs the official rules on
  detroit-senior-olympics-bid-whist.txt, III (Rules of Conduct) and XI: talking the game or signals,
  going through turned books, looking at the kitty, a wrong count of cards. The cards cannot prove
  them: the opponents call the tech, the official hears it and finds it upheld or dismissed, and only
  an upheld call brings the penalty. The value of a lost hand is the bid, doubled in no trump
  (MATRIX.md, interpretation: hand-loss-value).

  @interpretation
  Scenario: Talking the game to the partner costs the hand once the official upholds the call
    Source: MATRIX.md Bid Whist: conduct techs and concessions: talking the game to the partner or anyone else during bidding and play; signals
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "talking the game" tech on south, saying "south told north to lead hearts"
    Then there is a pending ruling against south for talking the game
    And the ruling was called by east
    And the score is not final yet
    When the official upholds the call
    Then there is an established ruling against south for talking the game
    And the ruling takes the hand from North–South
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.b"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.viii"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.f"
    And the ruling cites "MATRIX.md" section "interpretation: hand-loss-value"
    And the hand is decided by the ruling for talking the game
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 4

  Scenario: A talking call the official dismisses carries no penalty
    Source: MATRIX.md Bid Whist: conduct techs and concessions: talking the game to the partner or anyone else during bidding and play; signals
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east calls a "talking the game" tech on south, saying "a signal with the cards"
    And the official dismisses the call
    Then there is a dismissed ruling against south for talking the game
    And the ruling has no effect
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.viii"
    And the score is not final yet

  Scenario: Going through turned books may cost the hand: the official chooses loss of hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: going through, exposing or reopening turned books
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And west calls a "reopening turned books" tech on north, saying "north went through the turned books"
    Then there is a pending ruling against north for reopening turned books
    And the ruling offers "no penalty, loss of hand"
    When the official upholds the call and chooses "loss of hand"
    Then there is an established ruling against north for reopening turned books
    And the ruling takes the hand from North–South
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.iii"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI"
    And the score gives North–South 0 points and East–West 4

  Scenario: Going through turned books: the official may uphold the call with no penalty
    Source: MATRIX.md Bid Whist: conduct techs and concessions: going through, exposing or reopening turned books
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And west calls a "reopening turned books" tech on north, saying "north looked at a turned book"
    And the official upholds the call and chooses "no penalty"
    Then there is an established ruling against north for reopening turned books
    And the ruling has no effect
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.iii"
    And the score is not final yet

  Scenario: Looking at the kitty before the bidding is over may cost the hand: the official chooses
    Source: MATRIX.md Bid Whist: conduct techs and concessions: looking at or exposing the kitty before the bidding is over
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "5" and names hearts trump
    When east calls a "looking at kitty" tech on north, saying "north turned up a kitty card during the bidding"
    Then there is a pending ruling against north for looking at kitty
    And the ruling offers "no penalty, loss of hand"
    When the official upholds the call and chooses "loss of hand"
    Then there is an established ruling against north for looking at kitty
    And the ruling takes the hand from North–South
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.v"
    And the score gives North–South 0 points and East–West 5

  Scenario: A player holding the wrong count at the end of the hand may cost the hand of that team
    Source: MATRIX.md Bid Whist: conduct techs and concessions: a player or team holding too few or too many cards at the end of the hand
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the remaining books are played out legally
    And north calls a "wrong card count" tech on east, saying "east ended the hand with a card left"
    Then there is a pending ruling against east for a wrong card count
    When the hand is closed
    Then the event is refused: "waits for the official's finding"
    When the official upholds the call and chooses "loss of hand"
    Then there is an established ruling against east for a wrong card count
    And the ruling takes the hand from East–West
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.iv"
    And North–South wins the hand
    And the score gives North–South 4 points and East–West 0
