"""The dispatching scanner of a language table gives exactly the matches of the whole alternation.

``languages.dispatch.DispatchScanner`` tries at each position only the rules that can start with
the two characters there; ``LanguageTable.iter_matches_reference`` runs the whole alternation.
They must agree on every text: the sentences below are new and written to hit the edges of
the dispatch (capitals, elisions, one-letter words, digits of other scripts, case pairs the
regex engine folds: "ſ"/"s", "ı"/"i", "K"/"k", "ẞ"/"ß"), plus the hand-written sentences of
``benchmarks/data/languages``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ragas_temporal.focus_time.languages.codes import SUPPORTED_LANGUAGES
from ragas_temporal.focus_time.languages.dispatch import DispatchScanner
from ragas_temporal.focus_time.languages.table import language_table

LANGUAGES = [code for code in SUPPORTED_LANGUAGES if code not in ("en", "auto")]
DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "languages"

EDGES = [
    "L'an dernier, le 3 mai 1941 à 8 h 30 ; LE 4 MAI 1942, l’année suivante, d'hiver.",
    "Dans la nuit de samedi à dimanche, à 21 h 45, puis le lendemain matin vers 10.30.",
    "Am 9. November 1989 um 18.45 Uhr; im Frühjahr 1943; vor zwei Jahren; ſeit 1990; GROẞ 1999.",
    "El próximo 15 de marzo de 2025 a las 20.30 horas; hace dos años; el siglo XX.",
    "W 1918 roku, 10 sierpnia o godz. 14.20; dwa lata temu; XX wieku.",
    "Em 2 de setembro de 1822, às 9.30 horas; há dois anos; o terceiro trimestre.",
    "В 1961 году, 12 апреля; два года назад; 2000 руб.; оᲂ дᲁ.",
    "1923'te, 29 Ekim 1923 tarihinde; iki yıl önce; İstanbul, ıIiİ.",
    "١٩٤٨ و ٢٠٠٨٪؛ ११ सितंबर २००१; दो साल पहले.",
    "一九九一年三月二十八日，１０年前，九六年；2024年5月15日。올해 5월 8일, 이년 전.",
    "Kelvin 1999, ſ 2001, ﬀ 1980, µ 1970, Ω 1960: l 1 d 2 à 3 a 4.",
    "",
    "x",
    "1",
]


def texts() -> list[str]:
    found = list(EDGES)
    for path in sorted(DATA.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                found += [row[k] for k in ("text", "context", "faithful", "unfaithful") if k in row]
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_dispatch_gives_the_whole_alternations_matches(code):
    table = language_table(code)
    for text in texts():
        fast = [(name, m.span()) for name, m in table.iter_matches(text)]
        assert fast == [(name, m.span()) for name, m in table.iter_matches_reference(text)], text


def test_dispatch_keeps_a_bounded_number_of_keys(monkeypatch):
    import ragas_temporal.focus_time.languages.dispatch as dispatch

    monkeypatch.setattr(dispatch, "_MAX_KEYS", 3)
    scanner = DispatchScanner([r"(?:(?i:mai))(?P<month>)", r"(?:\d{4})(?P<year>)"])
    text = "Mai 1945, mai 1946, MAI 2047, 3000 ma 5000"
    found = [(name, m.group()) for name, m in scanner.iter_matches(text)]
    # past three keys each pair's rules are found again: the same matches, no more kept
    assert found == [("month", "Mai"), ("year", "1945"), ("month", "mai"), ("year", "1946"), ("month", "MAI"),
                     ("year", "2047"), ("year", "3000"), ("year", "5000")]  # fmt: skip
    assert len(scanner._by_key) == 3
