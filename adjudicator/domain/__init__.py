"""The domain: the games' and the rulebooks' own rules, pure Python.

Cards and seats, the rulebooks' data, a hand's events, the table they build, the rulings they call
for, the score, matches and tournaments. Nothing here knows of Flask, eventsourcing or SQL: the
service layer (``adjudicator.service``) asks it to judge, the adapters store what it judged.
"""
