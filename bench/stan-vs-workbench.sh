#!/usr/bin/env bash
# NUTS against Stan on the same machine, in one run, alternating the two tools seed by seed.
# Usage: bench/stan-vs-workbench.sh [--seeds N] [--models "gaussian gaussian_illcond ..."]
# Installs Stan (Debian's r-cran-rstan, r-cran-posterior, r-cran-jsonlite) when missing.
# Results: bench/target/stan/results.jsonl and the table in bench/target/stan/table.md
# (docs/benchmarks.md is this table, with the machine described).
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=3
models="gaussian gaussian_illcond eight_schools_noncentered logistic_pima funnel"
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --models) models="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if ! Rscript -e 'library(rstan); library(posterior); library(jsonlite); library(BH)' >/dev/null 2>&1; then
  echo "installing Stan (r-cran-rstan, r-cran-posterior, r-cran-jsonlite)..." >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq r-cran-rstan r-cran-posterior r-cran-jsonlite r-cran-bh r-cran-rcppeigen r-cran-stanheaders r-cran-rcppparallel libboost-dev >/dev/null
fi
mvn -B -q -DskipTests install >/dev/null
mvn -B -q -Pbench -pl bench -DskipTests package >/dev/null
out=bench/target/stan
mkdir -p "$out"
: > "$out/results.jsonl"
id_of() { case "$1" in gaussian_illcond) echo gaussian-illcond ;; eight_schools_noncentered) echo eight-schools-noncentered ;; logistic_pima) echo logistic-pima ;; *) echo "$1" ;; esac; }
for m in $models; do
  # compile once, untimed (a throwaway seed); the compile time is reported apart
  Rscript bench/stan/run_stan.R "$m" 999 "$out" > "$out/compile-$m.json"
  for s in $(seq 1 "$seeds"); do
    seed=$((20260000 + s))
    if [ $((s % 2)) -eq 1 ]; then order="stan ours"; else order="ours stan"; fi
    for tool in $order; do
      if [ "$tool" = stan ]; then
        Rscript bench/stan/run_stan.R "$m" "$seed" "$out" >> "$out/results.jsonl"
      else
        java -cp "bench/target/classes:bench/target/lib/*" workbench.bench.NutsRun "$(id_of "$m")" "$seed" "$out" >> "$out/results.jsonl"
      fi
      echo "done: $m seed $seed $tool" >&2
    done
  done
done
python3 bench/stan_table.py "$out" > "$out/table.md"
cat "$out/table.md"
