package workbench.viz;

import java.util.Arrays;
import java.util.Set;
import org.apache.commons.statistics.distribution.GammaDistribution;
import workbench.core.draws.Stat;
import workbench.core.run.RunDraws;

/**
 * What the energy panel draws for SMILE and pSMILE, computed from a live buffer without JavaFX: the
 * histogram (as a density) of the absolute energy errors |ΔE| of one chain's latest transitions, the
 * density of the Gamma distribution the chain's energy tuner fitted at its latest transition
 * (shape and scale from the transitions' extras), the tuner's three thresholds (lower q(α/3),
 * upper q(1 − 2α/3) and reset quantile, as the sampler reported them) and the rejections.
 *
 * @param chain        the chain shown (0-based)
 * @param window       transitions of that chain whose |ΔE| went into the histogram
 * @param lo           left end of the first bin (0)
 * @param width        bin width
 * @param density      histogram heights: count / (window values × width), so it compares with the curve
 * @param beyond       values of the window right of the axis
 * @param curveX       abscissae of the Gamma density
 * @param curveY       the Gamma density there (capped at 3× the highest bar, for a shape below 1)
 * @param shape        fitted shape k
 * @param scale        fitted scale θ
 * @param lower        lower threshold (step size grows below it)
 * @param upper        upper threshold (step size shrinks above it)
 * @param reset        reset threshold (the step is rejected above it)
 * @param rejectedHere rejections of this chain within the window
 * @param rejections   rejections of all chains so far (the tuners' counters)
 *
 * @see workbench.core.samplers.sg.EnergyTuner
 */
public record TunerFit(int chain, int window, double lo, double width, double[] density, int beyond,
                       double[] curveX, double[] curveY, double shape, double scale, double lower, double upper,
                       double reset, int rejectedHere, long rejections) {

    /** Samplers whose transitions carry the energy tuner's state. */
    public static final Set<String> SAMPLERS = Set.of("smile", "psmile");
    /** Latest transitions of the chain that the histogram shows. */
    public static final int WINDOW = 2000;
    static final int BINS = 40;
    static final int CURVE_POINTS = 240;

    /** Whether the buffer is a live run of a sampler with the energy tuner, whose tuner state it holds. */
    public static boolean applies(RunDraws b) {
        return b != null && b.samplerId() != null && SAMPLERS.contains(b.samplerId()) && b.hasExtras();
    }

    /**
     * The fit and histogram of chain {@code chain}'s latest {@code window} transitions, or null when
     * the chain has no tuner state yet (its first transitions: the tuner needs a value before it fits).
     */
    public static TunerFit of(RunDraws b, int chain, int window) {
        if (b == null || chain >= b.chains() || b.size(chain) == 0) {
            return null;
        }
        long last = b.size(chain) - 1;
        double k = b.extra(chain, last, RunDraws.Extra.TUNER_SHAPE);
        double theta = b.extra(chain, last, RunDraws.Extra.TUNER_SCALE);
        double qLow = b.extra(chain, last, RunDraws.Extra.TUNER_LOWER);
        double qHigh = b.extra(chain, last, RunDraws.Extra.TUNER_UPPER);
        double qReset = b.extra(chain, last, RunDraws.Extra.TUNER_RESET);
        if (!(k > 0 && theta > 0) || !Double.isFinite(qReset)) {
            return null;
        }
        long from = Math.max(b.first(chain), b.size(chain) - window);
        double[] a = new double[(int) (last + 1 - from)];
        int n = 0;
        int rejectedHere = 0;
        for (long i = from; i <= last; i++) {
            double de = b.stat(chain, i, Stat.ENERGY_ERROR);
            if (Double.isFinite(de)) {
                a[n++] = Math.abs(de);
            }
            // a rejection keeps the position without being a fault (a fault is marked divergent)
            if (b.stat(chain, i, Stat.ACCEPTED) == 0 && b.stat(chain, i, Stat.DIVERGENT) == 0) {
                rejectedHere++;
            }
        }
        long rejections = 0;
        for (int c = 0; c < b.chains(); c++) {
            if (b.size(c) > 0) {
                double r = b.extra(c, b.size(c) - 1, RunDraws.Extra.REJECTIONS);
                if (Double.isFinite(r)) {
                    rejections += (long) r;
                }
            }
        }
        double[] sorted = Arrays.copyOf(a, n);
        Arrays.sort(sorted);
        double hi = qReset * 1.25;
        if (n > 0) {
            hi = Math.max(hi, EnergyCharts.quantile(sorted, 0.99));
        }
        if (!(hi > 0) || !Double.isFinite(hi)) {
            hi = 1;
        }
        double w = hi / BINS;
        double[] counts = new double[BINS];
        int beyond = 0;
        for (int i = 0; i < n; i++) {
            int bin = (int) Math.floor(a[i] / w);
            if (bin >= BINS) {
                beyond++;
            } else {
                counts[Math.max(0, bin)]++;
            }
        }
        double top = 0;
        for (int i = 0; i < BINS; i++) {
            counts[i] = n == 0 ? 0 : counts[i] / (n * w);
            top = Math.max(top, counts[i]);
        }
        double[][] curve = curve(k, theta, hi, CURVE_POINTS, top > 0 ? 3 * top : Double.POSITIVE_INFINITY);
        return new TunerFit(chain, n, 0, w, counts, beyond, curve[0], curve[1], k, theta, qLow, qHigh, qReset,
                rejectedHere, rejections);
    }

    /** The Gamma(shape k, scale θ) density at {@code points} evenly spaced x in (0, hi], capped at {@code cap}. */
    static double[][] curve(double k, double theta, double hi, int points, double cap) {
        GammaDistribution g = GammaDistribution.of(k, theta);
        double[] x = new double[points];
        double[] y = new double[points];
        for (int i = 0; i < points; i++) {
            x[i] = hi * (i + 0.5) / points;
            y[i] = Math.min(cap, g.density(x[i]));
        }
        return new double[][] {x, y};
    }
}
