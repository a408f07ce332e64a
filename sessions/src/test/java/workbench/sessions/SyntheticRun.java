package workbench.sessions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import workbench.core.draws.Stat;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Divergence;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * A run made of deterministic synthetic transitions (no sampler), fed to a SessionWriter through
 * the DrawSink calls in the runner's order, one thread per chain. Every value can be recomputed
 * from (chain, iteration, column), so tests compare what they read with what was written.
 */
final class SyntheticRun {
    static final long NAN_WITH_PAYLOAD = 0x7ff8000000000123L;

    final int chains;
    final int warmup;
    final int draws;
    final int outputs;
    final long seed = 20240611L;

    SyntheticRun(int chains, int warmup, int draws, int outputs) {
        this.chains = chains;
        this.warmup = warmup;
        this.draws = draws;
        this.outputs = outputs;
    }

    int dim() {
        return Math.max(1, outputs - 1);
    }

    long iterations() {
        return (long) warmup + draws;
    }

    List<String> names() {
        List<String> n = new ArrayList<>();
        for (int j = 0; j < dim(); j++) {
            n.add("x[" + (j + 1) + "]");
        }
        for (int j = dim(); j < outputs; j++) {
            n.add("derived" + j);
        }
        return n;
    }

    RunConfig config() {
        return new RunConfig("synthetic", Map.of("scale", "2.5"), "fake", Map.of("delta", "0.9"), chains, warmup,
                draws, seed, 2, null);
    }

    private SplittableRandom rng(int chain, long it) {
        return new SplittableRandom(seed * 31 + chain * 1_000_003L + it * 7919L);
    }

    double value(int chain, long it, int j) {
        SplittableRandom r = rng(chain, it);
        for (int k = 0; k < j; k++) {
            r.nextLong();
        }
        return value(it, j, r.nextDouble());
    }

    /** Every column of iteration {@code it} at once, as {@link #value} gives them one by one (in linear time). */
    private void row(int chain, long it, double[] out) {
        SplittableRandom r = rng(chain, it);
        for (int j = 0; j < out.length; j++) {
            out[j] = value(it, j, r.nextDouble()); // nextDouble takes one nextLong, as value skips one per column
        }
    }

    /** Column {@code j}'s value from its uniform draw {@code u}. */
    private double value(long it, int j, double u) {
        if (j == 0 && it % 97 == 5) {
            return Double.longBitsToDouble(NAN_WITH_PAYLOAD);
        }
        if (j == 1 % outputs && it % 89 == 3) {
            return -0.0;
        }
        if (it % 83 == 7) {
            return j % 2 == 0 ? Double.POSITIVE_INFINITY : Double.MIN_VALUE;
        }
        return (u - 0.5) * Math.pow(10, (j % 7) - 3);
    }

    boolean divergent(int chain, long it) {
        return (it + chain) % 53 == 0;
    }

    Transition transition(int chain, long it) {
        SplittableRandom r = rng(chain, it).split();
        double[] pos = new double[dim()];
        for (int j = 0; j < pos.length; j++) {
            pos[j] = r.nextGaussian();
        }
        double lp = -0.5 * r.nextDouble() * 10;
        boolean div = divergent(chain, it);
        Divergence d = null;
        if (div) {
            double[] mom = new double[dim()];
            for (int j = 0; j < mom.length; j++) {
                mom[j] = r.nextGaussian();
            }
            int steps = 1 + (int) (it % 5);
            double[][] traj = new double[steps][dim()];
            for (double[] row : traj) {
                for (int j = 0; j < row.length; j++) {
                    row[j] = r.nextGaussian();
                }
            }
            d = new Divergence(pos.clone(), it % 2 == 0 ? mom : null, 1000 + r.nextDouble(), traj);
        }
        boolean warm = it < warmup;
        return new Transition(new ChainState(pos, lp, new double[dim()]), r.nextBoolean(), r.nextDouble(),
                r.nextDouble() * 5, div ? Double.POSITIVE_INFINITY : r.nextGaussian(), div, d,
                0.1 + r.nextDouble(), r.nextInt(1024), r.nextInt(11), r.nextInt(1024), warm, null, Map.of());
    }

