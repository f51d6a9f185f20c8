"""Context rules: signals around a match that the match's own regex cannot see.

* ``is_not_a_year``: is a number a count, an amount, an identifier or a phone number rather than
  a year ("2000 people", "Room 2045", "$1999", "555 2019")?
* ``tense``: is the sentence around an expression in the past or the future tense? It decides
  which year a month or day given without one falls in.

Both are cheap string and regex checks over a bounded window, so they keep the scan linear.
"""

from __future__ import annotations

import re

# ---------------------------------------------------------------------------------------------
# numbers that might not be years
# ---------------------------------------------------------------------------------------------

_NEXT_TOKEN = re.compile(r"\s*(\S+)")
_WORDISH = re.compile(r"[A-Za-z%°/$]+")
_SECOND_NUMBER = re.compile(r"\s*(?:and|or|to|-|–)\s*(\d[\d,.]*)\s*(\S+)")
#: Words before a number that make it an identifier, a count or an amount, never a year.
_ID_BEFORE = frozenset(
    "room rm suite ste apt apartment flat unit no no. nos nr nr. num number # flight route rte highway hwy "
    "interstate box po ext ext. extension page pages p p. pp pp. platform gate bus line model version ver "
    "ver. v v. build type code pin id zip tel tel. telephone phone fax call dial mobile cell score "
    "usd eur gbp inr rs rs. aud cad nzd sgd hkd jpy yen cny rmb chf us$ $ € £ ¥ "
    "than nearly approximately approx approx. almost roughly additional another extra top".split()
)
#: Words before a number that make it a year even when a plural noun follows ("In 2000 people ...").
_YEAR_CUE_BEFORE = frozenset(
    "in since by until till during before after from circa c. ca. year early late mid spring summer "
    "autumn fall winter of".split()
)
_UNIT_AFTER = frozenset(
    "% percent per pct ° degrees degree km kms m mm cm kg kgs g mg lb lbs oz t mi ft yd yds mph kph kmh "
    "miles mile kilometres kilometers metres meters feet foot inches tons tonnes pounds dollars euros "
    "km/h hp kw kwh mw w v gb mb kb tb ghz mhz hz cc ml l sq acres acre hectares ha calories kcal psi "
    "rpm dpi px pixels times x bn billion million thousand crore lakh".split()
)
_IRREGULAR_PLURALS = frozenset(
    "people men women children kids staff police personnel cattle sheep feet teeth geese mice folk".split()
)
_NOT_PLURALS = frozenset(
    "is was has as his its this thus us yes always perhaps whereas towards afterwards besides less unless "
    "across plus does goes says gets makes sees takes comes becomes remains seems means marks "
    "continues begins ends starts opens closes sees saw".split()
)
_HYPHEN_UNIT = re.compile(
    r"-(?:years?|yr|months?|weeks?|days?|hours?|minutes?|strong|pages?|miles?|seats?|acres?|foot|feet|met(?:er|re)s?"
    r"|words?|members?|pounds?|tons?|tonnes?|km|kilomet(?:er|re)s?|square|rooms?|beds?|points?|man|person|odd)\b",
    re.IGNORECASE,
)
#: Characters that end a number's phrase; none of the checks on what follows can start with one.
_CLOSING_PUNCTUATION = frozenset(",.;:)]}!?\"'’”")
_STREET_AFTER = re.compile(
    r"\s+(?:[A-Z][a-z]+\s+){1,3}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Place|Court|Ct)\b"
)


