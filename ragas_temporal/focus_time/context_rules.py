"""Context rules: signals around a match that the match's own regex cannot see.

* ``year_rejection`` / ``is_not_a_year``: is a number a count, an amount, an identifier or a phone
  number rather than a year ("2000 people", "Room 2045", "$1999", "555 2019")? Each such rule
  has a name (``REJECTION_RULES``); the words they read live in ``year_lexicon``.
* ``tense``: is the sentence around an expression in the past or the future tense? It decides
  which year a month or day given without one falls in.

Both are cheap string and regex checks over a bounded window, so they keep the scan linear.
"""

from __future__ import annotations

import bisect
import re

from ragas_temporal.focus_time import year_lexicon as lex
from ragas_temporal.focus_time.patterns import (
    MONTHS,
    NUMBER_WORDS,
    SENTENCE_CLOSING_MARKS,
    SENTENCE_END_MARKS,
    WEEKDAYS,
    SHORT_YEAR,
    day_group,
    era_before_group,
    era_group,
    mark_group,
    month_group,
    trie_regex,
)

# ---------------------------------------------------------------------------------------------
# numbers that might not be years
# ---------------------------------------------------------------------------------------------

_NEXT_TOKEN = re.compile(r"\s*(\S+)")
_WORDISH = re.compile(rf"[A-Za-z°/$%{lex.PERCENT_SIGNS}]+")  # a word, a unit sign, a percent sign of any script
_SECOND_NUMBER = re.compile(r"\s*(?:and|or|to|-|–)\s*(\d[\d,.]*)\s*(\S+)")
#: A number in a list before the one judged ("In 2020 and 2021 ..."): skipped to find the cue.
_LISTED_YEAR = re.compile(r"[12]\d{3}[,;]?|and|or|&|,")
#: What links the number to a list before it: "2020 and", "2019,".
_LIST_LINK = re.compile(r"and|or|&|,|[12]\d{3}[,;]")
_LINK_WORDS = frozenset({"and", "or", "&", ","})  # what _LIST_LINK matches but a year and its comma
_HYPHEN_UNIT = re.compile(rf"-(?:{'|'.join(sorted(lex.HYPHEN_MEASURES, key=len, reverse=True))})\b", re.IGNORECASE)
#: Characters that end a number's phrase; none of the checks on what follows can start with one.
_CLOSING_PUNCTUATION = frozenset(",.;:)]}!?\"'’”")
#: A street name after the number: "1600 Pennsylvania Avenue".
_STREET_AFTER = re.compile(rf"\s+(?:[A-Z][a-z]+\s+){{1,3}}(?:{'|'.join(sorted(lex.STREET_WORDS))})\b")
#: "(212) 555-1987": a bracketed number followed by more digits is an area code.
_PHONE_AFTER_BRACKET = re.compile(r"\)[ \t]*\d{3,4}[-. \t]?\d{3,4}(?!\d)")
_EQUALS = ("=", "≈")
#: A token that is a number on its own ("555", "+44", "(0)20"): digits right before a number.
_NUMBER_TOKEN = re.compile(r"[+(]*\d(?:[\d()\-]|\.\d)*")
_DIGIT_RUN = re.compile(r"\d+")
#: A word glued to the number by a hyphen ("pre-", "new-for-"): the number is part of a modifier.
_HYPHEN_PREFIX = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)*-")
#: A citation's volume before its pages: "Nature 2019; 570: 1234-1240".
_VOLUME = re.compile(r"\d{1,4}(?:\(\d+\))?:")
_YEAR_TOKEN = re.compile(r"1\d{3}|20\d\d")
#: Words a matched span may open with before its first digit ("from 1947 to 1951").
_LEADING_WORDS = re.compile(r"(?:[A-Za-z]+\s+)+(?=['’]?\d)")

