@texas
Feature: Texas Bid Whist Alliance: misdeals, techs, the exposed card and the renege call
  texas-bid-whist-alliance.txt, Misdeal, Renege and Technical (Tech). A tech is called by the
  opposing team; a proven tech or renege costs the violating team the hand. Play stops at a renege
  call while the official rules ("Do not throw in your cards. Call an official to your table").

  Scenario: A misdeal found after the first card is played costs the dealer's team the hand
    Source: MATRIX.md Bid Whist: the deal: misdeal: exposed card, wrong count, kitty not 6, kitty position rule broken, incomplete deck
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    And the plays are "AD"
    When a misdeal is called: wrong count
    Then there is an established ruling against west for a misdeal
    And the ruling says "found after the first card was played: the dealer's team loses the hand"
    And the ruling cites "texas-bid-whist-alliance.txt" section "Misdeal"
    And the ruling takes the hand from East–West
    And North–South wins the hand
    And the score gives North–South 4 points and East–West 0

  @interpretation
  Scenario: A misdeal found after the first card costs the hand to the team the official names as its cause
    Source: MATRIX.md Bid Whist: the deal: misdeal: exposed card, wrong count, kitty not 6, kitty position rule broken, incomplete deck
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    And the plays are "AD"
    When the official finds a misdeal caused by north: wrong count
    Then there is an established ruling against north for a misdeal
    And the ruling says "found after the first card was played: North–South, whose north caused it, loses the hand"
    And the ruling cites "MATRIX.md" section "interpretation: misdeal-cause"
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 4

  Scenario: A bid out of turn is a tech: the offending team loses the hand when the opponents call it
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a texas hand dealt by west
    When the bidding goes "north: 4, south: 5 low, east: pass, south: 5 low, west: pass"
    Then there is a detected ruling against south for a bid out of turn
    When east calls a "bid out of turn" tech on south
    Then there is an established ruling against south for a bid out of turn
    And the ruling cites "texas-bid-whist-alliance.txt" section "Technical"
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 5

  Scenario: A play out of turn on the last book is no tech
    Source: MATRIX.md Bid Whist: infractions: play out of turn
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names diamonds trump
    And the books are played out legally until book 12
    Then it is east's turn to play
    When north plays a card
    Then there is no ruling for a play out of turn
    And the play out of turn rule cites "texas-bid-whist-alliance.txt" section "Technical"

  Scenario: A play out of turn before the last book is a tech
    Source: MATRIX.md Bid Whist: infractions: play out of turn
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names diamonds trump
    And the books are played out legally until book 11
    Then it is south's turn to play
    When north plays a card
    Then there is a detected ruling against north for a play out of turn
    And the ruling says "to book 11 when it was south's turn"

  Scenario: An exposed card: play continues, and the offending team may not lead the exposed suit
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When south exposes "KD"
    Then there is an established ruling against south for an exposed card
    And the ruling cites "texas-bid-whist-alliance.txt" section "Renege"
    And the ruling's effect is "restriction"
    And North–South may not lead diamonds
    And the score is not final yet

  @interpretation
  Scenario: Leading the exposed suit while holding another suit is no renege: called, the official decides loss of hand
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When south exposes "KD"
    And the plays are "KD"
    Then there is no ruling for a renege
    And there is a detected ruling against south for a restricted lead
    And the ruling says "a suit exposed by their team"
    And the ruling cites "MATRIX.md" section "interpretation: texas-exposed-lead"
    When west calls a "restricted lead" tech on south
    Then there is a pending ruling against south for a restricted lead
    And the ruling offers "no penalty, loss of hand"
    When the official chooses "loss of hand" on the ruling for the restricted lead
    Then there is an established ruling against south for a restricted lead
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 4

  @interpretation
  Scenario: The official may rule no penalty on a called lead of the exposed suit, and play goes on
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a texas hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When south exposes "KD"
    And the plays are "KD"
    Then there is a detected ruling against south for a restricted lead
    And the ruling says "unless it was the only suit they held"
    When the official chooses "no penalty" on the ruling for the restricted lead
    Then the event is refused: "decided only once the opponents have called it"
    When west calls a "restricted lead" tech on south
    And the official chooses "no penalty" on the ruling for the restricted lead
    Then there is an established ruling against south for a restricted lead
    And the ruling has no effect
    And the score is not final yet

  Scenario: The restriction on the exposed suit is lifted once the opponents lead it
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a texas hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | 2H 3H 5D 6D 7D 8D 9D AS KS QS JS 10S     |
      | west  | AH KH AD 2D 3D 4D 9S 8S 7S 6S 5S 4S      |
    And south wins the bid at "4" and names spades trump
    When south exposes "9D"
    Then North–South may not lead diamonds
    When the plays are "2H AH 4H 6C"
    Then North–South may not lead diamonds
    When the plays are "AD"
    Then no lead is restricted

  Scenario: Play stops at a renege call until the official rules on it
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a texas hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H"
    And north calls a renege on west
    Then there is a pending ruling against west for a renege
    When the plays are "2C"
    Then the event is refused: "play stopped at the renege call"
    And the renege call stops play rule cites "texas-bid-whist-alliance.txt" section "Technical"

  Scenario: Play resumes when the official's inspection disproves the renege
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a texas hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H"
    And north calls a renege on west
    And the official inspects west's hand: "2C 7S 6S 5S 4S 3S AD KD QD JD 10D"
    Then there is a dismissed ruling against north for a false renege call
    When the plays are "7S"
    Then it is north's turn to play

  Scenario: A proven renege ends the hand: no card is played after the call
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a texas hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    And the plays are "7S"
    Then the event is refused: "renege@"
    And the hand is decided by the ruling for the renege
    And North–South wins the hand

  @interpretation
  Scenario: A Texas hand lost is scored on the sheet as a set: the bid level to the other team, never doubled
    Source: MATRIX.md Bid Whist: infractions: play out of turn; MATRIX.md Bid Whist: scoring a hand: points on the sheet
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "6 no trump" and names the direction uptown
    When the plays are "AD"
    And north plays AS
    And east calls a "play out of turn" tech on north
    Then there is an established ruling against north for a play out of turn
    And the ruling cites "MATRIX.md" section "interpretation: texas-points"
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 6

  Scenario: An improper discard is left to the official's discretion
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4"
    When south discards "LJ BJ 2C 3C 4C"
    Then there is a detected ruling against south for an improper discard
    And the ruling offers "no penalty, loss of hand"
    When the official chooses "no penalty" on the ruling for the improper discard
    Then there is an established ruling against south for an improper discard
    And the ruling has no effect
    And the score is not final yet

  Scenario: Only the bidder may concede, and only the set: a defender's concession does not stop the hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: concession
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east concedes the remaining books
    Then there is a dismissed ruling against east for a concession
    And the ruling says "only the bidder may concede, and only the set"
    And the ruling cites "texas-bid-whist-alliance.txt" section "General Rules"
    And the score is not final yet
    When south concedes the remaining books
    Then the score is final
    And the bid is set

  Scenario: Sporting a card while dealing is a misdeal; found after the first card, the dealer's team loses the hand (Dealing)
    Given a texas hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    And the plays are "AD"
    When a misdeal is called: sporting card
    Then there is an established ruling against west for a misdeal
    And the ruling cites "texas-bid-whist-alliance.txt" section "Dealing"
    And the ruling takes the hand from East–West
