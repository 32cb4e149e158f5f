"""Hands and tournaments made to order: for tests, benchmarks, the demo and the living rulebook.

``hands``: complete legal hands of any rulebook, with the infraction asked for; ``corpus``: the fixed
corpus whose answers are the engine's fingerprint; ``tournaments``: whole tournament logs. They use
the domain and nothing else, and the domain never uses them.
"""
