package workbench.core.distill;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import workbench.core.BadInputException;

/**
 * Compresses n draws to K points by one of four methods and measures each result against the
 * full set ({@link Quality}) at K and along the curve K = 10, 20, 50, 100, 200, 500, 1000, … up to
 * K. All work is on the standardized points of {@link Points}.
 */
public final class Distiller {
    /** Draws the herding mean embedding and the MMD draws-with-draws term use at most. */
    public static final int REF_MAX = 4000;
    /**
     * Draws the MMD² cross term (the set against the draws) runs over at most by default: a
     * seeded random subsample of this many when there are more, with the estimate's standard
     * error reported ({@link Quality}); {@link #ALL_DRAWS} for every draw.
     */
    public static final int MMD_DRAWS = 20_000;
    /** As the number of MMD² draws: every draw. */
    public static final int ALL_DRAWS = Integer.MAX_VALUE;
    /** Points the median heuristic looks at. */
    public static final int MEDIAN_MAX = 1000;
    /** Draws per support-point iteration at most. */
    public static final int SUPPORT_BATCH = 4000;
    public static final int SUPPORT_ITERATIONS = 100;
    public static final double SUPPORT_TOL = 1e-5;

    private Distiller() {
    }

    /** The distillation methods. */
    public enum Method {
        /** Every k-th draw: j ↦ ⌊(j + 1)n/K⌋ − 1. */
        THIN("thin"),
        /** Stein thinning (needs scores). */
        STEIN("stein"),
        /** Kernel herding, RBF kernel. */
        HERDING("herding"),
        /** Support points (new points, not draws). */
        SUPPORT("support");

        private final String id;

        Method(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        /** Whether the result is a selection of draws (all but support points). */
        public boolean selects() {
            return this != SUPPORT;
        }

        public static Method of(String id) {
            for (Method m : values()) {
                if (m.id.equals(id)) {
                    return m;
                }
            }
            StringBuilder shown = new StringBuilder();
            id.codePoints().limit(60).forEach(cp -> shown.append(Character.isISOControl(cp) || cp == 0x2028
                    || cp == 0x2029 || Character.getType(cp) == Character.FORMAT ? String.format("\\u%04x", cp)
                    : new String(Character.toChars(cp))));
            throw new BadInputException("unknown distillation method '" + shown + "' (known: thin, stein, herding, support)");
        }
    }

    /**
     * A distilled set.
     *
     * @param indices   for selections, the draws picked (pooled 0-based index, in pick order); null for support points
     * @param points    the points, standardized scale, flat (size × dim)
     * @param bandwidth the RBF bandwidth ℓ (median heuristic)
     * @param seconds   time spent choosing the points (quality figures not included)
     * @param curve     figures at the curve's sizes, the last being {@code size}
     * @param basis     the draws the MMD² was measured against (null where not known)
     */
    public record Result(Method method, int size, int[] indices, double[] points, double bandwidth, double seconds,
                         List<Quality.Figures> curve, Quality.Basis basis) {
        /** A result without its MMD² basis. */
        public Result(Method method, int size, int[] indices, double[] points, double bandwidth, double seconds,
                      List<Quality.Figures> curve) {
            this(method, size, indices, points, bandwidth, seconds, curve, null);
        }

        public Quality.Figures last() {
            return curve.get(curve.size() - 1);
        }
    }

    /** Score of the standardized target at a standardized point (length d), written into {@code out}; or null. */
    public interface Scores {
        void score(double[] z, double[] out);
    }

    /** The thinned index j of K from n. */
    static int thinIndex(int j, int n, int k) {
        return (int) (((long) (j + 1) * n) / k) - 1;
    }

