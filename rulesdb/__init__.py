"""Rules reference for the five games: data, glossary and full-text search.

This package imports nothing else of the project. Importing it is cheap: the
pydantic models and whoosh are only loaded by the modules that need them.
"""
from rulesdb.errors import RulesError

__all__ = ["RulesError"]
