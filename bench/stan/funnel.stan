// MCMC Workbench benchmark: `funnel`, Neal's funnel with D coordinates counting v (D = 10).
data {
  int<lower=2> D;
}
parameters {
  real v;
  vector[D - 1] x;
}
model {
  target += normal_lpdf(v | 0, 3);
  target += normal_lpdf(x | 0, exp(v / 2));
}
