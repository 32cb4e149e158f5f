@detroit
Feature: Detroit Senior Olympics: infractions that cost the hand
  detroit-senior-olympics-bid-whist.txt, III.c (Rules of Conduct), IX (Play of Hand) and XI (Renege,
  Loss of Bid): playing or bidding out of turn, a discard of other than six, an exposed card, a
  renege and a mistaken renege call each may cost the hand; only the opposing team may call them.
  The value of a lost hand is the bid, doubled in no trump (MATRIX.md, interpretation: hand-loss-value).

  Scenario: A bid out of turn costs the offending team the hand when the opponents call it
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a detroit hand dealt by west
    When the bidding goes "north: pass, south: 5, east: pass, south: 5, west: pass"
    Then there is a detected ruling against south for a bid out of turn
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.i"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.c"
    And the standing bid is "5 uptown" by south
    When east calls a "bid out of turn" tech on south
    Then there is an established ruling against south for a bid out of turn
    And the ruling takes the hand from North–South
    And the ruling cites "MATRIX.md" section "interpretation: hand-loss-value"
    And the hand is decided by the ruling for the bid out of turn
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 5

  Scenario: A bid out of turn nobody calls carries no penalty
    Given a detroit hand dealt by west
    When the bidding goes "north: pass, south: 5, east: pass, south: 5, west: pass"
    Then there is a detected ruling against south for a bid out of turn
    And the score is not final yet

  Scenario: A discard of more or fewer than six cards costs the bidding team the hand
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "5 no trump"
    When south discards "LJ BJ 2C 3C 4C 5C 5D"
    And south names the direction downtown
    And east calls a "improper discard" tech on south
    Then there is an established ruling against south for an improper discard
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.ii"
    And the ruling takes the hand from North–South
    And the score gives North–South 0 points and East–West 10

  Scenario: An exposed card costs the offending team the hand when the opponents call it
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD 4D"
    And north exposes "KS"
    Then there is a detected ruling against north for an exposed card
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.i"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IX.k"
    When east calls a "exposed card" tech on north
    Then there is an established ruling against north for an exposed card
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 4

  Scenario: A renege by the bidding team gives the opponents the value of the bid, doubled in no trump
    Source: MATRIX.md Bid Whist: infractions: renege penalty
    Given a detroit hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 2D    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "6 no trump" and names the direction uptown
    When the plays are "AH 2H 3H 5D KH 8S 4H 4D AS 3S 9D AC"
    And east calls a renege on north
    Then there is an established ruling against north for a renege
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.a"
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And the score gives North–South 0 points and East–West 12

  @interpretation
  Scenario: After a Detroit renege call the hand may be played out, and its score stays the lost hand's
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a detroit hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    And the remaining books are played out legally
    Then there is an established ruling against west for a renege
    And the hand is in its complete phase
    And the hand is decided by the ruling for the renege
    And the score gives North–South 4 points and East–West 0

  @interpretation
  Scenario: A mistaken renege call is itself treated as a renege: the caller's team loses the hand
    Source: MATRIX.md Bid Whist: infractions: false renege call (no renege happened)
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "5 no trump" and names the direction uptown
    When the plays are "AD 4D AS 2S"
    And west calls a renege on north
    Then there is an established ruling against west for a false renege call
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IX.o"
    And the ruling cites "MATRIX.md" section "interpretation: hand-loss-value"
    And the ruling takes the hand from East–West
    And North–South wins the hand
    And the score gives North–South 10 points and East–West 0

  @interpretation
  Scenario: A false renege call against a bidding team that had already earned more scores what it had earned
    Source: MATRIX.md Bid Whist: infractions: false renege call (no renege happened)
    Given a detroit hand dealt by west
    And south wins the bid at "4" and the bidding team takes 13 books
    When west calls a renege on north
    Then there is an established ruling against west for a false renege call
    And the ruling cites "MATRIX.md" section "interpretation: false-call-value"
    And North–South wins the hand
    And the score gives North–South 7 points and East–West 0

  @interpretation
  Scenario: Hands are played out: a concession the other team does not agree to does not stop the hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: concession
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east concedes the remaining books
    Then there is a dismissed ruling against east for a concession
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IX.l"
    And the ruling cites "MATRIX.md" section "interpretation: concession-agreed"
    And the score is not final yet
    When east concedes the remaining books and north agrees
    Then the score is final

  Scenario: A player who has bid bids again, changing the bid: a bid out of turn, loss of hand (XI.h)
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a detroit hand dealt by west
    When the bidding goes "north: 4, east: pass, north: 4 no trump"
    Then there is a detected ruling against north for a bid out of turn
    And the ruling says "north had bid 4 uptown and bid again, changing it to 4 no trump"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.h"
    When east calls a "bid out of turn" tech on north
    Then there is an established ruling against north for a bid out of turn
    And the ruling takes the hand from North–South
    And East–West wins the hand

  Scenario: A deck cut more than twice, or not by the player to the dealer's right, is a misdeal: the hand is redealt (IV)
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    When a misdeal is called: cut
    Then there is an established ruling against west for a misdeal
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IV"
    And the hand is void and must be redealt
