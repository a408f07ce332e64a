#!/usr/bin/env bash
# Distillation time for n = 10^4 and 10^5 pooled draws (outside the test suite).
# Runs eight-schools-centered (d = 10) and a 10-D standard normal with NUTS, 4 chains of n/4 draws,
# then times every method at K = 100 and K = 1000. "select" is the time to choose the points
# (the command's "seconds"); "wall" is the whole command: reading the session, gradients,
# choosing, the quality curve (MMD^2 and KSD at K = 10, 20, 50, ...), writing the CSV, JVM start.
# Usage: bench/distill.sh [SIZES...]   (default: 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/cli.sh
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)
echo "cores: $(nproc); java: $(java -version 2>&1 | head -1)"
printf "%-24s %7s %-8s %5s %9s %9s %12s %9s %10s\n" model n method K select_s wall_s mmd2 mmd2_se ksd
for model in eight-schools-centered gaussian; do
  set_args=()
  [ "$model" = gaussian ] && set_args=(--set dim=10)
  for n in "${sizes[@]}"; do
    s="$work/$model-$n"
    wb run --no-progress --model "$model" "${set_args[@]}" --sampler nuts --chains 4 --warmup 500 \
       --draws $((n / 4)) --seed 1 --out "$s" >/dev/null 2>&1
    for k in 100 1000; do
      for method in thin stein herding support; do
        t0=$(date +%s.%N)
        json=$(wb distill "$s" --method "$method" --size "$k" --out "$work/$model-$n-$method-$k.csv" --json)
        t1=$(date +%s.%N)
        python3 - "$json" "$model" "$n" "$method" "$k" "$t0" "$t1" <<'PYEOF'
import json, sys
j = json.loads(sys.argv[1])
model, n, method, k, t0, t1 = sys.argv[2:]
ksd = "-" if j["ksd"] is None else "%.4g" % j["ksd"]
print("%-24s %7s %-8s %5s %9.3f %9.1f %12.4g %9.2g %10s" % (model, n, method, k, j["seconds"], float(t1) - float(t0), j["mmd2"], j["mmd2_se"], ksd))
PYEOF
      done
    done
  done
done
