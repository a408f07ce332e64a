#!/usr/bin/env bash
# GUI soak: the real window under Xvfb running one model at full speed with several chains for a
# while (default 30 minutes), started by -Dworkbench.autorun=true (docs/gui.md). Every INTERVAL
# seconds it records, into a CSV, the heap in use as found and right after a full GC (jcmd GC.run,
# then jstat -gc: the live set, which is what a leak grows), the old generation, the JVM's thread
# count (/proc/PID/status) and its Java threads (jcmd Thread.print, JIT compiler threads left out:
# the JVM starts and stops those by itself), and the session's size on disk. At the end the window
# quits by itself; `summary` counts the draws stored in the session the run wrote.
# PASS needs: the run still going at the end, the live heap's largest value in the second half at
# most TOLERANCE% (plus 4 MB) above the first half's, and no more Java threads in the second half
# than the most seen in the first.
#
# Usage: stress/soak-gui.sh [--minutes N] [--model ID] [--sampler ID] [--chains N] [--interval S]
#                           [--tolerance PCT] [--xmx SIZE] [--max-disk-gb G] [--csv FILE]
# Defaults: 30 minutes, logistic-pima, nuts, 4 chains, 30 s, 10 %, -Xmx768m, 20 GB, /tmp/soak-gui-TIME.csv.
# The session is deleted afterwards. Exit status 0 on PASS, 1 on FAIL, 2 on bad usage.
# Needs xvfb-run (apt-get install xvfb xauth) and the JDK's jcmd and jstat.
set -euo pipefail
minutes=30; model=logistic-pima; sampler=nuts; chains=4; interval=30; tolerance=10; xmx=768m; maxgb=20
csv="/tmp/soak-gui-$(date +%Y%m%d-%H%M%S).csv"
usage() { sed -n '13,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=${2:?}; shift 2 ;;
    --model) model=${2:?}; shift 2 ;;
    --sampler) sampler=${2:?}; shift 2 ;;
    --chains) chains=${2:?}; shift 2 ;;
    --interval) interval=${2:?}; shift 2 ;;
    --tolerance) tolerance=${2:?}; shift 2 ;;
    --xmx) xmx=${2:?}; shift 2 ;;
    --max-disk-gb) maxgb=${2:?}; shift 2 ;;
    --csv) csv=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    *) echo "soak-gui: unknown option '$1'" >&2; usage ;;
  esac
done
for v in minutes chains interval tolerance maxgb; do
  [[ ${!v} =~ ^[0-9]+$ ]] && [ "${!v}" -gt 0 ] || { echo "soak-gui: --${v/maxgb/max-disk-gb} needs a whole number above 0, got '${!v}'" >&2; exit 2; }
done
for tool in xvfb-run jcmd jstat python3; do
  command -v $tool >/dev/null || { echo "soak-gui: $tool is needed" >&2; exit 2; }
done
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$here/app/target/app-0.1.0.jar"
[ -f "$jar" ] || (cd "$here" && mvn -B -q -DskipTests package -pl app -am)
tmp=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && kill "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
seconds=$((minutes * 60))

# the window; it quits by itself after $seconds (workbench.autorun.seconds)
xvfb-run -a -s "-screen 0 1600x1000x24" bash -c 'java "$@" & echo $! > "'"$tmp"'/pid"; wait $!' _ \
  -Xmx"$xmx" -Dworkbench.autorun=true -Dworkbench.autorun.model="$model" -Dworkbench.autorun.sampler="$sampler" \
  -Dworkbench.autorun.chains="$chains" -Dworkbench.autorun.seconds="$seconds" \
  -Dworkbench.sessions.dir="$tmp/sessions" -Djava.util.prefs.userRoot="$tmp/prefs" \
  -cp "$jar:$here/app/target/lib/*" workbench.app.Main > "$tmp/out.txt" 2> "$tmp/err.txt" &
xpid=$!
for _ in $(seq 100); do [ -s "$tmp/pid" ] && break; sleep 0.2; done
pid=$(cat "$tmp/pid" 2>/dev/null || true)
[ -n "$pid" ] || { echo "soak-gui: the window did not start:" >&2; tail -5 "$tmp/err.txt" >&2; exit 1; }

