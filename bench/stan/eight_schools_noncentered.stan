// MCMC Workbench benchmark: `eight-schools-noncentered`.
data {
  int<lower=0> J;
  vector[J] y;
  vector<lower=0>[J] sigma;
}
parameters {
  real mu;
  real<lower=0> tau;
  vector[J] theta_tilde;
}
transformed parameters {
  vector[J] theta = mu + tau * theta_tilde;
}
model {
  target += normal_lpdf(mu | 0, 5);
  target += cauchy_lpdf(tau | 0, 5);
  target += std_normal_lpdf(theta_tilde);
  target += normal_lpdf(y | theta, sigma);
}
