package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated bad input for {@code export} and {@code distill}: each must give exit code 2 and one
 * error line, and write nothing.
 */
@net.jqwik.api.lifecycle.AddLifecycleHook(value = workbench.app.BadInputTries.class,
        propagateTo = net.jqwik.api.lifecycle.PropagationMode.ALL_DESCENDANTS)
class ExportDistillBadInputPropertyTest {
    static Path dir;
    static Path session;
    static final List<String> NAMES = List.of("x[1]", "x[2]", "x.1", "x.2", "x");

    @BeforeContainer
    static void setUp() throws IOException {
        dir = Files.createTempDirectory("export-badinput");
        session = dir.resolve("session");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian-2d", "--sampler", "mala",
                "--chains", "2", "--warmup", "20", "--draws", "30", "--seed", "1", "--out", session.toString());
        assertEquals(0, r.code, r.err);
    }

    @AfterContainer
    static void tearDown() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static void refused(Path out, String... args) {
        CliHarness r = CliHarness.run(args);
        assertEquals(2, r.code, () -> String.join(" ", args) + ": " + r.err);
        assertTrue(r.oneErrorLine().startsWith("error: "), r.err);
        assertFalse(Files.exists(out), "nothing written");
    }

    private static Path fresh() {
        return dir.resolve("out-" + java.util.UUID.randomUUID());
    }

    @Provide
    Arbitrary<String> notARange() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(12).filter(s -> !s.matches("\\s*\\d+\\s*:\\s*\\d+\\s*")),
                Arbitraries.integers().between(-5, 40).tuple2().filter(t -> t.get1() < 1 || t.get2() > 30 || t.get2() < t.get1())
                        .map(t -> t.get1() + ":" + t.get2()),
                Arbitraries.of("1:31", "0:0", "1:99999999999999999999", ":", "1:", ":5", "1:2:3", "1 : 2 : 3", "٣:٤",
                        "1:\u20282", "\u20001:2", "1:2\u0000", "1:2,"));
    }

    @Property(tries = 150, seed = "20261130")
    void exportRefusesBadRanges(@ForAll("notARange") String range, @ForAll("format") String format) {
        Path out = fresh();
        refused(out, "export", session.toString(), "--format", format, "--out", out.toString(), "--draws", range);
    }

    @Provide
    Arbitrary<String> format() {
        return Arbitraries.of("cmdstan-csv", "npz", "csv");
    }

    @Provide
    Arbitrary<String> notChains() {
        return Arbitraries.strings().ofMaxLength(10).filter(s -> !s.matches("\\s*0*[12]\\s*(,\\s*0*[12]\\s*)*"));
    }

    @Property(tries = 150, seed = "20261130")
    void exportRefusesBadChains(@ForAll("notChains") String chains) {
        Path out = fresh();
        refused(out, "export", session.toString(), "--format", "csv", "--out", out.toString(), "--chains", chains);
    }

    @Property(tries = 150, seed = "20261130")
    void exportRefusesUnknownParamsAndFormats(@ForAll("notAName") String s) {
        Path out = fresh();
        refused(out, "export", session.toString(), "--format", "csv", "--out", out.toString(), "--params", s);
        refused(out, "export", session.toString(), "--format", s, "--out", out.toString());
    }

    @Provide
    Arbitrary<String> notAName() {
        Set<String> ok = Set.of("cmdstan-csv", "npz", "csv");
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(15),
                Arbitraries.of("x[1]\n", "\nthin", "thin\r", "stein\u2028", "x\u0000", "csv\n", "\u202ex[1]"),
                Arbitraries.strings().withChars("\n\r\u2028\u0085\u0000x[]1,").ofMaxLength(8)).filter(s -> !ok.contains(s)
                && java.util.Arrays.stream(s.split(",", -1)).map(String::strip).anyMatch(p -> !NAMES.contains(p)));
    }

    @Property(tries = 100, seed = "20261130")
    void distillRefusesBadMethodsAndSizes(@ForAll("notAName") String method,
                                          @ForAll("badSize") int size) {
        Path out = fresh();
        refused(out, "distill", session.toString(), "--method", method, "--size", "10", "--out", out.toString());
        refused(out, "distill", session.toString(), "--method", "thin", "--size", String.valueOf(size), "--out",
                out.toString());
    }

    @Provide
    Arbitrary<Integer> badSize() {
        return Arbitraries.oneOf(Arbitraries.integers().lessOrEqual(1), Arbitraries.integers().greaterOrEqual(61));
    }
}
