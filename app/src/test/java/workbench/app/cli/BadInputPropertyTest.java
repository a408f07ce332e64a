package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import workbench.app.SessionFixtures;
import workbench.core.BadInputException;
import workbench.core.model.ModelFactory;
import workbench.core.model.ModelRegistry;
import workbench.core.model.expr.ExprModel;
import workbench.core.spec.ParamSpec;

/**
 * Bad input at every command-line entry point, generated: malformed, truncated, oversized,
 * wrongly typed and adversarial values. Each case must give exit code 2 and one line naming the
 * problem, with no stack trace, within a time bound, and must leave every existing file as it was.
 * Set {@code -Dworkbench.badinput.tries=N} for a longer run (default 1000 per entry point).
 */
@net.jqwik.api.lifecycle.AddLifecycleHook(value = workbench.app.BadInputTries.class,
        propagateTo = net.jqwik.api.lifecycle.PropagationMode.ALL_DESCENDANTS)
class BadInputPropertyTest {
    static final Duration BOUND = Duration.ofSeconds(10);
    static Path dir;
    static Path cmdstan1;
    static Path cmdstan2;
    static Path session;
    static List<byte[]> sessionFiles;

    @BeforeContainer
    static void setUp() throws IOException {
        dir = Files.createTempDirectory("badinput");
        cmdstan1 = copy("cmdstan-chain-1.csv");
        cmdstan2 = copy("cmdstan-chain-2.csv");
        session = dir.resolve("session");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian-2d", "--sampler", "rwm",
                "--chains", "2", "--warmup", "20", "--draws", "30", "--seed", "1", "--out", session.toString());
        assertEquals(0, r.code, r.err);
        sessionFiles = snapshot(session);
    }

    @AfterContainer
    static void tearDown() throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static Path copy(String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = BadInputPropertyTest.class.getResourceAsStream(name)) {
            Files.copy(in, p);
        }
        return p;
    }

    private static List<byte[]> snapshot(Path d) throws IOException {
        List<byte[]> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(d)) {
            for (Path f : files.sorted().toList()) {
                out.add(f.getFileName().toString().getBytes(StandardCharsets.UTF_8));
                out.add(Files.readAllBytes(f));
            }
        }
        return out;
    }

    /** A fresh path that must not come to exist. */
    static Path never() {
        return dir.resolve("never-" + java.util.UUID.randomUUID());
    }

    /** Runs the CLI in process within the time bound and checks the outcome of a bad input. */
    static void assertRefused(String... args) {
        CliHarness r = assertTimeoutPreemptively(BOUND, () -> CliHarness.run(args), () -> String.join(" ", args));
        assertEquals(2, r.code, () -> "exit code for " + Arrays.toString(args) + ": " + r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: ") && line.length() > 12, line);
    }

    static void assertUnchanged() throws IOException {
        List<byte[]> now = snapshot(session);
        assertEquals(sessionFiles.size(), now.size(), "files in the session changed");
        for (int i = 0; i < now.size(); i++) {
            assertArrayEquals(sessionFiles.get(i), now.get(i), "a session file changed");
        }
    }

    // ---- run: numeric options ------------------------------------------------------------

    @Provide
    Arbitrary<String> notAPositiveCount() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(12).filter(s -> !s.matches("\\s*\\+?\\d{1,9}\\s*")),
                Arbitraries.integers().between(Integer.MIN_VALUE, 0).map(String::valueOf),
                Arbitraries.of("1e3", "0x10", "NaN", "Infinity", "-1", "", " ", "99999999999999999999", "1.5",
                        "\u0000", "٣"));
    }

    @Property(tries = 1000, seed = "20261130")
    void runRefusesBadCounts(@ForAll("notAPositiveCount") String v,
                             @ForAll("countOption") String option) throws IOException {
        Path out = never();
        assertRefused("run", "--no-progress", "--model", "gaussian-2d", "--sampler", "rwm", option, v,
                "--out", out.toString());
        assertFalse(Files.exists(out));
        assertUnchanged();
    }

    @Provide
    Arbitrary<String> countOption() {
        return Arbitraries.of("--chains", "--threads");
    }

    // ---- run: model and sampler ids and settings --------------------------------------------

    @Provide
    Arbitrary<String> unknownId() {
        return Arbitraries.strings().ofMinLength(0).ofMaxLength(40)
                .filter(s -> ModelRegistry.all().stream().noneMatch(f -> f.id().equals(s)));
    }

    @Property(tries = 1000, seed = "20261130")
    void runRefusesUnknownModels(@ForAll("unknownId") String id) {
        Path out = never();
        assertRefused("run", "--model", id, "--sampler", "rwm", "--out", out.toString());
        assertFalse(Files.exists(out));
    }

    /** A model, one of its numeric settings, and a value that setting must refuse. */
    @Provide
    Arbitrary<String[]> badModelSetting() {
        List<String[]> numeric = new ArrayList<>();
        for (ModelFactory f : ModelRegistry.all()) {
            for (ParamSpec p : f.params()) {
                if (p.kind() == ParamSpec.Kind.REAL || p.kind() == ParamSpec.Kind.INT) {
                    numeric.add(new String[] {f.id(), p.name(), Double.toString(p.min()), Double.toString(p.max()),
                            p.kind().name(), Boolean.toString(p.minExclusive())});
                }
            }
        }
        Arbitrary<String[]> spec = Arbitraries.of(numeric);
        Arbitrary<String> junk = Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(30).filter(s -> !looksNumeric(s)),
                Arbitraries.of("NaN", "Infinity", "-Infinity", "1e400", "--", "0x1p3", "1,5"));
        Arbitrary<Double> beyond = Arbitraries.doubles().between(1, 1e12);
        return Combinators.combine(spec, junk, beyond, Arbitraries.integers().between(0, 2)).as((s, j, b, kind) -> {
            double min = Double.parseDouble(s[2]);
            double max = Double.parseDouble(s[3]);
            String value = switch (kind) {
                case 0 -> j;
                case 1 -> Double.toString(max + b);
                default -> Double.toString(min - b);
            };
            if (kind == 1 && s[4].equals("INT")) {
                value = Long.toString((long) Math.min(9e15, max + Math.ceil(b)));
            }
            if (kind == 2 && s[4].equals("INT")) {
                value = Long.toString((long) Math.max(-9e15, min - Math.ceil(b)));
            }
            return new String[] {s[0], s[1], value};
        });
    }

    static boolean looksNumeric(String s) {
        try {
            Double.parseDouble(s.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    @Property(tries = 1000, seed = "20261130")
    void runRefusesBadModelSettings(@ForAll("badModelSetting") String[] c) throws IOException {
        Path out = never();
        assertRefused("run", "--model", c[0], "--set", c[1] + "=" + c[2], "--sampler", "rwm", "--out", out.toString());
        assertFalse(Files.exists(out));
    }

    @Property(tries = 1000, seed = "20261130")
    void runRefusesUnknownSettings(@ForAll("unknownId") String key) {
        Assume.that(!key.isBlank() && !key.contains("="));
        assertRefused("run", "--model", "banana", "--set", key + "=1", "--sampler", "hmc",
                "--out", never().toString());
    }

    // ---- run --init ----------------------------------------------------------------------------

    @Provide
    Arbitrary<String> badInit() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ofMaxLength(30).filter(s -> !s.matches("\\s*[-+0-9.eE]+\\s*,\\s*[-+0-9.eE]+\\s*")
                        && !s.matches("(\\s*[-+0-9.eE]+\\s*,){7}\\s*[-+0-9.eE]+\\s*")),
                // 2 values (one per parameter) or 8 (2 for each of the 4 default chains) are valid counts
                Arbitraries.doubles().list().ofMinSize(3).ofMaxSize(20).filter(l -> l.size() != 8)
                        .map(l -> String.join(",", l.stream().map(String::valueOf).toList())));
    }

    @Property(tries = 1000, seed = "20261130")
    void runRefusesBadInit(@ForAll("badInit") String init) {
        Path out = never();
        assertRefused("run", "--model", "banana", "--sampler", "hmc", "--init", init, "--out", out.toString());
        assertFalse(Files.exists(out));
    }

    // ---- expr text ------------------------------------------------------------------------------

    @Provide
    Arbitrary<String> brokenFormula() {
        Arbitrary<String> noise = Arbitraries.strings().withChars("xy+-*/^().,0123456789eabcdfglnopqrstu _!@#$")
                .ofMaxLength(60);
        Arbitrary<String> truncated = Arbitraries.of("-0.5*(x^2 + y^2/4)", "normal_lpdf(x, 0, 1) + log1p(y^2)",
                        "exp(-x^2) * pow(y, 2)").flatMap(s -> Arbitraries.integers().between(0, s.length() - 1)
                        .map(n -> s.substring(0, n)));
        Arbitrary<String> deep = Arbitraries.integers().between(201, 5000).map(n -> "(".repeat(n) + "x" + ")".repeat(n));
        Arbitrary<String> huge = Arbitraries.integers().between(10_001, 20_000).map(n -> "x+".repeat(n / 2) + "x");
        return Arbitraries.oneOf(noise, truncated, deep, huge).filter(BadInputPropertyTest::doesNotParse);
    }

    static boolean doesNotParse(String s) {
        try {
            ExprModel.parse(s);
            return false;
        } catch (BadInputException e) {
            return true;
        }
    }

    @Property(tries = 1000, seed = "20261130")
    void exprErrorsNameTheColumnOrTheLimit(@ForAll("brokenFormula") String formula) {
        CliHarness r = assertTimeoutPreemptively(BOUND, () -> CliHarness.run("run", "--model", "expr", "--set",
                "density=" + formula, "--sampler", "rwm", "--out", never().toString()));
        assertEquals(2, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.contains("column") || line.contains("long") || line.contains("deep")
                || line.contains("variable") || line.contains("empty") || line.contains("characters"), line);
    }

    // ---- data CSV for `logistic` ----------------------------------------------------------------

    @Provide
    Arbitrary<String> brokenDataCsv() {
        Arbitrary<String> cell = Arbitraries.oneOf(Arbitraries.doubles().between(-5, 5).map(String::valueOf),
                Arbitraries.of("", "NA", "abc", "1e999", "\"", "0.5"), Arbitraries.strings().ofMaxLength(5));
        Arbitrary<String> row = cell.list().ofMinSize(0).ofMaxSize(5).map(l -> String.join(",", l));
        return row.list().ofMinSize(0).ofMaxSize(12).map(rows -> "y,a,b\n" + String.join("\n", rows))
                .filter(BadInputPropertyTest::dataIsBad);
    }

    static boolean dataIsBad(String text) {
        try {
            Path f = Files.createTempFile(dir, "probe", ".csv");
            Files.writeString(f, text);
            try {
                ModelRegistry.create("logistic", java.util.Map.of("data", f.toString(), "target", "y"));
                return false;
            } catch (BadInputException e) {
                return true;
            } finally {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property(tries = 1000, seed = "20261130")
    void logisticRefusesBrokenData(@ForAll("brokenDataCsv") String text) throws IOException {
        Path f = Files.createTempFile(dir, "data", ".csv");
        Files.writeString(f, text);
        assertRefused("run", "--model", "logistic", "--set", "data=" + f, "--set", "target=y", "--sampler", "rwm",
                "--out", never().toString());
        assertEquals(text, Files.readString(f));
        Files.delete(f);
    }

    // ---- imported CmdStan CSV -------------------------------------------------------------------

    @Provide
    Arbitrary<byte[]> damagedCmdStan() throws IOException {
        byte[] good = Files.readAllBytes(cmdstan1);
        Arbitrary<byte[]> truncated = Arbitraries.integers().between(0, good.length - 1)
                .map(n -> Arrays.copyOf(good, n));
        Arbitrary<byte[]> flipped = Combinators.combine(Arbitraries.integers().between(0, good.length - 1),
                Arbitraries.bytes()).as((at, b) -> {
                    byte[] c = good.clone();
                    c[at] = b;
                    return c;
                });
        Arbitrary<byte[]> cellReplaced = Combinators.combine(Arbitraries.integers().between(60, 75),
                Arbitraries.of("abc", "", "1..2", "--", "\u0000", "1e", "\"x"), Arbitraries.integers().between(0, 9))
                .as((line, junk, col) -> {
                    String[] lines = new String(good, StandardCharsets.UTF_8).split("\n", -1);
                    int l = Math.min(line, lines.length - 1);
                    String[] cells = lines[l].split(",", -1);
                    if (!lines[l].startsWith("#") && cells.length > col) {
                        cells[col] = junk;
                        lines[l] = String.join(",", cells);
                    }
                    return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
                });
        return Arbitraries.oneOf(truncated, flipped, cellReplaced).filter(b -> diagnoseRefuses(b));
    }

    static boolean diagnoseRefuses(byte[] content) {
        try {
            Path f = Files.createTempFile(dir, "probe", ".csv");
            Files.write(f, content);
            try {
                workbench.sessions.io.DrawFiles.read(List.of(f));
                return false;
            } catch (BadInputException e) {
                return true;
            } finally {
                Files.delete(f);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property(tries = 1000, seed = "20261130")
    void diagnoseRefusesDamagedCmdStanFiles(@ForAll("damagedCmdStan") byte[] content) throws IOException {
        Path f = Files.createTempFile(dir, "chain", ".csv");
        Files.write(f, content);
        assertRefused("diagnose", f.toString(), cmdstan2.toString());
        assertArrayEquals(content, Files.readAllBytes(f));
        Files.delete(f);
    }

    // ---- session directories and manifests ------------------------------------------------------

    @Provide
    Arbitrary<byte[]> damagedManifest() throws IOException {
        byte[] good = Files.readAllBytes(session.resolve("session.mcmcwb.json"));
        Arbitrary<byte[]> truncated = Arbitraries.integers().between(0, good.length - 1)
                .map(n -> Arrays.copyOf(good, n));
        Arbitrary<byte[]> edited = Combinators.combine(
                Arbitraries.of("\"format_version\" : 1", "\"chains\" : 2", "\"draws\" : 30", "\"warmup\" : 20",
                        "\"chain-1.draws\"", "\"outputs\" : ["),
                Arbitraries.of("\"format_version\" : 7", "\"chains\" : -3", "\"draws\" : \"many\"",
                        "\"warmup\" : 1e99", "\"../../etc/passwd\"", "\"outputs\" : 5, \"x\": [", "\"/tmp/abs\"",
                        "\"chains\" : 100000000")).as((from, to) -> new String(good, StandardCharsets.UTF_8)
                .replace(from, to).getBytes(StandardCharsets.UTF_8));
        Arbitrary<byte[]> noise = Arbitraries.bytes().array(byte[].class).ofMaxSize(200);
        return Arbitraries.oneOf(truncated, edited, noise);
    }

    @Property(tries = 1000, seed = "20261130")
    void summaryRefusesDamagedManifests(@ForAll("damagedManifest") byte[] manifest) throws IOException {
        Path copy = SessionFixtures.copy(session, Files.createTempDirectory(dir, "copy"));
        Files.write(copy.resolve("session.mcmcwb.json"), manifest);
        CliHarness r = assertTimeoutPreemptively(BOUND, () -> CliHarness.run("summary", copy.toString()));
        if (r.code != 0) {
            assertEquals(2, r.code, r.err);
            r.oneErrorLine();
        }
        assertArrayEquals(manifest, Files.readAllBytes(copy.resolve("session.mcmcwb.json")));
        assertUnchanged();
        try (Stream<Path> walk = Files.walk(copy)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