def is_not_a_year(text: str, start: int, end: int, plural_nouns: bool = True) -> bool:
    """Context rules: is the number at ``text[start:end]`` a count, an amount, an id or a phone number?

    General signals only: an identifier or currency word or a digit just before, a unit, percent
    sign, hyphenated measure or a plural noun just after (unless a year preposition such as "in"
    or "since" comes first: "In 2000 people ..." is read as a year), or a street name after.

    >>> is_not_a_year("2000 people came", 0, 4), is_not_a_year("In 2000 people came", 3, 7)
    (True, False)
    >>> is_not_a_year("Room 2045", 5, 9), is_not_a_year("It was 2045.", 7, 11)
    (True, False)

    ``plural_nouns=False`` ignores a following plural noun (used for short year ranges:
    "2010-2012 elections").
    """
    before = text[max(0, start - 24) : start]
    words = before.split()
    prev = words[-1].lower() if words else ""
    if prev in _ID_BEFORE or prev.rstrip(":") in _ID_BEFORE:
        return True
    if before[-2:-1].isdigit() and before[-1:] == " " or before[-1:].isdigit() or before.endswith(("+", "(")):
        return True  # phone numbers and number lists: "555 2019", "+44 2019"
    after = text[end : end + 40]
    if not after or after[0] in _CLOSING_PUNCTUATION:
        return False  # "in 2008," / "(2008)": no unit, noun or second number can follow directly
    if _HYPHEN_UNIT.match(after) or _STREET_AFTER.match(after):
        return True
    m = _NEXT_TOKEN.match(after)
    if not m:
        return False
    nxt = m.group(1)
    more = _SECOND_NUMBER.match(after)
    if more and _comparable(text[start:end], more.group(1)):
        # "between 2000 and 3000 people": judge by what follows the second number. Only for a
        # second number of the same kind: "in 2023 to 4.1 billion euros" is a year, then an amount.
        return _counted_word(more.group(2), plural_nouns)
    if after[:1] == " " and nxt[:1].isdigit() and not nxt[:4].isdigit():
        return True  # "2019 4567": a phone number or a list of numbers
    return _counted_word(nxt, plural_nouns and prev not in _YEAR_CUE_BEFORE)


def _comparable(first: str, second: str) -> bool:
    """Could ``second`` close a count range opened by ``first``: a whole number of at least a
    tenth of its size ("2000 and 3000", "2000-2500"), not a decimal or a far smaller amount?

    >>> _comparable("2000", "3000"), _comparable("2023", "4.1"), _comparable("2023", "5")
    (True, False, False)
    >>> _comparable("'12", "15")  # an apostrophe year opens the range like its digits
    True
    """
    a = first.lstrip("'’").replace(",", "")
    b = second.rstrip(".,").replace(",", "")
    if not (a.isdecimal() and b.isdecimal()):
        return False
    return int(b) * 10 >= int(a)


def _counted_word(nxt: str, plural_nouns: bool) -> bool:
    """Does the token after a number say it counts or measures something (a unit; a plural noun
    when ``plural_nouns``)?"""
    word = _WORDISH.match(nxt)
    if not word:
        return False
    w = word.group(0)
    wl = w.lower()
    if wl in _UNIT_AFTER:
        return True
    if not plural_nouns:
        return False
    if wl in _IRREGULAR_PLURALS:
        return True
    return (
        w.islower()
        and len(w) >= 4
        and wl.endswith("s")
        and not wl.endswith(("ss", "us", "is", "ous"))
        and wl not in _NOT_PLURALS
    )



# ---------------------------------------------------------------------------------------------
# tense of the sentence
# ---------------------------------------------------------------------------------------------

