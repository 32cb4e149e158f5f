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
    Then there is an established "renege" ruling against west
    And the ruling moves 3 books from east_west to north_south
    And the ruling cites "chicago-pride-bid-whist.txt" section "Renege"
    And the score counts north_south 10 books and east_west 3
    And the bid is made
    And north_south wins the hand
    And the score gives north_south 4 points and east_west 0

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
    Then the score counts north_south 12 books and east_west 1
    When north calls a renege on west
    Then there is an established "renege" ruling against west
    And the ruling moves 3 books from east_west to north_south
    And the score counts north_south 13 books and east_west 0
    And the score records a Boston for north_south
    And north_south is credited with 2 hand-wins
    And the score gives north_south 7 points and east_west 0

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
    Then there is an established "renege" ruling against west
    And the score is not final yet
    When the remaining books are played out legally
    Then the score is final
    And the score counts north_south 10 books and east_west 3

  Scenario: An exposed card of the suit led plays to the book
    Source: MATRIX.md Bid Whist: infractions: exposed card
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And west exposes "4D"
    Then there is an established "exposed_card" ruling against west
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
    Then there is a dismissed "exposed_card" ruling against west
    And the ruling has no effect
    And it is west's turn to play
    And west holds "AC"

  Scenario: A bid out of turn is the official's decision, which may be a redeal
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a chicago hand dealt by west
    When the bidding goes "north: pass, south: 4"
    Then there is a detected "bid_out_of_turn" ruling against south
    And the ruling offers "no penalty, loss of hand, redeal"
    And the ruling cites "MATRIX.md" section "Bid Whist: bidding: bid out of turn"
    When the official chooses "redeal" on the "bid_out_of_turn" ruling
    Then there is an established "bid_out_of_turn" ruling against south
    And the ruling calls for a redeal
    And the hand is void and must be redealt

  Scenario: The official's decision on a bid out of turn belongs to the official alone
    Source: MATRIX.md Bid Whist: bidding: bid out of turn
    Given a chicago hand dealt by west
    When the bidding goes "north: pass, south: 4"
    And east chooses "loss of hand" on the "bid_out_of_turn" ruling
    Then the event is refused: "this is the official's discretion"
    And there is a detected "bid_out_of_turn" ruling against south

  Scenario: A play out of turn is the official's decision, which may be to play on
    Source: MATRIX.md Bid Whist: infractions: play out of turn
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    When the plays are "AD"
    And north plays AS
    Then there is a detected "play_out_of_turn" ruling against north
    And the ruling offers "no penalty, loss of hand"
    When the official chooses "no penalty" on the "play_out_of_turn" ruling
    Then there is an established "play_out_of_turn" ruling against north
    And the ruling has no effect
    And it is west's turn to play

  Scenario: An improper discard is the official's decision
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4 downtown"
    When south discards "LJ BJ 2C 3C 4C 5C 5D"
    And south names clubs trump
    Then there is a detected "improper_discard" ruling against south
    When the official chooses "loss of hand" on the "improper_discard" ruling
    Then there is an established "improper_discard" ruling against south
    And the ruling takes the hand from north_south
    And east_west wins the hand
    And east_west is credited with 1 hand-win
    And the score gives north_south 0 points and east_west 0

  @interpretation
  Scenario: A concession stands only when both teams agree to it
    Source: MATRIX.md Bid Whist: conduct techs and concessions: concession
    Given a chicago hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names spades trump
    When the books are played out legally until book 5
    And north concedes the remaining books
    Then there is a dismissed "concession" ruling against north
    And the ruling cites "MATRIX.md" section "interpretation: concession-agreed"
    And the score is not final yet
