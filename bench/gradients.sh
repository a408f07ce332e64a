#!/usr/bin/env bash
# Gradient evaluations per second for every built-in model (JMH). Not part of the test suite.
# Usage: bench/gradients.sh [extra JMH options, e.g. -p model=gaussian]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -Pbench -pl bench -am -DskipTests package
java -cp "bench/target/classes:bench/target/lib/*" org.openjdk.jmh.Main GradientBench -rf json -rff bench/target/gradients.json "$@"
