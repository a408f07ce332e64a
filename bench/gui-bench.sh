#!/usr/bin/env bash
# GUI benchmark: the window under Xvfb running CHAINS chains of MODEL with SAMPLER at full speed for
# SECONDS, against the same work headless (CLI `run`, which also writes a session).
# Prints the window's frames per second, both sampler throughputs (draws/s, all chains) and their ratio.
# Usage: bench/gui-bench.sh [SECONDS] [MODEL] [SAMPLER] [CHAINS]   (defaults: 20 gaussian-2d nuts 8)
# Needs xvfb-run (apt-get install xvfb xauth). Builds app/target with `mvn package` when the jar is missing.
set -euo pipefail
seconds=${1:-20}; model=${2:-gaussian-2d}; sampler=${3:-nuts}; chains=${4:-8}; warmup=1000
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jar="$here/app/target/app-0.1.0.jar"
if [ ! -f "$jar" ]; then
  (cd "$here" && mvn -B -q -DskipTests package -pl app -am)
fi
command -v xvfb-run >/dev/null || { echo "gui-bench: xvfb-run is needed (apt-get install xvfb xauth)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp=("$jar:$here/app/target/lib/*")

# 1. the window: auto-started run, frames counted by an AnimationTimer, transitions from the live buffer
gui_out=$(xvfb-run -a -s "-screen 0 1600x1000x24" java -Dworkbench.bench.seconds="$seconds" \
  -Dworkbench.bench.model="$model" -Dworkbench.bench.sampler="$sampler" -Dworkbench.bench.chains="$chains" \
  -Dworkbench.bench.warmup="$warmup" -Dworkbench.sessions.dir="$tmp/gui-sessions" \
  -Djava.util.prefs.userRoot="$tmp/prefs" -cp "${cp[@]}" workbench.app.Main 2>"$tmp/gui.err" | grep '^gui-bench:' || true)
if [ -z "$gui_out" ]; then
  echo "gui-bench: the window printed no result; its stderr:" >&2; tail -20 "$tmp/gui.err" >&2; exit 1
fi
echo "$gui_out"
fps=$(sed -E 's/.* ([0-9.]+) frames\/s.*/\1/' <<<"$gui_out")
gui_n=$(sed -E 's/.*, ([0-9]+) transitions.*/\1/' <<<"$gui_out")
gui_rate=$(sed -E 's/.* ([0-9]+) draws\/s.*/\1/' <<<"$gui_out")
rm -rf "$tmp/gui-sessions"

# 2. headless: the same total number of transitions through the CLI, one thread per chain (the window runs
#    its chains on cores - 1 threads, so that it keeps a core for drawing)
draws=$(( gui_n / chains - warmup )); [ "$draws" -lt 1000 ] && draws=1000
cli_out=$(java -cp "${cp[@]}" workbench.app.Main run --model "$model" --sampler "$sampler" --chains "$chains" \
  --threads "$chains" --warmup "$warmup" --draws "$draws" --seed 1 --out "$tmp/cli" --no-progress)
wall=$(grep -oE 'wall [0-9.]+ s' <<<"$cli_out" | awk '{print $2}')
cli_rate=$(awk -v c="$chains" -v w="$warmup" -v d="$draws" -v t="$wall" 'BEGIN { printf "%.0f", c * (w + d) / t }')
echo "headless: $chains x $((warmup + draws)) transitions in $wall s, $cli_rate draws/s"
awk -v f="$fps" -v g="$gui_rate" -v h="$cli_rate" -v m="$model" -v s="$sampler" -v c="$chains" 'BEGIN {
  printf "%s / %s, %d chains, full speed: window %.1f frames/s; sampler %d draws/s in the window vs %d headless (ratio %.2f)\n",
    m, s, c, f, g, h, g / h }'
