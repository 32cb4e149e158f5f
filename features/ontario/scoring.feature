@ontario
Feature: Scoring a Bid Euchre hand (Ontario 55+ I.8-I.10)
  Each team scores a point for every trick it takes. To count, the bidding team must take at least
  the tricks it bid; on a call or a moonshot the bidder must take all eight, and a made call for two
  pays 12, a call for one 18 and a moonshot 24. A team that fails loses what it bid, and may go
  below zero; its opponents still score their tricks.

  Background:
    Given an ontario hand dealt by west

  Scenario Outline: A point a trick to each team when the bid is made
    Source: MATRIX.md Bid Euchre (ontario): scoring
    Given north wins the bid at "<bid>" and North–South take <tricks> tricks
    Then the bid is made
    And North–South wins the hand
    And the score gives North–South <ns> points and East–West <ew>
    And the scoring rule cites "ontario-55-bid-euchre.txt" section "I.8"

    Examples:
      | bid        | tricks | ns | ew |
      | 3 no trump | 3      | 3  | 5  |
      | 3 no trump | 6      | 6  | 2  |
      | 8 no trump | 8      | 8  | 0  |

  Scenario Outline: A failed bid is subtracted, and the opponents still score their tricks (I.10)
    Source: MATRIX.md Bid Euchre (ontario): scoring
    Given north wins the bid at "<bid>" and North–South take <tricks> tricks
    Then the bid is set
    And East–West wins the hand
    And the score gives North–South <ns> points and East–West <ew>

    Examples:
      | bid                  | tricks | ns  | ew |
      | 5 no trump           | 4      | -5  | 4  |
      | call for two         | 7      | -12 | 1  |
      | call for one no trump | 5     | -18 | 3  |
      | moonshot             | 7      | -24 | 1  |

  Scenario Outline: A made call pays 12 or 18, a made moonshot 24 (I.8)
    Source: MATRIX.md Bid Euchre (ontario): scoring
    Given north wins the bid at "<bid>" and North–South take 8 tricks
    Then the bid is made
    And the score gives North–South <ns> points and East–West 0

    Examples:
      | bid                   | ns |
      | call for two          | 12 |
      | call for one no trump | 18 |
      | moonshot              | 24 |

  Scenario: A five-point hesitation penalty comes off the offending team's score (I.6)
    Source: MATRIX.md Bid Euchre (ontario): scoring, hesitation
    Given north wins the bid at "3 no trump" and North–South take 5 tricks
    When the convenor rules that east hesitated: a warning
    And the convenor rules that east hesitated: a five-point penalty
    Then the score gives North–South 5 points and East–West -2
    And the last ruling against east for a hesitation is established
    And the ruling says "repeated: an earlier hesitation at event"
    And the ruling cites "ontario-55-bid-euchre.txt" section "I.6"
