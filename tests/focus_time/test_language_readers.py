"""Every language reaches the readers English has (issue 35): days and months without a year,
weekdays, parts of a day, clock times, parts of a month, seasons, quarters and the now/recently
words, read by translating the language's words to the English table's (``languages.table``).

The sentences are new (not from any annotated corpus). Every value is computed by hand against
the reference date 2024-05-15, a Wednesday, the TimeML way: a day or month without a year takes
the year of the last date written before it, else the reference's; a bare weekday is the nearest
one (up to two days ahead, else the past week's); "last"/"next" move to the previous/next week.
"""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time import extract_focus_time

REF = "2024-05-15"  # a Wednesday


def read(text: str, language: str) -> list[tuple[str, str | None]]:
    """The (text, value) of each mention of ``text`` read in ``language`` against ``REF``."""
    return [(m.text, m.value) for m in extract_focus_time(text, REF, language).mentions]


CASES = [
    # a day or month without a year: the reference's year (no date written before)
    ("de", "Das Treffen ist am 7. Oktober.", [("7. Oktober", "2024-10-07")]),
    ("de", "Im Juni 1815 zog er nach Belgien, am 18. Juni kam es zur Schlacht.", [("Juni 1815", "1815-06"), ("18. Juni", "1815-06-18")]),
    ("de", "Die Arbeiten enden Mitte Juli.", [("Mitte Juli", "2024-07")]),
    ("de", "Am 3. und 4. Juni 1815 regnete es.", [("3.", "1815-06-03"), ("4. Juni 1815", "1815-06-04")]),
    ("es", "La boda será el 21 de septiembre.", [("21 de septiembre", "2024-09-21")]),
    ("es", "A finales de agosto cerramos.", [("finales de agosto", "2024-08")]),
    ("es", "Nos vemos el 3 y 4 de junio.", [("3", "2024-06-03"), ("4 de junio", "2024-06-04")]),
    ("fr", "Le vote aura lieu le 14 juillet.", [("14 juillet", "2024-07-14")]),
    ("fr", "Les soldes commencent début janvier.", [("début janvier", "2024-01")]),
    ("pt", "A reunião será em 2 de setembro.", [("2 de setembro", "2024-09-02")]),
    ("pt", "Em meados de outubro.", [("meados de outubro", "2024-10")]),
    ("pl", "Spotkanie odbędzie się 5 listopada.", [("5 listopada", "2024-11-05")]),
    ("pl", "W lipcu było gorąco.", [("lipcu", "2023-07")]),  # past tense: last July, as "It was hot in July"
    ("it", "La festa è il 2 giugno.", [("2 giugno", "2024-06-02")]),
    ("nl", "Het concert is op 9 augustus.", [("9 augustus", "2024-08-09")]),
    # weekdays: bare is the nearest (Monday: two days back), last/next the week before/after
    ("de", "Wir kommen nächsten Freitag.", [("nächsten Freitag", "2024-05-17")]),
    ("de", "Er kam am Montag.", [("Montag", "2024-05-13")]),
    ("es", "Llegaron el jueves pasado.", [("jueves pasado", "2024-05-09")]),
    ("es", "Volverá el próximo martes.", [("próximo martes", "2024-05-21")]),
    ("fr", "Il est arrivé mardi dernier.", [("mardi dernier", "2024-05-14")]),
    ("fr", "Rendez-vous vendredi 17 mai.", [("vendredi 17 mai", "2024-05-17")]),
    ("pt", "Ele chegou na segunda-feira.", [("segunda-feira", "2024-05-13")]),
    ("pl", "Przyjechał w poniedziałek.", [("poniedziałek", "2024-05-13")]),
    # parts of a day after a relative day or "this"
    ("de", "Sie rief gestern Abend an.", [("gestern Abend", "2024-05-14TEV")]),
    ("es", "Ayer por la tarde llovió.", [("Ayer por la tarde", "2024-05-14TAF")]),
    ("fr", "Ce matin, il pleuvait.", [("Ce matin", "2024-05-15TMO")]),
    ("pt", "Ontem à noite choveu.", [("Ontem à noite", "2024-05-14TNI")]),
    ("pl", "Dziś rano padał deszcz.", [("Dziś rano", "2024-05-15TMO")]),
    # clock times: on the reference day when no date comes before
    ("de", "Der Zug fährt um 18.45 Uhr.", [("um 18.45 Uhr", "2024-05-15T18:45")]),
    ("es", "El concierto empieza a las 20.30 horas.", [("las 20.30 horas", "2024-05-15T20:30")]),
    ("fr", "Le train part à 7 h 15.", [("7 h 15", "2024-05-15T07:15")]),
    ("pt", "A loja abre às 9.30 horas.", [("às 9.30 horas", "2024-05-15T09:30")]),
    ("pl", "Pociąg odjeżdża o godz. 14.20.", [("godz. 14.20", "2024-05-15T14:20")]),
    # seasons and quarters
    ("de", "Im Herbst 1813 zog das Heer ab.", [("Herbst 1813", "1813-FA")]),
    ("de", "Der Umsatz stieg im zweiten Quartal 2019.", [("zweiten Quartal 2019", "2019-Q2")]),
    ("pt", "O lucro subiu no segundo trimestre de 2010.", [("segundo trimestre de 2010", "2010-Q2")]),
    ("es", "Las ventas cayeron en el segundo trimestre de 2011.", [("segundo trimestre de 2011", "2011-Q2")]),
    # now / recently / soon (TIMEX3 *_REF)
    ("de", "Jetzt ist es zu spät.", [("Jetzt", "PRESENT_REF")]),
    ("es", "Ahora vivimos en Lima.", [("Ahora", "PRESENT_REF")]),
    ("fr", "Actuellement, le musée est fermé.", [("Actuellement", "PRESENT_REF")]),
    ("pt", "Recentemente abriu uma loja.", [("Recentemente", "PAST_REF")]),
]