echo "seconds,heap_used_mb,live_heap_mb,old_gen_mb,java_threads,jvm_threads,session_mb" > "$csv"
t0=$(date +%s)
stopped_early=
while kill -0 "$pid" 2>/dev/null; do
  sleep "$interval" & wait $!
  kill -0 "$pid" 2>/dev/null || break
  now=$(( $(date +%s) - t0 ))
  [ "$now" -ge "$seconds" ] && break
  # jstat -gc columns 3 4 6 8 are S0U S1U EU OU (KB)
  used=$(jstat -gc "$pid" 2>/dev/null | awk 'NR==2 {printf "%.1f", ($3+$4+$6+$8)/1024}')
  jcmd "$pid" GC.run >/dev/null 2>&1 || true
  live=$(jstat -gc "$pid" 2>/dev/null | awk 'NR==2 {printf "%.1f,%.1f", ($3+$4+$6+$8)/1024, $8/1024}')
  jthreads=$(jcmd "$pid" Thread.print 2>/dev/null | grep '^"' | grep -vc 'CompilerThread' || true)
  threads=$(awk '/^Threads:/{print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  smb=$(du -sm "$tmp/sessions" 2>/dev/null | cut -f1)
  [ -n "$used" ] && [ -n "$live" ] && echo "$now,$used,$live,$jthreads,$threads,${smb:-0}" >> "$csv"
  if [ "${smb:-0}" -gt $((maxgb * 1024)) ]; then
    stopped_early="the session passed --max-disk-gb $maxgb after $now s"
    break
  fi
done
alive_at_end=no
kill -0 "$pid" 2>/dev/null && alive_at_end=yes
if [ -n "$stopped_early" ]; then
  kill "$pid" 2>/dev/null || true
fi
# the window quits by itself at $seconds; give it a minute to close the session
for _ in $(seq 120); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
if kill -0 "$pid" 2>/dev/null; then
  echo "soak-gui: the window did not quit on time; stopping it" >&2
  kill "$pid" 2>/dev/null || true
  sleep 2
fi
wait "$xpid" 2>/dev/null || true
pid=
wall=$(( $(date +%s) - t0 ))

session=$(find "$tmp/sessions" -mindepth 1 -maxdepth 1 -type d | head -1)
draws=0
size=0
if [ -n "$session" ]; then
  size=$(du -sh "$session" | cut -f1)
  draws=$(java -Xmx2g -cp "$jar:$here/app/target/lib/*" workbench.app.Main summary "$session" --json 2>"$tmp/summary.err" \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["chains"]*d["draws_per_chain"])' 2>/dev/null || echo "?")
fi
autorun=$(grep '^autorun:' "$tmp/out.txt" || true)
errors=$(grep -v '^WARNING\|^$' "$tmp/err.txt" | head -3 || true)

python3 - "$csv" "$tolerance" "$minutes" "$model" "$sampler" "$chains" "$wall" "$draws" "$size" "$alive_at_end" \
  "$stopped_early" "$autorun" "$errors" <<'PY'
import sys
csv, tol, minutes, model, sampler, chains, wall, draws, size, alive, early, autorun, errors = sys.argv[1:]
tol = float(tol)
rows = [l.strip().split(",") for l in open(csv).read().strip().split("\n")[1:] if l.count(",") == 6]
rows = [[float(x) for x in r] for r in rows]
print(f"GUI soak: {model} / {sampler}, {chains} chains, full speed, {minutes} min asked, {wall} s in all")
print(f"- samples: {len(rows)} (CSV: {csv})")
print(f"- draws stored after warmup (summary of the session): {draws}; session size {size}")
if autorun:
    print(f"- {autorun}")
if errors:
    print(f"- standard error: {errors}")
ok = True
reasons = []
if early:
    ok = False
    reasons.append(early)
if alive != "yes":
    ok = False
    reasons.append("the window was not running at the end of the soak")
if len(rows) < 2:
    ok = False
    reasons.append("fewer than 2 samples")
else:
    half = len(rows) // 2
    a, b = rows[:half], rows[half:]
    def col(rs, i):
        return [r[i] for r in rs]
    for name, i in (("heap used as found (MB)", 1), ("live heap after GC (MB)", 2), ("old generation after GC (MB)", 3)):
        print(f"- {name}: first half min {min(col(a, i)):.1f} max {max(col(a, i)):.1f}; "
              f"second half min {min(col(b, i)):.1f} max {max(col(b, i)):.1f}")
    print(f"- Java threads (compiler threads left out): first half {min(col(a, 4)):.0f}-{max(col(a, 4)):.0f}, "
          f"second half {min(col(b, 4)):.0f}-{max(col(b, 4)):.0f}; all JVM threads {min(col(rows, 5)):.0f}-{max(col(rows, 5)):.0f}")
    limit = max(col(a, 2)) * (1 + tol / 100) + 4
    growth = (max(col(b, 2)) / max(col(a, 2)) - 1) * 100 if max(col(a, 2)) > 0 else 0
    print(f"- live heap: second-half max is {growth:+.1f}% of the first half's (allowed: +{tol:g}% + 4 MB)")
    if max(col(b, 2)) > limit:
        ok = False
        reasons.append(f"the live heap grew {growth:+.1f}%")
    if max(col(b, 4)) > max(col(a, 4)):
        ok = False
        reasons.append(f"Java threads grew from at most {max(col(a, 4)):.0f} to {max(col(b, 4)):.0f}")
print("PASS: memory flat and no thread growth" if ok else "FAIL: " + "; ".join(reasons))
sys.exit(0 if ok else 1)
PY
