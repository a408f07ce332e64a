package workbench.core.samplers.sg;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;
import workbench.core.samplers.mclmc.Isokinetic;

/**
 * Diagnostic (on demand, not in the suite): how the SMILE tuner moves the step size of {@code smile} against
 * {@code psmile}, per block of steps of one chain, and what energy error it sees. For every step it also replays
 * the same integrator step from the same state with the exact gradient (same step size, same scale vector s) to
 * split |dE| into the integrator's own error and the part the noise adds.
 * {@code mvn -B -q -o -pl sampling-core test -Dtest=PsmileTunerTrace -Dsg.ptrace=true}
 * ({@code -Dsg.model="noise=diagonal"}, {@code -Dsg.steps=12000}, {@code -Dsg.block=1000}, {@code -Dsg.seed=3},
 * {@code -Dsg.runs="smile;psmile"}, {@code -Dsg.target=noisy-gaussian}). Columns per block: step size at its end,
 * mean eps * RMS(s) (the step in the target's coordinates per unit of |u|; = eps for smile), fractions of steps
 * that grew / shrank the step size and were rejected, median and mean |dE|, mean |dE| of the exact-gradient replay,
 * mean fitted Gamma shape, min and max of s at the block's end, and (pSMILE) min and max of the raw sigma
 * (the clip to [1e-2, 1e4] acts on it).
 */
class PsmileTunerTrace {

    static Map<String, String> parse(String s) {
        Map<String, String> m = new HashMap<>();
        for (String p : s.trim().split("\\s+")) {
            if (!p.isEmpty()) {
                m.put(p.split("=")[0], p.split("=")[1]);
            }
        }
        return m;
    }

    static double[] scaleOf(Object chain) {
        return field(chain, "s");
    }

    /** The chain's raw gradient-noise sds sigma (before the clip and the RMS normalisation). */
    static double[] sigmaOf(Object chain) {
        double[] v = field(chain, "gvar");
        for (int i = 0; i < v.length; i++) {
            v[i] = Math.sqrt(v[i]);
        }
        return v;
    }

