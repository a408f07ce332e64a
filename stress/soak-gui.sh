#!/usr/bin/env bash
# GUI soak: the real window under Xvfb running one model at full speed with several chains for a
# while (default 30 minutes), started by -Dworkbench.autorun=true (docs/gui.md). Every INTERVAL
# seconds it records, into a CSV, the heap in use as found (jstat -gc), the live heap (the old
# generation right after a full GC, jcmd GC.run: G1 compacts every live object there, so this is
# what a leak grows), the JVM's thread count (/proc/PID/status), its Java threads
# (jcmd Thread.print, JIT compiler threads left out: the JVM starts and stops those by itself), and
# the session's size on disk. At the end the window quits by itself; `summary` counts the draws
# stored in the session the run wrote.
# The samples of the first WARMUP seconds (the live buffer's rings filling, the views and the
# diagnostics starting) are kept in the CSV but left out of the verdict; the rest is cut in halves.
# PASS needs: the run still going when the window quits, the live heap's largest value in the
# second half at most TOLERANCE% (plus 4 MB) above the first half's, and no more Java threads in the
# second half than the most seen in the first.
#
# Usage: stress/soak-gui.sh [--minutes N] [--model ID] [--sampler ID] [--chains N] [--interval S]
#          [--warmup S] [--tolerance PCT] [--xmx SIZE] [--max-disk-gb G] [--csv FILE]
# Defaults: 30 minutes, logistic-pima, nuts, 4 chains, 30 s, warmup 300 s (a quarter of the time
# when that is shorter), 10 %, -Xmx768m, 20 GB, /tmp/soak-gui-TIME.csv.
# The session is deleted afterwards. Exit status 0 on PASS, 1 on FAIL, 2 on bad usage.
# Needs xvfb-run (apt-get install xvfb xauth) and the JDK's jcmd and jstat.
set -euo pipefail
minutes=30; model=logistic-pima; sampler=nuts; chains=4; interval=30; tolerance=10; xmx=768m; maxgb=20; warmup=
csv="/tmp/soak-gui-$(date +%Y%m%d-%H%M%S).csv"
usage() { sed -n '/^# Usage/,/^# Needs/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes=${2:?}; shift 2 ;;
    --model) model=${2:?}; shift 2 ;;
    --sampler) sampler=${2:?}; shift 2 ;;
    --chains) chains=${2:?}; shift 2 ;;
    --interval) interval=${2:?}; shift 2 ;;
    --warmup) warmup=${2:?}; shift 2 ;;
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
[ -n "$warmup" ] || warmup=$(( minutes * 15 < 300 ? minutes * 15 : 300 ))
[[ $warmup =~ ^[0-9]+$ ]] || { echo "soak-gui: --warmup needs a whole number of seconds, got '$warmup'" >&2; exit 2; }
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

