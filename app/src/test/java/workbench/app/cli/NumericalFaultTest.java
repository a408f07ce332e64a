package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.spec.ParamSpec;
import workbench.sessions.SessionReader;

/**
 * Numerical faults: a target whose log density is NaN on half the plane and a step size that no
 * sampler can use. A bad transition is rejected and counted, the chain goes on from its last good
 * state, and no draw is ever NaN; a step size of 0, below zero, 1e-300 or 1e300 is refused with one
 * line, or handled without a NaN draw.
 */
class NumericalFaultTest {
    @TempDir
    Path tmp;

    static Stream<String> samplers() {
        return SamplerRegistry.all().stream().map(SamplerFactory::id);
    }

    /** Whether {@code sampler} (at its defaults) refuses {@code model}, as smile and psmile refuse exact gradients. */
    private static boolean refuses(String sampler, String model, java.util.Map<String, String> set) {
        try {
            SamplerRegistry.create(sampler, java.util.Map.of()).check(ModelRegistry.create(model, set));
            return false;
        } catch (BadInputException e) {
            return true;
        }
    }

    private static void assertNoNaN(Path dir) throws Exception {
        try (SessionReader r = SessionReader.open(dir)) {
            for (int c = 0; c < r.chains(); c++) {
                for (long i = 0; i < r.size(c); i++) {
                    for (int p = 0; p < r.names().size(); p++) {
                        double v = r.value(c, i, p);
                        assertTrue(Double.isFinite(v), "chain " + c + " iteration " + i + ": " + v);
                    }
                    double lp = r.stat(c, i, Stat.LOG_DENSITY);
                    assertTrue(!Double.isNaN(lp), "log density NaN at chain " + c + " iteration " + i);
                }
            }
        }
    }

    /** log(x) is NaN for x < 0: a proposal there must be rejected and flagged, never kept. */
    @ParameterizedTest
    @MethodSource("samplers")
    void nanDensityIsRejectedAndCounted(String sampler) throws Exception {
        Path out = tmp.resolve(sampler);
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "expr", "--set",
                "density=log(x) - x + normal_lpdf(y, 0, 1)", "--sampler", sampler, "--init", "1,0", "--chains", "2",
                "--warmup", "200", "--draws", "300", "--seed", "3", "--json", "--out", out.toString());
        if (refuses(sampler, "expr", java.util.Map.of("density", "log(x) - x + normal_lpdf(y, 0, 1)"))) {
            // smile and psmile need noisy estimates: refused before anything is written (their NaN handling:
            // SgKernelTest.smileRevertsNonFiniteEstimates)
            assertEquals(2, r.code, r.err);
            assertTrue(r.oneErrorLine().contains("needs noisy gradients"), r.err);
            assertTrue(!java.nio.file.Files.exists(out), "nothing written");
            return;
        }
        assertEquals(0, r.code, sampler + ": " + r.err);
        assertNoNaN(out);
        JsonNode s = new ObjectMapper().readTree(r.out).get("sampler");
        long faults = s.get("divergences").get("warmup").asLong() + s.get("divergences").get("sampling").asLong();
        System.out.println(sampler + ": " + faults + " transitions rejected as divergent (NaN density)");
        try (SessionReader reader = SessionReader.open(out)) {
            for (int c = 0; c < reader.chains(); c++) {
                for (long i = 0; i < reader.size(c); i++) {
                    assertTrue(reader.value(c, i, 0) > 0, sampler + ": a draw with x <= 0 was kept");
                }
            }
        }
    }

    static Stream<Object[]> absurdStepSizes() {
        List<Object[]> cases = new ArrayList<>();
        for (SamplerFactory f : SamplerRegistry.all()) {
            for (ParamSpec p : f.params()) {
                if (p.name().equals("step_size")) {
                    for (String v : List.of("0", "-1", "1e-300", "1e300")) {
                        cases.add(new Object[] {f.id(), v});
                    }
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} step_size={1}")
    @MethodSource("absurdStepSizes")
    void absurdStepSizeIsRefusedOrHandled(String sampler, String value) throws Exception {
        Path out = tmp.resolve(sampler + value);
        // samplers that need noisy estimates run on the noisy normal in 2-D
        boolean noisy = refuses(sampler, "gaussian-2d", java.util.Map.of());
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", noisy ? "noisy-gaussian" : "gaussian-2d",
                "--set", noisy ? "dim=2" : "rho=0.95", "--sampler", sampler, "--sampler-set", "step_size=" + value, "--chains", "1", "--warmup", "100", "--draws", "100",
                "--seed", "5", "--out", out.toString());
        if (r.code == 2) {
            assertTrue(r.oneErrorLine().contains("step_size"), r.err);
        } else {
            assertEquals(0, r.code, r.err);
            assertNoNaN(out);
        }
    }
}
