package workbench.core.samplers.sg;

import java.util.List;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.draws.DrawPhase;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.samplers.Steps;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Cyclical SGLD (Zhang et al. 2020): SGLD whose step size follows a cosine schedule restarted every
 * C = {@code cycle_length} iterations, eps_k = eps0 / 2 * (cos(pi * r_k) + 1) with
 * r_k = mod(k - 1, C) / C (k = 1, 2, ... counts this chain's transitions, warmup included). The first
 * {@code explore_fraction} of each cycle explores (gradient steps without noise); the rest samples
 * (SGLD steps). Every transition is a draw; its extras say which: {@code phase} 0 = exploration,
 * 1 = sampling, and {@code cycle} (1-based). Only sampling-phase draws are posterior draws: {@link #drawPhase()} says
 * which, and {@code summary}, {@code evaluate}, {@code distill} and the window's diagnostics use only those.
 * Setting the step size by hand sets eps0.
 */
public record Csgld(ParamValues settings) implements Sampler {
    /** Value of the {@code phase} extra in the exploration part of a cycle. */
    public static final double EXPLORE = 0;
    /** Value of the {@code phase} extra in the sampling part of a cycle. */
    public static final double SAMPLE = 1;

    public static final SamplerFactory FACTORY = SamplerFactory.of("csgld",
            "Cyclical SGLD: cosine step-size cycles, each exploring without noise then sampling",
            List.of(
                    ParamSpec.positive("step_size", 1e-3, 0, Steps.MAX, "peak step size eps0 at the start of each cycle"),
                    ParamSpec.integer("cycle_length", 1000, 1, Integer.MAX_VALUE, "iterations per cycle"),
                    ParamSpec.real("explore_fraction", 0.5, 0, 0.99,
                            "fraction of each cycle spent exploring (no noise) before sampling"),
                    Sgld.temperatureSpec()),
            Csgld::new);

    /**
     * Refuses a cycle with no sampling part: iteration k is a draw iff mod(k - 1, C) / C >= explore_fraction, so with
     * (C - 1) / C below the fraction no iteration ever is (cycle_length=1, or explore_fraction=0.99 with C below 100).
     * Each value is within its range; before, the pair failed the run later with an internal "no iteration is a draw".
     */
    public Csgld {
        int c = settings.integer("cycle_length");
        double f = settings.real("explore_fraction");
        if ((double) (c - 1) / c < f) {
            long least = c;
            while ((double) (least - 1) / least < f) {
                least++;
            }
            throw new workbench.core.BadInputException("sampler csgld: cycle_length=" + c + " with explore_fraction="
                    + f + " leaves no iteration to draw (the sampling part of a cycle is the iterations k with"
                    + " mod(k - 1, C) / C >= explore_fraction); use cycle_length=" + least
                    + " or more, or a lower explore_fraction");
        }
    }

    @Override
    public String id() {
        return "csgld";
    }

    /** No acceptance to report: every SGLD step or exploration step is taken. */
    @Override
    public AcceptStep acceptStep() {
        return AcceptStep.NONE;
    }

    /** Its {@code lp__} is the model's value on the current batch. */
    @Override
    public boolean recordsBatchLogDensity() {
        return true;
    }

    /** Only the sampling part of each cycle: iteration k (1-based) is a draw iff mod(k - 1, C) / C >= the fraction. */
    @Override
    public DrawPhase drawPhase() {
        return DrawPhase.cyclic(settings.integer("cycle_length"), settings.real("explore_fraction"));
    }

    @Override
    public ChainSampler newChain(Model model, int warmup, ChainState initial, UniformRandomProvider rng) {
        return new Chain(model, settings.real("step_size"), settings.integer("cycle_length"), drawPhase(),
                settings.real("temperature"));
    }

    /** The step size of transition {@code k} (1-based) for peak {@code eps0} and cycle length {@code c}. */
    public static double cyclicalStepSize(double eps0, int c, long k) {
        double r = (double) ((k - 1) % c) / c;
        return eps0 / 2 * (Math.cos(Math.PI * r) + 1);
    }

    private static final class Chain extends Sgld.Chain {
        private final int cycle;
        private final DrawPhase phase;
        private double eps0;
        private long k = 1;

        Chain(Model model, double eps0, int cycle, DrawPhase phase, double temperature) {
            super(model, eps0, temperature);
            this.eps0 = eps0;
            this.cycle = cycle;
            this.phase = phase;
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            double eps = cyclicalStepSize(eps0, cycle, k);
            boolean sampling = phase.isDraw(k - 1);
            Map<String, Double> extras = Map.of("phase", sampling ? SAMPLE : EXPLORE,
                    "cycle", (double) ((k - 1) / cycle + 1));
            k++;
            return step(rng, state, eps, sampling, extras, withPath);
        }

        @Override
        public double stepSize() {
            return cyclicalStepSize(eps0, cycle, k);
        }

        @Override
        public void setStepSize(double eps) {
            Steps.check(eps);
            eps0 = eps;
        }
    }
}
