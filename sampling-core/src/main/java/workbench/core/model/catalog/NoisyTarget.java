package workbench.core.model.catalog;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.StochasticModel;
import workbench.core.model.Truth;
import workbench.core.rng.Normals;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * An analytic target with synthetic gradient noise, the benchmark of the SMILE paper: the stochastic
 * estimate returns the exact log density and the exact gradient plus zero-mean noise
 * {@code noise_scale * e}, where e is drawn once per batch ({@link #nextBatch}) from the chain's
 * stream, so the gradient estimate is unbiased. {@link #logDensity} itself is exact. Noise kinds, with
 * z ~ N(0, I) and multipliers m_i log-spaced from 10 down to 0.1 across the coordinates and
 * normalized to a root mean square of 1 (large noise on the first coordinates, which for
 * {@code noisy-gaussian} are the narrow ones, as minibatch noise follows the precision):
 * <ul>
 * <li>{@code isotropic}: e_i = z_i;</li>
 * <li>{@code diagonal}: e_i = m_i z_i;</li>
 * <li>{@code correlated}: e_i = m_i (sqrt(0.9) c + sqrt(0.1) z_i) with c ~ N(0, 1) shared by all coordinates
 * (correlation 0.9);</li>
 * <li>{@code position-dependent}: e_i = sqrt(1 + q_i^2) z_i (q on the unconstrained scale).</li>
 * </ul>
 * That is {@code noise_design=gradient}. With {@code noise_design=data} (the design of the SMILE authors'
 * analytic benchmark) the noise is instead a random linear data term t(q) = noise_scale * e . q added to the
 * batch log density, so the log density estimate is noisy too ({@link #exactLogDensity} is false) and the
 * gradient is exactly the gradient of the batch's log density; both stay unbiased. There the multipliers m_i
 * follow the target's sds (the widest coordinates get the most noise), {@code correlated} shares the common
 * factor as above, and {@code position-dependent} multiplies t by exp(-q[3] / 6.5) (the third coordinate, or the
 * last when dim is 2).
 * Targets: {@code noisy-gaussian} (independent normals, mean 0, sds log-spaced from 1/sqrt(cond) to
 * sqrt(cond)), {@code noisy-banana} (the banana in the first two coordinates, the others standard
 * normal) and {@code noisy-funnel} (Neal's funnel). Truths are exact, and so are the marginals views draw over the
 * histograms where the target has them in closed form (every coordinate of {@code noisy-gaussian}; x[1] and x[3..]
 * of {@code noisy-banana}; v of {@code noisy-funnel}): the noise changes the estimates, never the target.
 */
public final class NoisyTarget implements StochasticModel, KnownMarginals {
    /** Noise kinds, as typed after {@code --set noise=}. */
    public static final List<String> KINDS = List.of("isotropic", "diagonal", "correlated", "position-dependent");
    /** Correlation between coordinates for {@code correlated} noise. */
    public static final double RHO = 0.9;
    /** Where the noise enters, as typed after {@code --set noise_design=}. */
    public static final List<String> DESIGNS = List.of("gradient", "data");
    /** Length scale of the position-dependent data term's factor exp(-x[3] / c), as in the SMILE benchmark. */
    public static final double SPATIAL_LENGTH = 6.5;
    /** Rotations of {@code noisy-gaussian}, as typed after {@code --set rotation=}. */
    public static final List<String> ROTATIONS = List.of("none", "random");
    /** Seed of the random rotation (fixed, so a model setting names one target). */
    public static final long ROTATION_SEED = 1;

    private final Model base;
    private final String kind;
    private final double scale;
    private final boolean data;
    private final double[] mult;
    private final double[] noiseSd;
    private final Truth truth;
    private final double[] box;
    // per-chain scratch (null on the shared instance)
    private final double[] z;
    private final Normals normals;
    private boolean drawn;

    private NoisyTarget(Model base, String kind, double scale, String design, Truth truth, double[] box,
                        boolean scratch) {
        this(base, kind, scale, design, truth, box, scratch, truth.sd());
    }

    /** @param noiseSd the sds the data design's diagonal and correlated noise follows (the target's sds, or for a
     *                 rotated normal the sds of its principal axes, as the SMILE benchmark has it) */
    private NoisyTarget(Model base, String kind, double scale, String design, Truth truth, double[] box,
                        boolean scratch, double[] noiseSd) {
        if (!KINDS.contains(kind)) {
            throw new BadInputException("noise must be one of " + String.join(", ", KINDS) + ", got '" + kind + "'");
        }
        if (!(scale >= 0 && Double.isFinite(scale))) {
            throw new BadInputException("noise_scale must be finite and 0 or more, got " + scale);
        }
        if (!DESIGNS.contains(design)) {
            throw new BadInputException("noise_design must be one of " + String.join(", ", DESIGNS) + ", got '"
                    + design + "'");
        }
        this.base = base;
        this.kind = kind;
        this.scale = scale;
        this.data = design.equals("data");
        this.truth = truth;
        this.box = box;
        int d = base.dim();
        this.mult = new double[d];
        if (data && !kind.equals("isotropic")) {
            // the SMILE benchmark's design: noise follows the target's sds (the widest coordinates get the most)
            double ss = 0;
            for (int i = 0; i < d; i++) {
                mult[i] = noiseSd[i];
                ss += mult[i] * mult[i];
            }
            double rms = Math.sqrt(ss / d);
            for (int i = 0; i < d; i++) {
                mult[i] /= rms;
            }
        } else if (kind.equals("diagonal") || kind.equals("correlated")) {
            double ss = 0;
            for (int i = 0; i < d; i++) {
                mult[i] = d == 1 ? 1 : Math.pow(10, 1 - 2.0 * i / (d - 1));
                ss += mult[i] * mult[i];
            }
            double rms = Math.sqrt(ss / d);
            for (int i = 0; i < d; i++) {
                mult[i] /= rms;
            }
        } else {
            Arrays.fill(mult, 1);
        }
        this.z = scratch ? new double[d + 1] : null;
        this.normals = scratch ? new Normals() : null;
        this.noiseSd = noiseSd;
    }

    /** {@code noisy-gaussian}: independent normals, sds log-spaced from 1/sqrt(cond) to sqrt(cond). */
    /**
     * The most parameters {@code rotation=random} takes: the rotation and the precision and covariance built from it are
     * dense d x d matrices made in d^3 steps (1000 parameters took 9 s, 2000 over two minutes; 50 000 overflowed the
     * arrays' size to "-1794967296").
     */
    public static final int MAX_ROTATED_DIM = 1000;

    public static NoisyTarget gaussian(int dim, double cond, String noise, double scale) {
        return gaussian(dim, cond, noise, scale, "gradient");
    }

    /** {@code noisy-gaussian} with the noise entering as {@code design} says. */
    public static NoisyTarget gaussian(int dim, double cond, String noise, double scale, String design) {
        return gaussian(dim, cond, noise, scale, design, "none");
    }

    /**
     * {@code noisy-gaussian}; {@code rotation} {@code random} turns its axes by a random orthogonal matrix (fixed
     * seed {@link #ROTATION_SEED}), as the SMILE authors' ill-conditioned Gaussian: the data design's diagonal and
     * correlated noise then follows the sds of the principal axes in the coordinate basis, as theirs does.
     */
    public static NoisyTarget gaussian(int dim, double cond, String noise, double scale, String design,
                                       String rotation) {
        if (!ROTATIONS.contains(rotation)) {
            throw new BadInputException("rotation must be one of " + String.join(", ", ROTATIONS) + ", got '"
                    + rotation + "'");
        }
        double[] sd = new double[dim];
        for (int i = 0; i < dim; i++) {
            double f = dim == 1 ? 0.5 : (double) i / (dim - 1);
            sd[i] = Math.pow(cond, f - 0.5);
        }
        if (rotation.equals("random")) {
            if (dim > MAX_ROTATED_DIM) {
                throw new BadInputException("rotation=random turns " + dim + " axes with a dense " + dim + " x " + dim
                        + " rotation, built in d^3 steps: at most " + MAX_ROTATED_DIM + " parameters (rotation=none"
                        + " takes up to the dim limit)");
            }
            RotatedGaussian r = new RotatedGaussian(sd, ROTATION_SEED);
            Truth t = r.truth();
            return new NoisyTarget(r, noise, scale, design, t, new Gaussian(t.sd()).plotBox(), false, sd);
        }
        Gaussian g = new Gaussian(sd);
        return new NoisyTarget(g, noise, scale, design, g.truth(), g.plotBox(), false);
    }

    /** {@code noisy-banana}: the banana of curvature b in (x[1], x[2]), further coordinates standard normal. */
    public static NoisyTarget banana(int dim, double b, String noise, double scale, String design) {
        Banana banana = new Banana(b);
        List<String> names = Names.vector("x", dim);
        final class BananaNd implements Model, KnownMarginals {
            @Override
            public int dim() {
                return dim;
            }

            @Override
            public List<String> parameterNames() {
                return names;
            }

            @Override
            public double logDensity(double[] q, double[] grad) {
                double lp = banana.logDensity(q, grad); // reads and writes coordinates 0 and 1 only
                for (int i = 2; i < dim; i++) {
                    grad[i] = -q[i];
                    lp -= 0.5 * q[i] * q[i];
                }
                return lp;
            }

            /** x[1] as the banana's; x[2] none in closed form (NaN); the further coordinates N(0, 1). */
            @Override
            public double marginalDensity(int index, double x) {
                if (index < 2) {
                    return banana.marginalDensity(index, x);
                }
                return index < dim ? KnownMarginals.normalDensity(x, 0, 1) : Double.NaN;
            }
        }
        Model m = new BananaNd();
        double[] sd = new double[dim];
        Arrays.fill(sd, 1);
        sd[0] = 10;
        sd[1] = Math.sqrt(2e4 * b * b + 1);
        return new NoisyTarget(m, noise, scale, design, Truth.analytic(new double[dim], sd), banana.plotBox(), false);
    }

    /** {@code noisy-funnel}: Neal's funnel in {@code dim} dimensions. */
    public static NoisyTarget funnel(int dim, String noise, double scale, String design) {
        Funnel f = new Funnel(dim);
        return new NoisyTarget(f, noise, scale, design, f.truth(), f.plotBox(), false);
    }

    private static List<ParamSpec> noiseSpecs() {
        return List.of(
                ParamSpec.choice("noise", "isotropic", KINDS, "kind of synthetic gradient noise"),
                ParamSpec.real("noise_scale", 1, 0, 1e6, "standard deviation scale of the gradient noise"),
                ParamSpec.choice("noise_design", "gradient", DESIGNS,
                        "gradient: noise on the gradient only, exact log density; data: a random linear data term "
                                + "in the minibatch log density (the SMILE benchmark's design)"));
    }

    private static ParamSpec dimSpec() {
        return ParamSpec.integer("dim", 10, 2, 100_000, "dimension");
    }

    public static final ModelFactory GAUSSIAN_FACTORY = new ModelFactory() {
        @Override
        public String id() {
            return "noisy-gaussian";
        }

        @Override
        public String description() {
            return "Ill-conditioned normal with synthetic gradient noise (stochastic-gradient benchmark)";
        }

        @Override
        public List<ParamSpec> params() {
            return List.of(dimSpec(),
                    ParamSpec.real("cond", 10, 1, 1e6, "ratio of the largest to the smallest standard deviation"),
                    noiseSpecs().get(0), noiseSpecs().get(1), noiseSpecs().get(2),
                    ParamSpec.choice("rotation", "none", ROTATIONS,
                            "none: independent coordinates; random: axes turned by a fixed random rotation (SMILE benchmark)"));
        }

        @Override
        public Model create(ParamValues v) {
            return gaussian(v.integer("dim"), v.real("cond"), v.text("noise"), v.real("noise_scale"),
                    v.text("noise_design"), v.text("rotation"));
        }
    };

    public static final ModelFactory BANANA_FACTORY = new ModelFactory() {
        @Override
        public String id() {
            return "noisy-banana";
        }

        @Override
        public String description() {
            return "Banana in the first two coordinates, standard normal in the rest, with synthetic gradient noise";
        }

        @Override
        public List<ParamSpec> params() {
            return List.of(dimSpec(), ParamSpec.positive("b", 0.1, 0, 1, "curvature of the banana"),
                    noiseSpecs().get(0), noiseSpecs().get(1), noiseSpecs().get(2));
        }

        @Override
        public Model create(ParamValues v) {
            return banana(v.integer("dim"), v.real("b"), v.text("noise"), v.real("noise_scale"), v.text("noise_design"));
        }
    };

    public static final ModelFactory FUNNEL_FACTORY = new ModelFactory() {
        @Override
        public String id() {
            return "noisy-funnel";
        }

        @Override
        public String description() {
            return "Neal's funnel with synthetic gradient noise";
        }

        @Override
        public List<ParamSpec> params() {
            return List.of(dimSpec(), noiseSpecs().get(0), noiseSpecs().get(1), noiseSpecs().get(2));
        }

        @Override
        public Model create(ParamValues v) {
            return funnel(v.integer("dim"), v.text("noise"), v.real("noise_scale"), v.text("noise_design"));
        }
    };

    /** The noise kind. */
    public String noise() {
        return kind;
    }

    /** The noise scale. */
    public double noiseScale() {
        return scale;
    }

    @Override
    public NoisyTarget forChain() {
        Model b = base.forChain();
        return new NoisyTarget(b, kind, scale, data ? "data" : "gradient", truth, box, true, noiseSd);
    }

    @Override
    public void nextBatch(UniformRandomProvider rng) {
        if (z == null) {
            throw new IllegalStateException("noisy estimates need the per-chain copy from forChain()");
        }
        normals.fill(rng, z);
        drawn = true;
    }

    @Override
    public double batchLogDensity(double[] q, double[] grad) {
        if (!drawn) {
            throw new IllegalStateException("nextBatch() was never called");
        }
        double lp = base.logDensity(q, grad);
        int d = grad.length;
        if (data) {
            return lp + dataTerm(q, grad);
        }
        switch (kind) {
            case "isotropic", "diagonal" -> {
                for (int i = 0; i < d; i++) {
                    grad[i] += scale * mult[i] * z[i];
                }
            }
            case "correlated" -> {
                double common = Math.sqrt(RHO) * z[d];
                double own = Math.sqrt(1 - RHO);
                for (int i = 0; i < d; i++) {
                    grad[i] += scale * mult[i] * (common + own * z[i]);
                }
            }
            default -> {
                for (int i = 0; i < d; i++) {
                    grad[i] += scale * Math.sqrt(1 + q[i] * q[i]) * z[i];
                }
            }
        }
        return lp;
    }

    /**
     * The {@code data} design: adds t(q) = e . q (times exp(-q[3] / c) for position-dependent noise) to the log
     * density and its gradient to {@code grad}, with e the batch's noise vector; returns t(q).
     */
    private double dataTerm(double[] q, double[] grad) {
        int d = grad.length;
        double common = kind.equals("correlated") ? Math.sqrt(RHO) * z[d] : 0;
        double own = kind.equals("correlated") ? Math.sqrt(1 - RHO) : 1;
        double t = 0;
        for (int i = 0; i < d; i++) {
            t += scale * mult[i] * (common + own * z[i]) * q[i];
        }
        if (!kind.equals("position-dependent")) {
            for (int i = 0; i < d; i++) {
                grad[i] += scale * mult[i] * (common + own * z[i]);
            }
            return t;
        }
        int k = Math.min(2, d - 1);
        double f = Math.exp(-q[k] / SPATIAL_LENGTH);
        for (int i = 0; i < d; i++) {
            grad[i] += scale * mult[i] * z[i] * f;
        }
        grad[k] -= t * f / SPATIAL_LENGTH;
        return t * f;
    }

    @Override
    public boolean exactLogDensity() {
        return !data;
    }

    @Override
    public int batchSize() {
        return 0;
    }

    @Override
    public boolean noisy() {
        return scale > 0;
    }

    @Override
    public int dim() {
        return base.dim();
    }

    @Override
    public List<String> parameterNames() {
        return base.parameterNames();
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        return base.logDensity(q, grad);
    }

    @Override
    public Truth truth() {
        return truth;
    }

    /** The target's own marginal where it knows it in closed form (the noise changes estimates, not the target). */
    @Override
    public double marginalDensity(int index, double x) {
        return base instanceof KnownMarginals k ? k.marginalDensity(index, x) : Double.NaN;
    }

    @Override
    public double[] plotBox() {
        return box == null ? null : box.clone();
    }
}