CASES += [  # a word is read by its sense
        # German "morgen" is tomorrow; the capitalised noun after an article is the morning
        ("de", "Wir sehen uns morgen.", [("morgen", "2024-05-16")]),
        ("de", "Wir sehen uns am Morgen.", []),
        ("de", "Er kam heute Morgen.", [("heute Morgen", "2024-05-15TMO")]),
        # French "été" is the participle of "être"; the summer has its article
        ("fr", "Il a été malade.", []),
        ("fr", "Il est parti l'été dernier.", [("l'été dernier", "2023-SU")]),
        # German years before a name or a noun that is no round count; counts stay counts
        ("de", "Napoleon verkaufte 1803 Louisiana.", [("1803", "1803")]),
        ("de", "Schon 1917 Meutereien, 1919 Frieden.", [("1917", "1917")]),
        ("de", "Die Flotte hatte 1370 Boote.", []),
        ("de", "Das Land hatte 1850 Schulen.", []),
        ("de", "Der Verein zählt 1234 Mitglieder.", []),
]  # fmt: skip


def test_today_in_a_narrative_decades_away_is_nowadays():
    # 1815 is far from 2024: "heute" is nowadays, and "am 20. Juni" continues 1815
    text = "Am 18. Juni 1815 siegten die Alliierten. Heute ist Waterloo ein Museum. Am 20. Juni zogen sie ab."
    got = read(text, "de")
    assert got == [("18. Juni 1815", "1815-06-18"), ("Heute", "PRESENT_REF"), ("20. Juni", "1815-06-20")]
    # in news of the same year, "heute" is the reference day
    got = read("Am 2. Mai 2024 begann es. Heute endet es.", "de")
    assert got == [("2. Mai 2024", "2024-05-02"), ("Heute", "2024-05-15")]