#: Every rule that says a number is not a year, by name (what ``year_rejection`` returns; the
#: year-drop audit counts drops per name).
REJECTION_RULES: dict[str, str] = {
    "identifier_before": 'an identifier word before: "Room 2045", "Flight 1549", "page 1203"',
    "currency_before": 'a currency before: "USD 1999", "Rs. 1500", a currency sign of any script ("₹2000")',
    "quantity_before": 'a quantity word before: "more than 2000", "nearly 1500", "a population of 1850"',
    "equals_before": 'a statistic: "(n = 2000)"',
    "digits_before": 'digits or "+" before: a phone number, a list of numbers or a citation\'s pages ("555 2019", "+44 2019", "570: 1234")',
    "phone_area_code": 'a bracketed number with digits after: "(2019) 555-0100"',
    "hyphen_measure": 'a hyphenated measure after: "2000-strong", "1500-page"',
    "street_address": 'a street name after: "1600 Pennsylvania Avenue"',
    "digits_after": 'another number after: "2019 4567"',
    "unit_after": 'a unit or measure after: "1850 horsepower", "2000 km", "1500 MW"',
    "index_name": 'part of an index name: "the Russell 2000 index"',
    "counted_noun_after": 'a counted noun after: "2000 workers", "1500 votes" (not after "in", "since", ...)',
    "plural_noun_after": 'a round number before another plural noun: "2000 things" (not "the 2019 allows")',
}
#: The stricter rules for a short number (1-999) that its evidence would read as a year
#: (``short_year_rejection``; ``REJECTION_RULES`` apply first), by name: counts of up to three
#: digits are far more common than years.
SHORT_REJECTION_RULES: dict[str, str] = {
    "ratio_before": 'a number before "in": "1 in 100", "one in 100"',
    "number_after": 'another number after: "in 210 350"',
    "count_after": 'a plural, counted noun or unit in the next two words: "in 570 facilities", "c. 300 men", '
    '"in 385 league appearances", "in 101 Dalmatians"',
    "part_of_after": '"of" and a determiner or pronoun after: a part of a whole, "about 300 of the monks", "April 250 of them"',
}


_WORD_BEFORE = re.compile(r"([A-Z][A-Za-z]*)\.?\s+\Z")


def is_passage_reference(text: str, start: int) -> bool:
    """Is the "H:MM" at ``start`` a chapter and verse ("John 3:16", "Psalm 23:4") rather than a clock time?

    It is when the word right before it is capitalised and is none of the words a clock time
    follows (``year_lexicon.CLOCK_WORDS_BEFORE``), a month or a weekday.

    >>> is_passage_reference("As John 3:16 says", 8), is_passage_reference("At 3:16 the train left", 3)
    (True, False)
    >>> is_passage_reference("on Monday 10:30", 10)
    False
    """
    match = _WORD_BEFORE.search(text, max(0, start - 40), start)
    if match is None:
        return False
    word = match.group(1).lower()
    return word not in lex.CLOCK_WORDS_BEFORE and word not in MONTHS and word not in WEEKDAYS


def year_rejection(text: str, start: int, end: int, plural_nouns: bool = True) -> str | None:
    """The name of the context rule (``REJECTION_RULES``) that says the number at
    ``text[start:end]`` is a count, an amount, an identifier or a phone number; None for a year.

    Evidence that generalises: the word before (an identifier, a currency, a quantity, a year
    cue such as "in" or "since", a determiner), the word after (a unit, a counted noun such as
    "workers", or a noun that takes a year such as "elections", from ``year_lexicon``) and the
    number's shape (a round number before an unknown plural is a count). A year cue before a list
    of years counts for every year of it ("In 2020 and 2021 prices ...").

    >>> year_rejection("2000 people came", 0, 4), year_rejection("In 2000 people came", 3, 7)
    ('counted_noun_after', None)
    >>> year_rejection("Room 2045", 5, 9), year_rejection("It was 2045.", 7, 11)
    ('identifier_before', None)
    >>> year_rejection("the 2019 elections", 4, 8), year_rejection("Titanic (1997) is a film", 9, 13)
    (None, None)

    ``plural_nouns=False`` ignores a following noun (used for short year ranges:
    "2010-2012 elections").
    """
    rule = _rejection(text, start, end, plural_nouns)
    if rule is None and _amount_of_before(text, start):
        return "quantity_before"  # "a population of 1850", "a crowd of 2000" (a unit or noun after names it first)
    return rule


