#!/usr/bin/env bash
# Kill / recover / resume stress test of the session store (outside the test suite).
#
# Each cycle starts `workbench run` in a child JVM, kills it with SIGKILL after a seeded random
# delay, checks that every recovered value equals the same-seed uninterrupted run (a reference
# session made once), runs `workbench resume`, and checks that the completed session equals the
# reference bit for bit. Writes docs/crash-stress.md.
#
# Usage: bench/crash-stress.sh [CYCLES] [SEED]        (default 100 cycles, seed 1)
# Needs the built application: app/target/app-0.1.0.jar and app/target/lib/ (run ./workbench once),
# or a class path in WORKBENCH_CP.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cycles="${1:-100}"
seed="${2:-1}"
cp="${WORKBENCH_CP:-$here/app/target/app-0.1.0.jar:$here/app/target/lib/*}"
out="$here/docs/crash-stress.md"
work="$(mktemp -d "${TMPDIR:-/tmp}/crash-stress.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# a divergent target, so that divergence records written ahead of lost rows are exercised too
model=(--model eight-schools-centered --sampler nuts --chains 2 --warmup 300 --draws 20000 --seed 77)
wb() { java -Xmx512m -cp "$cp" workbench.app.Main "$@"; }

mkdir -p "$work/classes"
javac -d "$work/classes" -cp "$cp" "$here/bench/crash/CompareSessions.java"
compare() { java -Xmx512m -cp "$work/classes:$cp" CompareSessions "$@"; }

echo "reference run..." >&2
wb run "${model[@]}" --threads 2 --out "$work/ref" --no-progress >/dev/null 2>&1

RANDOM=$seed
full="20300/20300"
no_session=0; after_all=0; mid_run=0; finished_before=0; torn=0; failures=0
rows=""
t_start=$(date +%s)
for ((i = 1; i <= cycles; i++)); do
  dir="$work/s$i"
  delay_ms=$((RANDOM % 2500))
  threads=$((1 + i % 2)) # one thread: chain 2 starts after chain 1 ends; two: side by side
  # java itself in the background (not a shell function), so that $! is the JVM's pid
  java -Xmx512m -cp "$cp" workbench.app.Main run "${model[@]}" --threads "$threads" --out "$dir" --no-progress \
    >/dev/null 2>&1 &
  pid=$!
  # the delay counts from the moment the session's manifest exists (JVM start times vary a lot)
  for ((w = 0; w < 3000; w++)); do
    [ -f "$dir/session.mcmcwb.json" ] || ! kill -0 "$pid" 2>/dev/null && break
    sleep 0.01
  done
  sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null && rc=0 || rc=$?
  if [ ! -f "$dir/session.mcmcwb.json" ]; then
    no_session=$((no_session + 1))
    rows+="| $i | $delay_ms | killed before the manifest existed | - | - |"$'\n'
    rm -rf "$dir"
    continue
  fi
  if [ "$rc" = 0 ]; then finished_before=$((finished_before + 1)); kind="finished before the kill"; else mid_run=$((mid_run + 1)); kind="killed (exit $rc)"; fi
  if recovered=$(compare "$work/ref" "$dir" --prefix); then
    [ "$rc" != 0 ] && [ "$recovered" = "$full" ] && { mid_run=$((mid_run - 1)); after_all=$((after_all + 1)); kind="killed after every draw was stored"; }
  else
    failures=$((failures + 1)); rows+="| $i | $delay_ms | $kind | recovered: $recovered | **FAIL** |"$'\n'; continue
  fi
  err=$(wb resume "$dir" --no-progress 2>&1 >/dev/null) && rrc=0 || rrc=$?
  if grep -q "torn" <<<"$err"; then torn=$((torn + 1)); kind+=", torn tail dropped"; fi
  if [ "$rrc" != 0 ]; then
    failures=$((failures + 1)); rows+="| $i | $delay_ms | $kind | $recovered | **resume exit $rrc**: ${err//$'\n'/ } |"$'\n'; continue
  fi
  if final=$(compare "$work/ref" "$dir"); then
    rows+="| $i | $delay_ms | $kind | $recovered | resumed to $final, equal |"$'\n'
  else
    failures=$((failures + 1)); rows+="| $i | $delay_ms | $kind | $recovered | **FAIL** after resume: $final |"$'\n'
  fi
  rm -rf "$dir"
done
elapsed=$(( $(date +%s) - t_start ))

mkdir -p "$(dirname "$out")"
{
  echo "# Crash stress: kill, recover, resume"
  echo
  echo "Made by \`bench/crash-stress.sh $cycles $seed\` on $(date -u +%Y-%m-%dT%H:%M:%SZ) ($(java -version 2>&1 | head -n 1); $(uname -sm); ${elapsed} s)."
  echo
  echo "Each cycle runs \`workbench run ${model[*]} --threads T\` (T alternately 1 and 2) in a child JVM, kills it with SIGKILL (\`kill -9\`)"
  echo "after a seeded random delay of 0–2.5 s after its session's manifest appeared, checks with \`bench/crash/CompareSessions.java\`"
  echo "that every recovered value equals the reference (the same run, uninterrupted) bit for bit, runs"
  echo "\`workbench resume\` and checks that the completed session equals the reference bit for bit."
  echo
  echo "| result | cycles |"
  echo "|---|---|"
  echo "| killed mid-run, recovered and resumed | $mid_run |"
  echo "| cycles where a torn final chunk was dropped | $torn |"
  echo "| killed after every draw was stored (while summarising; resume only finishes the manifest) | $after_all |"
  echo "| the run had finished before the kill (resume had nothing to do) | $finished_before |"
  echo "| killed before the session's manifest existed (nothing to resume) | $no_session |"
  echo "| **failures** | **$failures** |"
  echo
  echo "Rows recovered are per chain (warmup included) out of 20300."
  echo
  echo "| cycle | kill after (ms) | what happened | rows recovered | outcome |"
  echo "|---|---|---|---|---|"
  printf '%s' "$rows"
} >"$out"
echo "wrote $out: $failures failures in $cycles cycles" >&2
[ "$failures" = 0 ]
