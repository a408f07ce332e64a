#!/usr/bin/env bash
# Divergences on `funnel` (dim 10), Stan against the workbench, seed by seed: the counts are heavy-tailed
# (a chain that adapts a step size too large for the neck diverges hundreds of times), so a 3-seed total
# says little. Prints one row per seed and the median over seeds for both tools.
# Usage: bench/funnel-divergences.sh [--seeds N]   (default 10; needs what bench/stan-vs-workbench.sh installs)
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=10
[ "${1:-}" = --seeds ] && seeds="$2"
[ -d bench/target/classes ] || mvn -B -q -Pbench -pl bench -DskipTests package >/dev/null
out=bench/target/stan
mkdir -p "$out"
res="$out/funnel-divergences.jsonl"
: > "$res"
[ -f "$out/compiled/funnel.rds" ] || Rscript bench/stan/run_stan.R funnel 999 "$out" > /dev/null
for s in $(seq 1 "$seeds"); do
  seed=$((20260000 + s))
  Rscript bench/stan/run_stan.R funnel "$seed" "$out" >> "$res"
  java -cp "bench/target/classes:bench/target/lib/*" workbench.bench.NutsRun funnel "$seed" "$out" 2>/dev/null >> "$res"
  echo "done: seed $seed" >&2
done
python3 - "$res" <<'PY'
import json, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    line = line.strip()
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    rows.setdefault(r["seed"], {})[r["tool"]] = (r["divergences_warmup"], r["divergences_sampling"])
print("| seed | Stan divergences (warmup/sampling) | workbench divergences (warmup/sampling) |")
print("|---|---|---|")
for seed in sorted(rows):
    s = rows[seed].get("stan", ("-", "-"))
    w = rows[seed].get("workbench", ("-", "-"))
    print(f"| {seed} | {s[0]}/{s[1]} | {w[0]}/{w[1]} |")
for tool in ("stan", "workbench"):
    v = [r[tool][1] for r in rows.values() if tool in r]
    if v:
        print(f"\n{tool}: sampling divergences median {statistics.median(v)}, min {min(v)}, max {max(v)}, "
              f"runs with more than 50: {sum(x > 50 for x in v)} of {len(v)}")
PY