def _amount_of_before(text: str, start: int) -> bool:
    """Is the number the amount in "a <noun of amount> of N" ("a population of 1850")?"""
    before = text[max(0, start - 48) : start]
    if before.rstrip()[-2:].lower() != "of":  # most numbers: no need to split the words
        return False
    words = before.lower().split()
    return len(words) > 2 and words[-1] == "of" and words[-2] in lex.COUNT_HEADS and words[-3] in lex.INDEFINITE_BEFORE


def _rejection(text: str, start: int, end: int, plural_nouns: bool) -> str | None:
    lead = _LEADING_WORDS.match(text, start, end)
    if lead:  # the span opens with words ("from 1947 to 1951"): they are what comes before the number
        start = lead.end()
    before = text[max(0, start - 48) : start]
    words = before.split()
    if len(words) > 1 and words[-1] in (".", ":"):  # tokenized text: "No . 1850", "pp . 1643"
        words[-2:] = [words[-2] + words[-1]]
    prev = words[-1].lower() if words else ""
    head_at = _head_index(words)
    cue = _year_cue(words, head_at)
    head = words[head_at].lower() if head_at >= 0 else ""
    if _is_identifier_word(prev) or head != prev and _is_identifier_word(head):
        return "identifier_before"  # also for a list: "Nos. 1413 and 1850"
    if prev in lex.CURRENCY_BEFORE or lex.is_currency_sign(prev[-1:]):
        return "currency_before"  # also "₹2000", "R$ 1999"
    if prev in lex.QUANTITY_BEFORE and _year_cue(words[:-1]) != "strong" and not (
        prev == "than" and len(words) > 1 and words[-2].lower() in lex.TIME_COMPARATIVES
    ):  # "more than 2000", but "in approximately 1890" and "no later than 2019" are years
        return "quantity_before"
    if before.rstrip().endswith(_EQUALS):
        return "equals_before"
    last = before[-1:]
    if last.isdigit() or last == "+" or last == " " and _opens_like_a_number(prev) and (_phone_part(prev) or _VOLUME.fullmatch(prev)):
        return "digits_before"
    after = text[end : end + 40]
    if before.endswith("(") and _PHONE_AFTER_BRACKET.match(after):
        return "phone_area_code"
    if not after or after[0] in _CLOSING_PUNCTUATION:
        return None  # "in 2008," / "(2008)": no unit, noun or second number can follow directly
    if _HYPHEN_UNIT.match(after):
        return "hyphen_measure"
    if cue is None and prev in lex.DEFINITE_BEFORE and not is_round(text[start:end]):
        cue = "strong"  # "the 2012 athletes": a determiner, then a number that is not a round count
    if cue is None and _STREET_AFTER.match(after):  # not "the 1861 Tooley Street fire"
        return "street_address"
    m = _NEXT_TOKEN.match(after)
    if not m:
        return None
    nxt = m.group(1)
    more = _SECOND_NUMBER.match(after)
    if more and _comparable(text[start:end], more.group(1)):
        # "between 2000 and 3000 people": judge by what follows the second number. Only for a
        # second number of the same kind: "in 2023 to 4.1 billion euros" is a year, then an amount.
        # A counted noun after the pair wins even over "in" ("in '12 to 15 people"); another
        # plural does not ("In 2020 and 2021 prices were low").
        return _counted_word(more.group(2), more.group(1), plural_nouns, cue and "weak")
    if (
        cue is None
        and after[:1] == " "
        and nxt[:1].isdigit()
        and _NUMBER_TOKEN.fullmatch(nxt.rstrip(".,;:)"))  # not a date: "1648 12/29"
        and not (len(nxt) >= 4 and nxt[:4].isdigit())
    ):
        return "digits_after"  # not "the 2015 24 Hours of Le Mans", "in 1969 23–20"
    if cue == "strong" and nxt == "per" and _per_names_a_source(after, m.end()):
        return None  # "in 2019 per the report": "according to", not a rate
    return _counted_word(nxt, text[start:end], plural_nouns, cue)


_WORD_AFTER = re.compile(r"\s+[\"'“‘(]*([A-Za-z]+)")


