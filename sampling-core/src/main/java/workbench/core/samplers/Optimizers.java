package workbench.core.samplers;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.InitialScales;
import workbench.core.model.Model;
import workbench.core.model.StochasticModel;
import workbench.core.rng.Normals;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Optimization baselines run as samplers, so that their results are sessions like any other:
 * <ul>
 *   <li>{@code map}: Adam (Kingma and Ba 2015) ascends the log density; every warmup iteration is
 *       one Adam step (one gradient; with {@code gradients=minibatch} a minibatch estimate from the
 *       model), every sampling iteration repeats the final estimate.</li>
 *   <li>{@code deep-ensemble}: the same from a random start drawn per chain, so the K chains are K
 *       independent MAP fits (Lakshminarayanan et al. 2017, without adversarial training). The start is
 *       N(0, init_scale^2) when {@code init_scale} is given; unset, a model that knows its scales
 *       ({@link InitialScales}: a network, LeCun-normal per layer) gives them, any other N(0, 1). The
 *       former default N(0, 0.1^2) made networks' hidden units condense: from near 0 the first Adam steps
 *       (each about learning_rate per coordinate, whatever the gradient's size) move every tanh unit
 *       along the same direction up to sign, and units that coincide stay so, leaving the network
 *       effectively one unit wide (toy1d RMSE 11.2 against 4.1–4.3, moons accuracy 0.895).</li>
 *   <li>{@code laplace-diag}: Adam to the mode in warmup, then the diagonal of the Hessian by central
 *       differences of the gradient (2 d gradients) and independent draws from
 *       N(mode, diag(1 / precision)), precision_i = max(-H_ii, min_precision), truncated to where the
 *       density is finite (a draw outside is drawn again).</li>
 * </ul>
 */
public record Optimizers(String id, ParamValues settings) implements Sampler {

    private static final double BETA1 = 0.9;
    private static final double BETA2 = 0.999;
    private static final double ADAM_EPS = 1e-8;
    /** Tries for a random start or a Laplace draw with a finite density. */
    private static final int MAX_TRIES = 100;

    private static ParamSpec rate() {
        return ParamSpec.positive("learning_rate", 0.01, 0, 10, "Adam learning rate");
    }

    private static ParamSpec gradients() {
        return ParamSpec.choice("gradients", "full", List.of("full", "minibatch"),
                "Adam on the full gradient, or on the model's minibatch estimates (models with batches)");
    }

    private static final String INIT_SCALE = "start from N(0, init_scale^2) drawn per chain (unset: run start; the"
            + " chains begin at the run's start point)";

    public static final SamplerFactory MAP = factory("map",
            "MAP estimate by Adam: each warmup iteration is one Adam step; draws repeat the final estimate",
            List.of(rate(), ParamSpec.optionalPositive("init_scale", 0, 1e3,
                    INIT_SCALE), gradients()));

    /**
     * Whether {@code samplerId} is one of these optimizers: its chains are fits repeated as draws, not Markov chains, so
     * R-hat and ESS say nothing about mixing (a deep ensemble's members disagree by design).
     */
    public static boolean isOptimizer(String samplerId) {
        return "map".equals(samplerId) || "deep-ensemble".equals(samplerId);
    }

    public static final SamplerFactory DEEP_ENSEMBLE = factory("deep-ensemble",
            "deep ensemble: each chain is an independent Adam MAP fit from its own random start",
            List.of(rate(), ParamSpec.optionalPositive("init_scale", 0, 1e3,
                    "each chain starts from N(0, init_scale^2), drawn from its own stream (unset: the model's own"
                    + " scales where it has them, for networks weights N(0, 1/fan_in) per layer (LeCun) and biases"
                    + " 0; other models N(0, 1))"), gradients()));

    public static final SamplerFactory LAPLACE_DIAG = factory("laplace-diag",
            "diagonal Laplace: Adam to the mode in warmup, then draws from N(mode, diag(-1/Hessian))",
            List.of(rate(), ParamSpec.optionalPositive("init_scale", 0, 1e3, INIT_SCALE),
                    ParamSpec.positive("min_precision", 1, 0, 1e12,
                            "floor on -d2 log p / dx_i^2 (where the curvature is flat or positive)"),
                    ParamSpec.positive("fd_step", 1e-4, 0, 1,
                            "relative step of the central differences of the gradient"), gradients()));

    private static SamplerFactory factory(String id, String description, List<ParamSpec> params) {
        return new SamplerFactory() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public List<ParamSpec> params() {
                return params;
            }

            @Override
            public Sampler create(ParamValues values) {
                return new Optimizers(id, values);
            }
        };
    }

    /**
     * With no warmup an optimizer takes no Adam step (each warmup iteration is one): its draws are its start, not a
     * fit, and {@code evaluate} scored them as the method's (map on bnn-regression, {@code --warmup 0}: RMSE 40 against
     * 4.5 after 2000 steps) without a word. A note rather than a refusal: the start may be what is looked at.
     */
    @Override
    public String cappedNote(int warmup) {
        if (warmup > 0) {
            return null;
        }
        String what = switch (id) {
            case "laplace-diag" -> "its draws are spread around the start point, not the mode";
            case "deep-ensemble" -> "each chain's draws are its random start, not a fit";
            default -> "its draws are the start point, not the MAP estimate";
        };
        return "no Adam step with a warmup of 0 (each warmup iteration is one): " + what
                + "; set the warmup to the Adam steps wanted (e.g. 2000)";
    }

    /** No acceptance to report: an Adam step (or, for laplace-diag, an independent draw) is always taken. */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.NONE;
    }

    /**
     * With {@code gradients=minibatch}, map's and deep-ensemble's {@code lp__} is the batch estimate of their last Adam
     * step (their draws repeat it); laplace-diag's draws are valued exactly.
     */
    @Override
    public boolean recordsBatchLogDensity() {
        return "minibatch".equals(settings.text("gradients")) && !id.equals("laplace-diag");
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        double initScale = settings.has("init_scale") ? settings.real("init_scale") : Double.NaN;
        double[] initScales = null;
        if (Double.isNaN(initScale) && id.equals("deep-ensemble")) {
            if (model instanceof InitialScales is) {
                initScales = is.initialScales();
                if (initScales.length != model.dim()) {
                    throw new IllegalStateException("model gives " + initScales.length + " start scales for "
                            + model.dim() + " parameters");
                }
            } else {
                initScale = 1;
            }
        }
        boolean laplace = id.equals("laplace-diag");
        boolean minibatch = "minibatch".equals(settings.text("gradients"));
        if (minibatch && !(model instanceof StochasticModel)) {
            throw new BadInputException("sampler " + id + ": gradients=minibatch needs a model with minibatches"
                    + " (e.g. logistic, bnn-regression, bnn-classification)");
        }
        return new Chain(model, warmup, settings.real("learning_rate"), initScale, initScales, laplace,
                laplace ? settings.real("min_precision") : 0, laplace ? settings.real("fd_step") : 0, minibatch);
    }

    /** Adam state of one chain, then (Laplace) the Gaussian it draws from. */
    static final class Chain implements ChainSampler {
        private Model model;
        private final int warmup;
        private double rate;
        private final double initScale;
        /** Per-coordinate start scales (the model's), or null for the isotropic {@link #initScale}. */
        private final double[] initScales;
        private final boolean laplace;
        private final double minPrecision;
        private final double fdStep;
        private final boolean minibatch;
        private final Normals normals = new Normals();
        private final double[] m;
        private final double[] v;
        private int steps;
        private boolean started;
        private double[] sd;
        private double[] mode;

        Chain(Model model, int warmup, double rate, double initScale, double[] initScales, boolean laplace,
              double minPrecision, double fdStep, boolean minibatch) {
            this.model = model;
            this.minibatch = minibatch;
            this.warmup = warmup;
            this.rate = rate;
            this.initScale = initScale;
            this.initScales = initScales == null ? null : initScales.clone();
            this.laplace = laplace;
            this.minPrecision = minPrecision;
            this.fdStep = fdStep;
            this.m = new double[model.dim()];
            this.v = new double[model.dim()];
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warm, boolean withPath) {
            int grads = 0;
            if (!started && (initScale > 0 || initScales != null)) {
                // a random start; where the density is not finite there, try again (up to 100 times),
                // else keep the run's start point
                for (int tries = 0; tries < MAX_TRIES; tries++) {
                    double[] q = new double[model.dim()];
                    for (int i = 0; i < q.length; i++) {
                        q[i] = (initScales != null ? initScales[i] : initScale) * normals.next(rng);
                    }
                    ChainState s = ChainState.at(model, q);
                    grads++;
                    if (s.finite()) {
                        state = s;
                        break;
                    }
                }
            }
            started = true;
            if (warm) {
                return adamStep(rng, state, grads, withPath);
            }
            if (!laplace) {
                return transition(state, true, false, grads, null);
            }
            if (mode == null) {
                grads += fitDiagonal(state);
            }
            // the Gaussian truncated to where the density is finite: redraw there (up to 100 times),
            // else keep the previous draw and flag the transition
            for (int tries = 0; tries < MAX_TRIES; tries++) {
                double[] q = new double[mode.length];
                for (int i = 0; i < q.length; i++) {
                    q[i] = mode[i] + sd[i] * normals.next(rng);
                }
                ChainState draw = ChainState.at(model, q);
                grads++;
                if (draw.finite()) {
                    return transition(draw, true, false, grads, null);
                }
            }
            return transition(state, false, true, grads, null);
        }

        private Transition adamStep(UniformRandomProvider rng, ChainState state, int grads, boolean withPath) {
            double[] x = state.position();
            double[] g = state.gradient();
            steps++;
            double c1 = 1 - Math.pow(BETA1, steps);
            double c2 = 1 - Math.pow(BETA2, steps);
            double[] q = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                m[i] = BETA1 * m[i] + (1 - BETA1) * g[i];
                v[i] = BETA2 * v[i] + (1 - BETA2) * g[i] * g[i];
                q[i] = x[i] + rate * (m[i] / c1) / (Math.sqrt(v[i] / c2) + ADAM_EPS);
            }
            ChainState next;
            if (minibatch) {
                // the state carries the batch estimates: the next step's gradient is a minibatch gradient
                StochasticModel sm = (StochasticModel) model;
                double[] g2 = new double[q.length];
                sm.nextBatch(rng);
                next = new ChainState(q, sm.batchLogDensity(q, g2), g2);
            } else {
                next = ChainState.at(model, q);
            }
            double[][] path = withPath ? new double[][] {x.clone(), q.clone()} : null;
            if (!next.finite()) {
                // a step into a non-finite region: stay, and take smaller steps from now on
                rate *= 0.5;
                return transition(state, false, true, grads + 1, path);
            }
            return transition(next, true, false, grads + 1, path);
        }

        /** Diagonal Hessian by central differences of the gradient at the mode; returns gradients used. */
        private int fitDiagonal(ChainState at) {
            int d = model.dim();
            mode = at.position().clone();
            sd = new double[d];
            double[] q = mode.clone();
            double[] gUp = new double[d];
            double[] gDown = new double[d];
            for (int i = 0; i < d; i++) {
                double h = fdStep * Math.max(1, Math.abs(mode[i]));
                q[i] = mode[i] + h;
                model.logDensity(q, gUp);
                q[i] = mode[i] - h;
                model.logDensity(q, gDown);
                q[i] = mode[i];
                double precision = -(gUp[i] - gDown[i]) / (2 * h);
                if (!(precision >= minPrecision)) {
                    precision = minPrecision;
                }
                sd[i] = 1 / Math.sqrt(precision);
            }
            return 2 * d;
        }

        private Transition transition(ChainState s, boolean accepted, boolean divergent, int grads, double[][] path) {
            return new Transition(s, accepted, accepted ? 1 : 0, Double.NaN, Double.NaN, divergent, null, rate, grads,
                    0, grads > 0 ? 1 : 0, false, path, Map.of());
        }

        @Override
        public double stepSize() {
            return rate;
        }

        @Override
        public void setStepSize(double stepSize) {
            Steps.check(stepSize);
            rate = stepSize;
        }

        @Override
        public boolean adapting() {
            return false;
        }

        @Override
        public void setModel(Model newModel) {
            if (minibatch && !(newModel instanceof StochasticModel)) {
                throw new BadInputException("gradients=minibatch needs a model with minibatches");
            }
            if (newModel.dim() != model.dim()) {
                throw new BadInputException("the new model has " + newModel.dim() + " parameters, the chain " + model.dim());
            }
            model = newModel;
            mode = null;
        }

        @Override
        public double[] inverseMetric() {
            if (sd == null) {
                return null;
            }
            double[] var = new double[sd.length];
            for (int i = 0; i < sd.length; i++) {
                var[i] = sd[i] * sd[i];
            }
            return var;
        }
    }
}
