"""Words that decide whether a four-digit number is a year, a count, an amount or a name.

The lists the context rules (``context_rules.year_rejection``) read, written once here. They
generalise: a count is recognised by the kind of noun it counts ("2000 workers", "1850
horsepower"), a year by the kind of noun that takes a year ("the 2019 elections", "the 2004 and
2005 seasons", "a 1995 film"), not by any plural or by a neighbouring bracket.

>>> "workers" in COUNTED_NOUNS, "elections" in YEAR_NOUNS, "horsepower" in UNITS_AFTER
(True, True, True)
"""

from __future__ import annotations

import unicodedata


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _plurals(text: str) -> frozenset[str]:
    """The regular plural of each word ("worker" -> "workers", "census" -> "censuses")."""
    return frozenset(w + "es" if w.endswith(("s", "sh", "ch", "x")) else w + "s" for w in text.split())


def _with_plurals(text: str) -> frozenset[str]:
    """Each word and its regular plural ("season" -> "seasons", "census" -> "censuses")."""
    return _words(text) | _plurals(text)


#: Words just before a number that make it an identifier: "Room 2045", "Flight 1549", "page 1203".
ID_WORDS_BEFORE = _words(
    "room rm suite ste apt apartment flat unit no no. nos nr nr. num number # flight route rte highway hwy "
    "interstate box po ext ext. extension page pages p p. pp pp. nos. platform gate bus line version ver ver. v. "
    "model build type code pin id zip tel tel. telephone phone fax call dial mobile cell score № n° nº"
)
#: Currency words and signs just before a number: an amount ("USD 1999", "Rs 1500"). Any currency
#: sign of any script ("₹2000", "₽", "R$ 1999") is one too: ``is_currency_sign``.
CURRENCY_BEFORE = _words("usd eur gbp inr rs rs. aud cad nzd sgd hkd jpy yen cny rmb chf us$ $ € £ ¥")
#: Currency codes and abbreviations written after an amount, in every script ("2000 руб.", "2000 zł",
#: "1999 TL", "500 EUR"), read by the other languages' tables (any currency sign counts too).
CURRENCY_AFTER = CURRENCY_BEFORE | _words(
    "rub pln try tl ytl zł zl руб р грн uah lei ron лв bgn kč czk ft huf kr sek nok dkk ₺ dh mad "
    "rupees रु रुपए रुपये ريال دولار جنيه درهم دينار ليرة يورو"
)
#: Percent and per-mille signs of every script: "2008%", "٢٠٠٨٪" (Arabic), "2008％" (full width).
PERCENT_SIGNS = "%٪％‰‱"


def is_currency_sign(char: str) -> bool:
    """Is ``char`` a currency sign of any script (Unicode category Sc: "$", "₹", "₽", "₺", "₩")?

    >>> is_currency_sign("₹"), is_currency_sign("₽"), is_currency_sign("%"), is_currency_sign("")
    (True, True, False, False)
    """
    return len(char) == 1 and unicodedata.category(char) == "Sc"


