"""The findings of issue 35's probe of the language surfaces, each on new examples of its shape:
counts read as years, amounts and identifiers read as years, relative phrases with number words,
``language="auto"`` against the code, region subtags, and Polish "N roku" that is no year.

Every expected value is computed by hand from the sentence and the reference date.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ragas_temporal.focus_time import extract_focus_time
from ragas_temporal.focus_time.languages import check_language, detect_language

REF = "2024-05-15"


def years(text: str, language: str, reference_date: str | None = REF) -> set[int]:
    return set(extract_focus_time(text, reference_date, language).years)


# --- region subtags ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [("fr-CA", "fr"), ("es_MX", "es"), ("ZH-TW", "zh"), ("pt-PT", "pt"), ("sr-Latn-RS", None), ("it_IT.UTF-8", "it"),
     ("zh-Hant-HK", "zh"), ("en-", None), ("de-x!", None), ("deu-DE", None)],
)  # fmt: skip
def test_a_region_subtag_reads_as_its_language_and_a_bad_code_still_raises(code, expected):
    if expected is None:
        with pytest.raises(ValueError, match=r"unknown language .*use one of en, de"):
            check_language(code)
    else:
        assert check_language(code) == expected


def test_a_region_subtag_reads_the_language_dates():
    # "12 mars 1871": the French day, read only by the French table
    assert extract_focus_time("Elle est née le 12 mars 1871.", REF, "fr-BE").mentions[0].value == "1871-03-12"


# --- counts read as years ------------------------------------------------------------------------

#: "<N> <counted noun>" in each language, nouns other than the probe's; no year cue before the number.
COUNT_SENTENCES = {
    "fr": ("On a vendu {n} {w}.", "billets chevaux bateaux ordinateurs lampes"),
    "es": ("Se vendieron {n} {w}.", "entradas caballos bicicletas ordenadores lámparas"),
    "it": ("Sono stati venduti {n} {w}.", "biglietti cavalli biciclette ragazzi lampade"),
    "pt": ("Foram vendidos {n} {w}.", "bilhetes cavalos bicicletas computadores lâmpadas"),
    "nl": ("Er werden {n} {w} verkocht.", "kaartjes paarden fietsen computers lampen"),
    "ru": ("Продали {n} {w}.", "билетов лошадей велосипедов компьютеров ламп"),
    "pl": ("Sprzedano {n} {w}.", "biletów koni rowerów komputerów lamp"),
    "tr": ("{n} {w} satıldı.", "bilet at bisiklet bilgisayar lamba"),
    "ar": ("بيع {n} {w}.", "تذكرة حصان دراجة حاسوب مصباح"),
    "hi": ("{n} {w} बिके।", "टिकट घोड़े साइकिलें कंप्यूटर लैंप"),
}
COUNT_CASES = [
    (code, template.format(n=n, w=word))
    for code, (template, nouns) in COUNT_SENTENCES.items()
    for word in nouns.split()
    for n in ("1600", "1945", "2021")
]


@pytest.mark.parametrize("language, text", COUNT_CASES)
def test_a_number_before_a_counted_noun_is_no_year(language, text):
    assert years(text, language) == set()


@pytest.mark.parametrize(
    "language, text, expected",
    [
        ("fr", "En 1945 les soldats rentrèrent chez eux.", {1945}),  # a year cue before
        ("es", "Desde 2021 las ventas crecieron.", {2021}),
        ("it", "Nel 1960 venne inaugurato il ponte.", {1960}),
        ("pt", "Em 1822 os portugueses partiram.", {1822}),
        ("nl", "Sinds 1990 werken zij samen.", {1990}),
        ("ru", "С 1991 граждане выбирают президента.", {1991}),
        ("pl", "Na Euro 2012 przyjechali kibice z całej Europy.", {2012}),  # a name's year inside a sentence
        ("pl", "W numerze 5/2011 redakcja opisała obóz.", {2011}),  # a date's digits glued before
        ("tr", "Cumhuriyet 1923 yılında kuruldu.", {1923}),
        ("ar", "تأسست الشركة في عام 1998 في دبي.", {1998}),
        ("hi", "भारत 1947 में स्वतंत्र हुआ।", {1947}),
        ("es", "Las elecciones de 1977 fueron las primeras.", {1977}),  # a function word after
        ("nl", "De verkiezingen van 1986 leverden een nieuwe regering op.", {1986}),  # a weak cue, not round
        ("fr", "Les émeutes de 1968 marquèrent la France.", {1968}),
        ("it", "Il 1915 segna l'ingresso in guerra.", {1915}),  # the article: a weak cue, not round
        ("it", "La peste del 1630 colpisce Milano.", {1630}),
        ("pl", "Konstytucja 1952 obowiązywała do 1997 roku.", {1952, 1997}),  # a verb after the year
        ("ru", "Перепись 1897 показала рост городов.", {1897}),
        ("es", "Llegaron más de 2000 turistas.", set()),  # a weak cue and a round number: a count
        ("pt", "Chegaram mais de 1500 turistas.", set()),
    ],
)
def test_a_year_with_its_cue_stays_a_year(language, text, expected):
    assert years(text, language) == expected


def test_a_russian_answer_that_only_counts_makes_no_temporal_claim():
    from ragas_temporal.metrics import TemporalFaithfulness

    result = TemporalFaithfulness(language="ru").score(
        response="В библиотеке хранится 1600 рукописей.", retrieved_contexts=["Библиотека основана в 1812 году."]
    )
    assert result.value != result.value and result.reason == "answer makes no temporal claim"  # NaN


# --- amounts, percentages and identifiers --------------------------------------------------------


@pytest.mark.parametrize(
    "language, text",
    [
        ("en", "The ticket was ₽1500."),  # a currency sign of any script before
        ("en", "Rent is R$ 1999 a month."),
        ("hi", "टिकट की कीमत ₹1800 है।"),
        ("fr", "Le vélo coûte 1999 €."),  # a currency sign after
        ("ru", "Билет стоит 1500 ₽."),
        ("ru", "Зарплата — 1800 руб. в месяц."),  # a currency abbreviation after
        ("pl", "Zapłacił 1900 zł za rower."),
        ("tr", "Fiyatı 1750 TL oldu."),
        ("ar", "ارتفعت الأسعار بنسبة ١٩٩٩٪"),  # the Arabic percent sign after Arabic-Indic digits
        ("en", "Sales rose 1999％ in a decade."),  # full-width percent
        ("de", "Sie wohnt in Wohnung 1999."),  # an identifier noun before
        ("es", "Ver la habitación 2045."),
        ("fr", "Il dort dans la chambre 1987."),
        ("it", "Vedi pagina 2019."),
        ("pl", "Mieszka w pokoju 1905."),
        ("ru", "Он открыл страницу 2010."),
        ("hi", "कमरा 2045 खाली है।"),
        ("ar", "الغرفة 2045 فارغة."),
        ("nl", "Zie pagina 1999."),
        ("pt", "Ver a página 2010."),
    ],
)
def test_amounts_percentages_and_identifiers_are_no_years(language, text):
    assert years(text, language) == set()


# --- relative phrases with number words ----------------------------------------------------------

#: Against 2024-05-15: three years ago (words), 5 years ago (digits), last year, in four years
#: (words), seven years ago (words).
RELATIVE_MATRIX = {
    "es": ("hace tres años", "hace 5 años", "el año pasado", "dentro de cuatro años", "hace siete años"),
    "it": ("tre anni fa", "5 anni fa", "l'anno scorso", "tra quattro anni", "sette anni fa"),
    "pt": ("há três anos", "há 5 anos", "no ano passado", "daqui a quatro anos", "há sete anos"),
    "nl": ("drie jaar geleden", "5 jaar geleden", "vorig jaar", "over vier jaar", "zeven jaar geleden"),
    "ru": ("три года назад", "5 лет назад", "в прошлом году", "через четыре года", "семь лет назад"),
    "pl": ("trzy lata temu", "5 lat temu", "w zeszłym roku", "za cztery lata", "siedem lat temu"),
    "tr": ("üç yıl önce", "5 yıl önce", "geçen yıl", "dört yıl sonra", "yedi yıl önce"),
    "hi": ("तीन साल पहले", "5 साल पहले", "पिछले साल", "चार साल बाद", "सात साल पहले"),
    "ar": ("قبل ثلاث سنوات", "قبل 5 سنوات", "العام الماضي", "بعد أربع سنوات", "قبل سبع سنوات"),
    "zh": ("三年前", "5年前", "去年", "四年后", "七年前"),
    "ja": ("三年前", "5年前", "去年", "四年後", "七年前"),
    "ko": ("삼년 전", "5년 전", "작년", "사년 후", "칠년 전"),
}
RELATIVE_YEARS = (2021, 2019, 2023, 2028, 2017)


@pytest.mark.parametrize(
    "language, phrase, expected",
    [(code, phrase, year) for code, phrases in RELATIVE_MATRIX.items() for phrase, year in zip(phrases, RELATIVE_YEARS)],
)
def test_relative_phrases_with_number_words_against_the_reference_date(language, phrase, expected):
    assert years(phrase, language) == {expected}


@pytest.mark.parametrize(
    "language, text",
    [("zh", "二十三年前"), ("ja", "十二年前"), ("ko", "이십이년 전"), ("ko", "그 사이년 전")],
)
def test_a_one_character_number_word_is_never_the_end_of_a_longer_numeral(language, text):
    # "二十三年前" is 23 years ago, not 3: no reading rather than a wrong one (the CJK numeral reader's)
    assert years(text, language) == set()


def test_relative_phrases_inside_sentences():
    assert years("Il progetto è iniziato due anni fa.", "it") == {2022}
    assert years("Фирма закрылась два года назад.", "ru") == {2022}
    assert years("他两年前去了北京。", "zh") == {2022}


# --- language="auto" against the code -------------------------------------------------------------

LANGUAGE_DATA = Path(__file__).resolve().parents[2] / "benchmarks" / "data" / "languages"


def _benchmark_texts() -> list[tuple[str, str, str | None]]:
    rows = []
    for path in sorted(LANGUAGE_DATA.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                texts = [row["text"]] if row["type"] == "sentence" else [row["context"], row["faithful"], row["unfaithful"]]
                rows += [(path.stem, text, row.get("reference_date")) for text in texts]
    return rows


def test_auto_reads_every_benchmark_text_as_its_code_does():
    rows = _benchmark_texts()
    assert len(rows) > 100
    differ = [
        (code, text) for code, text, ref in rows
        if extract_focus_time(text, ref, "auto").mentions != extract_focus_time(text, ref, code).mentions
    ]  # fmt: skip
    assert differ == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Napoléon Ier a régné de 1804 à 1815.", ["1804/1815"]),  # "de", "a": French function words
        ("L'armistice a été signé le 11 novembre 1918.", ["1918-11-11"]),  # "novembre": a French month
        ("La Bastille a été prise le 14 juillet 1789.", ["1789-07-14"]),
    ],
)
def test_auto_reads_short_french_sentences_as_french(text, expected):
    assert detect_language(text) == "fr"
    assert [m.value for m in extract_focus_time(text, REF, "auto").mentions] == expected


# --- Polish "N roku" that is no year ------------------------------------------------------------


@pytest.mark.parametrize(
    "language, text, expected",
    [
        ("pl", "Zmarł w 34 roku życia.", set()),  # the 34th year of a life
        ("pl", "Abdykował w 5 roku panowania.", set()),
        ("pl", "Zakład otwarto w 12 roku.", set()),  # two digits, nothing dates the passage in the first century
        ("pl", "Tyberiusz zmarł w 37 roku n.e.", {37}),  # an era mark
        ("pl", "August zmarł w 14 roku n.e. Tyberiusz rządził do 37 roku.", {14, 37}),  # the passage is dated
        ("pl", "Chrzest Polski nastąpił w 966 roku.", {966}),  # three digits: a year on its own
        ("pl", "Bitwa pod Grunwaldem miała miejsce w 1410 roku.", {1410}),
        ("ru", "Он умер на 40 году жизни.", set()),
        ("ru", "Калигула погиб в 41 году н. э.", {41}),
        ("ru", "Ярослав Мудрый умер в 1054 году.", {1054}),
    ],
)
def test_a_short_number_before_a_year_noun_is_a_year_only_in_its_era(language, text, expected):
    assert years(text, language) == expected
