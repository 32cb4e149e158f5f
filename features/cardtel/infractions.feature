@cardtel
Feature: Capitol City Cardtel: the non-offending team's choice, techs, and play that stops at a renege call
  capitol-city-cardtel-kitty-bid-whist.txt, Bidding 7: a bid out of turn lets the non-offending team
  take the value of the bid, continue with the offender's partner silenced, or redeal. Techs 1: stop
  play at a suspected renege and call a tournament official; a proven renege gives the non-offending
  team the points of the bid, with no odds. Techs 2: exposing a card (if a tech is called) is loss of
  hand; a play out of turn lets the non-offending team take the value of the bid or continue play.

  Scenario: A bid out of turn lets the non-offending team take the value of the bid
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a cardtel hand dealt by west
    When the bidding goes "north: pass, south: 5 no"
    Then there is a detected ruling against south for a bid out of turn
    And the ruling offers "take bid value, continue partner silenced, redeal"
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Bidding 7"
    When east chooses "take bid value" on the ruling for the bid out of turn
    Then there is an established ruling against south for a bid out of turn
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 10

  @interpretation
  Scenario: The value of the bid taken for a bid out of turn is the higher of the standing bid and the bid said
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a cardtel hand dealt by west
    When the bidding goes "north: 4, south: 5 no"
    Then there is a detected ruling against south for a bid out of turn
    When east chooses "take bid value" on the ruling for the bid out of turn
    Then the ruling cites "MATRIX.md" section "interpretation: cardtel-bid-value"
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 10

  Scenario: A bid out of turn: the bidding may continue with the offender's partner silenced
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a cardtel hand dealt by west
    When the bidding goes "north: pass, south: 4"
    And west chooses "continue partner silenced" on the ruling for the bid out of turn
    Then north is silenced
    And there is an established ruling against south for a bid out of turn
    And the ruling's effect is "partner silenced"
    When the bidding goes "east: pass, south: 4, west: pass"
    Then the bidding is over and south is the bidder
    And the standing bid is "4 uptown" by south

  Scenario: The offender may re-bid in turn, but a silenced partner's bid counts as a pass
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a cardtel hand dealt by north
    When west bids "4"
    And north chooses "continue partner silenced" on the ruling for the bid out of turn
    Then east is silenced
    When the bidding goes "east: 5, south: pass, west: 5, north: pass"
    Then east's bid counts as "pass"
    And there is an established ruling against east for an improper bid
    And the ruling says "silenced"
    And west's bid counts as "5 uptown"
    And the bidding is over and west is the bidder

  Scenario: A bid out of turn: the non-offending team may have the hand redealt
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a cardtel hand dealt by west
    When the bidding goes "north: pass, south: 4"
    And east chooses "redeal" on the ruling for the bid out of turn
    Then the hand is void and must be redealt

  Scenario: The choice on a bid out of turn belongs to the non-offending team
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a cardtel hand dealt by west
    When the bidding goes "north: pass, south: 4"
    And north chooses "redeal" on the ruling for the bid out of turn
    Then the event is refused: "the choice belongs to East–West"

  Scenario: A play out of turn lets the non-offending team continue play
    Source: MATRIX.md Bid Whist: infractions: play out of turn
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And north plays AS
    Then there is a detected ruling against north for a play out of turn
    And the ruling offers "take bid value, continue"
    When east chooses "continue" on the ruling for the play out of turn
    Then there is an established ruling against north for a play out of turn
    And the ruling has no effect
    And it is west's turn to play
    And the score is not final yet

  Scenario: An exposed card costs the offending team the hand if a tech is called
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "5 no trump" and names the direction uptown
    When the plays are "AD"
    And west exposes "AC KC"
    Then there is a detected ruling against west for an exposed card
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Techs 2"
    When north calls a "exposed card" tech on west
    Then there is an established ruling against west for an exposed card
    And the ruling takes the hand from East–West
    And North–South wins the hand
    And the score gives North–South 10 points and East–West 0

  Scenario: Play stops at a renege call until the official rules on it
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a cardtel hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4, west: pass"
    And south names spades trump
    When the plays are "AH 8S 3H 4H"
    And north calls a renege on west
    And the plays are "2C"
    Then the event is refused: "play stopped at the renege call at event 10"
    And there is a pending ruling against west for a renege
    And the renege call stops play rule cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Techs 1"
    When the official inspects west's hand: "2H 7S 6S 5S 4S 3S AD KD QD JD 10D"
    Then there is an established ruling against west for a renege
    And the hand is decided by the ruling for the renege
    When the plays are "2C"
    Then the event is refused: "decided the hand"

  Scenario: A proven renege gives the points of the bid to the non-offending team, with no odds
    Source: MATRIX.md Bid Whist: infractions: renege penalty
    Given a cardtel hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Techs 1.B"
    And the score gives North–South 4 points and East–West 0

  Scenario: A renege by the bidding team gives the defenders the points of the bid, doubled in no trump
    Source: MATRIX.md Bid Whist: infractions: renege penalty
    Given a cardtel hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 2D    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "6 no trump" and names the direction uptown
    When the plays are "AH 2H 3H 5D KH 8S 4H 4D AS 3S 9D AC"
    And east calls a renege on north
    Then there is an established ruling against north for a renege
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 12

  Scenario: An improper discard is the official's discretion
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4"
    When south discards "LJ BJ 2C 3C 4C"
    Then there is a detected ruling against south for an improper discard
    And the ruling cites "MATRIX.md" section "Bid Whist: kitty, contract and play: discard of more or fewer than 6"
    When the official chooses "loss of hand" on the ruling for the improper discard
    Then there is an established ruling against south for an improper discard
    And the ruling takes the hand from North–South
    And the score gives North–South 0 points and East–West 4

  Scenario: A concession or claim stands only when both teams agree to it
    Source: MATRIX.md Bid Whist: conduct techs and concessions: concession
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And south concedes the remaining books
    Then there is a dismissed ruling against south for a concession
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Play 14"
    When south concedes the remaining books and west agrees
    Then the score is final
    And the bid is set

  Scenario: A hand dealt by the wrong player, found before any bid, is dealt again by the right dealer (Deal 9)
    Source: MATRIX.md Bid Whist: the deal: a hand dealt by the wrong player
    Given a cardtel hand dealt by west
    When the official finds the hand was dealt by the wrong player: south should have dealt
    Then there is an established ruling against west for a wrong dealer
    And the ruling says "found before any bid: south deals again"
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Deal 9"
    And the ruling calls for a redeal
    And the hand is void and must be redealt

  Scenario: A hand dealt by the wrong player stands once a bid is made; the order is put right from the next hand (Deal 9)
    Source: MATRIX.md Bid Whist: the deal: a hand dealt by the wrong player
    Given a cardtel hand dealt by west
    And north wins the bid at "4" and the bidding team takes 10 books
    When the official finds the hand was dealt by the wrong player: south should have dealt
    Then there is an established ruling against west for a wrong dealer
    And the ruling says "the hand stands"
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Deal 9"
    And the ruling has no effect
    And the next hand is dealt by west
    And North–South wins the hand
    And the score gives North–South 4 points and East–West 0

  Scenario: A no-trump bidder who names a suit commits a tech: the bidding team loses the hand (Bidding 6)
    Source: MATRIX.md Bid Whist: kitty, contract and play: no-trump bidder names a trump suit instead of a direction
    Given a cardtel hand dealt by west
    And north wins the bid at "4 no"
    When north names hearts trump
    Then there is a detected ruling against north for an improper declare
    And the ruling says "named hearts trump instead of a direction"
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "Bidding 6"
    When east calls a "improper declare" tech on north
    Then there is an established ruling against north for an improper declare
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 8

  Scenario: A deck shuffled fewer than three times is a misdeal: the hand is redealt (The Deal 2)
    Given a cardtel hand dealt by west
    And the cards are dealt in deck order
    When a misdeal is called: shuffle
    Then there is an established ruling against west for a misdeal
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Deal 2"
    And the hand is void and must be redealt

  Scenario: A cut of fewer than six cards, or a French cut, is a misdeal (The Deal 5)
    Given a cardtel hand dealt by west
    When a misdeal is called: cut
    Then there is an established ruling against west for a misdeal
    And the ruling cites "capitol-city-cardtel-kitty-bid-whist.txt" section "The Deal 5.B"
    And the hand is void and must be redealt
