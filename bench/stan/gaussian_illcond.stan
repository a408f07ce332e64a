// MCMC Workbench benchmark: `gaussian-illcond`, independent normals with sd_i = 10^(-2 + 4(i-1)/(D-1)).
data {
  int<lower=2> D;
}
transformed data {
  vector[D] sd_x;
  for (i in 1:D) sd_x[i] = pow(10, -2 + 4.0 * (i - 1) / (D - 1));
}
parameters {
  vector[D] x;
}
model {
  target += -0.5 * dot_self(x ./ sd_x);
}
