#!/usr/bin/env bash
# The JSON Schemas in schemas/ are exactly what `clustersim schema` generates from the parsers' declarations (so they
# cannot drift), and every shipped scenario, sweep and platform file validates against its schema. Needs Python's
# jsonschema (Debian python3-jsonschema, installed by scripts/setup.sh); exits 77 (skipped) without it.
source "$(dirname "$0")/harness.sh"
python3 -c "import jsonschema" 2>/dev/null || { echo "SKIP: python3-jsonschema is not installed"; exit 77; }
"$exe" schema all --out "$tmp"
for k in scenario sweep platform; do
  cmp -s "$tmp/$k.schema.json" "schemas/$k.schema.json" ||
    fail "schemas/$k.schema.json is stale: regenerate with \`clustersim schema all --out schemas\`"
done
python3 - "$tmp" <<'PY'
import glob, json, sys
from jsonschema import Draft202012Validator
schemas = {k: Draft202012Validator(json.load(open(f"{sys.argv[1]}/{k}.schema.json")))
           for k in ("scenario", "sweep", "platform")}
for s in schemas.values():
    Draft202012Validator.check_schema(s.schema)
files = {"platform": [f for f in glob.glob("platforms/*.json")]}
for f in sorted(glob.glob("scenarios/**/*.json", recursive=True)):
    j = json.load(open(f))
    kind = "scenario" if "model" in j else "sweep" if "scenario" in j else None
    if kind:
        files.setdefault(kind, []).append(f)
bad, count = [], {}
for kind, paths in files.items():
    for f in paths:
        count[kind] = count.get(kind, 0) + 1
        for e in schemas[kind].iter_errors(json.load(open(f))):
            bad.append(f"{f}: /{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
# The schemas must also refuse: a typo in a scenario, a platform number without its source.
s = json.load(open("scenarios/speculative_read/case1.json")); s["params"]["mehtod"] = "FR"
assert not schemas["scenario"].is_valid(s), "a misspelt parameter must not validate"
p = json.load(open("platforms/000_yi2002_sun.json")); p["hosts"][0]["speed"] = 1e9
assert not schemas["platform"].is_valid(p), "a platform number without a source must not validate"
if bad:
    print("\n".join(bad)); sys.exit(1)
assert count.get("scenario", 0) >= 20 and count.get("sweep", 0) >= 5 and count.get("platform", 0) >= 5, count
print("schemas: ok", count)
PY
