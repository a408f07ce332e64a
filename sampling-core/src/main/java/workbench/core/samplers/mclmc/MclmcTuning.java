package workbench.core.samplers.mclmc;

import workbench.core.diagnostics.Diagnostics;

/**
 * Warmup tuning of unadjusted MCLMC (BlackJAX {@code mclmc_find_L_and_step_size}), over the first
 * iterations of warmup, in four consecutive blocks:
 * <ol>
 * <li>{@link Phase#STEP_SIZE} ({@code tune1} of warmup): the step size from the energy error ({@link StepSizePredictor});</li>
 * <li>{@link Phase#VARIANCE} ({@code tune2}): the same, and the eps-weighted mean and variance of each
 * coordinate; at its end L = sqrt(sum of the variances), or, with preconditioning, the scale vector
 * becomes the coordinates' sds and L = sqrt(d);</li>
 * <li>{@link Phase#RETUNE} ({@code tune2} / 3): the step size tuned again from a fresh start (with
 * preconditioning: the dynamics changed);</li>
 * <li>{@link Phase#ESS} ({@code tune3}): step size fixed; at its end L = 0.4 eps mean_i(n / ESS_i),
 * ESS_i the (unsplit, not rank-normalised) ESS of coordinate i over these n draws (at most
 * {@link #MAX_ESS_COORDINATES} evenly spaced coordinates are used). Where coordinates x n would pass
 * {@link #MAX_ESS_VALUES}, fewer evenly spaced coordinates are used (at least one): a long warmup held 4 chains x 1024
 * x 30 000 doubles (983 MB) and ran a 1 GiB heap out of memory. Only a stage 3 of more than that many draws keeps every
 * s-th draw of its one coordinate, n / ESS then counted in steps (s times that of the kept draws; thinning more coarsely
 * than the autocorrelation would overstate it, so it is the last resort).</li>
 * </ol>
 * The rest of warmup keeps the settings fixed ({@link Phase#FIXED}). Mutable; one per chain.
 */
final class MclmcTuning {
    static final int MAX_ESS_COORDINATES = 1024;
    /** The most stage-3 values a chain keeps (8 MiB): a longer stage uses fewer coordinates (see the class comment). */
    static final long MAX_ESS_VALUES = 1L << 20;
    static final double L_FACTOR = 0.4;

    private final int dim;
    private final boolean precondition;
    private final int end1;
    private final int end2;
    private final int endRetune;
    private final int end3;
    private final StepSizePredictor predictor;
    private int iteration;

    private double weightSum;
    private final double[] sum1;
    private final double[] sum2;

    private final int[] essCoordinates;
    private final double[][] essDraws;
    /** Stage 3 keeps every essStride-th draw (1 unless it is long: {@link #MAX_ESS_VALUES}). */
    private final int essStride;

    double stepSize;
    double lengthL;
    double[] scale;

    MclmcTuning(int dim, int warmup, double tune1, double tune2, double tune3, boolean precondition,
                double targetVariance, double stepSize, double lengthL) {
        this.dim = dim;
        this.precondition = precondition;
        int n1 = (int) Math.floor(warmup * tune1 + 1e-9);
        int n2 = (int) Math.floor(warmup * tune2 + 1e-9);
        int n3 = (int) Math.floor(warmup * tune3 + 1e-9);
        end1 = n1;
        end2 = end1 + n2;
        endRetune = end2 + n2 / 3;
        end3 = endRetune + n3;
        predictor = new StepSizePredictor(dim, targetVariance);
        sum1 = new double[dim];
        sum2 = new double[dim];
        int k = (int) Math.min(Math.min(dim, MAX_ESS_COORDINATES), Math.max(1, MAX_ESS_VALUES / Math.max(1, n3)));
        essCoordinates = new int[k];
        for (int j = 0; j < k; j++) {
            essCoordinates[j] = (int) ((long) j * dim / k);
        }
        essStride = (int) Math.max(1, ((long) n3 + MAX_ESS_VALUES - 1) / MAX_ESS_VALUES);
        essDraws = new double[k][(n3 + essStride - 1) / essStride];
        this.stepSize = stepSize;
        this.lengthL = lengthL;
    }

    /** The phase of the next transition. */
    double phase() {
        if (iteration < end1) {
            return Phase.STEP_SIZE;
        }
        if (iteration < end2) {
            return Phase.VARIANCE;
        }
        if (iteration < endRetune) {
            return Phase.RETUNE;
        }
        if (iteration < end3) {
            return Phase.ESS;
        }
        return Phase.FIXED;
    }

    /** How many stage-3 values this chain keeps (tests: at most {@link #MAX_ESS_VALUES}, or one draw's worth). */
    long keptEssValues() {
        return essDraws.length == 0 ? 0 : (long) essDraws.length * essDraws[0].length;
    }

    boolean done() {
        return iteration >= end3;
    }

    double cap() {
        return predictor.cap();
    }

    /**
     * Learns from one transition made with the current settings; may change {@link #stepSize},
     * {@link #lengthL} and {@link #scale}.
     *
     * @param finite   whether the step was finite (false: it was reverted)
     * @param position the chain's position after the transition
     */
    void learn(boolean finite, double energyError, double[] position) {
        double phase = phase();
        double eps = stepSize;
        if (phase == Phase.STEP_SIZE || phase == Phase.VARIANCE || phase == Phase.RETUNE) {
            stepSize = predictor.update(eps, finite, energyError);
        }
        if (phase == Phase.VARIANCE && finite) {
            weightSum += eps;
            for (int i = 0; i < dim; i++) {
                double x = position[i];
                sum1[i] += eps * x;
                sum2[i] += eps * x * x;
            }
        }
        if (phase == Phase.ESS) {
            int row = iteration - endRetune;
            if (row % essStride == 0) {
                for (int j = 0; j < essCoordinates.length; j++) {
                    essDraws[j][row / essStride] = position[essCoordinates[j]];
                }
            }
        }
        iteration++;
        if (iteration == end2 && end2 > end1) {
            endOfVariance();
        }
        if (iteration == end3 && end3 > endRetune) {
            endOfEss();
        }
    }

    private void endOfVariance() {
        if (!(weightSum > 0)) {
            return;
        }
        double[] variance = new double[dim];
        double total = 0;
        for (int i = 0; i < dim; i++) {
            double m = sum1[i] / weightSum;
            double v = Math.max(0, sum2[i] / weightSum - m * m);
            variance[i] = v;
            total += v;
        }
        if (precondition) {
            double[] s = new double[dim];
            boolean ok = true;
            for (int i = 0; i < dim; i++) {
                s[i] = Math.sqrt(variance[i]);
                ok &= s[i] > 0 && Double.isFinite(s[i]);
            }
            if (ok) {
                scale = s;
                lengthL = Math.sqrt(dim);
                predictor.reset();
            }
        } else if (total > 0 && Double.isFinite(total)) {
            lengthL = Math.sqrt(total);
        }
    }

    private void endOfEss() {
        int n = essDraws.length == 0 ? 0 : essDraws[0].length;
        double sum = 0;
        int count = 0;
        for (double[] draws : essDraws) {
            double ess = Diagnostics.essBasic(new double[][] {draws}, false);
            if (ess > 0 && Double.isFinite(ess)) {
                // in steps: the kept draws are essStride steps apart
                sum += (double) essStride * n / ess;
                count++;
            }
        }
        if (count > 0) {
            double l = L_FACTOR * stepSize * sum / count;
            if (l > 0 && Double.isFinite(l)) {
                lengthL = l;
            }
        }
    }
}
