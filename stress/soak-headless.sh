#!/usr/bin/env bash
# Headless soak: one CLI run of DRAWS transitions in all (default 10^7: 4 chains x 2.5e6 on gaussian
# dim 10 with nuts), written to a session, with the heap and the thread count sampled every second.
# The sampling run's heap is capped (-Xmx256m) so a leak would show as growth or an OutOfMemoryError;
# the summary afterwards holds one parameter's 10^7 draws at a time and gets 2 GiB.
# Usage: stress/soak-headless.sh [DRAWS_TOTAL]   -> prints a Markdown report; the session is deleted after.
set -euo pipefail
cd "$(dirname "$0")/.."
total=${1:-10000000}
per=$((total / 4))
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
[ -f app/target/app-0.1.0.jar ] || mvn -B -q -DskipTests install >/dev/null
log="$dir/samples.tsv"
java -Xmx256m -cp "app/target/app-0.1.0.jar:app/target/lib/*" workbench.app.Main run --model gaussian --set dim=10 \
  --sampler nuts --chains 4 --warmup 0 --draws "$per" --seed 1 --threads 2 --no-progress --no-summary --out "$dir/s" \
  > "$dir/out.txt" 2> "$dir/err.txt" &
pid=$!
t0=$(date +%s)
echo -e "seconds\theap_used_mb\told_gen_mb\tthreads" > "$log"
while kill -0 $pid 2>/dev/null; do
  # jstat -gc: S0U S1U EU OU are columns 3 4 6 8 (KB); old-gen use is what a leak would grow
  heap=$(jstat -gc $pid 2>/dev/null | awk 'NR==2 {printf "%.1f\t%.1f", ($3+$4+$6+$8)/1024, $8/1024}')
  thr=$(awk '/^Threads:/{print $2}' /proc/$pid/status 2>/dev/null || echo 0)
  [ -n "$heap" ] && echo -e "$(( $(date +%s) - t0 ))\t$heap\t$thr" >> "$log"
  sleep 1
done
rc=0; wait $pid || rc=$?
[ $rc = 0 ] || { echo "the run failed (exit $rc):"; tail -3 "$dir/err.txt"; }
secs=$(( $(date +%s) - t0 ))
rows=$(java -Xmx2g -cp "app/target/app-0.1.0.jar:app/target/lib/*" workbench.app.Main summary "$dir/s" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["chains"]*d["draws_per_chain"])')
size=$(du -sh "$dir/s" | cut -f1)
python3 - "$log" "$rc" "$secs" "$rows" "$total" "$size" <<'PY'
import sys, statistics
log, rc, secs, rows, total, size = sys.argv[1:]
lines = [l.split("\t") for l in open(log).read().strip().split("\n")[1:] if l.count("\t") == 3]
lines = [l for l in lines if int(l[3]) > 0]
used = [float(l[1]) for l in lines]; old = [float(l[2]) for l in lines]; thr = [int(l[3]) for l in lines]
print(f"- exit code {rc}; {int(rows):,} draws stored of {int(total):,} asked (lost: {int(total) - int(rows)}); {secs} s; session size {size}")
if used:
    half = len(used) // 2
    print(f"- heap used (MB) over {len(used)} samples: min {min(used):.0f}, max {max(used):.0f}, "
          f"median first half {statistics.median(used[:half] or used):.0f}, second half {statistics.median(used[half:]):.0f}")
    print(f"- old generation (MB): first quarter max {max(old[:max(1, len(old)//4)]):.0f}, last quarter max {max(old[-max(1, len(old)//4):]):.0f}")
    print(f"- threads: min {min(thr)}, max {max(thr)} (first {thr[0]}, last {thr[-1]})")
print()
print("| s | heap used MB | old generation MB | threads |")
print("|---|---|---|---|")
step = max(1, len(lines) // 15)
for l in lines[::step]:
    print(f"| {l[0]} | {l[1]} | {l[2]} | {l[3]} |")
PY