echo "seconds,heap_used_mb,live_heap_mb,java_threads,jvm_threads,session_mb" > "$csv"
t0=$(date +%s)
stopped_early=
k=0
while kill -0 "$pid" 2>/dev/null; do
  # sample k at t0 + k * interval, whatever the sampling itself took
  k=$((k + 1))
  wake=$(( t0 + k * interval ))
  [ $(( wake - t0 )) -ge "$seconds" ] && break
  pause=$(( wake - $(date +%s) ))
  [ "$pause" -gt 0 ] && { sleep "$pause" & wait $!; }
  kill -0 "$pid" 2>/dev/null || break
  now=$(( $(date +%s) - t0 ))
  # jstat -gc columns 3 4 6 8 are S0U S1U EU OU (KB)
  used=$(jstat -gc "$pid" 2>/dev/null | awk 'NR==2 {printf "%.1f", ($3+$4+$6+$8)/1024}')
  jcmd "$pid" GC.run >/dev/null 2>&1 || true
  # young objects seen here were allocated after the GC: only the old generation is the live set
  live=$(jstat -gc "$pid" 2>/dev/null | awk 'NR==2 {printf "%.1f", $8/1024}')
  jthreads=$(jcmd "$pid" Thread.print 2>/dev/null | grep '^"' | grep -vc 'CompilerThread' || true)
  threads=$(awk '/^Threads:/{print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
  smb=$(du -sm "$tmp/sessions" 2>/dev/null | cut -f1)
  [ -n "$used" ] && [ -n "$live" ] && echo "$now,$used,$live,$jthreads,$threads,${smb:-0}" >> "$csv"
  if [ "${smb:-0}" -gt $((maxgb * 1024)) ]; then
    stopped_early="the session passed --max-disk-gb $maxgb after $now s"
    break
  fi
done
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
draws="no session found"
size=0
if [ -n "$session" ]; then
  size=$(du -sh "$session" | cut -f1)
  # the rows the session holds, chain by chain (SessionReader, as File > Open session reads it)
  cat > "$tmp/CountRows.java" <<'JAVA'
public class CountRows {
    public static void main(String[] args) {
        try (var r = workbench.sessions.SessionReader.open(java.nio.file.Path.of(args[0]))) {
            long all = 0;
            long warm = 0;
            StringBuilder per = new StringBuilder();
            for (int c = 0; c < r.chains(); c++) {
                all += r.size(c);
                warm += Math.min(r.size(c), r.warmup(c));
                per.append(c == 0 ? "" : ", ").append(r.size(c));
            }
            System.out.println(all + " in all (" + warm + " of them warmup; per chain " + per + ")"
                    + (r.recovery().isEmpty() ? "" : "; reader notes: " + r.recovery()));
        }
    }
}
JAVA
  draws=$(java -cp "$jar:$here/app/target/lib/*" "$tmp/CountRows.java" "$session" 2>&1 | tail -1)
fi
autorun=$(grep '^autorun:' "$tmp/out.txt" || true)
alive_at_end=no
grep -q 'state RUNNING' <<<"$autorun" && alive_at_end=yes
errors=$(grep -E 'Exception|Error|error' "$tmp/err.txt" | head -3 | tr '\n' ' ' || true)

python3 - "$csv" "$warmup" "$tolerance" "$minutes" "$model" "$sampler" "$chains" "$wall" "$draws" "$size" "$alive_at_end" \
  "$stopped_early" "$autorun" "$errors" <<'PY'
import sys
csv, warm, tol, minutes, model, sampler, chains, wall, draws, size, alive, early, autorun, errors = sys.argv[1:]
tol = float(tol)
rows = [l.strip().split(",") for l in open(csv).read().strip().split("\n")[1:] if l.count(",") == 5]
rows = [[float(x) for x in r] for r in rows]
allrows = rows
rows = [r for r in rows if r[0] >= float(warm)]
print(f"GUI soak: {model} / {sampler}, {chains} chains, full speed, {minutes} min asked, {wall} s in all")
print(f"- samples: {len(allrows)}, {len(rows)} after the first {warm} s (CSV: {csv})")
print(f"- draws stored in the session: {draws}; session size {size}")
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
    reasons.append("the run was not going when the window quit")
if len(rows) < 2:
    ok = False
    reasons.append("fewer than 2 samples after the warmup")
else:
    half = len(rows) // 2
    a, b = rows[:half], rows[half:]
    def col(rs, i):
        return [r[i] for r in rs]
    for name, i in (("heap used as found (MB)", 1), ("live heap: old generation after a full GC (MB)", 2)):
        print(f"- {name}: first half min {min(col(a, i)):.1f} max {max(col(a, i)):.1f}; "
              f"second half min {min(col(b, i)):.1f} max {max(col(b, i)):.1f}")
    print(f"- Java threads (compiler threads left out): first half {min(col(a, 3)):.0f}-{max(col(a, 3)):.0f}, "
          f"second half {min(col(b, 3)):.0f}-{max(col(b, 3)):.0f}; all JVM threads {min(col(rows, 4)):.0f}-{max(col(rows, 4)):.0f}")
    limit = max(col(a, 2)) * (1 + tol / 100) + 4
    growth = (max(col(b, 2)) / max(col(a, 2)) - 1) * 100 if max(col(a, 2)) > 0 else 0
    print(f"- live heap: second-half max is {growth:+.1f}% of the first half's (allowed: +{tol:g}% + 4 MB)")
    if max(col(b, 2)) > limit:
        ok = False
        reasons.append(f"the live heap grew {growth:+.1f}%")
    if max(col(b, 3)) > max(col(a, 3)):
        ok = False
        reasons.append(f"Java threads grew from at most {max(col(a, 3)):.0f} to {max(col(b, 3)):.0f}")
print("PASS: memory flat and no thread growth" if ok else "FAIL: " + "; ".join(reasons))
sys.exit(0 if ok else 1)
PY
