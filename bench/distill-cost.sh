#!/usr/bin/env bash
# What measuring a distilled set costs against all n draws and against the default seeded subsample
# (--mmd-draws 20000), side by side in one run, through the CLI: a NUTS session of a D-dimensional
# standard normal (4 chains of N/4 draws after 500 warmup, seed 1), then `distill --method thin`
# (choosing is free, so the command's time is reading, gradients and the MMD^2/KSD curve) at size K,
# both ways. wall_s is the whole command (JVM start included), rss_MB its peak resident memory.
# Usage: bench/distill-cost.sh [N=200000] [D=100] [K=1000] [METHODS=thin]
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/cli.sh
n=${1:-200000}; d=${2:-100}; k=${3:-1000}; methods=${4:-thin}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "cores: $(nproc); java: $(java -version 2>&1 | head -1); n = $n, d = $d, K = $k"
t0=$(date +%s.%N)
wb run --no-progress --model gaussian --set dim="$d" --sampler nuts --chains 4 --warmup 500 \
   --draws $((n / 4)) --seed 1 --out "$work/s" >/dev/null 2>&1
t1=$(date +%s.%N)
python3 -c "import sys; print('sampling the session: %.1f s' % (float(sys.argv[2]) - float(sys.argv[1])))" "$t0" "$t1"
printf "%-8s %8s %9s %9s %8s %12s %10s %-s\n" method mmd_vs select_s wall_s rss_MB mmd2 se against
for method in ${methods//,/ }; do
  for m in all 20000; do
    /usr/bin/time -f "%e %M" -o "$work/time" java -cp "$root/app/target/app-0.1.0.jar:$root/app/target/lib/*" \
      workbench.app.Main distill "$work/s" --method "$method" --size "$k" --mmd-draws "$m" \
      --out "$work/$method-$m.csv" --json > "$work/out.json"
    python3 - "$work/out.json" "$work/time" "$method" "$m" <<'PYEOF'
import json, sys
j = json.load(open(sys.argv[1]))
wall, rss = open(sys.argv[2]).read().split()[-2:]
print("%-8s %8s %9.3f %9.1f %8.0f %12.4g %10.2g %s" % (sys.argv[3], sys.argv[4], j["seconds"], float(wall),
      int(rss) / 1024, j["mmd2"], j["mmd2_se"], j["mmd2_against"]))
PYEOF
  done
done
