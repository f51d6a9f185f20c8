"""``import ragas_temporal`` and one extraction stay light: no heavy package, no regex analysis."""

from __future__ import annotations

import json
import subprocess
import sys

#: Imported only when a metric, a frame or an engine is used (issue 28).
HEAVY = ("ragas", "langchain_core", "langchain", "pandas", "pyspark", "ray", "dateparser", "datefinder")

_PROBE = """
import json, sys, warnings
warnings.simplefilter("error", RuntimeWarning)  # a stale scanner table would warn (and derive at import)
import ragas_temporal
after_import = sorted(sys.modules)
from ragas_temporal.focus_time import patterns
ft = ragas_temporal.extract_focus_time("The war ended on 3 May 1945.")
print(json.dumps({
    "import": after_import,
    "extract": sorted(sys.modules),
    "years": sorted(ft.years),
    "full_scanner_compiled": "SCANNER" in vars(patterns),
}))
"""


def _probe() -> dict:
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_import_and_one_extraction_leave_heavy_packages_and_the_regex_analysis_out():
    found = _probe()
    assert found["years"] == [1945]
    for stage in ("import", "extract"):
        loaded = set(found[stage])
        heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY)
        assert heavy == [], f"{stage} imported {heavy}"
        # the rule regexes are analysed when the tables are generated, never at import
        assert "ragas_temporal.focus_time.regex_analysis" not in loaded
        assert "sre_parse" not in loaded
    assert found["full_scanner_compiled"] is False  # the full alternation is for tests only
