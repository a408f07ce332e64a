package workbench.core.samplers.sg;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.rng.ChainRngs;

/**
 * Prints how SMILE's tuner moves the step size, per 4000 steps of one chain (on demand, not in the suite):
 * {@code mvn -B -q -pl sampling-core test -Dtest=SgTrace -Dsg.trace=true "-Dsg.run=smile step_size=0.01"}
 * ({@code -Dsg.target=}, {@code -Dsg.noise=} pick the target; default noisy-gaussian, diagonal). Columns: the
 * step size at the end of the block, the fractions of steps that grew it, shrank it and were rejected, the
 * mean |dE| and the mean fitted Gamma shape. Quoted in docs/sg-benchmarks.md.
 */
@EnabledIfSystemProperty(named = "sg.trace", matches = "true")
class SgTrace {
    @Test
    void trace() {
        String[] parts = System.getProperty("sg.run").split(" ");
        Map<String, String> set = new HashMap<>();
        for (int i = 1; i < parts.length; i++) set.put(parts[i].split("=")[0], parts[i].split("=")[1]);
        Model m = ModelRegistry.create(System.getProperty("sg.target", "noisy-gaussian"), Map.of("noise", System.getProperty("sg.noise", "diagonal")));
        UniformRandomProvider rng = ChainRngs.forChain(3, 0);
        ChainState st = ChainState.at(m, new double[m.dim()]);
        ChainSampler cs = SamplerRegistry.create(parts[0], set).newChain(m.forChain(), 2000, st, rng);
        int up = 0, down = 0, rej = 0; double a = 0, sh = 0;
        for (int it = 1; it <= 40000; it++) {
            Transition t = cs.next(rng, st, it < 2000, false);
            st = t.state();
            double f = t.extras().get("step_factor");
            if (f > 1) up++; if (f < 1) down++;
            rej += t.extras().get("rejected");
            a += t.extras().get("abs_energy_error"); sh += t.extras().get("tuner_shape");
            if (it % 4000 == 0) {
                System.out.printf(Locale.ROOT, "%6d step %.4f up %.4f down %.4f rej %.4f mean|dE| %.4g shape %.3f%n", it, t.stepSize(), up / 4000.0, down / 4000.0, rej / 4000.0, a / 4000, sh / 4000);
                up = down = rej = 0; a = sh = 0;
            }
        }
    }
}
