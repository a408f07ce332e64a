package workbench.core.adapt;

/**
 * How a Metropolis kernel's step size should change when its diagonal metric changes, by the
 * optimal-scaling law, so that the acceptance rate it was tuned to survives the change.
 *
 * <p>Take a proposal that moves coordinate i on the scale eps * sqrt(v_i) (v the diagonal metric, the
 * estimated variances) on a target whose coordinate i has scale sigma_i. In many dimensions the
 * acceptance rate depends on eps and v only through eps^p * sum_i (v_i / sigma_i^2)^(p/2), with
 * p = 2 for the random walk (Roberts, Gelman and Gilks 1997; unequal scales: Roberts and Rosenthal
 * 2001) and p = 6 for MALA (Roberts and Rosenthal 1998: each coordinate adds h^3 = eps^6 to the
 * variance of the log acceptance ratio). Keeping that quantity fixed when v_old becomes v_new gives
 *
 * <pre>log eps_new - log eps_old = (1/p) log( sum_i (v_old,i / s_i)^(p/2) / sum_i (v_new,i / s_i)^(p/2) )</pre>
 *
 * <p>with s_i an estimate of sigma_i^2: the two windows' variances pooled by their draw counts (the
 * first metric, the identity, has no draws: then s = v_new). Any s gives the exact answer for a uniform
 * change (v_new = k v_old: -log(k) / 2). Taking s = v_new alone biases the change upward, because
 * the noise of v_new then sits in a denominator (E[1 / v] &gt; 1 / E[v]); the geometric mean of the two
 * biases it downward, the older window's estimate being the noisier. Measured on standard normals in
 * 10 and 50 dimensions (rwm, 1000 warmup), s = v_new ends warmup at acceptance 0.212 and 0.209, the
 * geometric mean at 0.233 and 0.258, the pooled s at 0.219 and 0.226, next to the 0.219 this dual
 * averaging reaches with the true metric fixed from the start. The law is asymptotic (many dimensions,
 * near-Gaussian targets); here it only has to carry the step size across a metric update, and the
 * dual averaging that goes on corrects what it misses.
 */
public final class OptimalScaling {
    /** The exponent p for a random-walk proposal. */
    public static final double RANDOM_WALK = 2;
    /** The exponent p for a Langevin (MALA) proposal. */
    public static final double LANGEVIN = 6;

    private OptimalScaling() {
    }

    /**
     * The change of log step size that keeps the acceptance rate when the metric goes from
     * {@code oldVariance} (estimated from {@code oldDraws} draws; 0 for the initial identity) to
     * {@code newVariance} (from {@code newDraws}). 0 when the variances give no finite answer.
     *
     * @param power p: {@link #RANDOM_WALK} or {@link #LANGEVIN}
     */
    public static double logStepChange(double[] oldVariance, long oldDraws, double[] newVariance, long newDraws,
                                       double power) {
        double wOld = oldDraws;
        double wNew = newDraws;
        if (wOld + wNew <= 0) {
            wNew = 1;
        }
        double before = 0;
        double after = 0;
        for (int i = 0; i < oldVariance.length; i++) {
            double s = (wOld * oldVariance[i] + wNew * newVariance[i]) / (wOld + wNew);
            before += Math.pow(oldVariance[i] / s, power / 2);
            after += Math.pow(newVariance[i] / s, power / 2);
        }
        double c = Math.log(before / after) / power;
        return Double.isFinite(c) ? c : 0;
    }
}
