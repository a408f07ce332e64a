# One Stan run for the MCMC Workbench benchmark: 4 chains, 1000 warmup, 1000 draws, default NUTS.
# Usage: Rscript run_stan.R MODEL SEED OUTDIR
# Writes OUTDIR/stan-MODEL-SEED.csv (long CSV: chain,draw,<parameters and transformed parameters>) and
# prints one JSON line with the timings, gradient counts, divergences and posterior's mean bulk ESS.
suppressPackageStartupMessages({ library(rstan); library(posterior); library(jsonlite) })
args <- commandArgs(trailingOnly = TRUE)
model <- args[1]; seed <- as.integer(args[2]); outdir <- args[3]
here <- dirname(normalizePath(sub("--file=", "", grep("--file=", commandArgs(FALSE), value = TRUE))))
shared <- normalizePath(file.path(here, "..", "..", "..", "shared", "data"))
rstan_options(auto_write = TRUE)
# Debian's r-cran-bh ships no headers of its own: point rstan at the system Boost (libboost-dev).
if (!file.exists(rstan_options("boost_lib")) && file.exists("/usr/include/boost")) rstan_options(boost_lib = "/usr/include")
data <- switch(model,
  "gaussian" = list(D = 100),
  "gaussian_illcond" = list(D = 100),
  "funnel" = list(D = 10),
  "eight_schools_noncentered" = { d <- fromJSON(file.path(shared, "eight_schools.json")); list(J = d$J, y = d$y, sigma = d$sigma) },
  "logistic_pima" = { d <- fromJSON(file.path(shared, "logistic_pima.json")); list(N = d$N, K = d$K, X = as.matrix(d$X), y = as.integer(d$y)) },
  stop("unknown model ", model))
cache <- file.path(outdir, "compiled"); dir.create(cache, showWarnings = FALSE, recursive = TRUE)
stanfile <- file.path(cache, paste0(model, ".stan"))
file.copy(file.path(here, paste0(model, ".stan")), stanfile, overwrite = FALSE)
t0 <- Sys.time()
sm <- stan_model(stanfile)
compile_s <- as.numeric(difftime(Sys.time(), t0, units = "secs"))
fit <- sampling(sm, data = data, chains = 4, iter = 2000, warmup = 1000, seed = seed, cores = 1, refresh = 0)
el <- get_elapsed_time(fit)
sp <- get_sampler_params(fit, inc_warmup = TRUE)
grads_w <- sum(sapply(sp, function(s) sum(s[1:1000, "n_leapfrog__"])))
grads_s <- sum(sapply(sp, function(s) sum(s[1001:2000, "n_leapfrog__"])))
div_w <- sum(sapply(sp, function(s) sum(s[1:1000, "divergent__"])))
div_s <- sum(sapply(sp, function(s) sum(s[1001:2000, "divergent__"])))
arr <- as.array(fit)  # iterations x chains x variables, post-warmup
vars <- setdiff(dimnames(arr)[[3]], "lp__")
long <- do.call(rbind, lapply(seq_len(dim(arr)[2]), function(c) {
  df <- data.frame(chain = c, draw = seq_len(dim(arr)[1]))
  for (v in vars) df[[v]] <- arr[, c, v]
  df }))
write.csv(long, file.path(outdir, sprintf("stan-%s-%d.csv", model, seed)), row.names = FALSE, quote = TRUE)
s <- summarise_draws(as_draws_array(arr[, , vars, drop = FALSE]), "ess_bulk")
cat(toJSON(list(tool = "stan", model = model, seed = seed, compile_seconds = compile_s,
  warmup_seconds = sum(el[, "warmup"]), sampling_seconds = sum(el[, "sample"]),
  gradients_warmup = grads_w, gradients_sampling = grads_s, divergences_warmup = div_w, divergences_sampling = div_s,
  posterior_mean_ess_bulk = mean(s$ess_bulk), draws_csv = sprintf("stan-%s-%d.csv", model, seed)),
  auto_unbox = TRUE, digits = NA), "\n")
