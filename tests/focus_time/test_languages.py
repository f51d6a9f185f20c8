"""Focus time in other languages (issue 27): the ``language`` parameter, per-language tables built
from dateparser's locale data, ``language="auto"``, and the English lower-case month forms.

Every expected value is computed by hand from the sentence (public facts), as TIMEX3 values: a day
"1989-11-09", a month "1990-10", a year "1517", a range "1982/1998".
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from ragas_temporal.focus_time import extract_focus_time, extract_many
from ragas_temporal.focus_time.languages import SUPPORTED_LANGUAGES, check_language, detect_language
from ragas_temporal.focus_time.patterns import RULES

REF = "2024-05-15"


def readings(text: str, language: str, reference_date: str | None = REF) -> list[tuple[str, str, str | None]]:
    return [(m.text, m.kind, m.value) for m in extract_focus_time(text, reference_date, language).mentions]


# --- the issue's table ---------------------------------------------------------------------------

ISSUE_TABLE = [
    ("zh", "中华人民共和国于1949年10月1日成立。", [("1949年10月1日", "date", "1949-10-01")]),
    ("ko", "대한민국 정부는 1948년 8월 15일에 수립되었다.", [("1948년 8월 15일", "date", "1948-08-15")]),
    ("de", "Die Berliner Mauer fiel am 9. November 1989.", [("9. November 1989", "date", "1989-11-09")]),
    ("fr", "Napoléon est mort le 5 mai 1821 à Sainte-Hélène.", [("5 mai 1821", "date", "1821-05-05")]),
    ("ru", "Юрий Гагарин полетел в космос 12 апреля 1961 года.", [("12 апреля 1961 года", "date", "1961-04-12")]),
    ("de", "Der Verein hat 1500 Mitglieder.", []),
    ("en", "he was born on 25 march 1990 in leeds", [("25 march 1990", "date", "1990-03-25")]),
]


@pytest.mark.parametrize("language, text, expected", ISSUE_TABLE)
def test_issue_table(language, text, expected):
    assert readings(text, language) == expected
    assert readings(text, "auto") == expected  # each row is also detected as its language


def test_issue_table_count_next_to_a_relative_word():
    # "heute" is today: against the reference date; 1500 stays a count
    assert readings("Der Verein hat heute 1500 Mitglieder.", "de") == [("heute", "relative", "2024-05-15")]


# --- at least five sentences per language ------------------------------------------------------

SENTENCES = {
    "de": [
        ("Die Mondlandung fand am 20.07.1969 statt.", [("20.07.1969", "date", "1969-07-20")]),
        ("Helmut Kohl war von 1982 bis 1998 Bundeskanzler.", [("von 1982 bis 1998", "range", "1982/1998")]),
        ("Im Jahr 1517 veröffentlichte Luther seine Thesen.", [("1517", "year", "1517")]),
        ("Im Oktober 1990 wurde Deutschland wiedervereinigt.", [("Oktober 1990", "date", "1990-10")]),
        ("Am Montag, 3. Oktober 1990 war es soweit.", [("Montag, 3. Oktober 1990", "date", "1990-10-03")]),
        ("Die Stadt hat 2000 Einwohner.", []),
        ("Seit 1995 Teil der EU.", [("1995", "year", "1995")]),
        (
            "Vor zwei Jahren, letztes Jahr und gestern.",
            [("Vor zwei Jahren", "relative", "2022"), ("letztes Jahr", "relative", "2023"), ("gestern", "relative", "2024-05-14")],
        ),
    ],
    "fr": [
        ("La Première Guerre mondiale a duré de 1914 à 1918.", [("de 1914 à 1918", "range", "1914/1918")]),
        ("La ville compte 1500 habitants.", []),
        ("En 1789, la Révolution française commença.", [("1789", "year", "1789")]),
        ("Le traité fut signé le 28 juin 1919.", [("28 juin 1919", "date", "1919-06-28")]),
        ("Il est né le 1er janvier 2000.", [("1er janvier 2000", "date", "2000-01-01")]),
        ("En juillet 1969, Apollo 11 alunit.", [("juillet 1969", "date", "1969-07")]),
        (
            "l'année dernière, il y a 3 ans, hier",
            [("l'année dernière", "relative", "2023"), ("il y a 3 ans", "relative", "2021"), ("hier", "relative", "2024-05-14")],
        ),
    ],
    "es": [
        ("Colón llegó a América el 12 de octubre de 1492.", [("12 de octubre de 1492", "date", "1492-10-12")]),
        ("La Guerra Civil duró del 1936 al 1939.", [("del 1936 al 1939", "range", "1936/1939")]),
        ("España se unió a la CEE en 1986.", [("1986", "year", "1986")]),
        ("La ciudad tiene 1500 habitantes.", []),
        ("La Constitución se aprobó el 6 de diciembre de 1978.", [("6 de diciembre de 1978", "date", "1978-12-06")]),
        ("En marzo de 2004 hubo elecciones.", [("marzo de 2004", "date", "2004-03")]),
        ("hace 2 años y ayer", [("hace 2 años", "relative", "2022"), ("ayer", "relative", "2024-05-14")]),
    ],
    "it": [
        ("L'Italia è diventata una repubblica il 2 giugno 1946.", [("2 giugno 1946", "date", "1946-06-02")]),
        ("Garibaldi nacque nel 1807.", [("1807", "year", "1807")]),
        ("Dal 1922 al 1943 governò Mussolini.", [("Dal 1922 al 1943", "range", "1922/1943")]),
        ("La città ha 1500 abitanti.", []),
        ("Nel maggio 1915 l'Italia entrò in guerra.", [("maggio 1915", "date", "1915-05")]),
        ("3 anni fa e ieri", [("3 anni fa", "relative", "2021"), ("ieri", "relative", "2024-05-14")]),
    ],
    "pt": [
        ("O Brasil declarou a independência em 7 de setembro de 1822.", [("7 de setembro de 1822", "date", "1822-09-07")]),
        ("Portugal aderiu à CEE em 1986.", [("1986", "year", "1986")]),
        ("A Revolução dos Cravos foi em abril de 1974.", [("abril de 1974", "date", "1974-04")]),
        ("A cidade tem 1500 habitantes.", []),
        ("De 1964 a 1985 o Brasil viveu uma ditadura.", [("De 1964 a 1985", "range", "1964/1985")]),
        ("há 2 anos e ontem", [("há 2 anos", "relative", "2022"), ("ontem", "relative", "2024-05-14")]),
    ],
    "nl": [
        ("Nederland werd op 5 mei 1945 bevrijd.", [("5 mei 1945", "date", "1945-05-05")]),
        ("Van 1940 tot 1945 was Nederland bezet.", [("Van 1940 tot 1945", "range", "1940/1945")]),
        ("In 1602 werd de VOC opgericht.", [("1602", "year", "1602")]),
        ("De stad heeft 1500 inwoners.", []),
        ("In januari 2002 kwam de euro.", [("januari 2002", "date", "2002-01")]),
        ("2 jaar geleden en gisteren", [("2 jaar geleden", "relative", "2022"), ("gisteren", "relative", "2024-05-14")]),
    ],
    "ru": [
        ("Великая Отечественная война шла с 1941 по 1945 год.", [("с 1941 по 1945 год", "range", "1941/1945")]),
        ("В 988 году князь Владимир крестил Русь.", [("988 году", "year", "0988")]),
        ("В городе живут 1500 человек.", []),
        ("Петербург основан в мае 1703 года.", [("мае 1703 года", "date", "1703-05")]),
        (
            "2 года назад, вчера и в прошлом году",
            [("2 года назад", "relative", "2022"), ("вчера", "relative", "2024-05-14"), ("в прошлом году", "relative", "2023")],
        ),
    ],
    "pl": [
        ("Polska odzyskała niepodległość 11 listopada 1918 roku.", [("11 listopada 1918 roku", "date", "1918-11-11")]),
        ("W 1918 roku Polska odzyskała niepodległość.", [("1918 roku", "year", "1918")]),
        ("II wojna światowa trwała od 1939 do 1945 roku.", [("od 1939 do 1945 roku", "range", "1939/1945")]),
        ("Miasto ma 1500 mieszkańców.", []),
        ("W czerwcu 1989 odbyły się wybory.", [("czerwcu 1989", "date", "1989-06")]),
        ("Wczoraj padał deszcz.", [("Wczoraj", "relative", "2024-05-14")]),
    ],
    "tr": [
        ("İstanbul 29 Mayıs 1453 tarihinde fethedildi.", [("29 Mayıs 1453", "date", "1453-05-29")]),
        ("Türkiye Cumhuriyeti 1923'te kuruldu.", [("1923", "year", "1923")]),
        ("Atatürk 1881 yılında doğdu.", [("1881 yılında", "year", "1881")]),
        ("Şehirde 1500 kişi yaşıyor.", []),
        ("Ekim 1923'te Ankara başkent oldu.", [("Ekim 1923'te", "date", "1923-10")]),
        ("2 yıl önce ve dün", [("2 yıl önce", "relative", "2022"), ("dün", "relative", "2024-05-14")]),
    ],
    "ar": [
        ("استقلت مصر في 28 فبراير 1922.", [("28 فبراير 1922", "date", "1922-02-28")]),
        ("تأسست الأمم المتحدة عام 1945.", [("1945", "year", "1945")]),
        ("من 1939 إلى 1945 استمرت الحرب.", [("من 1939 إلى 1945", "range", "1939/1945")]),
        ("في المدينة 1500 شخص.", []),
        ("قبل 2 سنوات", [("قبل 2 سنوات", "relative", "2022")]),
    ],
    "hi": [
        ("भारत 15 अगस्त 1947 को स्वतंत्र हुआ।", [("15 अगस्त 1947", "date", "1947-08-15")]),
        ("1857 में विद्रोह हुआ।", [("1857", "year", "1857")]),
        ("गांधी का जन्म 2 अक्टूबर 1869 को हुआ।", [("2 अक्टूबर 1869", "date", "1869-10-02")]),
        ("शहर में 1500 लोग रहते हैं।", []),
        ("2 वर्ष पहले", [("2 वर्ष पहले", "relative", "2022")]),
    ],
    "zh": [
        ("去年经济增长。", [("去年", "relative", "2023")]),
        ("3年前他来了。", [("3年前", "relative", "2021")]),
        ("昨天下雨了。", [("昨天", "relative", "2024-05-14")]),
    ],
    "ja": [
        ("日本国憲法は1947年5月3日に施行された。", [("1947年5月3日", "date", "1947-05-03")]),
        ("昨年、会社は成長した。", [("昨年", "relative", "2023")]),
        ("3年前に彼は来た。", [("3年前", "relative", "2021")]),
    ],
    "ko": [
        ("한국전쟁은 1950년부터 1953년까지 계속되었다.", [("1950년부터 1953년", "range", "1950/1953")]),
        ("작년에 회사가 성장했다.", [("작년", "relative", "2023")]),
    ],
}
CASES = [(lang, text, expected) for lang, cases in SENTENCES.items() for text, expected in cases]


@pytest.mark.parametrize("language, text, expected", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_sentences(language, text, expected):
    assert readings(text, language) == expected


def test_every_covered_language_has_five_sentences_or_is_cjk():
    for code in SUPPORTED_LANGUAGES:
        if code in ("en", "zh", "ja", "ko"):
            continue
        assert len(SENTENCES[code]) >= 5, code


def test_relative_words_without_a_reference_date_stay_unresolved():
    assert readings("gestern und letztes Jahr", "de", None) == [
        ("gestern", "relative", "UNDEF-this-day-MINUS-1"),
        ("letztes Jahr", "relative", "UNDEF-this-year-MINUS-1"),
    ]


def test_locale_date_order():
    # a DMY locale reads 03.04.1990 as 3 April; the same digits in English are read as before
    assert readings("am 03.04.1990", "de") == [("03.04.1990", "date", "1990-04-03")]
    assert readings("am 04/03/1990", "fr") == [("04/03/1990", "date", "1990-03-04")]


def test_day_the_month_has_not_keeps_the_month():
    assert readings("am 31. April 1990", "de") == [("31. April 1990", "date", "1990-04")]


def test_cjk_dates_are_read_in_every_language():
    for code in SUPPORTED_LANGUAGES:
        assert readings("于1939年开始", code) == [("1939年", "year", "1939")], code


# --- the English lower-case forms --------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        ("he was born on 25 march 1990 in leeds", [("25 march 1990", "date", "1990-03-25")]),
        ("what happened in march 2015 in syria", [("march 2015", "date", "2015-03")]),
        ("march 2015", [("march 2015", "date", "2015-03")]),
        ("may 3, 2010", [("may 3, 2010", "date", "2010-05-03")]),
        ("since may 2010, sales rose", [("may 2010", "date", "2010-05")]),
        # verbs stay verbs: a count after the verb, a year after a modal
        ("the troops march 2000 miles", []),
        ("They march 1500 km a day.", []),
        ("Prices may 2010 levels", [("2010", "year", "2010")]),
        ("It may rain in March.", [("in March", "anaphoric", "XXXX-03")]),
    ],
)
def test_english_lower_case_months(text, expected):
    assert readings(text, "en", None) == expected


# --- codes, auto, memo ----------------------------------------------------------------------------


def test_unknown_codes_raise_naming_the_supported_ones():
    for call in (
        lambda: extract_focus_time("x", language="xx"),
        lambda: extract_many(["x"], language="english"),
        lambda: check_language(""),
    ):
        with pytest.raises(ValueError, match=r"use one of en, de, fr, es, it, pt, nl, ru, pl, tr, ar, hi, zh, ja, ko, or 'auto'"):
            call()
    with pytest.raises(ValueError, match="must be a str"):
        extract_focus_time("x", language=None)


def test_codes_are_normalised():
    assert check_language(" DE ") == "de" and check_language("Auto") == "auto"
    assert SUPPORTED_LANGUAGES[0] == "en"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Die Berliner Mauer fiel am 9. November 1989.", "de"),
        ("Colón llegó a América el 12 de octubre de 1492.", "es"),
        ("Nederland werd op 5 mei 1945 bevrijd.", "nl"),
        ("W 1918 roku Polska odzyskała niepodległość.", "pl"),
        ("L'Italia è diventata una repubblica il 2 giugno 1946.", "it"),
        ("O Brasil declarou a independência em 7 de setembro de 1822.", "pt"),
        ("Atatürk 1881 yılında doğdu.", "tr"),
        ("استقلت مصر في 28 فبراير 1922.", "ar"),
        ("भारत 15 अगस्त 1947 को स्वतंत्र हुआ।", "hi"),
        ("日本国憲法は1947年5月3日に施行された。", "ja"),
        ("中华人民共和国于1949年10月1日成立。", "zh"),
        ("Mao Zedong (毛泽东) was born in 1893.", "en"),  # the script of most letters decides
        ("1989", "en"),  # nothing to go on: English
        ("", "en"),
    ],
)
def test_detect_language(text, expected):
    assert detect_language(text) == expected


def test_auto_resolves_per_text_in_extract_many():
    texts = ["Die Mauer fiel am 9. November 1989.", "Napoléon est mort le 5 mai 1821.", "The Wall fell on 9 November 1989."]
    values = [[m.value for m in ft.mentions] for ft in extract_many(texts, language="auto")]
    assert values == [["1989-11-09"], ["1821-05-05"], ["1989-11-09"]]


def test_memo_key_includes_the_language():
    extract_focus_time.cache_clear()
    text = "Die Mauer fiel am 9. November 1989."
    assert [m.value for m in extract_focus_time(text).mentions] == ["1989-11"]  # English reads the month
    assert [m.value for m in extract_focus_time(text, language="de").mentions] == ["1989-11-09"]
    assert [m.value for m in extract_focus_time(text, language="auto").mentions] == ["1989-11-09"]  # the "de" entry
    info = extract_focus_time.cache_info()
    assert (info.hits, info.misses, info.currsize) == (1, 2, 2)


def test_languages_load_on_first_use():
    """``import ragas_temporal`` and English extraction load no language data nor dateparser; the
    first German text builds the German table once (dateparser's data is read, dateparser is not imported)."""
    code = textwrap.dedent(
        """
        import sys
        import ragas_temporal
        from ragas_temporal import extract_focus_time
        extract_focus_time("In 2008 it fell.")
        table = "ragas_temporal.focus_time.languages.table"
        print(table in sys.modules, "dateparser" in sys.modules)
        from ragas_temporal.focus_time.languages.vocabulary import vocabulary
        extract_focus_time("Am 9. November 1989.", language="de")
        extract_focus_time("Am 3. Oktober 1990.", language="de")
        print(table in sys.modules, "dateparser" in sys.modules, vocabulary.cache_info().misses)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "False", "True", "False", "1"]


@pytest.mark.parametrize("rule", [r for r in RULES if r.name.startswith("cjk_")], ids=lambda r: r.name)
@pytest.mark.parametrize("code", ["zh", "ja", "ko", "de", "auto"])
def test_every_cjk_rule_reads_alike_in_every_language(rule, code) -> None:
    # the CJK rules are language-neutral: a language's own table runs all of them, as English does
    text = f"据记载，约{rule.example}。"
    english = extract_focus_time(text, "2024-05-01").mentions
    assert english, rule.example  # the example is read at all
    assert extract_focus_time(text, "2024-05-01", language=code).mentions == english


def test_a_huge_unknown_code_is_named_in_a_short_message() -> None:
    # a text passed as the language by mistake: the message shows its first 20 characters
    with pytest.raises(ValueError) as info:
        check_language("x" * 1_000_000)
    assert str(info.value).startswith("unknown language '" + "x" * 20 + "…': use one of en, de")
    assert len(str(info.value)) < 200
