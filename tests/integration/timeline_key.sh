#!/usr/bin/env bash
# A timeline's key draws each of the model's event kinds as it is drawn on the lanes: a kind with a duration (the
# message log's pwrite) as a bar, a kind of instants (page_sealed) as a point.
source "$(dirname "$0")/harness.sh"
"$exe" run scenarios/msglog/nas.json --set params.bench=sp --set params.class=S --set params.scheme=logging \
  --set params.pages=2 --out "$tmp/run" --plot timeline >/dev/null 2>"$tmp/log" || fail "run: $(tail -3 "$tmp/log")"
python3 - "$tmp/run/timeline.svg" <<'PY' || fail "the key's samples"
import re, sys
svg = open(sys.argv[1]).read()
# gnuplot writes one group per plot: its key text, then its key sample, then its data.
groups = re.split(r'<g id="gnuplot_plot_\d+" >', svg)[1:]
def group(kind):
    return next(g for g in groups if "<text>%s</text>" % kind in g)
assert "gpPt" not in group("pwrite") and 'stroke-width="9.00"' in group("pwrite"), "pwrite must be a bar in the key"
assert "gpPt" in group("page_sealed"), "page_sealed must be a point in the key"
PY
echo "timeline_key: ok"
