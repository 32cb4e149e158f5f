Feature: Who goes on: a final made from its qualifiers' results
  SEASON.md, "Entering a tournament and going on from it (all five)", row "who goes on". Detroit's
  Final Four of each qualifier advance to the Senior Olympics; Ontario's district gold medal winners
  go on to the provincial championships. The other rulebooks name no final. Each team of a final
  names the qualifier it went on from.

  @detroit
  Scenario: A Detroit final is made of each qualifier's Final Four
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing; SEASON.md Entering a tournament and going on from it (all five): who goes on.
    Given the detroit qualifiers "East, West" played to their medals
    When the official makes a detroit final from them
    Then the final's field is the Final Four of "East", then of "West"

  @detroit
  Scenario: A qualifier whose Final Four are not decided sends nobody on yet
    Source: detroit-senior-olympics-bid-whist.txt I Playoff Pairing; SEASON.md Entering a tournament and going on from it (all five): who goes on.
    Given the detroit qualifier "North" whose playoff is not played yet
    When the official makes a detroit final from them
    Then the tournament refuses it: "the Final Four of “North” are not decided yet"
    And the final has no team

  @ontario
  Scenario: Ontario's district gold medal winners go on to the provincial championships
    Source: ontario-55-bid-euchre.txt B; SEASON.md Entering a tournament and going on from it (all five): who goes on.
    Given the ontario qualifiers "Essex, Kent" played to their medals
    When the official makes an ontario final from them
    Then the final's field is each district's gold medal pair

  @texas
  Scenario: The Texas rules name no final
    Source: texas-bid-whist-alliance.txt; SEASON.md Entering a tournament and going on from it (all five): who goes on.
    Given the texas qualifiers "Dallas" played to their medals
    When the official makes a texas final from them
    Then the tournament refuses it: "the Texas rules name no final made from qualifiers (SEASON, who goes on: silent)"

  @chicago
  Scenario: The Chicago rules name no final
    Source: chicago-pride-bid-whist.txt; SEASON.md Entering a tournament and going on from it (all five): who goes on.
    Given the chicago qualifiers "South Side" played to their medals
    When the official makes a chicago final from them
    Then the tournament refuses it: "the Chicago rules name no final made from qualifiers (SEASON, who goes on: silent)"

  @cardtel
  Scenario: The Cardtel rules name no final
    Source: capitol-city-cardtel-kitty-bid-whist.txt; SEASON.md Entering a tournament and going on from it (all five): who goes on.
    Given the cardtel qualifiers "Capitol" played to their medals
    When the official makes a cardtel final from them
    Then the tournament refuses it: "the Cardtel rules name no final made from qualifiers (SEASON, who goes on: silent)"
