#!/usr/bin/env bash
# The benchmarks that fit in about ten minutes on a quiet 2-core machine, printed as Markdown tables (most of
# docs/benchmarks.md; the tables this does not make name their own command there). Not part of the test suite.
#   bench/run-all.sh           the short run (Stan comparison with 3 seeds, short JMH)
#   bench/run-all.sh --long    longer sweeps (5 seeds, longer JMH iterations, more draws)
# Needs: JDK 17, Maven; installs Stan (r-cran-rstan) with apt when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
long=0; [ "${1:-}" = --long ] && long=1
seeds=3; jmh="-wi 2 -i 3 -w 1 -r 1 -f 1"; draws=1000
if [ $long = 1 ]; then seeds=5; jmh="-wi 3 -i 5 -w 1 -r 2 -f 2"; draws=4000; fi
mvn -B -q -DskipTests install >/dev/null
mvn -B -q -Pbench -pl bench -DskipTests package >/dev/null
cp="bench/target/classes:bench/target/lib/*"
echo "## Machine"
echo
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/{print $2}') GiB;" \
     "Java $(java -version 2>&1 | head -1 | cut -d'"' -f2); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "## NUTS against Stan (4 chains, 1000 warmup, 1000 draws, $seeds seeds; mean [min, max] over seeds)"
echo
bash bench/stan-vs-workbench.sh --seeds "$seeds" 2>/dev/null | sed -n '/^|/,$p'
echo
echo "## Gradient evaluations per second: the model against a hand-written loop (JMH)"
echo
java -cp "$cp" org.openjdk.jmh.Main LimitBench $jmh 2>/dev/null | python3 bench/jmh_table.py
echo
echo "## Samplers side by side (4 chains, 1000 warmup, $draws draws, 2 seeds)"
echo
java -cp "$cp" workbench.bench.SamplerComparison "$draws" 2
echo
echo "## NUTS cost as the dimension grows (gaussian, one chain)"
echo
java -cp "$cp" workbench.bench.ScalingBench
echo
echo "## Cost as the data grows: logistic regression, double[] per chain against ND4J batched over 4 chains"
echo
rows=100000; [ $long = 1 ] && rows=1000000
java -cp "$cp" workbench.bench.DataScalingBench "$rows" 2>/dev/null | sed -n '/^|/,$p'
echo
echo "## The live diagnostics table: full summary against one mean/sd pass (JMH)"
echo
java -cp "$cp" org.openjdk.jmh.Main DiagnosticsBench $jmh 2>/dev/null | python3 bench/diag_table.py
echo
echo "## summary: one parameter's parts in parallel too, against parameters only (3 parameters x 2·10⁶ draws)"
echo
java -Xmx4g -cp "$cp" workbench.bench.SummaryPartsBench 2000000 3 2 | sed 's/^/    /'
echo
echo "## Rank normalization: one packed sort against a binary search per draw (2·10⁶ draws)"
echo
java -Xmx4g -cp "$cp" workbench.core.diagnostics.RankingBench 2000000 5 | sed 's/^/    /'
