package workbench.core.samplers.sg;

import java.util.List;
import java.util.Map;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.Truth;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/** Runs a sampler through the chain runner and summarizes the pooled draws against the truth. */
final class SgRuns {
    private SgRuns() {
    }

    /** Pooled per-coordinate moments of the kept draws, and the mean fraction of rejected transitions. */
    record Moments(double[] mean, double[] sd, long draws, double rejectRate, double finalStep) {
        /** Mean over coordinates of (sd / sd* - 1). */
        double sdBias(Truth t) {
            double s = 0;
            for (int i = 0; i < sd.length; i++) {
                s += sd[i] / t.sd()[i] - 1;
            }
            return s / sd.length;
        }

        /** 2-Wasserstein distance between diagonal Gaussians fitted to the draws and to the truth. */
        double w2(Truth t) {
            double s = 0;
            for (int i = 0; i < sd.length; i++) {
                double dm = mean[i] - t.mean()[i];
                double ds = sd[i] - t.sd()[i];
                s += dm * dm + ds * ds;
            }
            return Math.sqrt(s);
        }

        /** Root mean over coordinates of ((mean - mean*) / sd*)^2 + ((sd - sd*) / sd*)^2. */
        double relError(Truth t) {
            double s = 0;
            for (int i = 0; i < sd.length; i++) {
                double dm = (mean[i] - t.mean()[i]) / t.sd()[i];
                double ds = (sd[i] - t.sd()[i]) / t.sd()[i];
                s += dm * dm + ds * ds;
            }
            return Math.sqrt(s / sd.length);
        }

        /**
         * Mean over coordinates of the squared error of the second moment E[x_i^2] over its variance under a normal
         * marginal with the true mean and sd (2 sd*^4 + 4 mean*^2 sd*^2): the "b^2 avg" bias of the MCLMC papers and
         * the SMILE authors' analytic benchmark; exact for Gaussian targets, a normal-scaled figure otherwise.
         */
        double secondMomentBias(Truth t) {
            double s = 0;
            for (int i = 0; i < sd.length; i++) {
                double mu = t.mean()[i];
                double v = t.sd()[i] * t.sd()[i];
                double d = mean[i] * mean[i] + sd[i] * sd[i] - (mu * mu + v);
                s += d * d / (2 * v * v + 4 * mu * mu * v);
            }
            return s / sd.length;
        }

        /** Root mean over coordinates of ((mean - mean*) / sd*)^2. */
        double relMeanError(Truth t) {
            double s = 0;
            for (int i = 0; i < sd.length; i++) {
                double dm = (mean[i] - t.mean()[i]) / t.sd()[i];
                s += dm * dm;
            }
            return Math.sqrt(s / sd.length);
        }

        /** Root mean over coordinates of ((sd - sd*) / sd*)^2. */
        double relSdError(Truth t) {
            double s = 0;
            for (int i = 0; i < sd.length; i++) {
                double ds = (sd[i] - t.sd()[i]) / t.sd()[i];
                s += ds * ds;
            }
            return Math.sqrt(s / sd.length);
        }
    }

    /** The pooled moments and the kept draws themselves, {@code rows[chain][draw][coordinate]}. */
    record Kept(Moments moments, double[][][] rows) {
        /** The series f(draw) of each chain, as {@code [chain][draw]}, for the MCSE helpers of Diagnostics. */
        double[][] series(java.util.function.ToDoubleFunction<double[]> f) {
            double[][] out = new double[rows.length][];
            for (int c = 0; c < rows.length; c++) {
                out[c] = new double[rows[c].length];
                for (int t = 0; t < rows[c].length; t++) {
                    out[c][t] = f.applyAsDouble(rows[c][t]);
                }
            }
            return out;
        }
    }

    /**
     * Runs {@code chains} chains and pools their sampling draws (only {@code phase == 1} ones when
     * {@code samplingPhaseOnly}, for cSGLD).
     */
    static Moments run(String samplerId, Map<String, String> settings, Model model, int chains, int warmup, int draws,
                       long seed, boolean samplingPhaseOnly) {
        return runKept(samplerId, settings, model, chains, warmup, draws, seed, samplingPhaseOnly).moments();
    }

    /** As {@link #run}, keeping the draws too (the same moments, summed in the same order). */
    static Kept runKept(String samplerId, Map<String, String> settings, Model model, int chains, int warmup,
                        int draws, long seed, boolean samplingPhaseOnly) {
        Sampler sampler = SamplerRegistry.create(samplerId, settings);
        MemoryDraws sink = new MemoryDraws(true);
        RunConfig cfg = new RunConfig("test", Map.of(), samplerId, settings, chains, warmup, draws, seed,
                Math.min(2, chains), null);
        new ChainRunner(cfg, model, sampler, sink).run();
        int d = model.dim();
        double[] sum = new double[d];
        double[] sum2 = new double[d];
        long n = 0;
        long rejected = 0;
        long all = 0;
        double lastStep = 0;
        double[][][] kept = new double[chains][][];
        for (int c = 0; c < chains; c++) {
            List<Transition> ts = sink.transitions(c);
            double[][] rows = sink.rows(c);
            List<double[]> keptRows = new java.util.ArrayList<>();
            for (int it = warmup; it < rows.length; it++) {
                Transition t = ts.get(it);
                all++;
                if (!t.accepted()) {
                    rejected++;
                }
                if (samplingPhaseOnly && t.extras().getOrDefault("phase", 1.0) != 1.0) {
                    continue;
                }
                for (int i = 0; i < d; i++) {
                    double v = rows[it][i];
                    sum[i] += v;
                    sum2[i] += v * v;
                }
                keptRows.add(rows[it]);
                n++;
            }
            kept[c] = keptRows.toArray(new double[0][]);
            lastStep += ts.get(ts.size() - 1).stepSize() / chains;
        }
        double[] mean = new double[d];
        double[] sd = new double[d];
        for (int i = 0; i < d; i++) {
            mean[i] = sum[i] / n;
            sd[i] = Math.sqrt(Math.max(0, sum2[i] / n - mean[i] * mean[i]) * n / (n - 1.0));
        }
        return new Kept(new Moments(mean, sd, n, (double) rejected / all, lastStep), kept);
    }
}
