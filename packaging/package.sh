#!/usr/bin/env bash
# Builds the self-contained MCMC Workbench application and its native installer with jlink + jpackage (JDK 17+).
#
#   packaging/package.sh [--type TYPE] [--skip-build] [--dest DIR]
#
# TYPE: app-image (default: a runnable folder, no installer), deb or rpm (Linux), msi or exe (Windows, needs WiX 3),
#       dmg or pkg (macOS), or "installer" for this system's usual one (deb, msi, dmg). An installer type builds the
#       app-image first and packs it. --skip-build uses app/target as it is (after `mvn package` or `mvn verify`);
#       otherwise the app is built with `mvn -DskipTests -pl app -am package`. Output goes to --dest
#       (default packaging/target/dist). Work files: packaging/target/jpackage-TYPE.
# Environment: JAVA_HOME picks the JDK (default: the one `java` on PATH belongs to); WORKBENCH_MAINTAINER sets the
# .deb maintainer e-mail.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
type=app-image
build=yes
dest="$here/target/dist"

while [ $# -gt 0 ]; do
  case "$1" in
    --type) type="${2:?--type needs a value}"; shift 2 ;;
    --type=*) type="${1#--type=}"; shift ;;
    --skip-build) build=no; shift ;;
    --dest) dest="${2:?--dest needs a folder}"; shift 2 ;;
    --dest=*) dest="${1#--dest=}"; shift ;;
    -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=macos ;;
  MINGW*|MSYS*|CYGWIN*) os=windows ;;
  *) echo "package.sh: unsupported system $(uname -s)" >&2; exit 2 ;;
esac
if [ "$type" = installer ]; then
  case "$os" in linux) type=deb ;; windows) type=msi ;; macos) type=dmg ;; esac
fi
case "$os:$type" in
  *:app-image|linux:deb|linux:rpm|windows:msi|windows:exe|macos:dmg|macos:pkg) ;;
  *) echo "package.sh: type '$type' cannot be built on $os" >&2; exit 2 ;;
esac

# --- the JDK -------------------------------------------------------------------------------------------------------
if [ -z "${JAVA_HOME:-}" ]; then
  javabin="$(command -v java || true)"
  [ -n "$javabin" ] || { echo "package.sh: no java on PATH and JAVA_HOME unset" >&2; exit 2; }
  JAVA_HOME="$(cd "$(dirname "$(readlink -f "$javabin")")/.." && pwd)"
fi
jbin="$JAVA_HOME/bin"
for tool in jlink jpackage jdeps; do
  [ -x "$jbin/$tool" ] || [ -x "$jbin/$tool.exe" ] || { echo "package.sh: $jbin/$tool is missing; a full JDK 17+ is needed" >&2; exit 2; }
done
if [ ! -f "$JAVA_HOME/jmods/java.base.jmod" ]; then
  echo "package.sh: $JAVA_HOME/jmods is missing (jlink needs it); on Debian/Ubuntu: sudo apt-get install openjdk-17-jmods" >&2
  exit 2
fi

# --- the application ------------------------------------------------------------------------------------------------
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -n 1)"
[ -n "$version" ] || { echo "package.sh: cannot read the version from pom.xml" >&2; exit 2; }
jar="$root/app/target/app-$version.jar"
lib="$root/app/target/lib"
if [ "$build" = yes ]; then
  echo "package.sh: building the application (mvn package)..." >&2
  (cd "$root" && mvn -B -q -DskipTests -Dmaven.javadoc.skip=true -pl app -am package)
fi
[ -f "$jar" ] && [ -d "$lib" ] || { echo "package.sh: $jar or $lib missing; run without --skip-build" >&2; exit 2; }

