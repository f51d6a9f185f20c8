"""The scanner's generated tables (``scanner_tables.py``) are what ``regex_analysis`` reads from
today's rules, and a stale file is never used."""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time import build_scanner_tables, scanner, scanner_tables


def test_generated_tables_are_up_to_date():
    # fails after a rule, a trigger word or the trigger regex changed without regenerating
    expected = build_scanner_tables.generated_source()
    written = build_scanner_tables.TABLES_PATH.read_text(encoding="utf-8")
    assert written == expected, f"scanner_tables.py is stale: run {scanner.REGENERATE_TABLES}"
    assert scanner_tables.FINGERPRINT == scanner.tables_fingerprint()
    assert scanner.REGENERATE_TABLES in written  # the file says how to regenerate it


def test_the_fingerprint_follows_every_input_of_the_tables():
    rules = list(scanner.RULES)
    base = scanner.tables_fingerprint(rules)
    renamed = [rules[0]._replace(name=rules[0].name + "_x"), *rules[1:]]
    changed = [rules[0]._replace(pattern=rules[0].pattern + "x"), *rules[1:]]
    assert scanner.tables_fingerprint(renamed) != base
    assert scanner.tables_fingerprint(changed) != base
    assert scanner.tables_fingerprint(rules[::-1]) != base  # table order decides which rule wins
    assert scanner.tables_fingerprint(rules, trigger_body=scanner.TRIGGER_BODY + "|x") != base
    assert scanner.tables_fingerprint(rules, trigger_words=scanner.TRIGGER_WORDS | {"epoch"}) != base


def test_a_stale_table_is_not_used_the_tables_are_derived_instead(monkeypatch):
    monkeypatch.setattr(scanner_tables, "FINGERPRINT", "stale")
    with pytest.warns(RuntimeWarning, match="build_scanner_tables --write"):
        derived = scanner._load_tables()
    monkeypatch.undo()
    assert derived == scanner._load_tables()  # what the generated file holds, derived again


def test_the_tables_name_what_the_rules_can_start_with():
    # a few entries checked by hand against the rules' regexes
    assert set(scanner_tables.FIRST_CHARS["iso_date"]) == {"1", "2"}  # [12]\d{3}-...
    assert scanner_tables.DIGIT_SHAPES["iso_date"] == ((4, "-"),)
    assert "following" in scanner_tables.WORD_SIGNATURES["unit_relative"]["the"]
    assert "in" in scanner_tables.NUMBER_PREFIX_WORDS and "said" not in scanner_tables.PREFIX_WORDS


def test_a_number_and_a_space_are_dispatched_by_the_word_after_them():
    # "1998 by": no rule continues a year with "by" but those that may end after it
    rx = scanner._rules_at("Founded in 1998 by two engineers.", "founded in 1998 by two engineers.", 11)
    names = set(rx.groupindex) & {r.name for r in scanner.RULES}
    assert "bare_year" in names and not {"era_year_after", "era_range", "year_range"} & names
    # "1998 BC" and "1998 to 2001" keep the rules that name those words
    assert {"era_year_after"} <= set(scanner._rules_at("In 1998 BC it fell.", "in 1998 bc it fell.", 3).groupindex)
    assert {"year_range"} <= set(scanner._rules_at("In 1998 to 2001.", "in 1998 to 2001.", 3).groupindex)
    fast = [m.group() for _, m in scanner.iter_matches("It ran 1998 to 2001, ended 44 BC, and 1998 by law.")]
    assert fast == [m.group() for _, m in scanner.iter_matches_reference("It ran 1998 to 2001, ended 44 BC, and 1998 by law.")]