CASES += [  # phrases counted from the text or the reference
        # counted from the last date written: 3 May 1941 + 2 days, + 1 day, the next year
        ("de", "Am 3. Mai 1941 fiel die Stadt. Zwei Tage später kam der Befehl, am nächsten Tag der Abzug.",
         [("3. Mai 1941", "1941-05-03"), ("Zwei Tage später", "1941-05-05"), ("am nächsten Tag", "1941-05-06")]),
        ("de", "Im Mai 1920 begann es, im folgenden Jahr endete es am 4. Juni.",
         [("Mai 1920", "1920-05"), ("im folgenden Jahr", "1921"), ("4. Juni", "1921-06-04")]),
        ("es", "El 3 de mayo de 1941 cayó la ciudad y al día siguiente llegó la orden.",
         [("3 de mayo de 1941", "1941-05-03"), ("al día siguiente", "1941-05-04")]),
        ("fr", "Le 3 mai 1941, la ville tomba; le lendemain, l'ordre arriva.",
         [("3 mai 1941", "1941-05-03"), ("le lendemain", "1941-05-04")]),
        # "el pasado"/"el próximo" before a day and month: the last/next one around 2024-05-15
        ("es", "Asumió el pasado 10 de diciembre.", [("pasado 10 de diciembre", "2023-12-10")]),
        ("es", "Dictará sentencia el próximo 15 de marzo.", [("próximo 15 de marzo", "2025-03-15")]),
        ("fr", "Il est parti le 11 septembre dernier.", [("11 septembre dernier", "2023-09-11")]),
        ("fr", "Il est parti en septembre dernier.", [("septembre dernier", "2023-09")]),
        # a bare year near the reference is news of the writing time: 3 January takes 2024
        ("es", "Gobernó desde 2019; el 3 de enero dimitió.", [("2019", "2019"), ("3 de enero", "2024-01-03")]),
        # relative phrases beside dateparser's
        ("es", "Lo vendió el pasado año.", [("el pasado año", "2023")]),
]  # fmt: skip


def test_a_capitalised_month_inside_a_sentence_is_a_name_where_months_are_lower_case():
    text = "Marcin Grudzień przyjechał w grudniu. Grudzień był zimny."
    # the surname is no month; the sentence's first word is; both sentences are in the past
    # tense, so December is the last one before May 2024 (as English reads "arrived in December")
    got = read(text, "pl")
    assert got == [("grudniu", "2023-12"), ("Grudzień", "2023-12")]


def test_a_clock_time_in_news_is_on_the_reference_day_after_a_bare_year():
    # 2020 is within ten years of 2024: news of the writing time, so 9:30 is on 15 May 2024
    got = read("Desde 2020 cierra a las 9.30 horas.", "es")
    assert got == [("2020", "2020"), ("las 9.30 horas", "2024-05-15T09:30")]