work="$here/target/jpackage-$type"
rm -rf "$work"
mkdir -p "$work/input" "$work/fxmods" "$dest"
cp "$jar" "$work/input/"
# JavaFX: the jars with a platform classifier (javafx-graphics-21.0.11-linux.jar) are real modules and go into the
# runtime; the classifier-less ones are empty shells and are left out. Everything else runs from the class path.
for f in "$lib"/*.jar; do
  name="$(basename "$f")"
  if [[ "$name" =~ ^javafx-[a-z]+-[0-9][0-9.]*-[a-z0-9-]+\.jar$ ]]; then
    cp "$f" "$work/fxmods/"
  elif [[ "$name" =~ ^javafx-[a-z]+-[0-9][0-9.]*\.jar$ ]]; then
    :
  else
    cp "$f" "$work/input/"
  fi
done
ls "$work/fxmods"/javafx-graphics-*.jar >/dev/null 2>&1 || { echo "package.sh: no platform JavaFX jars in $lib" >&2; exit 2; }

# --- the runtime: only the modules the code uses --------------------------------------------------------------------
# A path list for the JDK tools: Windows programs want "C:\\..." paths joined by ";" (Git Bash converts single
# path arguments by itself, but not lists).
modpath() {
  if [ "$os" = windows ]; then
    printf '%s;%s' "$(cygpath -w "$1")" "$(cygpath -w "$2")"
  else
    printf '%s:%s' "$1" "$2"
  fi
}
"$jbin/java" "$here/tools/StripModuleInfo.java" "$work/jdeps" "$work/input"/*.jar
deps="$("$jbin/jdeps" --multi-release 17 --ignore-missing-deps --print-module-deps \
  --module-path "$work/fxmods" "$work/jdeps"/*.jar)"
# The GUI is loaded by reflection when present, so name its JavaFX modules explicitly.
modules="$(printf '%s\n' "${deps//,/$'\n'}" javafx.controls javafx.swing | grep -v '^$' | sort -u | paste -sd, -)"
echo "package.sh: runtime modules: $modules" >&2
"$jbin/jlink" --module-path "$(modpath "$JAVA_HOME/jmods" "$work/fxmods")" --add-modules "$modules" \
  --strip-debug --no-header-files --no-man-pages --strip-native-commands \
  --output "$work/runtime"

# --- the app-image ----------------------------------------------------------------------------------------------------
common=(--name workbench --app-version "$version"
  --vendor "MCMC Workbench contributors"
  --copyright "Copyright 2025 MCMC Workbench contributors. Apache License 2.0."
  --description "Run, watch and debug Markov chain Monte Carlo samplers.")
case "$os" in
  linux) icon="$root/icons/platform/workbench.png" ;;
  windows) icon="$root/icons/platform/workbench.ico" ;;
  macos) icon="$root/icons/platform/workbench.icns" ;;
esac
image_opts=(--input "$work/input" --main-jar "app-$version.jar" --main-class workbench.app.Main
  --runtime-image "$work/runtime" --icon "$icon")
case "$os" in
  # A Windows GUI launcher has no console, so the command-line tool gets a second launcher, workbench-cli.exe.
  windows) image_opts+=(--add-launcher "workbench-cli=$here/windows/cli-launcher.properties") ;;
  macos) image_opts+=(--mac-package-identifier org.mcmcworkbench.workbench --mac-package-name "MCMC Workbench") ;;
esac

image_dest="$work/image"
"$jbin/jpackage" --type app-image --dest "$image_dest" "${common[@]}" "${image_opts[@]}"
image="$image_dest/workbench"; [ "$os" = macos ] && image="$image_dest/workbench.app"

if [ "$type" = app-image ]; then
  rm -rf "$dest/$(basename "$image")"
  cp -a "$image" "$dest/"
  echo "package.sh: app-image $dest/$(basename "$image") ($(du -sh "$image" | cut -f1))"
  exit 0
fi

# --- the installer ----------------------------------------------------------------------------------------------------
# Session manifests (*.mcmcwb.json) open with the application.
assoc="$work/mcmcwb-session.properties"
{
  echo "extension=mcmcwb.json"
  echo "mime-type=application/x-mcmcwb-session"
  echo "description=MCMC Workbench session"
  echo "icon=$icon"
} > "$assoc"

installer_opts=(--app-image "$image" --license-file "$root/LICENSE" --file-associations "$assoc" --icon "$icon")
case "$type" in
  deb|rpm)
    installer_opts+=(--resource-dir "$here/linux" --linux-package-name workbench
      --linux-menu-group "Education;Science;" --linux-app-category science --linux-shortcut
      --linux-rpm-license-type "ASL 2.0")
    if [ "$type" = deb ]; then
      installer_opts+=(--linux-deb-maintainer "${WORKBENCH_MAINTAINER:-maintainers@mcmcworkbench.org}"
        --linux-package-deps libgtk-3-0)
    else
      installer_opts+=(--linux-package-deps gtk3)
    fi ;;
  msi|exe)
    installer_opts+=(--win-menu --win-menu-group "MCMC Workbench" --win-shortcut --win-dir-chooser
      --win-per-user-install --win-upgrade-uuid 6f1c2b0e-4d5a-4a8e-9a53-3c2f7d1e8b64) ;;
  dmg|pkg)
    installer_opts+=(--mac-package-identifier org.mcmcworkbench.workbench --mac-package-name "MCMC Workbench") ;;
esac
"$jbin/jpackage" --type "$type" --dest "$dest" "${common[@]}" "${installer_opts[@]}"
for f in "$dest"/*."$type"; do
  echo "package.sh: installer $f ($(du -h "$f" | cut -f1))"
done
