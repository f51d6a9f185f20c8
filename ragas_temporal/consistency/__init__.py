"""Consistency across answers: the agreement of the years several answers to one question state."""