def _per_names_a_source(after: str, at: int) -> bool:
    """Does "per" (ending at ``after[:at]``) open "according to" rather than a rate: a determiner,
    a capitalised name or a source word after it (``year_lexicon.PER_SOURCE_WORDS``)?

    >>> _per_names_a_source(" per the report", 4), _per_names_a_source(" per Reuters.", 4)
    (True, True)
    >>> _per_names_a_source(" per month", 4), _per_names_a_source(" per cent", 4)
    (False, False)
    """
    m = _WORD_AFTER.match(after, at)
    if m is None:
        return False
    word = m.group(1)
    wl = word.lower()
    return word[0].isupper() or wl in lex.DEFINITE_BEFORE or wl in lex.INDEFINITE_BEFORE or wl in lex.PER_SOURCE_WORDS


def _is_identifier_word(word: str) -> bool:
    """"room", "no.", "page:" (lower case): a word that names what the number after it identifies."""
    return word in lex.ID_WORDS_BEFORE or word.rstrip(":") in lex.ID_WORDS_BEFORE


def _phone_part(token: str) -> bool:
    """Is ``token`` a number that can open a phone number or a list of numbers ("555", "+44",
    "(0)20", "12-34")? Not a day or a volume ("17 2008", "vol. 5 2006") or a year ("2009 2009").

    >>> _phone_part("555"), _phone_part("+44"), _phone_part("17"), _phone_part("2009"), _phone_part("1.")
    (True, True, False, False, False)
    """
    if not _opens_like_a_number(token) or not _NUMBER_TOKEN.fullmatch(token):
        return False
    digits = sum(ch.isdigit() for ch in token)
    if token[0] in "+(":
        return True
    return digits >= 3 and not _YEAR_TOKEN.fullmatch(token)


def _opens_like_a_number(token: str) -> bool:
    """Can ``token`` be a number token (``_NUMBER_TOKEN``, ``_VOLUME``): does it open with "+", "(" or a
    digit? (Most words before a number do not: the regexes are not tried on them.)"""
    first = token[:1]
    return first == "+" or first == "(" or first.isdecimal()  # isdecimal: what \d matches


def is_not_a_year(text: str, start: int, end: int, plural_nouns: bool = True) -> bool:
    """Is the number at ``text[start:end]`` a count, an amount, an id or a phone number
    (``year_rejection`` names the rule)?

    >>> is_not_a_year("2000 people came", 0, 4), is_not_a_year("In 2000 people came", 3, 7)
    (True, False)
    """
    return year_rejection(text, start, end, plural_nouns) is not None


def _head_index(words_before: list[str]) -> int:
    """Index of the word before the list of years the number ends ("Nos. 1413 and" -> "Nos."),
    the last word when there is no list; -1 when nothing precedes."""
    i = len(words_before) - 1
    if i < 0:
        return i
    last = words_before[i].lower()
    if last not in _LINK_WORDS and not (last[-1:] in (",", ";") and _LIST_LINK.fullmatch(last)):
        return i  # not a list: "In 2015 1200 employees left" is a year, then a count
    while i >= 0 and _LISTED_YEAR.fullmatch(words_before[i].lower()):
        i -= 1
    return i


def _year_cue(words_before: list[str], head_at: int | None = None) -> str | None:
    """"strong" when a year cue ("in", "since", a determiner) comes before the number, or before
    the list of years it ends ("In 2020 and 2021"); "weak" for "of", "to", "by"...; else None.
    ``head_at``: ``_head_index(words_before)`` when the caller has it.

    >>> _year_cue("In 2020 and".split()), _year_cue("a crowd of".split()), _year_cue(["hired"])
    ('strong', 'weak', None)
    """
    i = _head_index(words_before) if head_at is None else head_at
    if i < 0:
        return None
    if i == len(words_before) - 1 and words_before[i][-1:] == "-" and _HYPHEN_PREFIX.fullmatch(words_before[i]):
        return "strong"  # "pre-1914 houses", "post-2000 workers", "new-for-2010 points": a year modifier
    raw = words_before[i].strip("(\"'“‘")
    word = raw.lower()
    if word in lex.YEAR_CUE_BEFORE or raw[:1].isupper() and word in lex.OPENING_YEAR_CUES:
        return "strong"
    if word in lex.WEAK_YEAR_CUE_BEFORE:
        return "weak"
    return None


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


