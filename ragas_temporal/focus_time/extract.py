"""The focus-time scanner: text (+ optional reference date) -> ``FocusTime``.

One left-to-right pass over the rule table (``scanner.iter_matches``: trigger words, then only the
rules that can start at each nearby position); each match is read by
its rule's interpreter (the ``interpret`` package), which may reject it (a count, an amount, a room
number). Every resolved date (explicit, deictic or anaphoric) updates the anchor that later
anaphoric expressions ("the following year", "in March") resolve against; deictic ones
("yesterday", "last year") use the reference date only.
The wall clock is never read.

Digits of every script are read as ASCII digits ("In ٢٠٠٨" is 2008, like "In 2008"), and so are
the numerals of CJK dates ("一九九一年三月" like "1991年3月": ``cjk_numerals``); a mention's text is
still the original. Memory stays linear in the text's length: ranges wider than
``normalise.MAX_SPAN_YEARS`` hold their two ends, not every year, and years outside the era
(``normalise.in_era``) are not years.

Results are memoised on ``(text, reference date, language)``: metrics ask for the focus time of the same
contexts many times, and ``FocusTime`` is immutable so sharing it is safe. The memo is bounded by
size (``CACHE_MAX_BYTES``: the bytes its texts, mentions and years occupy, by ``sys.getsizeof``,
so a text of emoji counts 4 bytes per character), least recently used first out; ``extract_focus_time.cache_clear()`` empties it, ``cache_info()`` reports it.

>>> ft = extract_focus_time("Revenue grew from 2008 to 2010; last year it fell.", reference_date="2019-06-01")
>>> sorted(ft.years)
[2008, 2009, 2010, 2018]
>>> [(m.text, m.kind, m.value) for m in ft.mentions]
[('from 2008 to 2010', 'range', '2008/2010'), ('last year', 'relative', '2018')]
>>> [m.value for m in extract_focus_time("It fell last year and recovered the following year.", "2024-03-15").mentions]
['2023', '2024']
"""

from __future__ import annotations

import datetime as dt
import functools
import sys
import threading
from typing import Iterable, NamedTuple, Sequence, Union

import cachetools

from ragas_temporal.focus_time.cjk_numerals import cjk_numerals_as_digits
from ragas_temporal.focus_time.interpret import INTERPRETERS, Context, groups_of
from ragas_temporal.focus_time.languages import AUTO, check_language
from ragas_temporal.focus_time.model import FocusTime, TemporalMention, new_mention
from ragas_temporal.focus_time.normalise import ascii_digits
from ragas_temporal.focus_time.part_anchors import anchor_parts
from ragas_temporal.focus_time.patterns import RULE_REGEX, RULES_BY_NAME
from ragas_temporal.focus_time.reference import parse_reference_date
from ragas_temporal.focus_time.scanner import iter_matches

ReferenceDate = Union[dt.date, dt.datetime, str, None]

#: Memo budget in bytes (``sys.getsizeof`` of what it holds): the contexts of a large evaluation run (about 40,000 passages
#: of 2 KB), bounded for long-lived processes whatever the texts hold.
CACHE_MAX_BYTES = 128 * 2**20

#: Rule name -> (the interpreter that reads its matches, the kind of mention it makes). The rule's
#: own regex is ``RULE_REGEX[name]`` (compiled on first use).
_READER_OF_RULE = {name: (INTERPRETERS[rule.interpreter], rule.kind) for name, rule in RULES_BY_NAME.items()}


def scan(text: str, reference: dt.date | None = None, language: str = "en") -> tuple[TemporalMention, ...]:
    """All temporal mentions of ``text`` in order (uncached; ``text`` must be a str; ``language``
    a checked code other than "auto": English runs this package's table, another language its
    table built on first use, ``languages.table``).

    Examples
    --------
    >>> [(m.start, m.end, m.text) for m in scan("On 3 March 2019 and the following year.")]
    [(3, 15, '3 March 2019'), (20, 38, 'the following year')]
    >>> [(m.text, m.value) for m in scan("Die Berliner Mauer fiel am 9. November 1989.", language="de")]
    [('9. November 1989', '1989-11-09')]
    """
    original = text
    text = cjk_numerals_as_digits(ascii_digits(text))  # same length: spans index the original text
    if language == "en":
        found_all, readers, rule_regex, groups = iter_matches(text, digits_ascii=True), _READER_OF_RULE, RULE_REGEX, groups_of
    else:
        from ragas_temporal.focus_time.languages.table import language_table  # a language loads on first use

        table = language_table(language)
        found_all, readers, rule_regex, groups = table.iter_matches(text), table.readers, table.rule_regex, table.groups
    if not found_all:
        return ()
    ctx = Context(text, reference)
    out: list[TemporalMention] = []
    parts = False
    for rule_name, found in found_all:
        interpret, kind = readers[rule_name]
        start = found.start()
        match = rule_regex[rule_name].match(text, start)  # same span; gives the rule's named groups
        reading = interpret(groups(match), ctx, kind)
        if reading is None:
            continue
        read_kind, value, years, anchor = reading
        end = match.end()
        out.append(new_mention(start, end, original[start:end], read_kind, value, years))
        if read_kind == "anaphoric":
            parts = True  # a part of a date may need the date written after it
        if anchor is not None:
            # an explicit date starts narration; a deictic one is the moment of writing; an
            # anaphoric one continues from whatever it was resolved against
            if read_kind == "relative":
                ctx.narrative = False
            elif read_kind != "anaphoric":
                ctx.narrative = True
            ctx.anchor = anchor
            ctx.anchor_end = end  # a year ties calendar names up to the end of its sentence
    return anchor_parts(tuple(out), original) if parts else tuple(out)


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    max_bytes: int
    currsize: int  # entries
    nbytes: int  # estimated bytes held


