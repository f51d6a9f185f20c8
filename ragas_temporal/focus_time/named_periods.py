"""The documented table of named historical periods and the years each one covers.

Each entry is ``(regex, first_year, last_year)``; the regex is matched case-insensitively on
word boundaries and every match is read on its own (one period never changes another's years).
Dates follow the usual encyclopaedic convention; fuzzy periods (the Middle Ages, the Renaissance)
use their textbook bounds. BCE years are negative.

>>> [(p.label, p.first, p.last) for p in NAMED_PERIODS if p.label == "World War II"]
[('World War II', 1939, 1945)]
"""

from __future__ import annotations

from typing import NamedTuple


class NamedPeriod(NamedTuple):
    label: str
    pattern: str  # regex body (no groups), matched case-insensitively
    first: int
    last: int


_WW = r"(?:world\s+war|ww|w\.w\.)"

NAMED_PERIODS: tuple[NamedPeriod, ...] = (
    # --- wars ---
    NamedPeriod("World War I", rf"(?:the\s+)?(?:first\s+world\s+war|{_WW}\s*(?:i|1|one)(?![\w-])|great\s+war)", 1914, 1918),
    NamedPeriod("World War II", rf"(?:the\s+)?(?:second\s+world\s+war|{_WW}\s*(?:ii|2|two)(?![\w-]))", 1939, 1945),
    NamedPeriod("the Cold War", r"the\s+cold\s+war", 1947, 1991),
    NamedPeriod("the Korean War", r"the\s+korean\s+war", 1950, 1953),
    NamedPeriod("the Vietnam War", r"the\s+vietnam\s+war", 1955, 1975),
    NamedPeriod("the Gulf War", r"the\s+(?:first\s+)?(?:persian\s+)?gulf\s+war", 1990, 1991),
    NamedPeriod("the Iraq War", r"the\s+iraq\s+war", 2003, 2011),
    NamedPeriod("the American Civil War", r"the\s+(?:american|u\.?s\.?)\s+civil\s+war", 1861, 1865),
    NamedPeriod("the American Revolutionary War", r"the\s+(?:american\s+)?revolutionary\s+war|the\s+american\s+war\s+of\s+independence", 1775, 1783),
    NamedPeriod("the Napoleonic Wars", r"the\s+napoleonic\s+wars?", 1803, 1815),
    NamedPeriod("the Hundred Years' War", r"the\s+hundred\s+years['’]?\s+war", 1337, 1453),
    NamedPeriod("the Thirty Years' War", r"the\s+thirty\s+years['’]?\s+war", 1618, 1648),
    NamedPeriod("the Crimean War", r"the\s+crimean\s+war", 1853, 1856),
    NamedPeriod("the Spanish Civil War", r"the\s+spanish\s+civil\s+war", 1936, 1939),
    # --- revolutions and crises ---
    NamedPeriod("the French Revolution", r"the\s+french\s+revolution", 1789, 1799),
    NamedPeriod("the Russian Revolution", r"the\s+russian\s+revolution", 1917, 1917),
    NamedPeriod("the Industrial Revolution", r"the\s+(?:first\s+)?industrial\s+revolution", 1760, 1840),
    NamedPeriod("the Great Depression", r"the\s+great\s+depression", 1929, 1939),
    NamedPeriod("the Great Recession", r"the\s+great\s+recession", 2007, 2009),
    NamedPeriod("the Great Famine (Ireland)", r"the\s+(?:great\s+)?irish\s+famine|the\s+great\s+famine", 1845, 1852),
    NamedPeriod("the Dust Bowl", r"the\s+dust\s+bowl", 1930, 1936),
    NamedPeriod("the Prohibition era", r"(?:the\s+)?prohibition\s+era", 1920, 1933),
    # --- eras ---
    NamedPeriod("the Victorian era", r"the\s+victorian\s+(?:era|age|period)", 1837, 1901),
    NamedPeriod("the Edwardian era", r"the\s+edwardian\s+(?:era|age|period)", 1901, 1910),
    NamedPeriod("the Georgian era", r"the\s+georgian\s+(?:era|period)", 1714, 1837),
    NamedPeriod("the Elizabethan era", r"the\s+elizabethan\s+(?:era|age|period)", 1558, 1603),
    NamedPeriod("the Roaring Twenties", r"the\s+roaring\s+(?:twenties|20s|'20s)", 1920, 1929),
    NamedPeriod("the Interwar period", r"the\s+inter-?war\s+(?:period|years)", 1918, 1939),
    NamedPeriod("the Reconstruction era", r"the\s+reconstruction\s+era", 1865, 1877),
    NamedPeriod("the Gilded Age", r"the\s+gilded\s+age", 1870, 1900),
    NamedPeriod("the Renaissance", r"the\s+renaissance", 1400, 1600),
    NamedPeriod("the Enlightenment", r"the\s+(?:age\s+of\s+)?enlightenment", 1685, 1815),
    NamedPeriod("the Middle Ages", r"the\s+middle\s+ages", 500, 1500),
    NamedPeriod("the Space Race", r"the\s+space\s+race", 1955, 1975),
)
