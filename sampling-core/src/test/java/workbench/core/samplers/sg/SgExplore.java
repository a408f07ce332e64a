package workbench.core.samplers.sg;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/**
 * Relative error (mean and sd against the model's truth) of stochastic-gradient samplers on any model with a
 * truth, 4 chains x 10 000 draws after 2000 warmup, averaged over seeds (on demand, not in the suite):
 * {@code mvn -B -q -pl sampling-core test -Dtest=SgExplore -Dsg.explore=true -Dsg.target=logistic-pima
 * "-Dsg.runs=smile step_size=0.001;sghmc step_size=0.001"} ({@code -Dsg.seeds=}, default 2; {@code -Dsg.warmup=}, {@code -Dsg.draws=}; model settings
 * with {@code "-Dsg.model=noise=diagonal noise_design=data"}). Prints the
 * error (relative, W2, and the second-moment bias b^2 of {@link SgRuns.Moments#secondMomentBias}, each +- its standard
 * error over the seeds), the mean relative sd bias, the rejected fraction and the mean final step size. Quoted in docs/sg-benchmarks.md.
 */
@EnabledIfSystemProperty(named = "sg.explore", matches = "true")
class SgExplore {
    @Test
    void explore() {
        String target = System.getProperty("sg.target", "logistic-pima");
        int seeds = Integer.getInteger("sg.seeds", 2);
        Map<String, String> modelSet = new HashMap<>();
        for (String kv : System.getProperty("sg.model", "").split(" ")) {
            if (!kv.isBlank()) modelSet.put(kv.split("=")[0], kv.split("=")[1]);
        }
        for (String spec : System.getProperty("sg.runs").split(";")) {
            String[] parts = spec.split(" ");
            Map<String, String> set = new HashMap<>();
            for (int i = 1; i < parts.length; i++) set.put(parts[i].split("=")[0], parts[i].split("=")[1]);
            double e = 0, w = 0, fs = 0, sdErr = 0, rej = 0, e2 = 0, w2 = 0, b = 0, b2 = 0;
            for (int s = 0; s < seeds; s++) {
                Model m = ModelRegistry.create(target, modelSet);
                SgRuns.Moments r = SgRuns.run(parts[0], set, m, 4, Integer.getInteger("sg.warmup", 2000),
                        Integer.getInteger("sg.draws", 10000), 100 + s, false);
                double re = r.relError(m.truth()), rw = r.w2(m.truth());
                e += re / seeds;
                w += rw / seeds;
                e2 += re * re / seeds;
                w2 += rw * rw / seeds;
                double rb = r.secondMomentBias(m.truth());
                b += rb / seeds;
                b2 += rb * rb / seeds;
                sdErr += r.sdBias(m.truth()) / seeds;
                rej += r.rejectRate() / seeds;
                fs += r.finalStep() / seeds;
            }
            double eSe = Math.sqrt(Math.max(0, e2 - e * e) / Math.max(1, seeds - 1));
            double wSe = Math.sqrt(Math.max(0, w2 - w * w) / Math.max(1, seeds - 1));
            double bSe = Math.sqrt(Math.max(0, b2 - b * b) / Math.max(1, seeds - 1));
            System.out.printf(Locale.ROOT, "%-40s err %.3f +- %.3f w2 %.3f +- %.3f b2 %.4g +- %.2g sd bias %+.3f"
                    + " rejected %.4f step %.5f%n", spec, e, eSe, w, wSe, b, bSe, sdErr, rej, fs);
        }
    }
}