    /** 10, 20, 50, 100, 200, 500, … below K, then K. */
    public static int[] curveSizes(int k) {
        List<Integer> s = new ArrayList<>();
        for (long base = 10; base < k; base *= 10) {
            for (long f : new long[] {1, 2, 5}) {
                if (base * f < k) {
                    s.add((int) (base * f));
                }
            }
        }
        s.add(k);
        return s.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Distills {@code p} to {@code k} points.
     *
     * @param scores scores at new points (for the KSD of support points); null when there are none
     */
    public static Result run(Points p, Method method, int k, Scores scores, long seed) {
        return run(p, method, k, scores, seed, Progress.NONE);
    }

    /**
     * As {@link #run(Points, Method, int, Scores, long)}, stepping {@code progress} from 0 to 1
     * through all of the work (the phases weighted by their kernel evaluations); throws
     * {@link java.util.concurrent.CancellationException} soon after {@code progress} is cancelled.
     */
    public static Result run(Points p, Method method, int k, Scores scores, long seed, Progress progress) {
        return run(p, method, k, scores, seed, MMD_DRAWS, progress);
    }

    /**
     * As {@link #run(Points, Method, int, Scores, long, Progress)}, measuring the MMD² cross term
     * against at most {@code mmdDraws} draws ({@link #ALL_DRAWS}: all of them). Up to that many
     * draws the figures are those of the exact all-draws computation, bit for bit.
     */
    public static Result run(Points p, Method method, int k, Scores scores, long seed, int mmdDraws,
                             Progress progress) {
        if (mmdDraws < 2) {
            throw new BadInputException("--mmd-draws " + mmdDraws + " is out of range: give at least 2 (or all)");
        }
        if (k < 2 || k > p.n) {
            throw new BadInputException("--size " + k + " is out of range: give 2 to " + p.n + " (the number of draws)");
        }
        if (method == Method.STEIN && !p.hasScores()) {
            throw new BadInputException("stein needs the model's gradients, which are not available for these draws");
        }
        progress.step(0);
        double bandwidth = Kernels.medianBandwidth(p, MEDIAN_MAX, seed);
        int[] sizes = curveSizes(k);
        double[] cost = phaseCosts(p.n, method, k, sizes, mmdDraws);
        double total = cost[0] + cost[1] + cost[2];
        Progress init = progress.part(0, cost[0] / total);
        Progress select = progress.part(cost[0] / total, (cost[0] + cost[1]) / total);
        Progress measure = progress.part((cost[0] + cost[1]) / total, 1);
        Quality q = new Quality(p, bandwidth, REF_MAX, mmdDraws, seed + 1, init);
        long t0 = System.nanoTime();
        int[] idx = null;
        double[] pts;
        List<Quality.Figures> curve;
        double seconds;
        switch (method) {
            case STEIN:
                idx = SteinThinning.select(p, k, select);
                break;
            case HERDING:
                idx = KernelHerding.select(p, k, bandwidth, REF_MAX, seed + 2, select);
                break;
            case THIN:
                idx = thin(p.n, k);
                break;
            default:
                break;
        }
        if (method == Method.STEIN || method == Method.HERDING) {
            seconds = (System.nanoTime() - t0) / 1e9;
            pts = q.rows(idx);
            curve = q.prefixes(pts, q.scoreRows(idx), sizes, measure);
        } else if (method == Method.THIN) {
            seconds = (System.nanoTime() - t0) / 1e9;
            pts = q.rows(idx);
            curve = new ArrayList<>();
            double done = 0;
            for (int s : sizes) {
                int[] sub = s == k ? idx : thin(p.n, s);
                double c = measureCost(p.n, s, mmdDraws);
                curve.add(q.of(q.rows(sub), q.scoreRows(sub), s, measure.part(done / cost[2], (done + c) / cost[2])));
                done += c;
            }
        } else {
            pts = SupportPoints.compute(p, k, SUPPORT_ITERATIONS, SUPPORT_BATCH, SUPPORT_TOL, seed + 3, select);
            seconds = (System.nanoTime() - t0) / 1e9;
            curve = new ArrayList<>();
            double done = 0;
            for (int s : sizes) {
                double c = measureCost(p.n, s, mmdDraws) + (s == k ? 0 : supportCost(p.n, s));
                Progress part = measure.part(done / cost[2], (done + c) / cost[2]);
                double split = s == k ? 0 : supportCost(p.n, s) / c;
                double[] y = s == k ? pts : SupportPoints.compute(p, s, SUPPORT_ITERATIONS, SUPPORT_BATCH, SUPPORT_TOL,
                        seed + 3, part.part(0, split));
                curve.add(q.of(y, scoresAt(y, s, p.d, scores), s, part.part(split, 1)));
                done += c;
            }
        }
        progress.step(1);
        return new Result(method, k, idx, pts, bandwidth, seconds, List.copyOf(curve), q.basis());
    }

    /**
     * Rough cost of {@link #run} in kernel evaluations (what its progress is weighted by), for
     * callers that weigh other work against it.
     */
    public static double cost(int n, Method method, int k) {
        return cost(n, method, k, MMD_DRAWS);
    }

    /** As {@link #cost(int, Method, int)}, measuring against at most {@code mmdDraws} draws. */
    public static double cost(int n, Method method, int k, int mmdDraws) {
        double[] c = phaseCosts(n, method, k, curveSizes(k), mmdDraws);
        return c[0] + c[1] + c[2];
    }

    /** Rough kernel evaluations of the three phases: the quality set-up, choosing, measuring the curve. */
    static double[] phaseCosts(int n, Method method, int k, int[] sizes, int mmdDraws) {
        double r = Math.min(n, REF_MAX);
        double init = r * (r - 1) / 2 + 1;
        double select;
        switch (method) {
            case STEIN:
                select = (double) n * k;
                break;
            case HERDING:
                select = (double) n * r + (double) n * k;
                break;
            case SUPPORT:
                select = supportCost(n, k);
                break;
            default:
                select = 0;
                break;
        }
        double measure = 0;
        if (method == Method.THIN || method == Method.SUPPORT) {
            for (int s : sizes) {
                measure += measureCost(n, s, mmdDraws) + (method == Method.SUPPORT && s != k ? supportCost(n, s) : 0);
            }
        } else {
            measure = measureCost(n, k, mmdDraws);
        }
        return new double[] {init, select, measure};
    }

    private static double measureCost(int n, int m, int mmdDraws) {
        return (double) Math.min(n, mmdDraws) * m + (double) m * m;
    }

    private static double supportCost(int n, int m) {
        return (double) SUPPORT_ITERATIONS * m * (Math.min(n, SUPPORT_BATCH) + m);
    }

    private static int[] thin(int n, int k) {
        int[] idx = new int[k];
        for (int j = 0; j < k; j++) {
            idx[j] = thinIndex(j, n, k);
        }
        return idx;
    }

    private static double[] scoresAt(double[] y, int m, int d, Scores scores) {
        if (scores == null) {
            return null;
        }
        double[] out = new double[m * d];
        double[] z = new double[d];
        double[] s = new double[d];
        for (int j = 0; j < m; j++) {
            System.arraycopy(y, j * d, z, 0, d);
            scores.score(z, s);
            System.arraycopy(s, 0, out, j * d, d);
        }
        return out;
    }

    /** A short text of the figures, for logs. */
    public static String describe(Quality.Figures f) {
        return String.format(Locale.ROOT, "K=%d mmd2=%.3g ksd=%.3g", f.size(), f.mmd2(), f.ksd());
    }
}