    double stat(int chain, long it, Stat s) {
        Transition t = transition(chain, it);
        return switch (s) {
            case LOG_DENSITY -> t.state().logDensity();
            case ACCEPT_STAT -> t.acceptStat();
            case STEP_SIZE -> t.stepSize();
            case TREE_DEPTH -> t.treeDepth();
            case LEAPFROG_STEPS -> t.leapfrogSteps();
            case DIVERGENT -> t.divergent() ? 1 : 0;
            case ENERGY -> t.energy();
            case ENERGY_ERROR -> t.energyError();
            case GRADIENT_EVALUATIONS -> t.gradientEvaluations();
            case ACCEPTED -> t.accepted() ? 1 : 0;
        };
    }

    boolean hasEvent(long it) {
        return it % 211 == 17;
    }

    RunEvent event(int chain, long it) {
        return it % 2 == 0 ? new RunEvent(RunEvent.STEP_SIZE, 0.01 * (chain + 1) + it * 1e-7, "set by \"hand\"\nline 2")
                : new RunEvent(RunEvent.PAUSE, Double.NaN, "");
    }

    double finalStepSize(int chain) {
        return 0.25 + chain / 7.0;
    }

    double[] finalMetric(int chain) {
        double[] m = new double[dim()];
        for (int j = 0; j < m.length; j++) {
            m[j] = 1.0 / (3 + j + chain);
        }
        return m;
    }

    RunInfo info() {
        List<String> names = names();
        int d = dim();
        Model model = new Model() {
            @Override
            public int dim() {
                return d;
            }

            @Override
            public List<String> parameterNames() {
                return names.subList(0, d);
            }

            @Override
            public List<String> derivedNames() {
                return names.subList(d, names.size());
            }

            @Override
            public double logDensity(double[] q, double[] grad) {
                throw new UnsupportedOperationException("synthetic model has no density");
            }
        };
        ParamValues settings = ParamValues.of("sampler fake",
                List.of(ParamSpec.real("delta", 0.8, 0.0, 1.0, "target acceptance"),
                        ParamSpec.integer("max_depth", 10, 1, 20, "tree depth")), Map.of("delta", "0.9"));
        Sampler sampler = new Sampler() {
            @Override
            public String id() {
                return "fake";
            }

            @Override
            public ParamValues settings() {
                return settings;
            }

            @Override
            public workbench.core.kernel.AcceptStep acceptStep() {
                return workbench.core.kernel.AcceptStep.METROPOLIS;
            }

            @Override
            public ChainSampler newChain(Model m, int w, ChainState initial,
                                         org.apache.commons.rng.UniformRandomProvider rng) {
                throw new UnsupportedOperationException("synthetic run has no sampler");
            }
        };
        return new RunInfo(config(), model, sampler, names, "XO_RO_SHI_RO_128_PP");
    }

    /** Feeds chains {@code 0..chains-1} to the writer (one thread each) up to {@code upTo} iterations; no finish. */
    void feed(SessionWriter w, long upTo, boolean endChains) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            final int chain = c;
            Thread t = new Thread(() -> {
                double[] out = new double[outputs];
                for (long it = 0; it < upTo; it++) {
                    if (hasEvent(it)) {
                        w.event(chain, it, event(chain, it));
                    }
                    row(chain, it, out);
                    w.transition(chain, it, transition(chain, it), out);
                    java.util.Arrays.fill(out, 12345.0); // the runner reuses the array
                }
                if (endChains) {
                    w.chainEnded(chain, upTo, finalStepSize(chain), finalMetric(chain));
                }
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    /** A whole run written to {@code dir}. */
    void write(Path dir, SessionWriter.Options options) throws InterruptedException {
        try (SessionWriter w = new SessionWriter(dir, options)) {
            w.start(info());
            feed(w, iterations(), true);
            w.finish(new RunOutcome(RunOutcome.Status.FINISHED, 1.5, 0.5, 0.75, null));
        }
    }
}
