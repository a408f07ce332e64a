#!/usr/bin/env bash
# Checks that rstan::read_stan_csv reads our CmdStan CSV export (outside the test suite).
# Installs r-cran-rstan with apt when it is missing. Runs eight-schools-centered with NUTS
# (4 chains), exports it as CmdStan CSV (with and without warmup) and as a long CSV, reads the
# CmdStan files with rstan and checks that every draw equals the long CSV's.
# Usage: bench/rstan-read.sh [SESSION_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! Rscript -e 'suppressMessages(library(rstan))' >/dev/null 2>&1; then
  echo "installing r-cran-rstan..." >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y r-cran-rstan; else sudo apt-get install -y r-cran-rstan; fi
fi
. bench/cli.sh
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
session="${1:-}"
if [ -z "$session" ]; then
  session="$work/session"
  wb run --no-progress --model eight-schools-centered --sampler nuts --chains 4 --warmup 1000 --draws 1000 \
     --seed 42 --out "$session" >/dev/null
fi
wb export "$session" --format cmdstan-csv --out "$work/csv" >/dev/null
wb export "$session" --format cmdstan-csv --warmup --draws 51:150 --chains 2,4 --out "$work/csv-warmup" >/dev/null
wb export "$session" --format csv --out "$work/long.csv" >/dev/null
Rscript - "$work" <<'REOF'
suppressMessages(library(rstan))
work <- commandArgs(trailingOnly = TRUE)[1]
files <- sort(list.files(file.path(work, "csv"), pattern = "^chain-[0-9]+\\.csv$", full.names = TRUE))
fit <- read_stan_csv(files)
print(fit, digits_summary = 3)
sp <- get_sampler_params(fit, inc_warmup = FALSE)
cat("sampler params:", colnames(sp[[1]]), "\n")
cat("divergences:", sum(sapply(sp, function(x) sum(x[, "divergent__"]))), "\n")
cat("step sizes (adaptation_info):", sapply(get_adaptation_info(fit), function(a) sub(".*Step size = ([^\n]*).*", "\\1", a)), "\n")
long <- read.csv(file.path(work, "long.csv"), check.names = FALSE)
arr <- as.array(fit)
names_r <- dimnames(arr)$parameters
names_r <- names_r[names_r != "lp__"]
bad <- 0
for (ch in 1:dim(arr)[2]) {
  rows <- long[long$chain == ch, ]
  for (p in names_r) {
    col <- gsub("\\[", ".", gsub("\\]", "", gsub(",", ".", p)))
    if (!identical(unname(arr[, ch, p]), rows[[col]])) bad <- bad + 1
  }
}
cat("columns differing from the long CSV:", bad, "\n")
w <- sort(list.files(file.path(work, "csv-warmup"), full.names = TRUE))
fitw <- read_stan_csv(w)
cat("with warmup: chains", fitw@sim$chains, "warmup", fitw@sim$warmup, "iter", fitw@sim$iter,
    "warmup2", fitw@sim$warmup2, "n_save", fitw@sim$n_save, "\n")
if (bad > 0) quit(status = 1)
REOF