CASES += [  # a part of a day before its date: the day with its part (TIMEX3 T + MO/NI)
    ("de", "Im Juni 1944 kamen sie, am Morgen des 6. Juni.", [("Juni 1944", "1944-06"), ("Morgen des 6. Juni", "1944-06-06TMO")]),
    ("es", "La noche del 9 de julio de 1816.", [("noche del 9 de julio de 1816", "1816-07-09TNI")]),
]  # fmt: skip
CASES += [  # quarters of financial news
        # the latest quarter finished before 15 May 2024 is the first of 2024
        ("pt", "As vendas caíram no último trimestre.", [("último trimestre", "2024-Q1")]),
        # a quarter of a year named relative to the reference
        ("pt", "No terceiro trimestre do ano passado subiu.", [("terceiro trimestre do ano passado", "2023-Q3")]),
        ("es", "En el tercer trimestre del año pasado bajó.", [("tercer trimestre del año pasado", "2023-Q3")]),
        # a year ago, the same period last year and "no trimestre" in a report on a quarter: the
        # quarter named last (Q2 2024, the reference's year), a year before it for the comparisons
        ("pt", "O lucro do segundo trimestre subiu para 8 milhões de euros, face a 6 milhões há um ano.",
         [("segundo trimestre", "2024-Q2"), ("há um ano", "2023-Q2")]),
        ("pt", "A empresa apresentou as contas do primeiro trimestre. No trimestre, as receitas caíram face ao período homólogo do ano anterior.",
         [("primeiro trimestre", "2024-Q1"), ("trimestre", "2024-Q1"), ("período homólogo do ano anterior", "2023-Q1")]),
        # no quarter named: the year before the reference; "por/um trimestre" is no date
        ("pt", "As exportações subiram 5% face ao mesmo período do ano passado; há um ano caíam.",
         [("mesmo período do ano passado", "2023"), ("há um ano", "2023")]),
        ("pt", "Pagam dividendos por trimestre, e um trimestre chega.", []),
        # the same period with a year written: that quarter of that year, else that year
        ("pt", "O lucro do segundo trimestre caiu; no trimestre correspondente de 2019 subiu.",
         [("segundo trimestre", "2024-Q2"), ("trimestre correspondente de 2019", "2019-Q2")]),
        ("pt", "No mesmo período de 2018 houve cheias.", [("mesmo período de 2018", "2018")]),
        # a month of a year named relative to the reference; the month after the last date; "há quase N anos"
        ("pt", "Em junho do ano passado casou; em janeiro deste ano mudou-se.",
         [("junho do ano passado", "2023-06"), ("janeiro deste ano", "2024-01")]),
        ("pt", "Em março de 2020 abriu; no mês seguinte fechou. Há quase três anos.",
         [("março de 2020", "2020-03"), ("no mês seguinte", "2020-04"), ("Há quase três anos", "2021")]),
        # "o ano anterior" of a report is the prior year (the reference's); "neste ano", "ano em curso"
        # this year; "últimos anos", "próximos trimestres" TimeML's PAST_REF and FUTURE_REF
        ("pt", "A receita subiu 4% em relação ao ano anterior. Neste ano, no ano em curso, nos últimos anos, nos próximos trimestres.",
         [("ano anterior", "2023"), ("Neste ano", "2024"), ("ano em curso", "2024"), ("últimos anos", "PAST_REF"),
          ("próximos trimestres", "FUTURE_REF")]),
        # "do ano passado" after "final" is last year's end, not this year's
        ("pt", "No final do ano passado e no início do ano que vem; há vários anos; nos últimos meses.",
         [("ano passado", "2023"), ("ano que vem", "2025"), ("há vários anos", "PAST_REF"), ("últimos meses", "PAST_REF")]),
]  # fmt: skip


CASES += [  # centuries and eras
        # the Nth century is (N-1)00-(N-1)99: TIMEX3 "17" for the 18th; BC years and centuries
        ("de", "Im 18. Jahrhundert und 499 v. Chr.", [("18. Jahrhundert", "17"), ("499 v. Chr.", "BC0499")]),
        ("es", "En el siglo XX.", [("siglo XX", "19")]),
        ("fr", "Au XIXe siècle.", [("XIXe siècle", "18")]),
        ("pl", "W XX wieku.", [("XX wieku", "19")]),
        ("pt", "No século XIX e em 44 a.C.", [("século XIX", "18"), ("44 a.C.", "BC0044")]),
]  # fmt: skip


def test_today_after_a_bare_year_decades_away_stays_the_reference_day():
    # an essay recalling a year (no day or month in it) is written today: "dziś" is 15 May 2024
    got = read("W 1992 roku było inaczej, dziś jest spokój.", "pl")
    assert got == [("1992 roku", "1992"), ("dziś", "2024-05-15")]


def test_polish_day_with_an_ordinal_dot_and_last_saturday():
    # 15 May 2024 is a Wednesday: the last Saturday before it is 11 May
    got = read("7. maja zmarł, a w minioną sobotę go pochowano.", "pl")
    assert got == [("7. maja", "2024-05-07"), ("minioną sobotę", "2024-05-11")]


@pytest.mark.parametrize(("language", "text", "expected"), CASES)
def test_language_reaches_the_english_readers(language, text, expected):
    assert read(text, language) == expected


