/**
 * MCMC diagnostics as pure functions of draws {@code double[chain][draw]}: rank-normalised split
 * R-hat, bulk/tail/basic ESS, MCSE, pooled quantiles (R type 7), E-BFMI, and the per-parameter
 * {@link workbench.core.diagnostics.ParameterSummary} row. Definitions follow R's {@code posterior}
 * 1.4.0 and are checked against its values in {@code shared/reference/diagnostics}.
 */
package workbench.core.diagnostics;