#: What an entry costs beyond its objects: the key tuple, the memo's link and its (value, size) pair.
_ENTRY_OVERHEAD = 200
#: One year held in a set: the int object (years are above the small-int cache) beside its slot.
_BYTES_PER_YEAR = sys.getsizeof(2008)
#: A mention object (slots: the same size for every mention), and the fixed parts of an entry.
_MENTION_BYTES = sys.getsizeof(new_mention(0, 4, "2008", "year", "2008", frozenset({2008})))
_EMPTY_SET_BYTES = sys.getsizeof(frozenset())
#: A set of up to 4 years (most mentions hold one) has the empty set's size.
_SMALL_SET_BYTES = sys.getsizeof(frozenset({2008, 2009, 2010, 2011}))
#: An entry without mentions: its overhead and an empty focus time (object, mentions, years).
_EMPTY_ENTRY_BYTES = _ENTRY_OVERHEAD + sys.getsizeof(FocusTime()) + sys.getsizeof(()) + _EMPTY_SET_BYTES
#: A mention's text is a slice of the entry's text: an ASCII one costs the empty str plus one byte
#: a character, any other at most an astral header plus 4 bytes a character.
_ASCII_STR_BYTES, _WIDE_STR_BYTES = sys.getsizeof(""), sys.getsizeof("\U0001F600") - 4


def _estimated_bytes(text: str, focus_time: FocusTime) -> int:
    """What an entry holds in memory: the text, each mention (object, text, value, years) and the
    year set, as ``sys.getsizeof`` counts them (paid once per extracted text: fixed sizes are
    constants, and a mention's text, a slice of ``text``, is counted from its span). A string
    costs 1, 2 or 4 bytes per character by its widest one (an emoji text is 4 per character), so
    characters are no measure of bytes; a slice of a text that is not ASCII is counted at 4 a
    character. A year set shared by several mentions is counted for each: this errs on the high
    side.

    >>> sys.getsizeof("x" * 1000), sys.getsizeof("\U0001F600" * 1000)  # 1 and 4 bytes a character
    (1049, 4076)
    >>> _estimated_bytes("\U0001F600" * 1000, FocusTime()) - _estimated_bytes("x" * 1000, FocusTime())
    3027
    """
    mentions, years = focus_time.mentions, focus_time.years
    size = _EMPTY_ENTRY_BYTES + (_ASCII_STR_BYTES + len(text) if text.isascii() else sys.getsizeof(text))
    if not mentions and not years:
        return size  # most texts (an ASCII one's size is exact without asking getsizeof)
    sizeof = sys.getsizeof
    size += sizeof(years) - _EMPTY_SET_BYTES + _BYTES_PER_YEAR * len(years) + 8 * len(mentions)
    chars = 0
    for m in mentions:  # getsizeof only where a size is not known: a large year set, a value not in ASCII
        years, value = m.years, m.value
        n_years = len(years)
        chars += m.end - m.start
        size += (_SMALL_SET_BYTES if n_years <= 4 else sizeof(years)) + _BYTES_PER_YEAR * n_years
        if value is not None:
            size += _ASCII_STR_BYTES + len(value) if value.isascii() else sizeof(value)
    if text.isascii():
        return size + len(mentions) * (_MENTION_BYTES + _ASCII_STR_BYTES) + chars
    return size + len(mentions) * (_MENTION_BYTES + _WIDE_STR_BYTES) + 4 * chars


class _SizedMemo:
    """A least-recently-used memo bounded by the estimated bytes of what it holds, not by a count
    of entries (one entry may hold a 2 KB passage or a 10 MB book): ``cachetools.LRUCache`` sized by
    each entry's estimate, behind a lock (it is not thread-safe), with hit and miss counts."""

    def __init__(self, max_bytes: int) -> None:
        self._lock = threading.Lock()
        self.max_bytes = max_bytes
        self.hits = self.misses = 0

    @property
    def max_bytes(self) -> int:
        return int(self._entries.maxsize)

    @max_bytes.setter
    def max_bytes(self, max_bytes: int) -> None:
        # a new budget starts empty; key -> (focus time, estimated bytes): the cache reads our estimate
        with self._lock:
            self._entries: cachetools.LRUCache = cachetools.LRUCache(max_bytes, getsizeof=_entry_bytes)

    def get(self, key):
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                self.misses += 1
                return None
            self.hits += 1
            return found[0]

    def put(self, key, value: FocusTime) -> None:
        size = _estimated_bytes(key[0], value)
        if size > self.max_bytes // 8:
            return  # one huge text must not flush everything else
        with self._lock:
            self._entries[key] = (value, size)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.hits = self.misses = 0

    def info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self.hits, self.misses, self.max_bytes, len(self._entries), self._entries.currsize)


