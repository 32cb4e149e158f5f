@chicago
Feature: Chicago Pride: the renege costs three books, the card that hits the table plays, the official decides
  chicago-pride-bid-whist.txt, Renege: "3 books won by the reneging team in that hand are given to the
  non-reneging team. If the reneging team won fewer than three books, the hand is scored as though
  the non-reneging team won all 13 books." Additional Rules: "If a card is in the correct suit and
  hits the table - the card plays." "Referee should be consulted for all discrepancies and decisions
  are final": where the rulebook has no rule, the official decides (MATRIX.md).

  Scenario: A renege called by the opponents moves three books from the reneging team to the other
    Source: MATRIX.md Bid Whist: infractions: renege penalty
    Given a chicago hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    And the plays are "AH 8S 3H 2D"
    And the remaining books are played out legally
    Then the bid is set
    When north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling moves 3 books from East–West to North–South
    And the ruling cites "chicago-pride-bid-whist.txt" section "Renege"
    And the score counts North–South 10 books and East–West 3
    And the bid is made
    And North–South wins the hand
    And the score gives North–South 4 points and East–West 0

  Scenario: A reneging team that won fewer than three books is scored as losing all 13
    Source: MATRIX.md Bid Whist: infractions: renege penalty
    Given a chicago hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AS KS QS JS 10S 9S 8S 7S 6S 5S AH 2H     |
      | west  | 3H 6H 2C 2D 3D AC KC QC JC 10C 9C 8C     |
      | north | 4H 5H 7H 8H 9H 10H JH QH 4S 3S 2S 7C     |
      | east  | KH AD KD QD JD 10D 9D 8D 7D 6D 5D 4D     |
      | kitty | BJ LJ 3C 4C 5C 6C                        |
    And south wins the bid at "4" and names spades trump
    And the plays are "2H 3H 4H KH AD 5S 2D 7C AH 2C 5H KD"
    And the remaining books are played out legally
    Then the score counts North–South 12 books and East–West 1
    When north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling moves 3 books from East–West to North–South
    And the score counts North–South 13 books and East–West 0
    And the score records a Boston for North–South
    And North–South is credited with 2 hand-wins
    And the score gives North–South 7 points and East–West 0

  Scenario: A Chicago renege is not decided at the call: the hand is played out and the books counted
    Source: MATRIX.md Bid Whist: infractions: when a renege may be called
    Given a chicago hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | south | AH KH QH JH 10H 9H AS KS QS JS 10S 9S    |
      | west  | 2H 8S 7S 6S 5S 4S 3S AD KD QD JD 10D     |
    And south wins the bid at "4" and names spades trump
    When the plays are "AH 8S 3H 2D"
    And north calls a renege on west
    Then there is an established ruling against west for a renege
    And the score is not final yet
    When the remaining books are played out legally
    Then the score is final
    And the score counts North–South 10 books and East–West 3

  Scenario: An exposed card of the suit led plays to the book
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And west exposes "4D"
    Then there is an established ruling against west for an exposed card
    And the ruling's effect is "card plays"
    And the ruling cites "chicago-pride-bid-whist.txt" section "Additional Rules"
    And it is north's turn to play
    And west does not hold "4D"

  Scenario: An exposed card not of the suit led does not play, and has no effect
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And west exposes "AC"
    Then there is a dismissed ruling against west for an exposed card
    And the ruling has no effect
    And it is west's turn to play
    And west holds "AC"

  Scenario: A bid out of turn is the official's decision, which may be a redeal
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a chicago hand dealt by west
    When the bidding goes "north: pass, south: 4"
    Then there is a detected ruling against south for a bid out of turn
    And the ruling offers "no penalty, loss of hand, redeal"
    And the ruling cites "MATRIX.md" section "Bid Whist: bidding: bid out of turn"
    When the official chooses "redeal" on the ruling for the bid out of turn
    Then there is an established ruling against south for a bid out of turn
    And the ruling calls for a redeal
    And the hand is void and must be redealt

  Scenario: The official's decision on a bid out of turn belongs to the official alone
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a chicago hand dealt by west
    When the bidding goes "north: pass, south: 4"
    And east chooses "loss of hand" on the ruling for the bid out of turn
    Then the event is refused: "this is the official's discretion"
    And there is a detected ruling against south for a bid out of turn

  Scenario: A play out of turn is the official's decision, which may be to play on
    Source: MATRIX.md Bid Whist: infractions: play out of turn
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And north plays AS
    Then there is a detected ruling against north for a play out of turn
    And the ruling offers "no penalty, loss of hand"
    When the official chooses "no penalty" on the ruling for the play out of turn
    Then there is an established ruling against north for a play out of turn
    And the ruling has no effect
    And it is west's turn to play

  Scenario: An improper discard is the official's decision
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4 downtown"
    When south discards "LJ BJ 2C 3C 4C 5C 5D"
    And south names clubs trump
    Then there is a detected ruling against south for an improper discard
    When the official chooses "loss of hand" on the ruling for the improper discard
    Then there is an established ruling against south for an improper discard
    And the ruling takes the hand from North–South
    And East–West wins the hand
    And East–West is credited with 1 hand-win
    And the score gives North–South 0 points and East–West 0

  @interpretation
  Scenario: A concession stands only when both teams agree to it
    Source: MATRIX.md Bid Whist: conduct techs and concessions: concession
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And north concedes the remaining books
    Then there is a dismissed ruling against north for a concession
    And the ruling cites "MATRIX.md" section "interpretation: concession-agreed"
    And the score is not final yet
