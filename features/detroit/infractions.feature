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
    Then there is a detected "bid_out_of_turn" ruling against south
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.i"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.c"
    And the standing bid is "5 uptown" by south
    When east calls a "bid out of turn" tech on south
    Then there is an established "bid_out_of_turn" ruling against south
    And the ruling takes the hand from north_south
    And the ruling cites "MATRIX.md" section "interpretation: hand-loss-value"
    And the hand is decided by the "bid_out_of_turn" ruling
    And east_west wins the hand
    And the score gives north_south 0 points and east_west 5

  Scenario: A bid out of turn nobody calls carries no penalty
    Given a detroit hand dealt by west
    When the bidding goes "north: pass, south: 5, east: pass, south: 5, west: pass"
    Then there is a detected "bid_out_of_turn" ruling against south
    And the score is not final yet

  Scenario: A discard of more or fewer than six cards costs the bidding team the hand
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "5 no trump"
    When south discards "LJ BJ 2C 3C 4C 5C 5D"
    And south names the direction downtown
    And east calls a "improper discard" tech on south
    Then there is an established "improper_discard" ruling against south
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "III.c.ii"
    And the ruling takes the hand from north_south
    And the score gives north_south 0 points and east_west 10

  Scenario: An exposed card costs the offending team the hand when the opponents call it
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD 4D"
    And north exposes "KS"
    Then there is a detected "exposed_card" ruling against north
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.i"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IX.k"
    When east calls a "exposed card" tech on north
    Then there is an established "exposed_card" ruling against north
    And the ruling takes the hand from north_south
    And east_west wins the hand
    And the score gives north_south 0 points and east_west 4

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
    Then there is an established "renege" ruling against north
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.a"
    And the ruling takes the hand from north_south
    And east_west wins the hand
    And the score gives north_south 0 points and east_west 12

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
    Then there is an established "renege" ruling against west
    And the hand is in its complete phase
    And the hand is decided by the "renege" ruling
    And the score gives north_south 4 points and east_west 0

  @interpretation
  Scenario: A mistaken renege call is itself treated as a renege: the caller's team loses the hand
    Source: MATRIX.md Bid Whist: infractions: false renege call (no renege happened)
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "5 no trump" and names the direction uptown
    When the plays are "AD 4D AS 2S"
    And west calls a renege on north
    Then there is an established "false_renege_call" ruling against west
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IX.o"
    And the ruling cites "MATRIX.md" section "interpretation: hand-loss-value"
    And the ruling takes the hand from east_west
    And north_south wins the hand
    And the score gives north_south 10 points and east_west 0

  @interpretation
  Scenario: A false renege call against a bidding team that had already earned more scores what it had earned
    Source: MATRIX.md Bid Whist: infractions: false renege call (no renege happened)
    Given a detroit hand dealt by west
    And south wins the bid at "4" and the bidding team takes 13 books
    When west calls a renege on north
    Then there is an established "false_renege_call" ruling against west
    And the ruling cites "MATRIX.md" section "interpretation: false-call-value"
    And north_south wins the hand
    And the score gives north_south 7 points and east_west 0

  @interpretation
  Scenario: Hands are played out: a concession the other team does not agree to does not stop the hand
    Source: MATRIX.md Bid Whist: conduct techs and concessions: concession
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And east concedes the remaining books
    Then there is a dismissed "concession" ruling against east
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IX.l"
    And the ruling cites "MATRIX.md" section "interpretation: concession-agreed"
    And the score is not final yet
    When east concedes the remaining books and north agrees
    Then the score is final

  Scenario: A player who has bid bids again, changing the bid: a bid out of turn, loss of hand (XI.h)
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a detroit hand dealt by west
    When the bidding goes "north: 4, east: pass, north: 4 no trump"
    Then there is a detected "bid_out_of_turn" ruling against north
    And the ruling says "north had bid 4 uptown and bid again, changing it to 4 no trump"
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "XI.h"
    When east calls a "bid out of turn" tech on north
    Then there is an established "bid_out_of_turn" ruling against north
    And the ruling takes the hand from north_south
    And east_west wins the hand

  Scenario: A deck cut more than twice, or not by the player to the dealer's right, is a misdeal: the hand is redealt (IV)
    Given a detroit hand dealt by west
    And the cards are dealt in deck order
    When a misdeal is called: cut
    Then there is an established "misdeal" ruling against west
    And the ruling cites "detroit-senior-olympics-bid-whist.txt" section "IV"
    And the hand is void and must be redealt
