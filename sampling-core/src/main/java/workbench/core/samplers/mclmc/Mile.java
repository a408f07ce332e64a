package workbench.core.samplers.mclmc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.BadInputException;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.samplers.Metropolis;
import workbench.core.samplers.Steps;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Microcanonical Langevin ensembles (MILE; Sommer et al. 2025): every chain first climbs from its own
 * random start toward a MAP estimate with {@link Adam} (deterministic; the start comes from the
 * chain's stream), then runs MCLMC ({@code kernel=unadjusted}, {@link Mclmc}) or adjusted MCLMC
 * ({@code kernel=adjusted}, {@link AdjustedMclmc}) from there, tuning it over the rest of warmup.
 *
 * <p>The optimizer takes the first min({@code optimizer_steps}, warmup / 2) iterations of warmup;
 * each Adam step is one transition (extras {@code phase} = {@link Phase#OPTIMIZER}, one gradient
 * evaluation, step size = the learning rate, energy and energy error NaN). A step to a point where
 * the density or its gradient is not finite is undone and the learning rate halved.
 *
 * <p>The settings are MILE's own plus those of both kernels; one that only the other kernel takes is
 * refused when given a value other than its default.
 */
public final class Mile implements Sampler {
    public static final String ID = "mile";

    /** MILE's own settings; the others belong to the kernels. */
    private static final Set<String> OWN = Set.of("kernel", "optimizer_steps", "learning_rate");

    public static final SamplerFactory FACTORY = SamplerFactory.of(ID,
            "Microcanonical Langevin ensembles: each chain warm-started by Adam, then (adjusted) MCLMC",
            params(),
            Mile::new);

    /** MILE's own settings, then those of both kernels (each once). */
    private static List<ParamSpec> params() {
        List<ParamSpec> out = new ArrayList<>();
        out.add(ParamSpec.choice("kernel", "unadjusted", List.of("unadjusted", "adjusted"),
                "MCLMC kernel after the warm start: unadjusted or Metropolis-adjusted"));
        out.add(ParamSpec.integer("optimizer_steps", 200, 0, 1_000_000,
                "Adam steps of the warm start (at most half of warmup)"));
        out.add(ParamSpec.positive("learning_rate", 0.05, 0, 1e6, "Adam learning rate on the unconstrained scale"));
        Set<String> seen = new HashSet<>();
        for (ParamSpec p : Mclmc.params()) {
            out.add(p);
            seen.add(p.name());
        }
        for (ParamSpec p : AdjustedMclmc.params()) {
            if (seen.add(p.name())) {
                out.add(p);
            }
        }
        return out;
    }

    private final ParamValues settings;
    private final Sampler kernel;
    private final int optimizerSteps;
    private final double learningRate;

    private Mile(ParamValues settings) {
        this.settings = settings;
        boolean adjusted = settings.text("kernel").equals("adjusted");
        List<ParamSpec> specs = adjusted ? AdjustedMclmc.params() : Mclmc.params();
        Map<String, String> given = new LinkedHashMap<>();
        Set<String> names = new HashSet<>();
        for (ParamSpec p : specs) {
            names.add(p.name());
        }
        String owner = "sampler " + ID;
        Map<String, String> defaults = new HashMap<>();
        for (ParamSpec p : FACTORY.params()) {
            defaults.put(p.name(), p.defaultValue());
        }
        for (Map.Entry<String, String> e : settings.asText().entrySet()) {
            if (names.contains(e.getKey())) {
                given.put(e.getKey(), e.getValue());
            } else if (!OWN.contains(e.getKey()) && !e.getValue().equals(defaults.get(e.getKey()))) {
                throw new BadInputException(owner + ": '" + e.getKey() + "' is a setting of kernel="
                        + (adjusted ? "unadjusted" : "adjusted") + " only");
            }
        }
        ParamValues inner = ParamValues.of(owner, specs, given);
        this.kernel = adjusted ? new AdjustedMclmc(inner, owner) : new Mclmc(inner, owner);
        this.optimizerSteps = settings.integer("optimizer_steps");
        this.learningRate = settings.real("learning_rate");
    }

    /** MILE with the given settings (names as in {@link #FACTORY}; missing ones take their defaults). */
    public static Mile of(Map<String, String> settings) {
        return (Mile) FACTORY.create(settings);
    }

    @Override
    public String id() {
        return ID;
    }

    /** The kernel's: the adjusted one's energy threshold, the unadjusted one's non-finite steps only. */
    @Override
    public boolean divergesOnEnergy() {
        return kernel.divergesOnEnergy();
    }

    /** The kernel's (both record each divergence; the Adam warm start flags none). */
    @Override
    public boolean recordsDivergences() {
        return kernel.recordsDivergences();
    }

    /** The kernel's: none for unadjusted MCLMC, Metropolis for the adjusted one (the Adam warm start is warmup). */
    @Override
    public AcceptStep acceptStep() {
        return kernel.acceptStep();
    }

    @Override
    public ParamValues settings() {
        return settings;
    }

    @Override
    public void check(Model model) {
        Mclmc.requireTwoDimensions("sampler " + ID, model);
    }

    /** The Adam steps a run with {@code warmup} warmup iterations takes: {@code optimizer_steps}, at most warmup / 2. */
    public int optimizerStepsUsed(int warmup) {
        return Math.min(optimizerSteps, Math.max(0, warmup) / 2);
    }

    /** {@code optimizer_steps} as used: capped at half the warmup. */
    @Override
    public Map<String, String> appliedSettings(int warmup) {
        Map<String, String> out = new LinkedHashMap<>(settings.asText());
        if (optimizerStepsUsed(warmup) != optimizerSteps) {
            out.put("optimizer_steps", String.valueOf(optimizerStepsUsed(warmup)));
        }
        return out;
    }

    @Override
    public String cappedNote(int warmup) {
        int used = optimizerStepsUsed(warmup);
        if (used == optimizerSteps) {
            return null;
        }
        return "optimizer_steps " + optimizerSteps + " is more than half the warmup (" + warmup + "): " + used
                + " Adam step" + (used == 1 ? " is" : "s are") + " used; a warmup of " + (2L * optimizerSteps)
                + " or more uses all " + optimizerSteps;
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        Mclmc.requireTwoDimensions("sampler " + ID, model);
        int steps = optimizerStepsUsed(warmup);
        return new Chain(model, warmup, steps);
    }

    /** The optimizer phase, then the kernel's chain. */
    private final class Chain implements ChainSampler {
        private Model model;
        private final int warmup;
        private final int steps;
        private final Adam adam;
        private final double[] proposal;
        private final double[] gradient;
        private int iteration;
        private ChainSampler inner;
        private double handStepSize = Double.NaN;

        Chain(Model model, int warmup, int steps) {
            this.model = model;
            this.warmup = warmup;
            this.steps = steps;
            this.adam = new Adam(model.dim(), learningRate);
            this.proposal = new double[model.dim()];
            this.gradient = new double[model.dim()];
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warm, boolean withPath) {
            if (iteration < steps && warm) {
                iteration++;
                return optimizerStep(state, withPath);
            }
            if (inner == null) {
                inner = kernel.newChain(model, Math.max(0, warmup - iteration), state, rng);
                if (!Double.isNaN(handStepSize)) {
                    inner.setStepSize(handStepSize);
                }
            }
            iteration++;
            return inner.next(rng, state, warm, withPath);
        }

        private Transition optimizerStep(ChainState state, boolean withPath) {
            double rate = adam.rate();
            adam.step(state.position(), state.gradient(), proposal);
            double lp = model.logDensity(proposal, gradient);
            boolean ok = Double.isFinite(lp) && Metropolis.allFinite(gradient);
            ChainState next;
            if (ok) {
                next = new ChainState(proposal.clone(), lp, gradient.clone());
            } else {
                adam.halve();
                next = state;
            }
            double[][] path = withPath ? new double[][] {state.position().clone(), proposal.clone()} : null;
            return new Transition(next, ok, ok ? 1 : 0, Double.NaN, Double.NaN, false, null, rate, 1, 0, 1, true,
                    path, Map.of(Phase.KEY, Phase.OPTIMIZER));
        }

        @Override
        public double stepSize() {
            if (inner != null) {
                return inner.stepSize();
            }
            return Double.isNaN(handStepSize) ? adam.rate() : handStepSize;
        }

        @Override
        public void setStepSize(double stepSize) {
            Steps.check(stepSize);
            if (inner != null) {
                inner.setStepSize(stepSize);
            } else {
                handStepSize = stepSize;
            }
        }

        @Override
        public boolean adapting() {
            return inner == null ? warmup > 0 : inner.adapting();
        }

        @Override
        public void setModel(Model m) {
            ChainSampler.requireDimension(m, model.dim());
            model = m;
            if (inner != null) {
                inner.setModel(m);
            }
        }

        @Override
        public double[] inverseMetric() {
            return inner == null ? null : inner.inverseMetric();
        }
    }
}
