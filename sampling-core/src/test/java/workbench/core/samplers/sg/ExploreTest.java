package workbench.core.samplers.sg;

import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

class ExploreTest {
    static void show(String s, Map<String, String> set, String modelId, Map<String, String> ms, int draws, long seed) {
        Model m = ModelRegistry.create(modelId, ms);
        long t0 = System.nanoTime();
        SgRuns.Moments r = SgRuns.run(s, set, m, 4, 2000, draws, seed, s.equals("csgld"));
        System.out.printf(Locale.ROOT, "%-7s %-60s %-50s W2 %.4f rel %.4f mean %.4f sd %.4f sdbias %+.4f rej %.3f eps %.4g  %.2fs%n", s, set, ms,
                r.w2(m.truth()), r.relError(m.truth()), r.relMeanError(m.truth()), r.relSdError(m.truth()), r.sdBias(m.truth()), r.rejectRate(), r.finalStep(),
                (System.nanoTime() - t0) * 1e-9);
    }

    @Test
    void explore() {
        String spec = System.getProperty("explore", "");
        for (String line : spec.split(";")) {
            if (line.isBlank()) continue;
            String[] p = line.trim().split(" ");
            // sampler k=v,k=v model k=v,k=v draws seed
            show(p[0], kv(p[1]), p[2], kv(p[3]), Integer.parseInt(p[4]), Long.parseLong(p[5]));
        }
    }

    static Map<String, String> kv(String s) {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        if (s.equals("-")) return m;
        for (String e : s.split(",")) {
            String[] kv = e.split("=");
            m.put(kv[0], kv[1]);
        }
        return m;
    }
}