# Polish on KPWr's shapes (issue 35), new sentences: against REF, Wednesday 2024-05-15
POLISH = [
    ("Relacja z wczorajszego koncertu.", [("wczorajszego", "2024-05-14")]),
    ("Program dzisiejszej sesji.", [("dzisiejszej", "2024-05-15")]),
    ("Wyniki tegorocznej edycji.", [("tegorocznej", "2024")]),
    ("Jak mowilem, dzis nic nie bedzie.", [("dzis", "2024-05-15")]),
    ("Zawody rozegramy 3-4.08.2024r. w hali.", [("3", "2024-08-03"), ("4.08.2024r.", "2024-08-04")]),
    ("Start: piątek, 9.08.2024 r. godz. 17.30 przy ratuszu.", [("piątek, 9.08.2024 r. godz. 17.30", "2024-08-09T17:30")]),
    ("Koncert zacznie się 12 czerwca o godz. 19 w parku.", [("12 czerwca o godz. 19", "2024-06-12T19:00")]),
    ("Biuro czynne w godzinach 8.30-16.00.", [("godzinach 8.30", "2024-05-15T08:30"), ("16.00", "2024-05-15T16:00")]),
    ("Zremisowali 2:2, a w drugim meczu przegrali 19:25 w skali 1:87.", []),
    ("Zebranie od 9:00 do 11:00.", [("9:00", "2024-05-15T09:00"), ("11:00", "2024-05-15T11:00")]),
    ("Moda z lat 80-tych XX wieku wraca.", [("lat 80-tych XX wieku", "198")]),
    ("W latach 60. dużo budowano, a lata dziewięćdziesiąte były inne.", [("latach 60.", "196"), ("lata dziewięćdziesiąte", "199")]),
    ("Czekamy do czwartku.", [("czwartku", "2024-05-16")]),
    ("Uczniowie nie maja czasu.", []),
    ("Mieszkam przy ul. 3 Maja w Opolu.", []),
    ("Pisz na adres jan.grudzien@example.pl.", []),
    ("Nabór potrwa do drugiej połowy czerwca.", [("drugiej połowy czerwca", "2024-06-H2")]),
    ("Jeszcze w grudniu prezes zapowiadał zmiany.", [("grudniu", "2023-12")]),
    ("Finał odbędzie się 20 marca.", [("20 marca", "2025-03-20")]),
    # the dots of "godz." and "ul." end no sentence: the past verb after them moves the date
    # (November, six months ahead of the reference, is the last one: else this year's)
    ("Dnia 2 listopada o godz. 17.30 przy ul. Polnej odbyło się zebranie.", [("2 listopada o godz. 17.30", "2023-11-02T17:30")]),
    ("Turniej w dniach 6-7 luty br. w hali.", [("6", "2024-02-06"), ("7 luty", "2024-02-07")]),
    ("W piątek 17 maja wieczorem gramy koncert.", [("piątek 17 maja wieczorem", "2024-05-17TEV")]),
    # "będzie gościło" is a compound future, not the past: next March
    ("Miasto będzie w marcu gościło festiwal.", [("marcu", "2025-03")]),
]


@pytest.mark.parametrize(("text", "expected"), POLISH)
def test_polish_reads_kpwr_shapes(text, expected):
    assert read(text, "pl") == expected


