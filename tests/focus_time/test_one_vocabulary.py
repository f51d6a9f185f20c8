"""One vocabulary: the fast scanner finds what the full rule alternation finds on every entry of
every table in ``patterns.py`` (each alternative of each rule, so each month, unit, day word,
holiday and named period) and on a whole corpus of Wikipedia paragraphs; no word list is copied
outside the table."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from ragas_temporal.focus_time import patterns, scanner
from ragas_temporal.focus_time.extract import extract_focus_time

try:  # Python >= 3.11
    from re import _constants as sre_c
    from re import _parser as sre_parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as sre_c  # type: ignore[no-redef]
    import sre_parse  # type: ignore[no-redef]

WIKI = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "wiki" / "timeqa_train_paragraphs.jsonl"


def _one_char(op, av) -> str:
    """A character matching one LITERAL / IN / ANY element."""
    if op is sre_c.LITERAL:
        return chr(av)
    if op is sre_c.IN:
        for kind, value in av:
            if kind is sre_c.LITERAL:
                return chr(value)
            if kind is sre_c.RANGE:
                return chr(value[0])
            if kind is sre_c.CATEGORY:
                return {sre_c.CATEGORY_DIGIT: "1", sre_c.CATEGORY_SPACE: " "}.get(value, "a")
        return "x"
    return "x"


def _examples(seq, groups: dict) -> list[str]:
    """Strings matching the parsed sequence ``seq``: every alternative of every branch and every
    optional part once, the other parts at their first choice (so the count grows with the size
    of the regex, not with the product of its choices); optional whitespace is one space.
    Lookarounds are ignored, so a few strings are not matches; the tests only compare the two
    scanners on them."""
    options: list[list[str]] = []
    for op, av in seq:
        if op in (sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT):
            continue
        if op is sre_c.SUBPATTERN:
            sub = _examples(av[3], groups)
            if av[0] is not None:
                groups[av[0]] = sub[0]
            options.append(sub)
        elif op is sre_c.BRANCH:
            options.append([s for alt in av[1] for s in _examples(alt, groups)])
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT):
            lo, hi, item = av
            inner = _examples(item, groups)
            if " " in inner:  # optional whitespace is written: glued words ("1centuries ago") have
                lo = max(lo, 1)  # no trigger at a word start, a documented limit of the fast scan
            count = max(lo, 1)
            variants = [inner[0] * count] + [s + inner[0] * (count - 1) for s in inner[1:]]
            options.append(([""] if lo == 0 else []) + variants)
        elif op is sre_c.GROUPREF:
            options.append([groups.get(av, "/")])
        else:
            options.append([_one_char(op, av)])
    firsts = "".join(o[0] for o in options)
    out = [firsts]
    for i, opts in enumerate(options):
        head = "".join(o[0] for o in options[:i])
        tail = "".join(o[0] for o in options[i + 1 :])
        out += [head + s + tail for s in opts[1:]]
    return list(dict.fromkeys(out))


def examples(pattern: str) -> list[str]:
    return _examples(sre_parse.parse(pattern), {})


def test_the_example_generator_covers_every_alternative():
    # an optional part is first left out; each alternative and the optional part appear once
    assert examples(r"(?:the\s+)?(?:first|second)\s+day") == ["first day", "the first day", "second day"]
    assert set(examples(patterns.trie_regex(["jan", "january", "june"]))) == {"jan", "january", "june"}


def _scans(text: str):
    fast = [(name, m.span()) for name, m in scanner.iter_matches(text)]
    full = [(name, m.span()) for name, m in scanner.iter_matches_reference(text)]
    return fast, full


@pytest.mark.parametrize("rule", patterns.RULES, ids=lambda r: r.name)
def test_fast_scan_equals_full_scan_on_every_alternative_of_the_rule(rule):
    texts = examples(rule.pattern)
    found = 0
    for example in texts:
        for text in (example, f"He said {example}, then left.", f"in the {example}"):
            fast, full = _scans(text)
            assert fast == full, text
        found += any(name == rule.name for name, _ in full)
    assert found >= 1  # the generated strings do reach the rule


@pytest.mark.parametrize(
    "table",
    ["MONTHS", "WEEKDAYS", "DAY_OFFSETS", "YEAR_TO_DATE", "REF_WORDS", "UNIT_WORDS", "DECADE_WORDS",
     "SEASONS", "PARTS_OF_DAY", "BARE_PART_WORDS", "NUMBER_WORDS", "ORDINAL_WORDS", "QUARTER_ORDINALS"],
)  # fmt: skip
def test_every_table_word_is_found_alike_by_both_scanners(table):
    # each word in the frames the rules use it in; capitalised too (sentence starts)
    frames = ["{w}", "the {w}", "last {w}", "{w} 2019", "3 {w} ago", "the {w} quarter", "the {w} century",
              "in the {w}", "two {w} later", "{w} 3, 2019", "Friday {w}"]  # fmt: skip
    for word in getattr(patterns, table):
        for form in (word, word.capitalize(), word.upper()):
            for frame in frames:
                text = f"Then {frame.format(w=form)}."
                fast, full = _scans(text)
                assert fast == full, text


def test_every_table_word_reaches_its_rule():
    # a word of a table is read by the rule built from it, in both scanners
    cases = {"day_relative": list(patterns.DAY_OFFSETS), "year_to_date": sorted(patterns.YEAR_TO_DATE),
             "ref_word": [w for w in patterns.REF_WORDS if w != "in the past"]}  # fmt: skip
    for rule, words in cases.items():
        for word in words:
            fast, full = _scans(f"I saw him {word}.")
            assert fast == full and [name for name, _ in fast] == [rule], word


def test_ytd_is_year_to_date_in_both_scanners():
    fast, full = _scans("I saw him ytd.")
    assert fast == full == [("year_to_date", (10, 13))]
    ft = extract_focus_time("Sales are up 5% YTD.", dt.date(2024, 1, 1))
    assert [(m.text, m.kind, m.value) for m in ft.mentions] == [("YTD", "relative", "2024")]
    assert sorted(ft.years) == [2024]  # the year so far: on 1 January, still this year (not 2023)
    assert extract_focus_time("ytd").mentions[0].value == "UNDEF-this-year"  # no reference date: no year


def test_every_day_word_resolves_by_its_own_offset():
    ref = dt.date(2020, 1, 1)
    for word, offset in patterns.DAY_OFFSETS.items():
        (mention,) = extract_focus_time(f"We met {word}.", ref).mentions
        assert mention.value[:10] == (ref + dt.timedelta(days=offset)).isoformat(), word
        assert mention.years == {(ref + dt.timedelta(days=offset)).year}


def test_unit_words_resolve_to_their_unit():
    ref = dt.date(2020, 6, 15)
    for word, unit in patterns.UNIT_WORDS.items():
        if unit not in ("year", "decade", "century"):
            continue
        (mention,) = extract_focus_time(f"It happened 2 {word} ago.", ref).mentions
        step = {"year": 2, "decade": 20, "century": 200}[unit]
        assert mention.years == {2020 - step}, word


def test_the_scanner_holds_no_word_list_of_its_own():
    # scanner.py reads its words from patterns.py: no multi-word string literal of letters in it
    source = Path(scanner.__file__).read_text()
    literals = re.findall(r'"""(.*?)"""', source, re.DOTALL)
    word_lists = [lit for lit in literals if re.fullmatch(r"[\sa-z.\-']+", lit) and len(lit.split()) > 5]
    assert word_lists == []
    assert scanner.PREFIX_WORDS is not None and "following" in scanner.PREFIX_WORDS
    assert {"the", "from", "between", "mid"} <= scanner.NUMBER_PREFIX_WORDS
    # "on 2008", "a 2008 study": no rule has those words before a digit with no trigger word
    # between ("A.D. 14" has the trigger "a.d"; "on x'mas 2019" the shape trigger "x'mas"). "in"
    # and "by" open the in_year rule of short years ("in 476", issue 20).
    assert not {"of", "said", "on", "at", "a"} & scanner.NUMBER_PREFIX_WORDS
    assert {"in", "by"} <= scanner.NUMBER_PREFIX_WORDS


@pytest.mark.skipif(not WIKI.exists(), reason=f"wiki corpus not found at {WIKI} (shared data is not part of the package)")
def test_fast_scan_equals_full_scan_on_the_whole_wiki_corpus():
    differences = []
    with WIKI.open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            for field in ("text", "tokenized"):
                fast, full = _scans(row[field])
                if fast != full:
                    differences.append((row["id"], field, sorted(set(fast) ^ set(full))))
    assert differences == []
