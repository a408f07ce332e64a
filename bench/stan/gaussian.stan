// MCMC Workbench benchmark: `gaussian`, a standard normal in D dimensions (D = 100).
data {
  int<lower=1> D;
}
parameters {
  vector[D] x;
}
model {
  target += -0.5 * dot_self(x);
}