    private static double[] field(Object chain, String name) {
        try {
            Field f = Smile.Chain.class.getDeclaredField(name);
            f.setAccessible(true);
            return ((double[]) f.get(chain)).clone();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Totals over the steps after warmup of one traced chain. */
    record Stats(double finalStep, double grow, double shrink, double rejected, double meanAbsDe,
                 double meanExactAbsDe, double meanShape, double meanRmsScale) {
    }

    @Test
    @EnabledIfSystemProperty(named = "sg.ptrace", matches = "true")
    void trace() {
        String target = System.getProperty("sg.target", "noisy-gaussian");
        Map<String, String> modelSet = parse(System.getProperty("sg.model", "noise=diagonal"));
        int steps = Integer.getInteger("sg.steps", 12000);
        int block = Integer.getInteger("sg.block", 1000);
        int warmup = Integer.getInteger("sg.warmup", 2000);
        long seed = Long.getLong("sg.seed", 3);
        for (String run : System.getProperty("sg.runs", "smile;psmile").split(";")) {
            String[] parts = run.trim().split(" ", 2);
            Map<String, String> set = parts.length > 1 ? parse(parts[1]) : Map.of();
            System.out.printf(Locale.ROOT, "%s %s %s seed %d%n", run, target, modelSet, seed);
            Stats st = run(parts[0], set, target, modelSet, seed, steps, warmup, block, true);
            System.out.println("  after warmup: " + st);
        }
    }

    /**
     * Runs one chain of {@code sampler} (smile or psmile) for {@code steps} iterations, the first {@code warmup} of
     * them warmup, printing a line per {@code block} when {@code print}; returns the totals after warmup.
     */
    static Stats run(String sampler, Map<String, String> set, String target, Map<String, String> modelSet,
                     long seed, int steps, int warmup, int block, boolean print) {
        Model m = ModelRegistry.create(target, modelSet).forChain();
        UniformRandomProvider rng = ChainRngs.forChain(seed, 0);
        ChainState st = ChainState.at(m, new double[m.dim()]);
        Smile.Chain cs = (Smile.Chain) SamplerRegistry.create(sampler, set).newChain(m, warmup, st, rng);
        boolean pre = sampler.equals("psmile");
        Isokinetic replay = new Isokinetic(Isokinetic.Scheme.MINIMAL_NORM, null);
        Isokinetic.Point p = new Isokinetic.Point(m.dim());
        Isokinetic.Target exact = m::logDensity;
        if (print) {
            System.out.println("  iter   step  eps*rms(s)   up    down   rej   med|dE|  mean|dE| exact|dE|  shape  s_min  s_max  sig_min  sig_max");
        }
        int up = 0, down = 0, rej = 0;
        double sh = 0, effSum = 0, exactSum = 0, aSum = 0;
        double[] as = new double[block];
        double[] tot = new double[7];
        for (int it = 1; it <= steps; it++) {
            double[] u0 = st.momentum() != null ? st.momentum() : new double[m.dim()];
            ChainState before = st;
            Transition t = cs.next(rng, st, it <= warmup, false);
            st = t.state();
            double[] s = pre ? scaleOf(cs) : null;
            double rms = 1;
            if (s != null) {
                double ss = 0;
                for (double v : s) ss += v * v;
                rms = Math.sqrt(ss / s.length);
            }
            // replay: same start, same eps and s, exact gradient (the first sub-step uses the exact gradient too)
            double[] g0 = new double[m.dim()];
            double lp0 = m.logDensity(before.position(), g0);
            p.load(before.position(), lp0, g0, u0);
            replay.setScale(s);
            double dk = replay.step(p, t.stepSize(), exact);
            double exactDe = Math.abs(dk - (p.logDensity - lp0));
            if (!Double.isFinite(exactDe)) exactDe = 0;
            double f = t.extras().get("step_factor");
            double r = t.extras().get("rejected");
            double a = t.extras().get("abs_energy_error");
            double shape = t.extras().get("tuner_shape");
            if (!Double.isFinite(shape)) shape = 0;
            if (it > warmup) {
                tot[0] += f > 1 ? 1 : 0;
                tot[1] += f < 1 ? 1 : 0;
                tot[2] += r;
                tot[3] += a;
                tot[4] += exactDe;
                tot[5] += shape;
                tot[6] += rms;
            }
            if (f > 1) up++;
            if (f < 1) down++;
            rej += r;
            as[(it - 1) % block] = a;
            aSum += a;
            sh += shape;
            exactSum += exactDe;
            effSum += t.stepSize() * rms;
            if (it % block == 0) {
                double[] sorted = as.clone();
                Arrays.sort(sorted);
                double lo = s == null ? 1 : Arrays.stream(s).min().orElse(1);
                double hi = s == null ? 1 : Arrays.stream(s).max().orElse(1);
                double[] sig = pre ? sigmaOf(cs) : new double[] {Double.NaN};
                if (print) {
                    System.out.printf(Locale.ROOT,
                            "%6d %7.4f %8.4f   %.4f %.4f %.4f %9.3g %9.3g %9.3g %6.3f %6.3f %6.3f %8.3g %8.3g%n",
                            it, cs.stepSize(), effSum / block, up / (double) block, down / (double) block,
                            rej / (double) block, sorted[block / 2], aSum / block, exactSum / block, sh / block, lo,
                            hi, Arrays.stream(sig).min().orElse(Double.NaN), Arrays.stream(sig).max().orElse(Double.NaN));
                }
                up = down = rej = 0;
                sh = effSum = exactSum = aSum = 0;
            }
        }
        double n = steps - warmup;
        return new Stats(cs.stepSize(), tot[0] / n, tot[1] / n, tot[2] / n, tot[3] / n, tot[4] / n, tot[5] / n,
                tot[6] / n);
    }
}
