package workbench.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.draws.MemoryDraws;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * Every sampler says whether it has an accept/reject step ({@link Sampler#acceptStep}), and what it says matches
 * what its transitions do: a sampler that claims none never undoes a finite step, and one that claims a Metropolis
 * step has acceptance statistics below 1.
 */
class AcceptStepTest {

    /** The answer for each sampler with its default settings; a new sampler must be added here. */
    static final Map<String, AcceptStep> EXPECTED = new LinkedHashMap<>();

    static {
        for (String id : new String[] {"rwm", "mala", "hmc", "nuts", "mclmc-adjusted"}) {
            EXPECTED.put(id, AcceptStep.METROPOLIS);
        }
        for (String id : new String[] {"sgld", "sghmc", "csgld", "mclmc", "mile", "map", "deep-ensemble",
                "laplace-diag"}) {
            EXPECTED.put(id, AcceptStep.NONE);
        }
        EXPECTED.put("smile", AcceptStep.TUNER_RESET);
        EXPECTED.put("psmile", AcceptStep.TUNER_RESET);
    }

    @Test
    void everySamplerIsClassified() {
        Set<String> ids = new TreeSet<>();
        for (SamplerFactory f : SamplerRegistry.all()) {
            ids.add(f.id());
            assertEquals(EXPECTED.get(f.id()), f.create(Map.of()).acceptStep(), f.id());
        }
        assertEquals(new TreeSet<>(EXPECTED.keySet()), ids, "a sampler added or removed: classify it here");
    }

    @Test
    void mileTakesItsKernels() {
        assertEquals(AcceptStep.NONE, SamplerRegistry.create("mile", Map.of("kernel", "unadjusted")).acceptStep());
        assertEquals(AcceptStep.METROPOLIS, SamplerRegistry.create("mile", Map.of("kernel", "adjusted")).acceptStep());
    }

    @Test
    void storedRunsAreClassifiedByIdAndSettings() {
        assertEquals(AcceptStep.NONE, AcceptStep.of("mclmc", Map.of()));
        assertEquals(AcceptStep.NONE, AcceptStep.of("sgld", Map.of("step_size", "0.01")));
        assertEquals(AcceptStep.TUNER_RESET, AcceptStep.of("smile", Map.of()));
        assertEquals(AcceptStep.METROPOLIS, AcceptStep.of("nuts", Map.of("adapt_delta", "0.9")));
        assertEquals(AcceptStep.METROPOLIS, AcceptStep.of("mile", Map.of("kernel", "adjusted")));
        // draws from another tool, or a sampler this build does not have: the column is taken at its word
        assertEquals(AcceptStep.METROPOLIS, AcceptStep.of(null, Map.of()));
        assertEquals(AcceptStep.METROPOLIS, AcceptStep.of("stan-nuts-from-elsewhere", Map.of()));
        // a session written by another version: unknown settings and refused values are dropped, the rest kept
        assertEquals(AcceptStep.NONE, AcceptStep.of("mclmc", Map.of("a_setting_since_removed", "1")));
        assertEquals(AcceptStep.METROPOLIS,
                AcceptStep.of("mile", Map.of("kernel", "adjusted", "a_setting_since_removed", "1")));
        assertEquals(AcceptStep.METROPOLIS,
                AcceptStep.of("mile", Map.of("kernel", "adjusted", "optimizer_steps", "-5")));
        assertEquals(AcceptStep.NONE, AcceptStep.of("sgld", null));
    }

    @Test
    void reasonsNameTheSampler() {
        assertNull(AcceptStep.METROPOLIS.reason("nuts"));
        assertEquals("mclmc has no accept/reject step", AcceptStep.NONE.reason("mclmc"));
        assertEquals("smile has no Metropolis accept/reject step", AcceptStep.TUNER_RESET.reason("smile"));
        assertTrue(AcceptStep.METROPOLIS.hasAcceptance());
        assertFalse(AcceptStep.NONE.hasAcceptance());
        assertFalse(AcceptStep.TUNER_RESET.hasAcceptance());
        assertEquals("steps kept (not rejected and reset by the tuner)", AcceptStep.TUNER_RESET.keptLabel());
        assertNull(AcceptStep.NONE.keptLabel());
    }

    static Stream<String> samplers() {
        return EXPECTED.keySet().stream();
    }

    /** What each sampler declares is what its transitions do (300 iterations, 2 chains, half warmup). */
    @ParameterizedTest
    @MethodSource("samplers")
    void theDeclarationMatchesTheTransitions(String id) {
        boolean noisy = id.equals("smile") || id.equals("psmile");
        String model = noisy ? "noisy-gaussian" : "gaussian-2d";
        Map<String, String> modelSettings = noisy ? Map.of("dim", "4") : Map.of();
        RunConfig cfg = new RunConfig(model, modelSettings, id, Map.of(), 2, 150, 150, 5, 1, null);
        MemoryDraws draws = new MemoryDraws(true);
        Sampler sampler = SamplerRegistry.create(id, Map.of());
        new ChainRunner(cfg, ModelRegistry.create(model, modelSettings), sampler, draws).run();
        long below1 = 0;
        long rejectedByTuner = 0;
        for (int c = 0; c < 2; c++) {
            for (Transition t : draws.transitions(c)) {
                if (sampler.acceptStep() != AcceptStep.METROPOLIS) {
                    assertEquals(t.accepted() ? 1.0 : 0.0, t.acceptStat(),
                            id + ": outside a Metropolis step the statistic is 1 exactly when the step was kept");
                }
                if (t.acceptStat() < 1) {
                    below1++;
                }
                if (!t.accepted()) {
                    if (t.extras().getOrDefault("rejected", 0.0) == 1) {
                        rejectedByTuner++;
                    }
                }
                switch (sampler.acceptStep()) {
                    case NONE -> assertTrue(t.accepted() || t.divergent(),
                            id + ": declared without an accept step, but a finite step was rejected");
                    case TUNER_RESET -> assertEquals(!t.accepted(), t.divergent() || t.extras().get("rejected") == 1,
                            id + ": a step not kept is one the tuner rejected (or a non-finite one)");
                    case METROPOLIS -> { }
                }
            }
        }
        if (sampler.acceptStep() == AcceptStep.METROPOLIS) {
            assertTrue(below1 > 0, id + ": declared a Metropolis step, but every acceptance statistic was 1");
        } else if (sampler.acceptStep() == AcceptStep.TUNER_RESET) {
            assertTrue(rejectedByTuner > 0 && rejectedByTuner < 0.2 * 600, id + ": " + rejectedByTuner + " rejections");
        }
    }
}
