#!/usr/bin/env bash
# Runs the workbench CLI from a reactor build (mvn package, never install). Sourced by the bench scripts.
# Usage (after sourcing): wb ARGS...
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -f "$root/app/target/app-0.1.0.jar" ] || [ -n "$(find "$root" -path '*/src/main/*' -newer "$root/app/target/app-0.1.0.jar" -type f -print -quit)" ]; then
  echo "building (mvn package)..." >&2
  (cd "$root" && mvn -B -q -DskipTests -Dmaven.javadoc.skip=true -pl app -am package) >&2
fi
wb() {
  java -cp "$root/app/target/app-0.1.0.jar:$root/app/target/lib/*" workbench.app.Main "$@"
}
