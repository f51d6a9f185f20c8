"""TimeML conventions of news read in every language (issue 35): the present/past/future
adjectives and phrases (TIMEX3 PRESENT_REF/PAST_REF/FUTURE_REF), a clock time in UTC/GMT ending
in "Z", a part of the day written before its weekday, and centuries named from the reference.

The sentences are new (not from any annotated corpus). Values are computed by hand against the
reference date 2024-05-15, a Wednesday: "el pasado martes" is the day before, a bare "viernes" the
nearest Friday (two days ahead), "el jueves venidero" the next Thursday, "este siglo" the 2000s
("20", as TimeML writes a century).
"""

from __future__ import annotations

import pytest

from ragas_temporal.focus_time import extract_focus_time

REF = "2024-05-15"  # a Wednesday


def read(text: str, language: str) -> list[tuple[str, str | None]]:
    return [(m.text, m.value) for m in extract_focus_time(text, REF, language).mentions]


CASES = [
    # adjectives of the present and the recent past, wherever they stand
    ("es", "La actual directora del museo habló.", [("actual", "PRESENT_REF")]),
    ("es", "Los actuales socios votaron.", [("actuales", "PRESENT_REF")]),
    ("es", "La reciente reforma subió los precios.", [("reciente", "PAST_REF")]),
    # adjectives of the future and the past only before a noun (ref_before_noun)
    ("es", "Las próximas obras costarán más.", [("próximas", "FUTURE_REF")]),
    ("es", "El pueblo está próximo a la costa.", []),
    ("es", "Cambió en la pasada legislatura.", [("la pasada", "PAST_REF")]),
    ("es", "Construirán el futuro hospital.", [("el futuro", "FUTURE_REF")]),
    ("es", "El futuro de la empresa es incierto.", []),
    # before a date word, the date's own rule reads it
    ("es", "Llegó el pasado martes.", [("pasado martes", "2024-05-14")]),
    ("es", "En el pasado mes cayeron.", [("el pasado mes", "2024-04")]),
    ("es", "Es lo mejor del pasado.", [("del pasado", "PAST_REF")]),
    # "hoy" as nowadays; "entonces" only in its phrases; "pronto" is not annotated
    ("es", "Hoy por hoy nadie lo sabe.", [("Hoy por hoy", "PRESENT_REF")]),
    ("es", "La hoy desaparecida fábrica cerró en 1990.", [("La hoy", "PRESENT_REF"), ("1990", "1990")]),
    ("es", "Desde entonces vive en Quito.", [("Desde entonces", "PAST_REF")]),
    ("es", "Y entonces se fue.", []),
    ("es", "Hasta el momento no hay acuerdo.", [("Hasta el momento", "PRESENT_REF")]),
    ("es", "Lo verán pronto.", []),
    # a clock time in UTC/GMT ends in Z, in English and in the language's clock rules; local
    # time and other zones are written without one
    ("es", "Aterrizó a las 9.15 hora local (14.15 GMT).",
     [("las 9.15 hora local", "2024-05-15T09:15"), ("14.15 GMT", "2024-05-15T14:15Z")]),
    ("en", "The launch is at 09:30 UTC.", [("09:30 UTC", "2024-05-15T09:30Z")]),
    ("en", "They met at 0930 GMT.", [("0930 GMT", "2024-05-15T09:30Z")]),
    ("en", "They met at 9:30 EST.", [("9:30 EST", "2024-05-15T09:30")]),
    # a part of the day before its weekday; "venidero" moves forward; this century
    ("es", "Cerrado hasta la tarde del viernes.", [("tarde del viernes", "2024-05-17TAF")]),
    ("es", "Volverán el jueves venidero.", [("jueves venidero", "2024-05-16")]),
    ("es", "Es la mayor crisis de este siglo.", [("este siglo", "20")]),
    # one word for a day and its part; a word for the day of the month; decades; the current year
    ("es", "El equipo perdió anoche en casa.", [("anoche", "2024-05-14TNI")]),
    ("es", "La huelga empezará el primero de junio.", [("primero de junio", "2024-06-01")]),
    ("es", "Nació el uno de marzo.", [("uno de marzo", "2024-03-01")]),
    ("es", "En el primer trimestre de 2019 bajó.", [("primer trimestre de 2019", "2019-Q1")]),
    ("es", "Fue una moda de los años 60.", [("los años 60", "196")]),
    ("es", "Creció durante la década de los ochenta.", [("la década de los ochenta", "198")]),
    ("es", "Los precios subieron en el año en curso.", [("el año en curso", "2024")]),
    # a weekday moved by the sentence's tense (tense_cues), not the reference's own weekday nor
    # one beside "hoy"/"mañana"; without a cue the nearest (Friday is two days ahead)
    ("es", "Las medidas serán aprobadas el lunes.", [("lunes", "2024-05-20")]),
    ("es", "Dijo el viernes que no.", [("viernes", "2024-05-10")]),
    ("es", "Habló por teléfono este miércoles.", [("este miércoles", "2024-05-15")]),
    ("es", "Votarán mañana, jueves.", [("mañana", "2024-05-16"), ("jueves", "2024-05-16")]),
    ("es", "El viernes, en Lima.", [("viernes", "2024-05-17")]),
    # an approximation before the number of "hace N años"; a date naming a street; am/pm in words
    ("es", "La disputa empezó hace más de 50 años.", [("hace más de 50 años", "1974")]),
    ("es", "Viven en la Avenida 9 de Julio desde niños.", []),
    ("es", "El acto empieza a las 10 de la mañana.", [("las 10 de la mañana", "2024-05-15T10:00")]),
    ("es", "Cierra a las siete de la tarde.", [("las siete de la tarde", "2024-05-15T19:00")]),
    ("es", "Salió a las 8.15 de la noche.", [("las 8.15 de la noche", "2024-05-15T20:15")]),
    # the first of two days sharing a month, each with its article
    ("es", "La feria abre entre el 7 y el 9 de junio.", [("7", "2024-06-07"), ("9 de junio", "2024-06-09")]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "text", "expected"), CASES)
def test_news_conventions(language, text, expected):
    assert read(text, language) == expected


@pytest.mark.parametrize(
    ("language", "text", "reference", "expected"),
    [
        # written in February: October is eight months ahead, so last October
        ("es", "Los sindicatos lanzaron la propuesta en octubre.", "2024-02-15", [("octubre", "2023-10")]),
        # written in December: 4 January is eleven months back, so next January
        ("es", "La muestra estará abierta hasta el 4 de enero.", "2024-12-02", [("4 de enero", "2025-01-04")]),
        # written in November: March is eight months back, still this year's
        ("pt", "A empresa foi vendida em março.", "2024-11-02", [("março", "2024-03")]),
        # a month five months ahead stays this year's
        ("fr", "Le musée rouvrira en octobre.", "2024-05-15", [("octobre", "2024-10")]),
        # three to nine months away the tense decides: written in May, a past-tense October is last October
        ("es", "La empresa cerró en octubre.", "2024-05-15", [("octubre", "2023-10")]),
    ],
)
def test_a_day_or_month_of_news_takes_the_year_near_the_moment_of_writing(language, text, reference, expected):
    assert [(m.text, m.value) for m in extract_focus_time(text, reference, language).mentions] == expected
