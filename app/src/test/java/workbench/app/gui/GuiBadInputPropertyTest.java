package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Supplier;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import net.jqwik.api.lifecycle.PropagationMode;
import workbench.app.SessionFixtures;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.ModelRegistry;
import workbench.core.model.expr.ExprModel;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;
import workbench.sessions.SessionWriter;

/**
 * Bad input through every entry point of the window, driven through its view-models
 * ({@link SetupViewModel}, {@link RunController}, {@link OpenViewModel}) without the toolkit:
 * malformed, truncated, oversized, wrongly typed and adversarial values. Each refused value must
 * give one line (no line breaks or control characters, at most {@link Messages#MAX_LENGTH}
 * characters, no exception or stack-trace text) naming the field and the problem, within a time
 * bound; the value in effect before stays in effect, Run is refused, and nothing on disk changes
 * (no session is created; an opened file or session is unchanged byte for byte). Valid values are
 * accepted. 1000 tries per entry point; {@code -Dworkbench.badinput.tries=N} sets another number.
 * The number of generated cases per entry point is printed at the end.
 */
@AddLifecycleHook(value = workbench.app.BadInputTries.class, propagateTo = PropagationMode.ALL_DESCENDANTS)
class GuiBadInputPropertyTest {
    static final Duration BOUND = Duration.ofSeconds(10);
    static final String SEED = "20261130";
    static final List<ModelFactory> MODELS = ModelRegistry.all();
    static final List<SamplerFactory> SAMPLERS = SamplerRegistry.all();

    static Path dir;
    static Path sessionsRoot;
    static Path cmdstan1;
    static Path cmdstan2;
    static Path longCsv;
    static Path session;
    static final Map<String, AtomicLongArray> counts = new ConcurrentHashMap<>();
    /** Why values in range were refused (printed at the end). */
    static final java.util.Set<String> notes = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** Where Run is tried after each refused value (it must refuse, and write nothing under sessionsRoot). */
    static RunController controller;
    /** Shows a good long CSV at the start; a refused open must leave what it shows as it was. */
    static OpenViewModel drawsOpener;
    /** Shows the good session at the start. */
    static OpenViewModel sessionOpener;

