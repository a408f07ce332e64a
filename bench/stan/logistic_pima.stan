// MCMC Workbench benchmark: `logistic-pima`, logistic regression with N(0, 1) priors.
data {
  int<lower=0> N;
  int<lower=1> K;
  matrix[N, K] X;
  int<lower=0, upper=1> y[N];
}
parameters {
  real alpha;
  vector[K] beta;
}
model {
  target += normal_lpdf(alpha | 0, 1);
  target += normal_lpdf(beta | 0, 1);
  target += bernoulli_logit_lpmf(y | alpha + X * beta);
}
