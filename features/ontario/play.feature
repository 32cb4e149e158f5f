@ontario
Feature: Trumps, calls and the play in Bid Euchre (Ontario 55+ G, I.3, I.7)
  In a trump suit the two right bowers (the jacks of trump) rank highest, then the two left bowers
  (the jacks of the same colour), then A A K K Q Q; of two identical cards the first played wins.
  In no trump every suit runs A K Q J. The successful bidder leads. On a moonshot the bidder plays
  alone with the hand as dealt; on a call for two (one) the bidder first discards two (one) and
  receives two (one) from the partner, then plays alone. Either way the bidder must take all eight.

  Background:
    Given an ontario hand dealt by west
    And the euchre cards are dealt:
      | seat  | cards                   |
      | north | JH JD AH KH QH AS KS QC |
      | east  | JS JC AD KD QD AC KC QS |
      | south | JH JD AH KH QH AS KS QC |
      | west  | JS JC AD KD QD AC KC QS |

  Scenario: The successful bidder leads to the first trick (I.3)
    Source: MATRIX.md Bid Euchre (ontario): first lead
    When the bidding goes "north: pass, east: pass, south: 3 hearts, west: pass"
    Then it is south's turn to play
    And the first lead rule cites "ontario-55-bid-euchre.txt" section "I.3"

  Scenario: The right bower beats the left bower, which beats the ace of trump
    Source: MATRIX.md Bid Euchre (ontario): trump ranks
    When the bidding goes "north: 3 hearts, east: pass, south: pass, west: pass"
    And the plays are "JD AD JH QD"
    Then book 1 is won by south
    And the card ranks rule cites "MATRIX.md" section "interpretation: twin-cards"

  Scenario: The left bower belongs to trump, so a player without trump may play it on a trump lead
    Source: MATRIX.md Bid Euchre (ontario): trump ranks
    When the bidding goes "north: 3 hearts, east: pass, south: pass, west: pass"
    And the plays are "AH AD JD KD"
    Then there are no rulings
    And book 1 is won by south

  Scenario: Of two identical cards the first played wins
    Source: MATRIX.md Bid Euchre (ontario): trump ranks
    When the bidding goes "north: 3 hearts, east: pass, south: pass, west: pass"
    And the plays are "JH JS JH JC"
    Then book 1 is won by north
    And there are no rulings

  Scenario: In no trump every suit runs ace, king, queen, jack (G)
    Source: MATRIX.md Bid Euchre (ontario): no trump
    When the bidding goes "north: 3 no trump, east: pass, south: pass, west: pass"
    And the plays are "JH AC QH AD"
    Then book 1 is won by south
    And the deck rule cites "ontario-55-bid-euchre.txt" section "G"

  Scenario: On a moonshot the bidder plays alone with the hand as dealt (I.7)
    Source: MATRIX.md Bid Euchre (ontario): moonshot
    When the bidding goes "north: moonshot hearts, east: pass, south: pass, west: pass"
    Then the contract is moonshot hearts played by north alone
    And south sits out the hand
    And it is north's turn to play
    When north exchanges "QC" for "AH"
    Then the event is refused: "a moonshot is played as dealt"
    When the plays are "JH JS"
    Then it is west's turn to play
    When south plays QC
    Then the event is refused: "south sits out"

  Scenario: On a call for two the bidder discards two, receives two from the partner, and plays alone (I.7)
    Source: MATRIX.md Bid Euchre (ontario): call for two / one
    When the bidding goes "north: call for two hearts, east: pass, south: pass, west: pass"
    Then it is north's turn to exchange
    When north exchanges "QC KS" for "AH KH"
    Then north holds "JH JD AH KH QH AS"
    And north does not hold "QC KS"
    And there are no rulings
    And it is north's turn to play
    And the contract is call for two hearts played by north alone

  Scenario: On a call for one the bidder exchanges a single card
    Source: MATRIX.md Bid Euchre (ontario): call for two / one
    When the bidding goes "north: call for one hearts, east: pass, south: pass, west: pass"
    And north exchanges "QC KS" for "AH KH"
    Then there is a detected ruling against north for an improper exchange
    And the ruling offers "no penalty, loss of hand"
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.7"

  Scenario: The partner can only give cards it holds
    Source: MATRIX.md Bid Euchre (ontario): call for two / one
    When the bidding goes "north: call for two hearts, east: pass, south: pass, west: pass"
    And north exchanges "QC KS" for "AH AD"
    Then the event is refused: "south does not hold AD"