#: Words just before a number that make it a quantity: "more than 2000", "nearly 1500 ...". (Not
#: "about", "around", "over": they also precede years; a counted noun after decides those.)
QUANTITY_BEFORE = _words("than nearly approximately approx approx. almost roughly additional another extra top")
#: Determiners before a number that is not round make it a year even before a counted noun:
#: "the 2012 athletes", "his 1962 books" (but "its 1300 employees", "the 2000 soldiers": counts).
DEFINITE_BEFORE = _words("the his her its their our my your whose this that these those")
#: Money after "in" is a price level, so the number is a year: "in 2021 pounds", "in 2010 dollars".
MONEY_AFTER = _words("dollars pounds euros yen francs rupees yuan pesos marks shillings")
#: Nouns of amount in "a ... of N": the number is that amount ("a population of 1850", "a total of
#: 1700", "a crowd of 2000"); "the population of 1850" may be a year and is left alone.
COUNT_HEADS = _words(
    "population total crowd attendance capacity audience membership workforce enrollment enrolment "
    "garrison fleet sum maximum minimum average depth height length width distance weight"
)
#: Words before "than" that make the number after it a date: "no later than 2019".
TIME_COMPARATIVES = _words("later earlier sooner")
#: Circa marks before a year: "c. 570", "ca. 1500", "circa 800". Not "around" or "about": in
#: prose they mostly open a count ("around 300 people": 20 of the 21 "around N" of the wiki dev set).
CIRCA_MARKS = ("c.", "ca.", "circa", "Circa")
#: Regnal, floruit and life marks before a year or a range: "r. 871–899", "reigned 786–809",
#: "fl. 700", "floruit 1150", "d. 632", "b. 570" (lower case: "Vitamin D. 500" is not one).
REGNAL_MARKS = ("r.", "reigned", "fl.", "floruit", "d.", "b.")
#: Words before a short number that may date it ("in 476", "By 410"): a year only when the
#: paragraph is dated in the same era or the number has three digits (``context_rules``).
IN_YEAR_WORDS = ("in", "In", "by", "By")
#: Words of approximation before a three-digit number: a circa mark ("around 610", "about 162")
#: only in a paragraph dated before AD 1000 (``interpret.years.in_year``); elsewhere they open a
#: count ("about 600 soldiers", "around 500 km": 21 of the 22 "around/about NNN" of the wiki dev
#: paragraphs, the 22nd "around 500 BCE", read by its era word).
APPROXIMATE_WORDS = ("around", "Around", "about", "About")
#: Pronouns after "N of" that make N a part of a whole ("250 of them", "120 of whom"), as a
#: determiner does ("300 of the monks").
PART_OF_PRONOUNS = _words("them us you whom which these those all each both")
#: Verbs and nouns of rule that date a "from N to M" range in their sentence ("ruled China from
#: 618 to 907"): the range is a reign, not an amount.
REIGN_WORDS = _words("reigned ruled reign rule ruling reigning governed dynasty empire kingdom caliphate")
#: Words before a number that make it a year even when a counted noun follows ("In 2000 people ...").
YEAR_CUE_BEFORE = frozenset(CIRCA_MARKS) | _words(
    "in since until till during year early late mid spring summer autumn fall winter throughout "
    # a determiner or a count before the number: it modifies a noun, so it is not itself the count
    # ("a 2019 study", "two 1967 concerts")
    "a an two three four five six seven eight nine ten several both"
)
#: Weaker cues: a year before an ordinary plural ("from 2019 prices rose"), but a counted noun
#: after them is still counted ("a crowd of 2000 people", "won by 1500 votes").
WEAK_YEAR_CUE_BEFORE = _words("by before after from of to between through")
#: Weak cues that open a sentence are strong: "By 1900 cars were common" ("won by 1500 votes" is not).
OPENING_YEAR_CUES = _words("by before after")
#: Units and measures after a number: always an amount ("1850 horsepower", "2000 km", "1500 MW").
UNITS_AFTER = _words(
    "% percent per pct ° degrees degree km kms m mm cm kg kgs g mg lb lbs oz t mi ft yd yds mph kph kmh "
    "miles mile kilometres kilometers metres meters feet foot inches tons tonnes pounds dollars euros "
    "km/h hp bhp horsepower kw kwh mw w v gb mb kb tb ghz mhz hz cc ml l sq acres acre hectares ha calories "
    "kcal psi rpm dpi px pixels times x bn billion million thousand crore lakh yards metres sq. cubic "
    "rupees yuan francs pesos shillings"
) | frozenset(PERCENT_SIGNS)
#: Words after "per" that make it "according to", not a rate, after a year with a strong cue
#: ("in 2019 per the report", "in 2019 per Reuters", "in 2019 per official data"; a determiner or a
#: capitalised name there does too), and "capita" as an adjective ("In 2020 per capita income
#: rose"). "2000 per month", "1500 per person", "in 2018 per cent" stay rates.
PER_SOURCE_WORDS = _with_plurals(
    "report source filing record estimate figure statistic survey study document account release "
    "statement analysis official website database"
) | _words("capita data census police according")
#: Nouns that are counted, in the plural (a count above one needs it: "the 1993 book" is a year):
#: a number right before one is a count ("2000 workers"), unless a year cue precedes it ("In 2000
#: workers struck") or a definite determiner precedes a number that is not round ("the 2012 athletes").
COUNTED_NOUNS = _words(
    "people men women children kids staff police personnel cattle sheep feet teeth geese mice folk"
) | _plurals(
    "worker employee student pupil soldier troop officer member resident inhabitant citizen voter "
    "vote seat room bed point copy unit household family home house vehicle car truck aircraft plane ship "
    "boat tank gun rifle casualty death victim prisoner refugee fan spectator visitor tourist attendee "
    "participant delegate player athlete runner competitor entry submission page word line signature "
    "volunteer supporter follower subscriber customer user patient case infection job position post "
    "barrel share head animal bird tree specimen species item piece book "
    "volume title sample respondent subject individual teacher doctor nurse worker miner "
    "farmer settler immigrant emigrant migrant slave servant sailor marine airman pilot crew guest "
    "attendance delegate building dwelling apartment store shop school branch outlet site station "
    "megawatt kilowatt watt calorie step meter metre kilometer kilometre inch "
    "valve gallon litre liter barrel ballot signature"
)
#: Nouns that take a year: a number right before one is a year ("the 2019 elections", "two 1967
#: concerts", "the 2004 and 2005 seasons", "a 1995 film").
YEAR_NOUNS = _with_plurals(
    "election season game olympic olympics playoff championship census budget film movie model protest "
    "concert tour cup series race tournament final semifinal event edition campaign draft session "
    "conference summit congress festival exhibition fair show award prize ceremony general local primary "
    "presidential parliamentary legislative midterm referendum by-election riot uprising revolution war "
    "crisis earthquake flood hurricane storm attack bombing invasion coup strike act law treaty accord "
    "agreement reform plan report survey study album single record song recording release version vintage "
    "graduate class cohort intake debut world european asian african pan commonwealth summer winter "
    "spring autumn fall nba nfl nhl mlb fifa uefa icc grand prix open masters marathon regatta derby "
    "rally draft budgetary fiscal annual general-election assembly meeting elections"
)
#: Measures glued by a hyphen after a number: "2000-strong", "1500-page", "1000-year" (a count).
HYPHEN_MEASURES = _with_plurals(
    "year yr month week day hour minute strong page mile seat acre foot feet meter metre word member "
    "pound ton tonne km kilometer kilometre square room bed point man person odd"
)
#: Street words: "1600 Pennsylvania Avenue" is an address.
STREET_WORDS = _words("Street St Avenue Ave Road Rd Boulevard Blvd Lane Ln Drive Dr Way Place Court Ct")
#: Indefinite articles: "a population of 1850" is an amount, "the population of 1850" may be the year's.
INDEFINITE_BEFORE = _words("a an")

# Words that may stand right before a clock time written "H:MM" ("at 3:16", "Monday 10:30", "By
# 9:45"); any other capitalised word there names a passage ("John 3:16", "Psalm 23:4", "Surah 2:255").
CLOCK_WORDS_BEFORE = _words(
    "at by from until till to around about before after since between and or circa approximately "
    "approx. roughly nearly almost noon midnight morning evening night afternoon today tomorrow yesterday "
    "tonight on"
)
#: Words after a number that make it part of a name, not a year: "the Russell 2000 index".
NAME_WORDS_AFTER = _words("index indices")
#: Words ending in "s" that are not plural nouns (verbs, adverbs): "2000 marks the end", "1900 remains".
NOT_PLURALS = _words(
    "is was has as his its this thus us yes always perhaps whereas towards afterwards besides less unless "
    "across plus does goes says gets makes sees takes comes becomes remains seems means marks "
    "continues begins ends starts opens closes saw sees allows follows holds shows sets puts"
)