_FUTURE_CUES = (
    r"will|won't|shall|should|going\s+to|gonna|to\s+be|is\s+to|are\s+to|due\s+to|set\s+to|"
    r"scheduled|upcoming|expected\s+to|plans?\s+to|next|until|till|by\s+the\s+end"
)
_PAST_CUES = r"was|were|had|did|ago|last|since|earlier|previously"
#: Irregular past forms, read like "-ed" verbs (so "will be held" is not past). Left out: forms
#: that are also the present ("put", "set", "cut", "read", "cost") or common nouns ("left", "won",
#: "shot", "found", "felt"), "sat" (Saturday), and verbs that report or think ("said", "told",
#: "wrote", "thought", "knew"): their tense is the report's, not the event's ("said it will open
#: in June", "has said it wants to close them by early June").
_IRREGULAR_PAST = (
    "went|came|fell|rose|grew|began|took|made|gave|saw|got|held|lost|met|paid|ran|sold|sent|stood|"
    "bought|brought|built|caught|chose|drove|ate|fought|flew|forgot|led|meant|rode|rang|shook|sang|"
    "slept|spoke|spent|struck|swam|taught|threw|woke|wore|became|broke|blew|drew|drank|froze|hid|"
    "withdrew|sought|stole|sank|swore|tore|overtook|undertook|arose|awoke|forgave|mistook|oversaw|"
    "overcame|underwent|kept"
)
#: Tense cues, matched on lower-cased text. An "-ed" verb (or an irregular past form) is past
#: unless "be/been/being/is/are" comes just before it ("will be finalized" is not past): ``_PASSIVE_BEFORE`` checks that only
#: for the few "-ed" words found, instead of five lookbehinds tried at every word.
_TENSE_CUES_LOWER = re.compile(
    rf"\b(?:(?P<future>{_FUTURE_CUES})\b|'ll\b|(?P<past>{_PAST_CUES})\b|(?P<ed>[a-z]{{3,}}ed|{_IRREGULAR_PAST})\b)"
)
_PASSIVE_BEFORE = re.compile(r"(?:\bbe|been|being|\bis|are)\s\Z")
#: The same cues in one case-insensitive regex (the reference form; used when lower() changes
#: a text's length).
_TENSE_CUES = re.compile(
    rf"\b(?:(?P<future>{_FUTURE_CUES})\b|'ll\b"
    rf"|(?P<past>{_PAST_CUES}"
    rf"|(?<!\bbe\s)(?<!been\s)(?<!being\s)(?<!\bis\s)(?<!are\s)(?:[a-z]{{3,}}ed|{_IRREGULAR_PAST}))\b)",  # "will be finalized" is not past
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?\n]")
_TENSE_WINDOW = 160


def tense(text: str, start: int, end: int) -> str | None:
    """Cheap tense of the sentence around ``text[start:end]``: "future", "past" or None.

    The cue nearest to the expression decides: future cues ("will", "'ll", "going to", "should",
    "scheduled") against past ones ("was", "had", "-ed" verbs, "ago").

    >>> tense("It was launched in March.", 19, 24), tense("It will open in March.", 16, 21)
    ('past', 'future')
    >>> tense("Plans announced in January say jobs should go.", 16, 26)
    'past'
    """
    lo = max(0, start - _TENSE_WINDOW)
    left = text[lo:start]
    cut = max(left.rfind("."), left.rfind("!"), left.rfind("?"), left.rfind("\n"))
    lo = lo + cut + 1 if cut >= 0 else lo
    m = _SENTENCE_END.search(text, end, end + _TENSE_WINDOW)
    hi = m.start() if m else min(len(text), end + _TENSE_WINDOW)
    # the sentence, lower-cased, with one character of context on each side for \b
    a = max(0, lo - 8)
    window = text[a : hi + 1]
    low = window.lower()
    if len(low) != len(window):  # rare: lower() changed the length; use the case-insensitive form
        return _tense_reference(text, start, end, lo, hi)
    start, end, lo, hi = start - a, end - a, lo - a, hi - a
    best, best_distance = None, None
    for x, y in ((lo, start), (end, hi)):
        for cue in _TENSE_CUES_LOWER.finditer(low, x, y):
            if cue.lastgroup == "ed" and _PASSIVE_BEFORE.search(low, max(0, cue.start() - 8), cue.start()):
                continue
            distance = start - cue.end() if cue.end() <= start else cue.start() - end
            if best_distance is None or distance < best_distance:
                best, best_distance = ("past" if cue.lastgroup in ("past", "ed") else "future"), distance
    return best


def _tense_reference(text: str, start: int, end: int, lo: int, hi: int) -> str | None:
    best, best_distance = None, None
    for a, b in ((lo, start), (end, hi)):
        for cue in _TENSE_CUES.finditer(text, a, b):
            distance = start - cue.end() if cue.end() <= start else cue.start() - end
            if best_distance is None or distance < best_distance:
                best, best_distance = ("future" if cue.group("past") is None else "past"), distance
    return best