FRENCH_NEWS = [  # French: the sentence's tense, news words of French TimeBank's kind, parts of a day alone
        # a day or month without a year: the last one for a past sentence, the next for a future one
        ("fr", "Il avait signé le 20 novembre.", [("20 novembre", "2023-11-20")]),
        ("fr", "Les travaux seront terminés le 3 mars.", [("3 mars", "2025-03-03")]),
        # "il y a" (there is) and "dernier" (final) say no tense: the reference's year
        ("fr", "Il y a un concert le 20 juin.", [("20 juin", "2024-06-20")]),
        ("fr", "Le dernier concert, le 20 juin.", [("20 juin", "2024-06-20")]),
        # a bare weekday in the direction of a near tense cue (Saturday is 3 days ahead, Friday 2)
        ("fr", "La réunion aura lieu samedi.", [("samedi", "2024-05-18")]),
        ("fr", "Le ministre a démissionné vendredi.", [("vendredi", "2024-05-10")]),
        ("fr", "Le ministre parle vendredi.", [("vendredi", "2024-05-17")]),
        # the plural modifier agrees with two months: June of the last year
        ("fr", "Les élections de mai et juin derniers.", [("mai", "2024-05"), ("juin derniers", "2023-06")]),
        ("fr", "Il est venu l'an dernier.", [("l'an dernier", "2023")]),
        # now / soon / previously words, and their other senses
        ("fr", "Les prix sont désormais fixés.", [("désormais", "PRESENT_REF")]),
        ("fr", "Le prochain sommet aura lieu à Rome.", [("prochain", "FUTURE_REF")]),
        ("fr", "Il reviendra lundi prochain.", [("lundi prochain", "2024-05-20")]),
        ("fr", "Selon le rapport précédent, tout va bien.", [("précédent", "PAST_REF")]),
        ("fr", "Une hausse sans précédent.", []),
        ("fr", "Ils parlent de l'avenir.", [("l'avenir", "FUTURE_REF")]),
        # a season after "d'" names a kind of thing
        ("fr", "Les Jeux d'hiver et les sports d'automne.", []),
        ("fr", "Il neigea beaucoup l'hiver 1954.", [("hiver 1954", "1954-WI")]),
        # a part of the day alone, or after "le lendemain": the last date's day
        ("fr", "Le 2 mai 2024, il a passé la soirée à Lyon.", [("2 mai 2024", "2024-05-02"), ("la soirée", "2024-05-02TEV")]),
        ("fr", "Le 2 mai 2024, il est parti, puis il est revenu le lendemain matin.",
         [("2 mai 2024", "2024-05-02"), ("le lendemain matin", "2024-05-03TMO")]),
        # the night of a weekday (to the next): the first day's night, the last Saturday in a past sentence
        ("fr", "Dans la nuit de samedi à dimanche, un incendie a éclaté.", [("nuit de samedi à dimanche", "2024-05-11TNI")]),
        ("fr", "La nuit du 6 juin 1944 fut longue.", [("nuit du 6 juin 1944", "1944-06-06TNI")]),
        ("es", "La noche del lunes llovió.", [("noche del lunes", "2024-05-13TNI")]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "text", "expected"), FRENCH_NEWS)
def test_french_tense_ref_words_and_parts_of_a_day(language, text, expected):
    assert read(text, language) == expected