def _entry_bytes(entry: tuple[FocusTime, int]) -> int:
    return entry[1]


_MEMO = _SizedMemo(CACHE_MAX_BYTES)


def extract_focus_time(text: str, reference_date: ReferenceDate = None, language: str = "en") -> FocusTime:
    """Extract the focus time (years and temporal mentions) of a text.

    Parameters
    ----------
    text : str
        Any text; an empty string gives an empty focus time.
    reference_date : datetime.date, datetime.datetime, ISO "YYYY-MM-DD" str or None
        What relative expressions ("yesterday", "last year") resolve against, and anaphoric ones
        ("the following year") when the text has no explicit date before them. Without it those
        mentions are kept with no years and a value saying how far they lie from the moment of
        writing or the text's last date (``UNDEF-this-year-MINUS-1``; see ``interpret``).
    language : str
        An ISO 639-1 code of ``languages.SUPPORTED_LANGUAGES`` ("en", the default, "de", "fr",
        "zh", ...), or "auto" to pick it per text from its script and words
        (``languages.detect_language``). Every language reads the same TIMEX values, kinds and
        spans; dates written with CJK unit characters ("1949年10月1日") are read in all of them.

    Returns
    -------
    FocusTime
        Immutable; cached per ``(text, reference date, language)``.

    Raises
    ------
    TypeError
        If ``text`` is not a str (including None).
    ValueError
        If ``reference_date`` is of another type or not a valid ISO date, or ``language`` is not
        a supported code (the message names them).

    Examples
    --------
    >>> sorted(extract_focus_time("The 1990s ended; in '08 the crisis hit.").years)[-2:]
    [1999, 2008]
    >>> extract_focus_time("yesterday").mentions[0].value  # no reference date: how far, no year
    'UNDEF-this-day-MINUS-1'
    >>> extract_focus_time("yesterday", reference_date="2008-03-01").mentions[0].value
    '2008-02-29'
    >>> extract_focus_time("Napoléon est mort le 5 mai 1821.", language="fr").mentions[0].value
    '1821-05-05'
    >>> extract_focus_time("Der Verein hat heute 1500 Mitglieder.", language="auto").years
    frozenset()
    """
    if not isinstance(text, str):
        raise TypeError(f"extract_focus_time expects text as a str, got {type(text).__name__}")
    if language != "en":
        language = check_language(language)
        if language == AUTO:
            from ragas_temporal.focus_time.languages.detect import detect_language  # loaded on first use

            language = detect_language(text)
    if reference_date is None or type(reference_date) is dt.date:  # the common cases, first
        reference = reference_date
    elif type(reference_date) is str:
        reference = _parse_iso_date(reference_date)
    else:
        reference = parse_reference_date(reference_date)
    key = (text, reference, language)
    found = _MEMO.get(key)
    if found is None:
        found = FocusTime.from_mentions(scan(text, reference, language))
        _MEMO.put(key, found)
    return found


#: A corpus gives its reference dates as a few ISO strings, each parsed once (an invalid one
#: raises every time: errors are not cached).
_parse_iso_date = functools.lru_cache(maxsize=4096)(parse_reference_date)


extract_focus_time.cache_clear = _MEMO.clear  # type: ignore[attr-defined]
extract_focus_time.cache_info = _MEMO.info  # type: ignore[attr-defined]


def extract_many(
    texts: Iterable[str], reference_dates: ReferenceDate | Sequence[ReferenceDate] = None, language: str = "en"
) -> list[FocusTime]:
    """Focus times of many texts.

    Parameters
    ----------
    texts : iterable of str
    reference_dates : None, one reference date for all texts, or a sequence of the same length
    language : one code for all texts (see ``extract_focus_time``); "auto" picks it per text

    Raises
    ------
    ValueError
        If a sequence of reference dates does not have one date per text.

    Examples
    --------
    >>> [sorted(f.years) for f in extract_many(["last year", "in 2001"], "2010-05-05")]
    [[2009], [2001]]
    """
    if isinstance(texts, str):
        raise TypeError("extract_many expects an iterable of texts, got a single str")
    language = check_language(language)
    texts = list(texts)
    if reference_dates is None or isinstance(reference_dates, (str, dt.date)):
        refs: list = [reference_dates] * len(texts)
    else:
        refs = list(reference_dates)
        if len(refs) != len(texts):
            raise ValueError(f"reference_dates has {len(refs)} entries for {len(texts)} texts; give one per text")
    return [extract_focus_time(t, r, language) for t, r in zip(texts, refs)]
