@ontario
Feature: The Bid Euchre deck and deal (Ontario 55+ G, I.11)
  Bid Euchre is played with two decks of aces, kings, queens and jacks: 32 cards, every card twice.
  Each player gets eight cards, dealt one at a time clockwise from the dealer's left. A flashed card
  means a complete redeal.

  Background:
    Given an ontario hand dealt by west

  Scenario: The double deck holds the ace, king, queen and jack of each suit twice (G)
    Source: MATRIX.md Bid Euchre (ontario): deck
    Given the euchre cards are dealt:
      | seat  | cards                   |
      | north | JH JD AH KH QH AS KS QC |
      | east  | JS JC AD KD QD AC KC QS |
      | south | JH JD AH KH QH AS KS QC |
      | west  | JS JC AD KD QD AC KC QS |
    Then there are no rulings
    And north holds "JH JD AH KH QH AS KS QC"
    And it is north's turn to bid
    And the deck rule cites "ontario-55-bid-euchre.txt" section "G"

  Scenario: A card below the jack is not in the Bid Euchre deck
    Source: MATRIX.md Bid Euchre (ontario): deck
    When the dealer deals exactly:
      | seat  | cards                    |
      | north | 10H JD AH KH QH AS KS QC |
    Then the event is refused: "10H is not in this game's deck"

  Scenario: No card is dealt three times: the double deck holds two of each
    Source: MATRIX.md Bid Euchre (ontario): deck
    When the dealer deals exactly:
      | seat  | cards                   |
      | north | JH JH AH KH QH AS KS QC |
      | east  | JH JC AD KD QD AC KC QS |
    Then the event is refused: "JH is dealt too often"

  Scenario: Eight cards to each player, or it is a misdeal and the hand is redealt (I.11)
    Source: MATRIX.md Bid Euchre (ontario): deal
    When the dealer deals exactly:
      | seat  | cards                      |
      | north | JH JD AH KH QH AS KS       |
      | east  | JS JC AD KD QD AC KC QS QC |
      | south | JH JD AH KH QH AS KS QC    |
      | west  | JS JC AD KD QD AC KC QS    |
    Then there is an established ruling against west for a misdeal
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.11"
    And the hand is void and must be redealt

  Scenario: A flashed card in the deal requires a complete redeal (I.11)
    Source: MATRIX.md Bid Euchre (ontario): deal
    When a misdeal is called: exposed card
    Then there is an established ruling against west for a misdeal
    And the ruling calls for a redeal
    And the hand is void and must be redealt
