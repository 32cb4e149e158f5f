Feature: Kitty, contract and play
  MATRIX.md, "Bid Whist: kitty, contract and play". The bidder takes the kitty and discards six, which
  count as the bidding team's first book; the bidder then names a trump suit (uptown or downtown) or
  a direction (no trump) and leads. Detroit V, VII, IX; Texas Kitty, Jokers; Chicago The Play;
  Cardtel Card Rankings, Play 9, Techs 1.

  @all
  Scenario Outline: The bidder takes up the kitty and discards six cards, which are the bidding team's first book
    Source: MATRIX.md Bid Whist: kitty, contract and play: bidder takes the kitty, discards 6; the discard is the bidding team's first book
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                |
      | south | AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S |
      | kitty | BJ LJ AH KH AD AC                    |
    And south wins the bid at "4"
    Then it is south's turn to discard
    When south discards "10S 9S 8S 7S 6S 5S"
    Then south holds "BJ LJ AH KH AD AC AS KS QS JS 4S 3S"
    And North–South has 1 book
    And East–West has 0 books
    And there are no rulings
    And it is south's turn to declare
    And the kitty rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | VII     |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Kitty   |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | document  | section                                                           |
      | cardtel | MATRIX.md | Bid Whist: kitty, contract and play: bidder takes the kitty |

  @all
  Scenario Outline: A discard of more or fewer than six cards is an improper discard
    Source: MATRIX.md Bid Whist: kitty, contract and play: discard of more or fewer than 6
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4"
    When south discards "<cards>"
    Then there is a detected ruling against south for an improper discard
    And the ruling says "south discarded <count> cards, not 6"
    And the ruling cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | cards                      | count | document                              | section   |
      | detroit | BJ LJ 2C 3C 4C             | 5     | detroit-senior-olympics-bid-whist.txt | III.c.ii  |

    @texas
    Examples:
      | ruleset | cards                      | count | document  | section                                                              |
      | texas   | BJ LJ 2C 3C 4C 5C 5D       | 7     | MATRIX.md | Bid Whist: kitty, contract and play: discard of more or fewer than 6 |

    @chicago
    Examples:
      | ruleset | cards                      | count | document  | section                                                              |
      | chicago | BJ LJ 2C 3C                | 4     | MATRIX.md | Bid Whist: kitty, contract and play: discard of more or fewer than 6 |

    @cardtel
    Examples:
      | ruleset | cards                      | count | document  | section                                                              |
      | cardtel | BJ LJ 2C 3C 4C 5C 5D 6D    | 8     | MATRIX.md | Bid Whist: kitty, contract and play: discard of more or fewer than 6 |

  @all
  Scenario Outline: After winning the bid the bidder names a trump suit, or for no trump a direction
    Source: MATRIX.md Bid Whist: kitty, contract and play: contract named after the bid is won
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "<bid>"
    And south discards the kitty as taken up
    When south names <named>
    Then the contract is "<contract>" with <named>
    And it is south's turn to play

    @detroit
    Examples:
      | ruleset | bid        | contract   | named                   |
      | detroit | 4          | 4 uptown   | hearts trump            |
      | detroit | 5 no       | 5 no trump | the direction downtown  |

    @texas
    Examples:
      | ruleset | bid        | contract   | named                 |
      | texas   | 5 downtown | 5 downtown | clubs trump           |
      | texas   | 4 no trump | 4 no trump | the direction uptown  |

    @chicago
    Examples:
      | ruleset | bid        | contract   | named                  |
      | chicago | 6 high     | 6 uptown   | diamonds trump         |
      | chicago | 7 no trump | 7 no trump | the direction downtown |

    @cardtel
    Examples:
      | ruleset | bid       | contract   | named                |
      | cardtel | 4 special | 4 downtown | spades trump         |
      | cardtel | 6 no      | 6 no trump | the direction uptown |

  @all
  Scenario Outline: A trump bid names a suit, not a direction
    Source: MATRIX.md Bid Whist: kitty, contract and play: contract named after the bid is won
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "<bid>"
    And south discards the kitty as taken up
    When south names <named>
    Then the event is refused: "<why>"
    And it is south's turn to declare

    @detroit
    Examples:
      | ruleset | bid        | named                | why                      |
      | detroit | 4          | the direction uptown | the bidder names a trump |

    @chicago
    Examples:
      | ruleset | bid        | named                  | why                      |
      | chicago | 4 downtown | the direction downtown | the bidder names a trump |

  @interpretation
  Scenario Outline: A no-trump bidder who names a trump suit is recorded without penalty, and then names the direction
    Source: MATRIX.md Bid Whist: kitty, contract and play: no-trump bidder names a trump suit instead of a direction
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "<bid>"
    And south discards the kitty as taken up
    When south names <named>
    Then there is a dismissed ruling against south for an improper declare
    And the ruling says "instead of a direction"
    And the ruling has no effect
    And the ruling cites "MATRIX.md" section "interpretation: declare-slip"
    And it is south's turn to declare
    When west calls a "improper declare" tech on south
    Then there is a dismissed ruling against south for an improper declare
    And the score is not final yet
    When south names the direction uptown
    Then it is south's turn to play

    @detroit
    Examples:
      | ruleset | bid        | named        |
      | detroit | 4 no trump | spades trump |

    @texas
    Examples:
      | ruleset | bid        | named        |
      | texas   | 5 no trump | hearts trump |

    @chicago
    Examples:
      | ruleset | bid        | named        |
      | chicago | 4 no trump | clubs trump  |

  @all
  Scenario Outline: A no-trump bidder who keeps a joker out of the kitty reneges where the rulebook says so
    Source: MATRIX.md Bid Whist: kitty, contract and play: no-trump bidder must discard jokers into the kitty
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                |
      | south | BJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S |
      | kitty | LJ AH KH QH JH 10H                   |
    And south wins the bid at "4 no trump"
    When south discards "LJ AH KH QH JH 10H"
    And south names the direction uptown
    Then there is a detected ruling against south for a renege
    And the ruling says "south kept BJ"
    And the ruling cites "<document>" section "<section>"
    When west calls a renege on south
    Then there is an established ruling against south for a renege
    And the ruling takes the hand from North–South

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX.i    |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Jokers  |

  @all
  Scenario Outline: A no-trump bidder may keep a joker where the rulebook does not ask for it in the kitty
    Source: MATRIX.md Bid Whist: kitty, contract and play: no-trump bidder must discard jokers into the kitty
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                |
      | south | BJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S |
      | kitty | LJ AH KH QH JH 10H                   |
    And south wins the bid at "4 no trump"
    When south discards "LJ AH KH QH JH 10H"
    And south names the direction uptown
    Then there are no rulings
    When west calls a renege on south
    Then there is a dismissed ruling against west for a false renege call

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all
  Scenario Outline: The no-trump bidder's kept joker is proven later when the deal was not recorded
    Source: MATRIX.md Bid Whist: kitty, contract and play: no-trump bidder must discard jokers into the kitty
    Given a <ruleset> hand dealt by west
    And the bidding goes "north: pass, east: pass, south: 4 no trump, west: pass"
    When south discards "LJ AH KH QH JH 10H"
    And south names the direction uptown
    And west calls a renege on south
    Then there is a pending ruling against south for a renege
    When <proof>
    Then there is an established ruling against south for a renege
    And the ruling's proof is "<proof text>"
    And the ruling cites "<document>" section "<section>"
    And the ruling takes the hand from North–South

    @detroit
    Examples:
      | ruleset | proof                           | proof text            | document                              | section |
      | detroit | the plays are "AS 3S 4S 5S BJ"  | south later played BJ | detroit-senior-olympics-bid-whist.txt | IX.i    |

    @texas
    Examples:
      | ruleset | proof                                                                   | proof text                    | document                     | section |
      | texas   | the official inspects south's hand: "BJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S" | the official's inspection at event 8 found BJ | texas-bid-whist-alliance.txt | Renege  |

  @all
  Scenario Outline: The bidder leads to the first book
    Source: MATRIX.md Bid Whist: kitty, contract and play: first lead
    Given a <ruleset> hand dealt by west
    And the cards are dealt in deck order
    And south wins the bid at "4" and names hearts trump
    Then it is south's turn to play
    And the first lead rule cites "<document>" section "<section>"
    When west plays 2D
    Then there is a detected ruling against west for a play out of turn
    And the ruling says "when it was south's turn"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX      |

    @texas @interpretation
    Examples:
      | ruleset | document  | section                      |
      | texas   | MATRIX.md | interpretation: bidder-leads |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Play |

    @cardtel @interpretation
    Examples:
      | ruleset | document  | section                      |
      | cardtel | MATRIX.md | interpretation: bidder-leads |

  @all
  Scenario Outline: Uptown trumps rank big joker, little joker, A K Q J 10 9 8 7 6 5 4 3 2
    Source: MATRIX.md Bid Whist: kitty, contract and play: trump ranks, uptown
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards   |
      | south | <south> |
      | west  | <west>  |
      | north | <north> |
      | east  | <east>  |
    And south wins the bid at "4" and names spades trump
    When the plays are "<south> <west> <north> <east>"
    Then book 1 is won by <winner>

    @detroit
    Examples:
      | ruleset | south | west | north | east | winner |
      | detroit | AS    | LJ   | KS    | BJ   | east   |
      | detroit | AS    | LJ   | KS    | QS   | west   |

    @texas
    Examples:
      | ruleset | south | west | north | east | winner |
      | texas   | 3S    | 2S   | KS    | QS   | north  |

    @chicago
    Examples:
      | ruleset | south | west | north | east | winner |
      | chicago | 10S   | JS   | 9S    | 2S   | west   |

    @cardtel
    Examples:
      | ruleset | south | west | north | east | winner |
      | cardtel | BJ    | AS   | LJ    | KS   | south  |

  @all
  Scenario Outline: Downtown trumps rank big joker, little joker, A 2 3 4 5 6 7 8 9 10 J Q K
    Source: MATRIX.md Bid Whist: kitty, contract and play: trump ranks, downtown
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards   |
      | south | <south> |
      | west  | <west>  |
      | north | <north> |
      | east  | <east>  |
    And south wins the bid at "4 downtown" and names spades trump
    When the plays are "<south> <west> <north> <east>"
    Then book 1 is won by <winner>

    @detroit
    Examples:
      | ruleset | south | west | north | east | winner |
      | detroit | AS    | LJ   | 2S    | BJ   | east   |
      | detroit | 3S    | 2S   | KS    | AS   | east   |

    @texas
    Examples:
      | ruleset | south | west | north | east | winner |
      | texas   | 3S    | 2S   | KS    | QS   | west   |

    @chicago
    Examples:
      | ruleset | south | west | north | east | winner |
      | chicago | KS    | QS   | JS    | 10S  | east   |

    @cardtel
    Examples:
      | ruleset | south | west | north | east | winner |
      | cardtel | AS    | LJ   | 2S    | 3S   | west   |

  @all
  Scenario Outline: The other suits rank A K ... 2 uptown and A 2 ... K downtown, the ace high both ways
    Source: MATRIX.md Bid Whist: kitty, contract and play: other suits
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards   |
      | south | <south> |
      | west  | <west>  |
      | north | <north> |
      | east  | <east>  |
    And south wins the bid at "<bid>" and names <named>
    When the plays are "<south> <west> <north> <east>"
    Then book 1 is won by <winner>
    And the card ranks rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | bid        | named                  | south | west | north | east | winner | document  | section                      |
      | detroit | 4          | spades trump           | KH    | 2H   | AH    | QH   | north  | MATRIX.md | interpretation: detroit-ace  |
      | detroit | 4 no trump | the direction uptown   | KH    | 2H   | AH    | QH   | north  | MATRIX.md | interpretation: detroit-ace  |
      | detroit | 4 no trump | the direction downtown | KH    | 3H   | 2H    | QH   | north  | detroit-senior-olympics-bid-whist.txt | V |

    @texas
    Examples:
      | ruleset | bid        | named                  | south | west | north | east | winner | document  | section                                                 |
      | texas   | 4 downtown | spades trump           | KH    | 2H   | AH    | QH   | north  | MATRIX.md | Bid Whist: kitty, contract and play: trump ranks |
      | texas   | 4 downtown | spades trump           | KH    | 2H   | 3H    | QH   | west   | MATRIX.md | Bid Whist: kitty, contract and play: trump ranks |

    @chicago
    Examples:
      | ruleset | bid        | named                | south | west | north | east | winner | document                    | section  |
      | chicago | 5 no trump | the direction uptown | 10H   | JH   | 9H    | 2H   | west   | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | bid        | named                  | south | west | north | east | winner | document                                 | section       |
      | cardtel | 4 no trump | the direction downtown | KH    | QH   | JH    | 10H  | east   | capitol-city-cardtel-kitty-bid-whist.txt | Card Rankings |

  @all @interpretation
  Scenario Outline: In a trump contract the jokers are trumps, so a joker led calls for trump
    Source: MATRIX.md Bid Whist: kitty, contract and play: in a trump contract the jokers belong to the trump suit; a joker led is a trump lead
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards |
      | south | BJ    |
      | west  | 2S 2H |
    And south wins the bid at "4" and names spades trump
    When the plays are "BJ"
    Then the suit to follow is spades
    When west plays 2H
    Then there is a detected ruling against west for a renege
    And the ruling says "west played 2H on a spades lead"
    And the ruling cites "MATRIX.md" section "interpretation: joker-led-trump"

    @detroit
    Examples:
      | ruleset |
      | detroit |

    @texas
    Examples:
      | ruleset |
      | texas   |

    @chicago
    Examples:
      | ruleset |
      | chicago |

    @cardtel
    Examples:
      | ruleset |
      | cardtel |

  @all
  Scenario Outline: In no trump the jokers have no suit and cannot win a book
    Source: MATRIX.md Bid Whist: kitty, contract and play: no trump: jokers have no suit and cannot win a book
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                   |
      | south | 2H                                      |
      | west  | BJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S     |
      | north | 3H                                      |
      | east  | 4H                                      |
    And south wins the bid at "4 no trump" and names the direction uptown
    When the plays are "2H BJ 3H 4H"
    Then book 1 is won by east
    And there are no rulings
    And the no trump jokers rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX.h    |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Jokers  |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Techs 1 |

  @all
  Scenario Outline: In no trump a joker must be played the first time the holder cannot follow suit, except in Chicago
    Source: MATRIX.md Bid Whist: kitty, contract and play: no trump: a joker **must** be played the first time the holder cannot follow suit
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                   |
      | south | 2H                                      |
      | west  | BJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S     |
      | north | 3H                                      |
      | east  | 4H                                      |
    And south wins the bid at "4 no trump" and names the direction uptown
    When the plays are "2H AS"
    Then there is a detected ruling against west for a renege
    And the ruling says "without following suit or playing a joker"
    And the ruling cites "<document>" section "<section>"
    When north calls a renege on west
    Then there is an established ruling against west for a renege
    And the ruling takes the hand from East–West

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX.j    |

    @texas
    Examples:
      | ruleset | document                     | section |
      | texas   | texas-bid-whist-alliance.txt | Jokers  |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Techs 1 |

  @chicago
  Scenario: In Chicago no trump, a player who cannot follow suit may keep the joker
    Source: MATRIX.md Bid Whist: kitty, contract and play: no trump: a joker **must** be played the first time the holder cannot follow suit
    chicago-pride-bid-whist.txt, The Play: the jokers "can be played if you have no card of the suit led".
    Given a chicago hand dealt by west
    And the cards are dealt:
      | seat  | cards                                   |
      | south | 2H                                      |
      | west  | BJ AS KS QS JS 10S 9S 8S 7S 6S 5S 4S     |
      | north | 3H                                      |
      | east  | 4H                                      |
    And south wins the bid at "4 no trump" and names the direction uptown
    When the plays are "2H AS 3H 4H"
    Then there are no rulings
    And book 1 is won by east
    And the renege joker play rule cites "chicago-pride-bid-whist.txt" section "The Play"
    When north calls a renege on west
    Then there is a dismissed ruling against north for a false renege call

  @all
  Scenario Outline: In no trump, when a joker is led the first card that is not a joker sets the suit
    Source: MATRIX.md Bid Whist: kitty, contract and play: no trump: joker led
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                      |
      | south | 2H 2D AS KS QS JS 10S 9S 8S 7S 6S 5S        |
      | west  | AH BJ 9H 10H JH QH KH 3D 4D 6D 7D 8D        |
      | north | 3H 5D                                      |
      | east  | 4H KD                                      |
    And south wins the bid at "4 no trump" and names the direction uptown
    When the plays are "2H AH 3H 4H"
    Then book 1 is won by west
    When the plays are "BJ 5D"
    Then the suit to follow is diamonds
    When the plays are "KD 2D"
    Then book 2 is won by east
    And there are no rulings
    And the joker led no trump rule cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX.m    |

    @texas @interpretation
    Examples:
      | ruleset | document  | section                    |
      | texas   | MATRIX.md | interpretation: joker-lead |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Play 9  |

  @all
  Scenario Outline: In no trump, a player who does not follow the suit set after a joker lead reneges
    Source: MATRIX.md Bid Whist: kitty, contract and play: no trump: joker led
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                      |
      | south | 2H 2D AS KS QS JS 10S 9S 8S 7S 6S 5S        |
      | west  | AH BJ 9H 10H JH QH KH 3D 4D 6D 7D 8D        |
      | north | 3H 5D                                      |
      | east  | 4H KD                                      |
    And south wins the bid at "4 no trump" and names the direction uptown
    When the plays are "2H AH 3H 4H BJ 5D KD 5S"
    Then there is a detected ruling against south for a renege
    And the ruling says "south played 5S on a diamonds lead"
    And the ruling cites "<document>" section "<section>"

    @detroit
    Examples:
      | ruleset | document                              | section |
      | detroit | detroit-senior-olympics-bid-whist.txt | IX.m    |

    @texas @interpretation
    Examples:
      | ruleset | document  | section                    |
      | texas   | MATRIX.md | interpretation: joker-lead |

    @chicago
    Examples:
      | ruleset | document                    | section  |
      | chicago | chicago-pride-bid-whist.txt | The Play |

    @cardtel
    Examples:
      | ruleset | document                                 | section |
      | cardtel | capitol-city-cardtel-kitty-bid-whist.txt | Play 9  |

  @all
  Scenario Outline: A book is won by the best trump played, else by the best card of the suit led
    Source: MATRIX.md Bid Whist: kitty, contract and play: a book is won by
    Given a <ruleset> hand dealt by west
    And the cards are dealt:
      | seat  | cards                                    |
      | north | AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D     |
      | east  | 3S 4S 5S 6S 7S 8S AC KC QC JC 10C 9C     |
      | south | KH QH 2H                                 |
      | west  | 3H JH                                    |
    And south wins the bid at "4" and names spades trump
    When the plays are "<plays>"
    Then book 1 is won by <winner>
    And there are no rulings

    @detroit
    Examples:
      | ruleset | plays       | winner |
      | detroit | KH 3H AD 3S | east   |
      | detroit | QH JH AD AC | south  |

    @texas
    Examples:
      | ruleset | plays       | winner |
      | texas   | KH 3H AD 3S | east   |

    @chicago
    Examples:
      | ruleset | plays       | winner |
      | chicago | QH JH AD AC | south  |

    @cardtel
    Examples:
      | ruleset | plays       | winner |
      | cardtel | KH JH AD 8S | east   |
