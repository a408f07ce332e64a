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
 * "-Dsg.runs=smile step_size=0.001;sghmc step_size=0.001"} ({@code -Dsg.seeds=}, default 2). Prints the
 * error and the mean final step size. Quoted in docs/sg-benchmarks.md.
 */
@EnabledIfSystemProperty(named = "sg.explore", matches = "true")
class SgExplore {
    @Test
    void explore() {
        String target = System.getProperty("sg.target", "logistic-pima");
        int seeds = Integer.getInteger("sg.seeds", 2);
        for (String spec : System.getProperty("sg.runs").split(";")) {
            String[] parts = spec.split(" ");
            Map<String, String> set = new HashMap<>();
            for (int i = 1; i < parts.length; i++) set.put(parts[i].split("=")[0], parts[i].split("=")[1]);
            double e = 0, fs = 0;
            for (int s = 0; s < seeds; s++) {
                Model m = ModelRegistry.create(target, Map.of());
                SgRuns.Moments r = SgRuns.run(parts[0], set, m, 4, 2000, 10000, 100 + s, false);
                e += r.relError(m.truth()) / seeds;
                fs += r.finalStep() / seeds;
            }
            System.out.printf(Locale.ROOT, "%-40s err %.3f step %.5f%n", spec, e, fs);
        }
    }
}