    @BeforeContainer
    static void setUp() throws IOException {
        dir = Files.createTempDirectory("gui-badinput");
        sessionsRoot = Files.createDirectories(dir.resolve("sessions"));
        cmdstan1 = copy("cmdstan-chain-1.csv");
        cmdstan2 = copy("cmdstan-chain-2.csv");
        longCsv = dir.resolve("long.csv");
        StringBuilder sb = new StringBuilder("chain,draw,mu,tau,lp__\n");
        for (int c = 1; c <= 2; c++) {
            for (int d = 1; d <= 40; d++) {
                sb.append(c).append(',').append(d).append(',').append(0.1 * d - c).append(',').append(1 + 0.01 * d)
                        .append(',').append(-0.5 * d).append('\n');
            }
        }
        Files.writeString(longCsv, sb);
        session = dir.resolve("session");
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "rwm", Map.of(), 2, 20, 30, 1, 2, null);
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("rwm", Map.of()), w)
                    .run();
        }
        controller = new RunController(sessionsRoot);
        drawsOpener = new OpenViewModel();
        assertFalse(drawsOpener.openDraws(List.of(longCsv)).error());
        sessionOpener = new OpenViewModel();
        assertFalse(sessionOpener.openSession(session).error());
    }

    @AfterContainer
    static void tearDown() throws IOException {
        controller.shutdown();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        System.out.println("GUI bad-input cases per entry point (refused / accepted):");
        new TreeMap<>(counts).forEach((k, v) -> System.out.printf("  %-28s %6d  (%d / %d)%n", k, v.get(0) + v.get(1),
                v.get(0), v.get(1)));
        notes.stream().sorted().limit(10).forEach(n -> System.out.println("  valid range but refused: " + n));
    }

    private static Path copy(String name) throws IOException {
        Path p = dir.resolve(name);
        try (InputStream in = GuiBadInputPropertyTest.class.getResourceAsStream("/workbench/app/cli/" + name)) {
            Files.copy(in, p);
        }
        return p;
    }

    static void count(String entry, boolean refused) {
        counts.computeIfAbsent(entry, k -> new AtomicLongArray(2)).incrementAndGet(refused ? 0 : 1);
    }

    static <T> T bounded(Supplier<T> call, String what) {
        return assertTimeoutPreemptively(BOUND, call::get, () -> "took too long: " + what);
    }

    /** One line, bounded, no exception or stack-trace text, naming {@code field} (any of the names given). */
    static void assertClear(String msg, String... field) {
        assertNotNull(msg, "refused without a message");
        assertTrue(msg.length() > 10 && msg.length() <= Messages.MAX_LENGTH, () -> "length " + msg.length() + ": " + msg);
        for (int i = 0; i < msg.length(); i++) {
            char c = msg.charAt(i);
            int t = Character.getType(c);
            assertFalse(Character.isISOControl(c) || t == Character.LINE_SEPARATOR || t == Character.PARAGRAPH_SEPARATOR
                    || t == Character.FORMAT, () -> "odd character in: " + msg);
        }
        for (String trace : List.of("Exception", "Error:", "\tat ", ".java:", "at java.", "at workbench.")) {
            assertFalse(msg.contains(trace), () -> "stack-trace text in: " + msg);
        }
        assertTrue(Arrays.stream(field).anyMatch(msg::contains), () -> "does not name " + Arrays.toString(field) + ": " + msg);
    }

    /** Run must be refused with a message and no session directory may appear. */
    static void assertRunRefused(SetupViewModel vm) throws IOException {
        String why = bounded(() -> controller.start(vm, true), "start");
        assertNotNull(why, "a run started with a refused value showing");
        assertEquals(RunController.State.IDLE, controller.state());
        try (Stream<Path> s = Files.list(sessionsRoot)) {
            assertEquals(0, s.count(), "a session directory was created");
        }
    }

    // ---- generators shared by the text fields -------------------------------------------------------

    /** Adversarial text that is never a plain ASCII whole number. */
    static Arbitrary<String> notWhole() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.strings().ofMaxLength(16).filter(s -> !s.strip().matches("[+-]?[0-9]+"))),
                net.jqwik.api.Tuple.of(6, Arbitraries.of("", " ", "\t", "NaN", "Infinity", "-Infinity", "1e3", "1E2", "0x10",
                        "0b101", "1_000", "1,000", "1.5", "3.", ".5", "+", "-", "--1", "1-", "١٢", "٣", "５", "1\u0000",
                        "\u0000", "\u202e12", "1\u00a0", "\u2028", "12\n3", "1 2", "null", "true", "'3'", "\"3\"",
                        "1e308", "4.9e-324", "∞", "3L", "3d", "0o7", "#3", "½", "Ⅳ")),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(100_000, 1_000_000)
                        .map(n -> "7".repeat(n - 1) + "x")),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(1000, 1_000_000).map("a"::repeat)));
    }

    /** Plain ASCII whole numbers outside [min, max], as text (with 2^63, -2^63-1 and 10^6-digit ones). */
    static Arbitrary<String> wholeOutside(long min, long max) {
        List<Arbitrary<String>> parts = new ArrayList<>();
        if (min > Long.MIN_VALUE) {
            parts.add(Arbitraries.longs().between(Long.MIN_VALUE, min - 1).map(String::valueOf));
            parts.add(Arbitraries.of("-9223372036854775809", "-" + "9".repeat(40)));
        }
        if (max < Long.MAX_VALUE) {
            parts.add(Arbitraries.longs().between(max + 1, Long.MAX_VALUE).map(String::valueOf));
            parts.add(Arbitraries.of("9223372036854775808", BigInteger.TWO.pow(64).toString(), "+" + (max + 1),
                    " " + (max + 1) + " ", "0000" + (max + 1)));
            parts.add(Arbitraries.integers().between(20, 1_000_000).map(n -> "9".repeat(n)));
        }
        if (min > 0) {
            parts.add(Arbitraries.of("-0", "0", "+0", "-" + min));
        }
        return Arbitraries.oneOf(parts);
    }

    /** Plain decimal syntax (what numeric settings accept), written independently of the code under test. */
    static boolean plainDecimal(String s) {
        return s.strip().matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?");
    }

    /** Adversarial text that is never a plain decimal number. */
    static Arbitrary<String> notDecimal() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.strings().ofMaxLength(16).filter(s -> !plainDecimal(s))),
                net.jqwik.api.Tuple.of(6, Arbitraries.of("", " ", "NaN", "nan", "Infinity", "-Infinity", "inf", "0x1p3",
                        "0x10", "1,5", "1e", "e5", "1e+", "--1", "1..2", "1.2.3", "١.٥", "٣", "５", "1\u0000", "\u202e1",
                        "1d", "1f", "1L", "∞", "½", "1 2", "null", "'1'", "1e3e3", "\u00a01", "\u2028")),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(100_000, 1_000_000).map(n -> "1".repeat(n) + ".x")),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(1000, 1_000_000).map("-"::repeat)));
    }

    /** Plain decimals outside the spec's range (1e308 and beyond-double ones included) or not finite as doubles. */
    static Arbitrary<String> decimalOutside(ParamSpec spec) {
        List<Arbitrary<String>> parts = new ArrayList<>();
        parts.add(Arbitraries.of("1e309", "-1e309", "1e99999", "1" + "0".repeat(400)));
        double max = spec.max();
        double min = spec.min();
        if (max < 1e308) {
            parts.add(magnitude().map(m -> max + Math.max(Math.abs(max), 1) * (1e-4 + m))
                    .filter(v -> v > max && v <= Double.MAX_VALUE).map(d -> Double.toString(d)));
            parts.add(Arbitraries.of("1e308", "1.7976931348623157e308", Double.toString(Math.nextUp(max))));
            if (spec.maxExclusive()) {
                parts.add(Arbitraries.of(Double.toString(max)));
            }
        }
        if (min > -1e308) {
            parts.add(magnitude().map(m -> min - Math.max(Math.abs(min), 1) * (1e-4 + m))
                    .filter(v -> v < min && v >= -Double.MAX_VALUE).map(d -> Double.toString(d)));
            parts.add(Arbitraries.of("-1e308", Double.toString(Math.nextDown(min))));
            if (spec.minExclusive()) {
                parts.add(Arbitraries.of(Double.toString(min)));
                if (min == 0) {
                    parts.add(Arbitraries.of("-0", "0", "0.0", "-0.0", "0e10"));
                }
            }
        }
        return Arbitraries.oneOf(parts);
    }

    /** Positive numbers spread over 10^-6 .. 10^300 (log-uniform). */
    static Arbitrary<Double> magnitude() {
        return Arbitraries.doubles().between(-6, 300).ofScale(4).map(e -> Math.pow(10, e));
    }

    // ---- run fields: chains, seed, warmup, draws -------------------------------------------------------

    static ParamSpec runSpec(String f) {
        return switch (f) {
            case "chains" -> SetupViewModel.CHAINS;
            case "seed" -> SetupViewModel.SEED;
            case "warmup" -> SetupViewModel.WARMUP;
            default -> SetupViewModel.DRAWS;
        };
    }

    @Provide
    Arbitrary<String[]> badRunField() {
        return Arbitraries.of("chains", "seed", "warmup", "draws").flatMap(f -> {
            ParamSpec s = runSpec(f);
            return Arbitraries.oneOf(notWhole(), wholeOutside((long) s.min(), (long) s.max()))
                    .map(v -> new String[] {f, v});
        });
    }

    @Property(tries = 1000, seed = SEED)
    void runFieldsRefuseBadValues(@ForAll("badRunField") String[] c,
                                  @ForAll("validRunField") String[] previous) throws IOException {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        vm.selectModel("gaussian-2d");
        vm.selectSampler("rwm");
        assertNull(vm.setRunField(previous[0], previous[1]), previous[1]);
        RunConfig before = vm.config(1);
        String msg = bounded(() -> vm.setRunField(c[0], c[1]), c[0]);
        assertClear(msg, "'" + c[0] + "'");
        assertTrue(msg.contains("must be"), msg);
        assertEquals(c[1], vm.runField(c[0]), "the field shows what was typed");
        assertEquals(before, vm.config(1), "the values in effect changed");
        assertTrue(vm.problems().contains(msg), "Run is not refused for the bad value");
        assertRunRefused(vm);
        count("run fields", true);
    }

    @Provide
    Arbitrary<String[]> validRunField() {
        return Arbitraries.of("chains", "seed", "warmup", "draws").flatMap(f -> {
            ParamSpec s = runSpec(f);
            return Arbitraries.longs().between((long) s.min(), (long) s.max())
                    .flatMap(v -> Arbitraries.of(Long.toString(v), " " + v + " ", "+" + v, v == 0 ? "-0" : "0" + v))
                    .map(v -> new String[] {f, v});
        });
    }

    @Property(tries = 1000, seed = SEED)
    void runFieldsAcceptValidValues(@ForAll("validRunField") String[] c) {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        assertNull(bounded(() -> vm.setRunField(c[0], c[1]), c[0]), c[1]);
        assertEquals(Long.parseLong(c[1].trim()), Long.parseLong(vm.runValue(c[0])));
        assertFalse(vm.problems().stream().anyMatch(p -> p.contains("'" + c[0] + "'")), vm.problems().toString());
        RunConfig cfg = vm.config(1);
        long v = Long.parseLong(c[1].trim());
        switch (c[0]) {
            case "chains" -> assertEquals(v, cfg.chains());
            case "seed" -> assertEquals(v, cfg.seed());
            case "warmup" -> assertEquals(v, cfg.warmup());
            default -> assertEquals(v, cfg.draws());
        }
        count("run fields (valid)", false);
    }

    // ---- model and sampler settings (the property sheets) ----------------------------------------------

    /** Every numeric or choice setting of {@code owners}, as owner index and spec. */
    static List<Object[]> settings(List<? extends Described> owners) {
        List<Object[]> out = new ArrayList<>();
        for (Described d : owners) {
            for (ParamSpec p : d.params()) {
                if (p.kind() != ParamSpec.Kind.TEXT) {
                    out.add(new Object[] {d.id(), p});
                }
            }
        }
        return out;
    }

    static Arbitrary<String> badValueFor(ParamSpec p) {
        return switch (p.kind()) {
            case INT -> Arbitraries.oneOf(notWhole().filter(s -> !(s.isBlank() && p.defaultValue() == null)),
                    wholeOutside((long) p.min(), (long) p.max()));
            case REAL -> Arbitraries.oneOf(notDecimal().filter(s -> !(s.isBlank() && p.defaultValue() == null)),
                    decimalOutside(p));
            default -> Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(20),
                    Arbitraries.of(p.choices()).map(c -> c.toUpperCase(java.util.Locale.ROOT) + "\u0000"),
                    Arbitraries.of(p.choices()).map(c -> c + "x"),
                    Arbitraries.integers().between(1000, 1_000_000).map("z"::repeat))
                    .filter(s -> !p.choices().contains(s.trim()));
        };
    }

    @Provide
    Arbitrary<Object[]> badModelSetting() {
        return Arbitraries.of(settings(MODELS)).flatMap(s -> badValueFor((ParamSpec) s[1])
                .map(v -> new Object[] {s[0], s[1], v}));
    }

    @Provide
    Arbitrary<Object[]> badSamplerSetting() {
        return Arbitraries.of(settings(SAMPLERS)).flatMap(s -> badValueFor((ParamSpec) s[1])
                .map(v -> new Object[] {s[0], s[1], v}));
    }

    @Property(tries = 1000, seed = SEED)
    void modelSettingsRefuseBadValues(@ForAll("badModelSetting") Object[] c) throws IOException {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        assertTrue(vm.selectModel((String) c[0]));
        vm.selectSampler("rwm");
        settingRefused(vm, (ParamSpec) c[1], (String) c[2], true);
        count("model settings", true);
    }

    @Property(tries = 1000, seed = SEED)
    void samplerSettingsRefuseBadValues(@ForAll("badSamplerSetting") Object[] c) throws IOException {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        vm.selectModel("gaussian-2d");
        assertTrue(vm.selectSampler((String) c[0]));
        settingRefused(vm, (ParamSpec) c[1], (String) c[2], false);
        count("sampler settings", true);
    }

    private static void settingRefused(SetupViewModel vm, ParamSpec p, String bad, boolean model) throws IOException {
        String name = p.name();
        String def = p.defaultValue() == null ? "" : p.defaultValue();
        assertNull(model ? vm.setModelSetting(name, def) : vm.setSamplerSetting(name, def), "the default is refused");
        Map<String, String> before = model ? vm.modelSettings() : vm.samplerSettings();
        String msg = bounded(() -> model ? vm.setModelSetting(name, bad) : vm.setSamplerSetting(name, bad), name);
        assertClear(msg, "'" + name + "'");
        assertEquals(bad, model ? vm.modelSetting(name) : vm.samplerSetting(name), "the field shows what was typed");
        assertEquals(before, model ? vm.modelSettings() : vm.samplerSettings(), "the settings in effect changed");
        assertEquals(def, model ? vm.modelSettingInEffect(name) : vm.samplerSettingInEffect(name));
        assertTrue(vm.problems().contains(msg), "Run is not refused for the bad value");
        assertRunRefused(vm);
    }

    @Provide
    Arbitrary<Object[]> validSetting() {
        List<Object[]> all = new ArrayList<>();
        settings(MODELS).forEach(s -> all.add(new Object[] {true, s[0], s[1]}));
        settings(SAMPLERS).forEach(s -> all.add(new Object[] {false, s[0], s[1]}));
        return Arbitraries.of(all).flatMap(s -> validValueFor((ParamSpec) s[2]).map(v -> new Object[] {s[0], s[1], s[2], v}));
    }

    /** Valid values near the default (building a model at the far end of a range can be costly: a BNN 8 x 4096 wide). */
    static Arbitrary<String> validValueFor(ParamSpec p) {
        return switch (p.kind()) {
            case INT -> {
                long d = Long.parseLong(p.defaultValue());
                yield Arbitraries.longs().between(Math.max((long) p.min(), d - 3), Math.min((long) p.max(), d + 3))
                        .flatMap(v -> Arbitraries.of(Long.toString(v), " " + v, "+" + v + "\t"));
            }
            case REAL -> {
                double d = p.defaultValue() == null ? Math.min(p.max(), Math.max(p.min(), 0) + 0.5) : Double.parseDouble(p.defaultValue());
                double lo = p.minExclusive() ? Math.max(p.min(), d * 0.5) : Math.max(p.min(), d - 0.5 * Math.abs(d));
                double hi = Math.min(p.maxExclusive() ? Math.nextDown(p.max()) : p.max(), d + 0.5 * Math.abs(d));
                yield Arbitraries.doubles().between(0, 1).ofScale(6).map(f -> lo + f * (hi - lo))
                        .filter(v -> v > p.min() || (!p.minExclusive() && v == p.min()))
                        .flatMap(v -> Arbitraries.of(Double.toString(v), String.format(java.util.Locale.ROOT, "%.6e", v)))
                        .filter(t -> {
                            double v = Double.parseDouble(t);
                            return (p.minExclusive() ? v > p.min() : v >= p.min())
                                    && (p.maxExclusive() ? v < p.max() : v <= p.max());
                        });
            }
            default -> Arbitraries.of(p.choices()).map(c -> " " + c + " ");
        };
    }

    @Property(tries = 1000, seed = SEED)
    void settingsAcceptValidValues(@ForAll("validSetting") Object[] c) {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        boolean model = (Boolean) c[0];
        String id = (String) c[1];
        ParamSpec p = (ParamSpec) c[2];
        String v = (String) c[3];
        assertTrue(model ? vm.selectModel(id) : vm.selectSampler(id));
        String msg = bounded(() -> model ? vm.setModelSetting(p.name(), v) : vm.setSamplerSetting(p.name(), v), p.name());
        if (msg != null) {
            // a value in range that stops the model from building is refused with the builder's reason
            assertClear(msg, id, "'" + p.name() + "'");
            notes.add(msg.replaceAll("got .*", "got ..."));
            count(model ? "model settings (valid)" : "sampler settings (valid)", true);
            return;
        }
        assertEquals(v, model ? vm.modelSettingInEffect(p.name()) : vm.samplerSettingInEffect(p.name()));
        count(model ? "model settings (valid)" : "sampler settings (valid)", false);
    }

    // ---- beta --------------------------------------------------------------------------------------------

    @Provide
    Arbitrary<Double> badBeta() {
        return Arbitraries.oneOf(
                Arbitraries.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, -Double.MIN_VALUE,
                        Math.nextUp(1.0), 1e308, -1e308, Double.MAX_VALUE, -1.0, 2.0),
                magnitude().map(m -> -m),
                magnitude().map(m -> 1 + m));
    }

    @Property(tries = 1000, seed = SEED)
    void betaRefusesValuesOutsideZeroOne(@ForAll("badBeta") double bad,
                                         @ForAll("goodBeta") double previous) {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        vm.selectModel("logistic-pima");
        assertNull(vm.setBeta(previous));
        String msg = bounded(() -> vm.setBeta(bad), "beta");
        assertClear(msg, "beta");
        assertEquals(previous, vm.beta());
        assertEquals(previous, ((workbench.core.model.DataModel) vm.createModel()).beta(), "the model's beta changed");
        count("beta", true);
    }

    @Provide
    Arbitrary<Double> goodBeta() {
        return Arbitraries.oneOf(Arbitraries.of(1.0, Double.MIN_VALUE, 0.01, 0.5),
                Arbitraries.doubles().between(0, 1).ofScale(12).filter(b -> b > 0));
    }

    @Property(tries = 1000, seed = SEED)
    void betaAcceptsValuesInZeroOne(@ForAll("goodBeta") double b) {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        assertNull(vm.setBeta(b));
        assertEquals(b, vm.beta());
        count("beta (valid)", false);
    }

    // ---- the step-size field and "Run N" ----------------------------------------------------------------

    @Provide
    Arbitrary<String> badStepSize() {
        ParamSpec range = new ParamSpec("step size", ParamSpec.Kind.REAL, "0.1", RunController.MIN_STEP_SIZE,
                RunController.MAX_STEP_SIZE, false, false, List.of(), "");
        return Arbitraries.oneOf(notDecimal(), decimalOutside(range),
                Arbitraries.of("0", "-0", "0.0", "-1", "1e-13", "9.99e-13", "1000001", "1e6000"));
    }

    @Property(tries = 1000, seed = SEED)
    void stepSizeFieldRefusesBadText(@ForAll("badStepSize") String bad, @ForAll("goodStepSize") String previous)
            throws IOException {
        RunController rc = new RunController(sessionsRoot);
        try {
            assertNull(rc.setStepSizeText(previous), previous);
            double before = rc.stepSizeSet();
            String msg = bounded(() -> rc.setStepSizeText(bad), "step size");
            assertClear(msg, "step size");
            assertEquals(before, rc.stepSizeSet(), "the step size in effect changed");
            assertNull(rc.session());
        } finally {
            rc.shutdown();
        }
        try (Stream<Path> s = Files.list(sessionsRoot)) {
            assertEquals(0, s.count());
        }
        count("step size", true);
    }

    @Provide
    Arbitrary<String> goodStepSize() {
        return Arbitraries.oneOf(Arbitraries.doubles().between(-12, 6).ofScale(6).map(e -> Math.pow(10, e))
                        .filter(d -> d >= 1e-12 && d <= 1e6).map(d -> Double.toString(d)),
                Arbitraries.of("1e-12", "1e6", " 0.1 ", "+.5", "1000000.0", "3."));
    }

    @Property(tries = 1000, seed = SEED)
    void stepSizeFieldAcceptsValidText(@ForAll("goodStepSize") String text) {
        RunController rc = new RunController(sessionsRoot);
        try {
            assertNull(bounded(() -> rc.setStepSizeText(text), "step size"), text);
            assertEquals(Double.parseDouble(text.trim()), rc.stepSizeSet());
        } finally {
            rc.shutdown();
        }
        count("step size (valid)", false);
    }

    @Provide
    Arbitrary<String> badRunCount() {
        return Arbitraries.oneOf(notWhole(), wholeOutside(1, RunController.MAX_RUN_COUNT));
    }

    @Property(tries = 1000, seed = SEED)
    void runNRefusesBadCounts(@ForAll("badRunCount") String bad,
                              @ForAll("goodRunCount") long previous) {
        RunController rc = new RunController(sessionsRoot);
        try {
            assertNull(rc.setRunCount(Long.toString(previous)));
            String msg = bounded(() -> rc.setRunCount(bad), "Run N");
            assertClear(msg, "Run N");
            assertEquals(previous, rc.runCount(), "the N in effect changed");
            assertNull(rc.session());
        } finally {
            rc.shutdown();
        }
        count("Run N count", true);
    }

    @Provide
    Arbitrary<Long> goodRunCount() {
        return Arbitraries.longs().between(1, RunController.MAX_RUN_COUNT);
    }

    @Property(tries = 1000, seed = SEED)
    void runNAcceptsCountsInRange(@ForAll("goodRunCount") long n, @ForAll boolean padded) {
        RunController rc = new RunController(sessionsRoot);
        try {
            assertNull(rc.setRunCount(padded ? " +" + n + " " : Long.toString(n)));
            assertEquals(n, rc.runCount());
        } finally {
            rc.shutdown();
        }
        count("Run N count (valid)", false);
    }

    // ---- the expr editor -------------------------------------------------------------------------------

    @Provide
    Arbitrary<String> brokenFormula() {
        Arbitrary<String> noise = Arbitraries.strings().withChars("xy+-*/^().,0123456789eabcdfglnopqrstu _!@#$\u0000\u2028")
                .ofMaxLength(60);
        Arbitrary<String> truncated = Arbitraries.of("-0.5*(x^2 + y^2/4)", "normal_lpdf(x, 0, 1) + log1p(y^2)",
                "exp(-x^2) * pow(y, 2)").flatMap(s -> Arbitraries.integers().between(0, s.length() - 1)
                .map(n -> s.substring(0, n)));
        Arbitrary<String> deep = Arbitraries.integers().between(201, 5000).map(n -> "(".repeat(n) + "x" + ")".repeat(n));
        Arbitrary<String> huge = Arbitraries.integers().between(10_001, 500_000).map(n -> "x+".repeat(n / 2) + "x");
        Arbitrary<String> adversarial = Arbitraries.of("NaN", "Infinity", "x^1e308^1e308 + ", "\u202ex", "x\u0000",
                "-0.5*x^2 +", "0x1p3*x", "", " ", "\n", "y ~ normal(0,1)", "x;y", "x = 1");
        return Arbitraries.oneOf(noise, truncated, deep, huge, adversarial).filter(GuiBadInputPropertyTest::doesNotParse);
    }

    static boolean doesNotParse(String s) {
        try {
            ExprModel.parse(s);
            return false;
        } catch (BadInputException e) {
            return true;
        }
    }

    @Property(tries = 1000, seed = SEED)
    void exprEditorRefusesBrokenFormulas(@ForAll("brokenFormula") String formula) throws IOException {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        assertTrue(vm.selectModel("expr"));
        vm.selectSampler("rwm");
        String good = "-0.5*(x^2 + y^2/4)";
        assertNull(vm.setModelSetting("density", good));
        Model before = vm.createModel();
        String msg = bounded(() -> vm.setModelSetting("density", formula), "density");
        assertClear(msg, "expr", "density");
        assertTrue(msg.contains("column") || msg.contains("long") || msg.contains("deep") || msg.contains("characters")
                || msg.contains("variable") || msg.contains("formula") || msg.contains("empty"), msg);
        assertEquals(good, vm.modelSettingInEffect("density"), "the formula in effect changed");
        Model after = vm.createModel();
        double[] q = {0.3, -1.1};
        assertEquals(before.logDensity(q, new double[2]), after.logDensity(q, new double[2]));
        assertNull(vm.modelError(), "the model in effect should still build");
        assertRunRefused(vm);
        count("expr editor", true);
    }

    @Provide
    Arbitrary<String> goodFormula() {
        Arbitrary<String> term = Arbitraries.of("x^2", "y^2", "x*y", "exp(-x^2)", "log1p(y^2)", "normal_lpdf(x, 0, 1)",
                "pow(y, 2)", "sin(x)", "1.5", "abs(x)");
        return Combinators.combine(term, term, Arbitraries.of("+", "-", "*")).as((a, b, op) -> "-0.5*(" + a + " " + op + " " + b + ")")
                .filter(f -> !doesNotParse(f) && f.contains("x"));
    }

    @Property(tries = 1000, seed = SEED)
    void exprEditorAcceptsFormulasThatParse(@ForAll("goodFormula") String formula) {
        SetupViewModel vm = new SetupViewModel(MODELS, SAMPLERS);
        assertTrue(vm.selectModel("expr"));
        String msg = vm.setModelSetting("density", formula);
        if (msg == null) {
            assertEquals(formula, vm.modelSettingInEffect("density"));
            assertNull(vm.modelError());
        } else {
            assertClear(msg, "expr", "density");
        }
        count("expr editor (valid)", msg != null);
    }

    // ---- opening files ---------------------------------------------------------------------------------

    @Provide
    Arbitrary<byte[]> damagedDraws() throws IOException {
        byte[] stan = Files.readAllBytes(cmdstan1);
        byte[] lng = Files.readAllBytes(longCsv);
        Arbitrary<byte[]> good = Arbitraries.of(stan, lng);
        Arbitrary<byte[]> truncated = good.flatMap(g -> Arbitraries.integers().between(0, g.length - 1)
                .map(n -> Arrays.copyOf(g, n)));
        Arbitrary<byte[]> flipped = good.flatMap(g -> Combinators.combine(Arbitraries.integers().between(0, g.length - 1),
                Arbitraries.bytes()).as((at, b) -> {
                    byte[] c = g.clone();
                    c[at] = b;
                    return c;
                }));
        Arbitrary<byte[]> cellReplaced = good.flatMap(g -> Combinators.combine(Arbitraries.integers().between(0, 80),
                Arbitraries.of("abc", "", "1..2", "--", "\u0000", "1e", "\"x", "NaN", "Infinity", "1e999", "0x10", "-0",
                        "9223372036854775808", "٣"), Arbitraries.integers().between(0, 9)).as((line, junk, col) -> {
                    String[] lines = new String(g, StandardCharsets.UTF_8).split("\n", -1);
                    int l = Math.min(line, lines.length - 1);
                    String[] cells = lines[l].split(",", -1);
                    if (!lines[l].startsWith("#") && cells.length > col) {
                        cells[col] = junk;
                        lines[l] = String.join(",", cells);
                    }
                    return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
                }));
        Arbitrary<byte[]> noise = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
        Arbitrary<byte[]> oversized = Arbitraries.integers().between(1_000_000, 2_000_000)
                .map(n -> ("chain,draw," + "x".repeat(n) + "\n1,1,0.5\n").getBytes(StandardCharsets.UTF_8));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(4, truncated), net.jqwik.api.Tuple.of(4, flipped),
                net.jqwik.api.Tuple.of(4, cellReplaced), net.jqwik.api.Tuple.of(2, noise),
                net.jqwik.api.Tuple.of(1, oversized));
    }

    @Property(tries = 1000, seed = SEED)
    void openDrawsRefusesDamagedFiles(@ForAll("damagedDraws") byte[] content, @ForAll boolean withSecondChain)
            throws IOException {
        OpenViewModel vm = drawsOpener;
        OpenViewModel.Shown before = vm.shown();
        Path f = Files.createTempFile(dir, "draws", ".csv");
        Files.write(f, content);
        List<Path> files = withSecondChain ? List.of(f, cmdstan2) : List.of(f);
        OpenViewModel.Result r = bounded(() -> vm.openDraws(files), "open draws");
        assertNotNull(r.message());
        if (r.error()) {
            assertClear(r.message(), f.getFileName().toString(), "draws", "column", "CSV", "csv", "chain", "header",
                    "line", "file", "row", "parameter");
            assertSame(before, vm.shown(), "what was shown changed");
        } else {
            assertNotNull(vm.shown().buffer());
        }
        assertArrayEquals(content, Files.readAllBytes(f), "the opened file changed");
        Files.delete(f);
        count("open draws", r.error());
    }

    @Property(tries = 1000, seed = SEED)
    void openDrawsRefusesPathsThatAreNotDrawFiles(@ForAll("badPath") String name) throws IOException {
        OpenViewModel vm = drawsOpener;
        OpenViewModel.Shown before = vm.shown();
        Path p = bounded(() -> resolveOrNull(name), "path");
        if (p == null) {
            return;
        }
        OpenViewModel.Result r = bounded(() -> vm.openDraws(List.of(p)), "open draws");
        assertTrue(r.error(), r.message());
        assertClear(r.message(), "draws", "file", "director", "CSV", "csv", "read", "exist", "no such", "empty");
        assertSame(before, vm.shown());
        count("open draws (bad paths)", true);
    }

    @Provide
    Arbitrary<String> badPath() {
        return Arbitraries.oneOf(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(30).map(s -> "missing-" + s),
                Arbitraries.of(".", "sessions", "empty.csv", "dir.csv", "missing/", "\u202emissing", "m\u2028x"),
                Arbitraries.integers().between(256, 300).map(n -> "y".repeat(n)));
    }

    static Path resolveOrNull(String name) {
        try {
            Path p = dir.resolve(name);
            if (name.equals("empty.csv") && !Files.exists(p)) {
                Files.createFile(p);
            }
            if (name.equals("dir.csv")) {
                Files.createDirectories(p);
            }
            return p;
        } catch (java.nio.file.InvalidPathException | IOException e) {
            return null;
        }
    }

    @Provide
    Arbitrary<Object[]> damagedSession() throws IOException {
        List<String> names;
        try (Stream<Path> s = Files.list(session)) {
            names = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        Arbitrary<String> file = Arbitraries.of(names);
        Arbitrary<Object[]> truncated = file.flatMap(n -> {
            int len = size(session.resolve(n));
            return Arbitraries.integers().between(0, Math.max(0, len - 1)).map(k -> new Object[] {n, "truncate", k, (byte) 0});
        });
        Arbitrary<Object[]> flipped = file.flatMap(n -> {
            int len = size(session.resolve(n));
            return Combinators.combine(Arbitraries.integers().between(0, Math.max(0, len - 1)), Arbitraries.bytes())
                    .as((k, b) -> new Object[] {n, "flip", k, b});
        });
        Arbitrary<Object[]> deleted = file.map(n -> new Object[] {n, "delete", 0, (byte) 0});
        Arbitrary<Object[]> edited = Arbitraries.of("\"format_version\" : 7", "\"chains\" : -3", "\"draws\" : \"many\"",
                "\"warmup\" : 1e99", "\"../../etc/passwd\"", "\"/tmp/abs\"", "\"chains\" : 100000000", "\u0000",
                "\"chains\" : 9223372036854775808").map(to -> new Object[] {"session.mcmcwb.json", "edit", 0, (byte) 0, to});
        return Arbitraries.oneOf(truncated, flipped, deleted, edited);
    }

    static int size(Path p) {
        try {
            return (int) Files.size(p);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Property(tries = 1000, seed = SEED)
    void openSessionRefusesDamagedSessions(@ForAll("damagedSession") Object[] damage) throws IOException {
        Path copy = SessionFixtures.copy(session, Files.createTempDirectory(dir, "copy"));
        Path target = copy.resolve((String) damage[0]);
        switch ((String) damage[1]) {
            case "truncate" -> Files.write(target, Arrays.copyOf(Files.readAllBytes(target), (Integer) damage[2]));
            case "flip" -> {
                byte[] b = Files.readAllBytes(target);
                if (b.length > 0) {
                    b[(Integer) damage[2]] = (Byte) damage[3];
                }
                Files.write(target, b);
            }
            case "delete" -> Files.delete(target);
            default -> {
                String json = Files.readString(target);
                String edited = json.replaceFirst("\"chains\" : 2|\"draws\" : 30|\"format_version\" : 1",
                        java.util.regex.Matcher.quoteReplacement((String) damage[4]));
                Files.writeString(target, edited);
            }
        }
        List<byte[]> before = snapshot(copy);
        OpenViewModel vm = sessionOpener;
        OpenViewModel.Shown shown = vm.shown();
        OpenViewModel.Result r = bounded(() -> vm.openSession(copy), "open session");
        if (r.error()) {
            assertClear(r.message(), "session", copy.getFileName().toString(), "manifest", "chain", "draws");
            assertSame(shown, vm.shown(), "what was shown changed");
        } else {
            assertEquals(copy.toRealPath(), vm.shown().session().toRealPath());
        }
        List<byte[]> after = snapshot(copy);
        assertEquals(before.size(), after.size(), "files in the session changed");
        for (int i = 0; i < before.size(); i++) {
            assertArrayEquals(before.get(i), after.get(i), "a session file changed");
        }
        try (Stream<Path> walk = Files.walk(copy)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        count("open session", r.error());
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
}