def _counted_word(nxt: str, number: str, plural_nouns: bool, cue: str | None) -> str | None:
    """The rejecting rule when the token after ``number`` says it counts or measures something:
    a unit always; a counted noun unless a strong year cue comes before; another plural noun only
    after a round number without a cue ("2000 things", not "2019 allows" or "in 1900 prices")."""
    word = _WORDISH.match(nxt)
    if not word:
        return None
    w = word.group(0)
    wl = w.lower()
    if cue == "strong" and wl in lex.MONEY_AFTER:
        return None  # "in 2021 pounds": a price level
    if wl in lex.UNITS_AFTER and (len(w) > 1 or w.islower() or not w.isalpha()):  # "1999 W. Smith": an initial
        return "unit_after"
    if wl in lex.NAME_WORDS_AFTER:
        return "index_name"
    if not plural_nouns or wl in lex.YEAR_NOUNS or cue == "strong":
        return None
    if wl in lex.COUNTED_NOUNS and w.islower():  # "1850 Death of ...": a capital starts a title
        return "counted_noun_after"
    if cue is None and _is_plural(w) and is_round(number):
        return "plural_noun_after"
    return None


def is_round(number: str) -> bool:
    """Does a number (or a range of them) have the shape of a count rather than a year: a
    multiple of 100, or a range of multiples of 50 ("750–1200")?

    >>> is_round("2000"), is_round("2019"), is_round("750–1200"), is_round("960–1279")
    (True, False, True, False)
    """
    numbers = [int(n) for n in _DIGIT_RUN.findall(number.replace(",", ""))]
    if len(numbers) == 1:
        return numbers[0] % 100 == 0
    return bool(numbers) and all(n % 50 == 0 for n in numbers)


