#!/usr/bin/env bash
# Smoke test of the packaged application, for CI after the unit tests (under a minute; see README.md):
#   1. builds the app-image with package.sh (jlink + jpackage, no installer);
#   2. runs its launcher with a bare environment (no JAVA_HOME, no java on PATH): --version, then a short CLI job
#      (`run` when the CLI has it, else `models` and `samplers`);
#   3. when the GUI is built in, opens the window under Xvfb and takes a screenshot.
#   packaging/smoke.sh [--build]     (--build: run `mvn package` first; default: use app/target as it is,
#                                     building only when the app jar is missing)
# Output: packaging/target/smoke/ (logs, screenshot.png). Exit status 0 only if every step passed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$here/target/smoke"
rm -rf "$out"; mkdir -p "$out"
start=$SECONDS
step() { echo "smoke: $* ($((SECONDS - start)) s)"; }
fail() { echo "smoke: FAILED: $*" >&2; exit 1; }

version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)"
build=--skip-build
if [ "${1:-}" = --build ] || [ ! -f "$root/app/target/app-$version.jar" ]; then build=; fi

step "building the app-image"
"$here/package.sh" $build --type app-image --dest "$out/dist" > "$out/package.log" 2>&1 || { cat "$out/package.log" >&2; fail "package.sh"; }
launcher="$out/dist/workbench/bin/workbench"
[ -x "$launcher" ] || fail "no launcher at $launcher"
du -sh "$out/dist/workbench" | sed 's/^/smoke: app-image size /'

# The launcher must work without any Java installed: a bare environment.
bare() { env -i PATH=/usr/bin:/bin HOME="$out/home" LANG=C.UTF-8 "$launcher" "$@"; }
mkdir -p "$out/home"

step "workbench --version"
bare --version > "$out/version.txt" 2>&1 || { cat "$out/version.txt" >&2; fail "--version exited $?"; }
cat "$out/version.txt"
grep -q "MCMC Workbench $version" "$out/version.txt" || fail "--version does not name version $version"

bare --help > "$out/help.txt" 2>&1 || { cat "$out/help.txt" >&2; fail "--help"; }
if grep -qE '^ +run( |$)' "$out/help.txt"; then
  step "workbench run (short CLI job)"
  bare run --model gaussian-2d --sampler rwm --draws 100 --warmup 100 --seed 1 --out "$out/run" \
    > "$out/run.txt" 2>&1 || { cat "$out/run.txt" >&2; fail "run"; }
  tail -n 5 "$out/run.txt"
  [ -n "$(find "$out/run" -type f -size +0 2>/dev/null | head -n 1)" ] || fail "run wrote nothing under $out/run"
else
  step "workbench models / samplers (this CLI has no run command yet)"
  bare models > "$out/models.txt" 2>&1 || { cat "$out/models.txt" >&2; fail "models"; }
  grep -q gaussian-2d "$out/models.txt" || fail "models does not list gaussian-2d"
  bare samplers > "$out/samplers.txt" 2>&1 || { cat "$out/samplers.txt" >&2; fail "samplers"; }
  grep -q rwm "$out/samplers.txt" || fail "samplers does not list rwm"
fi

# The GUI, when this build has it (app/.../gui/WorkbenchApp is looked up by reflection at start).
jarfile="$out/dist/workbench/lib/app/app-$version.jar"
if command -v unzip >/dev/null; then entries="$(unzip -Z1 "$jarfile")"; else entries="$(jar tf "$jarfile")"; fi \
  || fail "cannot list $jarfile (needs unzip or the JDK's jar)"
if grep -q '^workbench/app/gui/WorkbenchApp.class$' <<< "$entries"; then
  if ! command -v xvfb-run >/dev/null || ! command -v import >/dev/null || ! command -v xwininfo >/dev/null; then
    step "installing xvfb, imagemagick, x11-utils, libgtk-3-0"
    sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
    ($sudo apt-get update -qq && $sudo apt-get install -y -qq xvfb xauth imagemagick x11-utils libgtk-3-0) > "$out/apt.log" 2>&1 \
      || fail "could not install the X tools (see $out/apt.log)"
  fi
  step "opening the window under Xvfb"
  # Inside Xvfb: start the app, wait (at most 40 s) for a top-level window, give it 3 s to paint, take the shot.
  xvfb-run -a -s "-screen 0 1440x900x24" bash -c '
    out=$1; shift
    env -i PATH=/usr/bin:/bin HOME="$out/home" LANG=C.UTF-8 DISPLAY="$DISPLAY" XAUTHORITY="${XAUTHORITY:-}" "$@" > "$out/gui.log" 2>&1 &
    app=$!
    for _ in $(seq 1 80); do
      kill -0 $app 2>/dev/null || { echo "the application exited early" >&2; exit 1; }
      if xwininfo -root -children 2>/dev/null | grep -qE "^ +0x[0-9a-f]+ \"[^\"]+\": .* [0-9]{3,}x[0-9]{3,}"; then
        sleep 3; import -window root "$out/screenshot.png"; xwininfo -root -children > "$out/windows.txt"
        # the window manager properties the desktop needs: its class (matched against the desktop entry) and icon
        for id in $(sed -nE "s/^ +(0x[0-9a-f]+) \"[^\"]+\": .* [0-9]{3,}x[0-9]{3,}.*/\1/p" "$out/windows.txt"); do
          { xprop -id "$id" WM_CLASS; xprop -id "$id" _NET_WM_ICON | head -n 1 | cut -c1-80; } >> "$out/wmprops.txt"
        done
        kill $app; wait $app 2>/dev/null; exit 0
      fi
      sleep 0.5
    done
    echo "no window appeared within 40 s" >&2; kill $app; exit 1' _ "$out" "$launcher" \
    || { cat "$out/gui.log" >&2; fail "GUI start"; }
  [ -s "$out/screenshot.png" ] || fail "no screenshot"
  spread="$(convert "$out/screenshot.png" -format '%[fx:standard_deviation]' info:)"
  awk -v s="$spread" 'BEGIN { exit !(s > 0.02) }' || fail "the screenshot is blank (standard deviation $spread)"
  step "screenshot $out/screenshot.png (pixel spread $spread)"
  # Docks and task switchers show the desktop entry's name and icon for the window only when its WM_CLASS is the
  # entry's StartupWMClass, and the window's own icon otherwise; a window without _NET_WM_ICON gets a generic one.
  wmclass="$(sed -n 's/^StartupWMClass=//p' "$here/linux/workbench.desktop")"
  [ -n "$wmclass" ] || fail "linux/workbench.desktop has no StartupWMClass"
  grep -q "^WM_CLASS(STRING) = .*\"$wmclass\"" "$out/wmprops.txt" \
    || { cat "$out/wmprops.txt" >&2; fail "no window has WM_CLASS $wmclass (StartupWMClass of the desktop entry)"; }
  grep -q '^_NET_WM_ICON(CARDINAL)' "$out/wmprops.txt" || { cat "$out/wmprops.txt" >&2; fail "the window has no icon (_NET_WM_ICON)"; }
  step "window class $wmclass, icon set"
else
  step "no GUI in this build: window check skipped"
fi
step "passed"