# Issue 35, the margins of fr, pt and pl: new sentences of the gold corpora's shapes, against REF
# (Wednesday 2024-05-15)
MARGINS = [
    # pt: "até agora" is "so far" (no present moment); "agora" alone is
    ("pt", "Até agora, as vendas subiram pouco.", []),
    ("pt", "O banco agora cobra mais.", [("agora", "PRESENT_REF")]),
    # a deadline "by the end of the year" in news is the reference's year; a bare "no final do
    # ano" may close a narrative's own year and is not read
    ("pt", "A fusão deve ficar concluída até ao final do ano.", [("até ao final do ano", "2024")]),
    ("pt", "Os cortes chegam até o fim do ano.", [("até o fim do ano", "2024")]),
    ("pt", "No final do ano, mudou-se para Lisboa.", []),
    ("fr", "Le chantier sera achevé d'ici la fin de l'année.", [("d'ici la fin de l'année", "2024")]),
    ("fr", "Les soldes durent jusqu’à la fin de l’année.", [("jusqu’à la fin de l’année", "2024")]),
    # "current" is PRESENT_REF
    ("pt", "O atual diretor recusou a oferta.", [("atual", "PRESENT_REF")]),
    ("pt", "Os preços atuais assustam.", [("atuais", "PRESENT_REF")]),
    ("fr", "La majorité actuelle hésite.", [("actuelle", "PRESENT_REF")]),
    # the latest period of a quarterly report, and the quarter referred to again far on, are the
    # quarter in discussion (2024-Q1: the last one finished before the reference)
    ("pt", "O lucro do primeiro trimestre caiu. As vendas no último período foram fracas.",
     [("primeiro trimestre", "2024-Q1"), ("último período", "2024-Q1")]),
    ("pt", "O lucro do primeiro trimestre caiu." + " A empresa vende sapatos." * 50
     + " O custo subiu no trimestre." + " A fábrica fica no Porto." * 50 + " A dívida caiu durante o trimestre.",
     [("primeiro trimestre", "2024-Q1"), ("trimestre", "2024-Q1"), ("trimestre", "2024-Q1")]),
    # pl: the adjectives of months and seasons name them (lower case; a capitalised one is a name,
    # one glued to a number an age); July is two months ahead: this year's
    ("pl", "Bilety na lipcowy festiwal już są.", [("lipcowy", "2024-07")]),
    ("pl", "Zapisy na obóz letni trwają.", [("letni", "2024-SU")]),
    ("pl", "Rozmawiał z 9-letnim synem.", []),
    ("pl", "Mieszkam przy ul. Majowej.", []),  # after the dot of "ul.": a street
    ("pl", "Ceny w październiku i w listopad 2023 r.", [("październiku", "2024-10"), ("listopad 2023 r.", "2023-11")]),
    # "N units after/before" an event is a span, no date counted from the last one (as English
    # "six years after his victory"); "N units later" alone is
    ("fr", "Cinq ans après sa défaite, il revient.", []),
    ("fr", "Deux jours avant l'élection, il renonce.", []),
    ("fr", "Le 2 mai 2020, il part. Trois jours après, il revient.", [("2 mai 2020", "2020-05-02"), ("Trois jours après", "2020-05-05")]),
    ("pt", "Dez anos depois da fusão, a marca sumiu.", []),
    ("pt", "Em 2010 abriu. Dois anos depois, fechou.", [("2010", "2010"), ("Dois anos depois", "2012")]),
    # fr: a bare weekday in a sentence without tense cues is the coming one up to four days ahead
    # (Saturday +3, Sunday +4), else the past week's (Monday +5); a pronominal passé composé
    # ("s'est noyée") is past
    ("fr", "Rendez-vous est fixé samedi devant la mairie.", [("samedi", "2024-05-18")]),
    ("fr", "Le marché se tient dimanche matin.", [("dimanche matin", "2024-05-19TMO")]),
    ("fr", "Le marché se tient lundi.", [("lundi", "2024-05-13")]),
    ("fr", "Une touriste s'est noyée samedi.", [("samedi", "2024-05-11")]),
    # fr: a year of two digits after a day and month, before punctuation (the century nearest
    # the reference)
    ("fr", "L'accident qui, le 12 mars 87, avait tout changé.", [("12 mars 87", "1987-03-12")]),
    # decades after their words, by number or name, as English "the 1980s"
    ("pt", "Nos anos 60 a cidade cresceu.", [("Nos anos 60", "196")]),
    ("pt", "Os preços subiram durante os anos setenta e na década de 1990.", [("os anos setenta", "197"), ("década de 1990", "199")]),
    ("pt", "Esperou dez anos 20 minutos por dia.", []),
    ("fr", "Dans les années 80, la ville a grandi.", [("Dans les années 80", "198")]),
    ("fr", "La mode des années soixante revient.", [("des années soixante", "196")]),
    # the past plural in "-ili" moves a month six months ahead to the last one
    ("pl", "W listopadowym konkursie zdobyli nagrodę.", [("listopadowym", "2023-11")]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "text", "expected"), MARGINS)
def test_gold_margins_fr_pt_pl(language, text, expected):
    assert read(text, language) == expected