def _is_plural(w: str) -> bool:
    wl = w.lower()
    return (
        w.islower()
        and len(w) >= 4
        and wl.endswith("s")
        and not wl.endswith(("ss", "us", "is", "ous"))
        and wl not in lex.NOT_PLURALS
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
#: for the few "-ed" words found, instead of five lookbehinds tried at every word. Every cue
#: starts with a letter or an apostrophe: the lookahead turns away the word ends, where ``\b``
#: also holds, before the alternation is tried. The literal word lists are prefix trees
#: (``trie_regex``: one branch per next letter, not one per word): the same matches, since each is
#: a whole word (``\b`` after it), and fewer branches tried at every word.
_TENSE_CUES_LOWER = re.compile(
    rf"\b(?=[a-z'])(?:(?P<future>{_FUTURE_CUES})\b|'ll\b|(?P<past>{trie_regex(_PAST_CUES.split('|'))})\b"
    rf"|(?P<ed>[a-z]{{3,}}ed|{trie_regex(_IRREGULAR_PAST.split('|'))})\b)"
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
_SENTENCE_MARKS = SENTENCE_END_MARKS + SENTENCE_CLOSING_MARKS + "\n"
_SENTENCE_END = re.compile(rf"[{re.escape(_SENTENCE_MARKS)}]")
_TENSE_WINDOW = 160


def tense(text: str, start: int, end: int, cues: re.Pattern | None = None, sentence_end: re.Pattern | None = None) -> str | None:
    """Cheap tense of the sentence around ``text[start:end]``: "future", "past" or None.

    The cue nearest to the expression decides: future cues ("will", "'ll", "going to", "should",
    "scheduled") against past ones ("was", "had", "-ed" verbs, "ago"); ``cues``: another
    language's, a regex matched on the text as written whose match is in group "past" or
    "future" (``languages.table``); ``sentence_end``: the marks that end its sentences, where a dot after
    an abbreviation does not (default: every sentence mark).

    >>> tense("It was launched in March.", 19, 24), tense("It will open in March.", 16, 21)
    ('past', 'future')
    >>> tense("Plans announced in January say jobs should go.", 16, 26)
    'past'
    """
    lo = max(0, start - _TENSE_WINDOW)
    if sentence_end is None:
        left = text[lo:start]
        cut = max(map(left.rfind, _SENTENCE_MARKS))  # the last sentence mark before the expression
        lo = lo + cut + 1 if cut >= 0 else lo
    else:
        for mark in sentence_end.finditer(text, lo, start):
            lo = mark.end()
    m = (sentence_end or _SENTENCE_END).search(text, end, end + _TENSE_WINDOW)
    hi = m.start() if m else min(len(text), end + _TENSE_WINDOW)
    if cues is not None:
        return _nearest_cue(cues, text, start, end, lo, hi)
    # the sentence, lower-cased, with one character of context on each side for \b
    a = max(0, lo - 8)
    window = text[a : hi + 1]
    low = window.lower()
    if len(low) != len(window):  # rare: lower() changed the length; use the case-insensitive form
        return _tense_reference(text, start, end, lo, hi)
    start, end, lo, hi = start - a, end - a, lo - a, hi - a
    best, best_distance = None, None
    cues = _TENSE_CUES_LOWER
    for cue in cues.finditer(low, lo, start):  # before it: the last cue is the nearest
        if not _passive(low, cue):
            best, best_distance = ("past" if cue.lastgroup in ("past", "ed") else "future"), start - cue.end()
    for cue in cues.finditer(low, end, hi):  # after it: the first cue is the nearest (the rest is not read)
        if not _passive(low, cue):
            if best_distance is None or cue.start() - end < best_distance:  # a tie goes to the cue before
                best = "past" if cue.lastgroup in ("past", "ed") else "future"
            break
    return best


def _passive(low: str, cue: re.Match) -> bool:
    """Is the "-ed" cue a passive after "be/been/being/is/are" ("will be finalized": not past)?"""
    return cue.lastgroup == "ed" and _PASSIVE_BEFORE.search(low, max(0, cue.start() - 8), cue.start()) is not None


def _tense_reference(text: str, start: int, end: int, lo: int, hi: int) -> str | None:
    return _nearest_cue(_TENSE_CUES, text, start, end, lo, hi)


def _nearest_cue(cues: re.Pattern, text: str, start: int, end: int, lo: int, hi: int) -> str | None:
    """The tense of the cue of ``cues`` nearest to ``text[start:end]`` within ``text[lo:hi]``."""
    best, best_distance = None, None
    for a, b in ((lo, start), (end, hi)):
        for cue in cues.finditer(text, a, b):
            distance = start - cue.end() if cue.end() <= start else cue.start() - end
            if best_distance is None or distance < best_distance:
                best, best_distance = ("past" if cue.lastgroup in ("past", "ed") else "future"), distance
    return best


# ---------------------------------------------------------------------------------------------
# short numbers (1-999) that might be years
# ---------------------------------------------------------------------------------------------

_RATIO_BEFORE = re.compile(
    rf"(?:\d|(?<![\w-])(?:{'|'.join(w for w in NUMBER_WORDS if ' ' not in w)}))\s+in\s+$", re.IGNORECASE
)
#: The next one or two words after a number (a word: letters, maybe with a hyphen, "%" or a unit sign).
_NEXT_WORDS = re.compile(r"[ \t]+([A-Za-z%°$][\w%°$/-]*)(?:[ \t]+([A-Za-z][\w-]*))?")
_NUMBER_NEXT = re.compile(r"\s+\d")
#: "of" and what a part is taken from: "300 of the monks", "250 of them", "120 of whom".
_PART_OF = re.compile(
    rf"[ \t]+of[ \t]+(?:{'|'.join(sorted(lex.DEFINITE_BEFORE | lex.PART_OF_PRONOUNS))})\b", re.IGNORECASE
)
#: Words after which the next word starts another phrase ("in 843 the kingdom", "in 843 two
#: kingdoms were"): a count can no longer follow the number.
_PHRASE_OPENERS = lex.DEFINITE_BEFORE | lex.INDEFINITE_BEFORE | lex.YEAR_CUE_BEFORE | lex.WEAK_YEAR_CUE_BEFORE


def _counts(word: str, capital_ok: bool) -> bool:
    """Does ``word`` after a short number say the number counts or measures something?"""
    wl = word.lower()
    if word[:1].isupper():  # "in 101 Dalmatians", "Top 100 Songs": a title's count
        return capital_ok and _is_plural(wl) and not wl.endswith("es")
    return wl in lex.UNITS_AFTER or wl in lex.COUNTED_NOUNS or _is_plural(word) or wl in lex.HYPHEN_MEASURES


def short_year_rejection(text: str, start: int, end: int) -> str | None:
    """The rule (``REJECTION_RULES``, ``SHORT_REJECTION_RULES``) that says the short number at ``text[start:end]`` (1-999,
    read as a year by its evidence: "in 476", "c. 570", "25 December 800") is a count, a ratio or
    an amount; None for a year. Stricter than ``year_rejection``: a count of up to three digits is
    far more common than a year, so any plural, counted noun or unit in the two words after rejects
    it, even after "in".

    >>> short_year_rejection("in 570 facilities", 3, 6), short_year_rejection("In 476, Odoacer", 3, 6)
    ('count_after', None)
    >>> short_year_rejection("one in 100 between", 7, 10), short_year_rejection("in 888 king Odo", 3, 6)
    ('ratio_before', None)
    >>> short_year_rejection("about 300 of the monks", 6, 9), short_year_rejection("in 843 of all years", 3, 6)
    ('part_of_after', 'part_of_after')
    """
    rule = year_rejection(text, start, end)
    if rule is not None:
        return rule
    if _RATIO_BEFORE.search(text, max(0, start - 16), start):
        return "ratio_before"
    if _NUMBER_NEXT.match(text, end):
        return "number_after"
    if _PART_OF.match(text, end):
        return "part_of_after"
    m = _NEXT_WORDS.match(text, end)
    if m is None:
        return None
    first, second = m.group(1), m.group(2)
    if _counts(first, capital_ok=True):
        return "count_after"
    if second and first.islower() and first not in _PHRASE_OPENERS and _counts(second, capital_ok=False):
        return "count_after"  # "in 385 league appearances"
    return None


#: What dates a paragraph before AD 1000: an era word next to a number ("410 AD", "AD 79",
#: "44 BC"), a circa or regnal mark before a short number ("c. 570", "r. 871"), a day and month
#: before one ("25 December 800"), an ordinal century up to the tenth ("the 5th century"), or
#: "in" and three digits closed by punctuation ("In 476, ...").
_ERA_EVIDENCE = re.compile(
    rf"(?<![\w.,])\d{{1,5}}\s*{era_group('e1')}|{era_before_group('e2')}\s*\d"
    rf"|{mark_group('m')}\s*{SHORT_YEAR}(?!\d)"
    rf"|(?<![\w.]){day_group('d')}\s+{month_group('mo')}\s+{SHORT_YEAR}(?![\d,.]\d|\d)"
    rf"|(?<![\w.])(?:[1-9]|10)(?:st|nd|rd|th)[\s-]+(?i:century)"
    # "In 476, ..." "in 732.": "in", three digits (not a round hundred) and punctuation
    rf"|(?<![\w.])[Ii]n\s+[1-9]\d(?!00)\d(?=\s?[,;.:)])"
)
#: How far from a short number the paragraph's dating evidence may be (and no blank line between).
PARAGRAPH_REACH = 1500


def era_cue_positions(text: str) -> list[int]:
    """Where ``text`` is dated before AD 1000 (``_ERA_EVIDENCE``), in order.

    >>> era_cue_positions("Rome fell in 476. Caesar died in 44 BC.")
    [10, 33]
    """
    return [m.start() for m in _ERA_EVIDENCE.finditer(text)]


def dated_in_era(text: str, start: int, cues: list[int]) -> bool:
    """Is the paragraph around ``start`` dated before AD 1000: one of ``cues``
    (``era_cue_positions(text)``) within ``PARAGRAPH_REACH`` characters and no blank line between?

    >>> text = "Han forces won in 119 BC. In 60 they fell."
    >>> dated_in_era(text, 30, era_cue_positions(text)), dated_in_era("Then in 60 they fell.", 8, [])
    (True, False)
    """
    i = bisect.bisect_left(cues, start)
    for j in (i - 1, i):
        if 0 <= j < len(cues) and abs(cues[j] - start) <= PARAGRAPH_REACH:
            lo, hi = sorted((cues[j], start))
            if not _BLANK_LINE.search(text, lo, hi):
                return True
    return False


_BLANK_LINE = re.compile(r"\n[ \t]*\n")
