package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;
import workbench.sessions.SyntheticSession;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;

class ExportTest {
    @TempDir
    static Path shared;
    static Path synthetic;
    static Path nuts;
    static Path hmc;

    @TempDir
    Path tmp;

    @BeforeAll
    static void sessions() throws Exception {
        synthetic = shared.resolve("synthetic");
        new SyntheticSession(3, 30, 120, 5).write(synthetic);
        nuts = shared.resolve("nuts");
        RunConfig cfg = new RunConfig("eight-schools-centered", Map.of(), "nuts", Map.of(), 2, 150, 100, 7, 2, null);
        try (SessionWriter w = new SessionWriter(nuts, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), w).run();
        }
        hmc = shared.resolve("hmc");
        RunConfig h = new RunConfig("banana", Map.of(), "hmc", Map.of(), 2, 50, 60, 8, 2, null);
        try (SessionWriter w = new SessionWriter(hmc, SessionWriter.Options.defaults())) {
            new ChainRunner(h, ModelRegistry.create("banana", Map.of()), SamplerRegistry.create("hmc", Map.of()), w).run();
        }
    }

    private static void assertSame(double expected, double actual, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), what + ": expected NaN, got " + actual);
        } else {
            assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(actual),
                    what + ": expected " + expected + ", got " + actual);
        }
    }

    private static List<Path> csvFiles(Path dir) throws Exception {
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
        }
    }

    /**
     * Exported files get the permissions of an ordinarily created file in the same folder (0666 less the umask,
     * e.g. 0644), not a temporary file's 0600; and no temporary file is left behind.
     */
    @Test
    void exportedFilesHaveOrdinaryPermissions() throws Exception {
        Assumptions.assumeTrue(tmp.getFileSystem().supportedFileAttributeViews().contains("posix"), "POSIX file system");
        Path ordinary = Files.createFile(tmp.resolve("ordinary"));
        var want = Files.getPosixFilePermissions(ordinary);
        Assumptions.assumeFalse(want.equals(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")),
                "the umask gives new files 0600 anyway");
        List<Path> written = new ArrayList<>();
        try (SessionReader r = SessionReader.open(synthetic)) {
            ExportSelection sel = ExportSelection.all(r);
            written.addAll(ExportFormat.CMDSTAN_CSV.write(r, sel, tmp.resolve("perm-cmdstan")));
            written.addAll(ExportFormat.NPZ.write(r, sel, tmp.resolve("perm.npz")));
            written.addAll(ExportFormat.CSV.write(r, sel, tmp.resolve("perm.csv")));
        }
        assertEquals(5, written.size(), "the synthetic session's 3 chain files, the .npz and the long CSV");
        for (Path f : written) {
            assertEquals(java.nio.file.attribute.PosixFilePermissions.toString(want),
                    java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(f)), f.toString());
        }
        try (var s = Files.walk(tmp)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList());
        }
    }

    /** Every value, statistic and the adaptation block survive a CmdStan CSV export read by our reader. */
    @Test
    void cmdstanExportReadsBackIdentically() throws Exception {
        for (Path session : List.of(synthetic, nuts, hmc)) {
            Path out = tmp.resolve(session.getFileName() + "-csv");
            try (SessionReader r = SessionReader.open(session)) {
                ExportSelection sel = ExportSelection.all(r);
                List<Path> files = ExportFormat.CMDSTAN_CSV.write(r, sel, out);
                assertEquals(r.chains(), files.size());
                for (Path f : files) {
                    Map<String, String> cfg = StrictStanCsv.check(f);
                    assertEquals(r.finalInverseMetric(0) == null ? "unit_e" : "diag_e", cfg.get("metric"));
                    assertEquals(r.manifest().modelId(), cfg.get("model"));
                }
                DrawTable t = DrawFiles.read(files);
                assertEquals(DrawTable.Format.CMDSTAN_CSV, t.format());
                assertEquals(List.of(), t.notes(), "the reader found nothing odd");
                assertEquals(r.names(), t.names());
                assertEquals(CmdStanCsvExport.SAMPLER_COLUMNS, t.statNames());
                for (int c = 0; c < r.chains(); c++) {
                    long w = r.warmup(c);
                    assertEquals(r.size(c) - w, t.length(c));
                    assertEquals(c + 1, t.chainInfo(c).sourceId());
                    assertSame(r.finalStepSize(c), t.chainInfo(c).stepSize(), "step size");
                    double[] m = r.finalInverseMetric(c);
                    if (m == null) {
                        m = new double[0];
                    }
                    double[] back = t.chainInfo(c).inverseMetric();
                    assertEquals(m.length, back.length);
                    for (int j = 0; j < m.length; j++) {
                        assertSame(m[j], back[j], "metric " + j);
                    }
                    for (int i = 0; i < t.length(c); i++) {
                        for (int p = 0; p < r.names().size(); p++) {
                            assertSame(r.value(c, w + i, p), t.value(c, i, p), "chain " + c + " draw " + i + " " + r.names().get(p));
                        }
                        double[] stats = CmdStanCsvExport.samplerColumns(r, c, w + i);
                        for (int k = 0; k < stats.length; k++) {
                            String col = CmdStanCsvExport.SAMPLER_COLUMNS.get(k);
                            assertSame(stats[k], t.stat(col)[c][i], col);
                        }
                        assertSame(r.stat(c, w + i, Stat.LOG_DENSITY), t.stat(c, i, Stat.LOG_DENSITY), "lp__");
                        assertSame(r.stat(c, w + i, Stat.DIVERGENT), t.stat(c, i, Stat.DIVERGENT), "divergent__");
                    }
                }
            }
        }
    }

    /**
     * A selection: chains 1 and 3, the four elements of x given out of order, draws 11..60, warmup included; the config
     * comments agree with the rows.
     */
    @Test
    void cmdstanSelectionWithWarmupFollowsTheStrictRules() throws Exception {
        Path out = tmp.resolve("sel");
        try (SessionReader r = SessionReader.open(synthetic)) {
            ExportSelection sel = ExportSelection.parse(r, "x.3,x[1],x[4],x[2]", "3,1", "11:60", true);
            List<Path> files = ExportFormat.CMDSTAN_CSV.write(r, sel, out);
            assertEquals(List.of(out.resolve("chain-1.csv"), out.resolve("chain-3.csv")), files);
            for (Path f : files) {
                StrictStanCsv.check(f);
                List<String> lines = Files.readAllLines(f);
                Map<String, String> cfg = new java.util.HashMap<>();
                int rows = 0;
                int rowsBeforeAdaptation = -1;
                String header = null;
                for (String l : lines) {
                    if (l.startsWith("#")) {
                        int eq = l.indexOf('=');
                        if (eq > 0 && header == null) {
                            cfg.putIfAbsent(l.substring(1, eq).strip(), l.substring(eq + 1).replace("(Default)", "").strip());
                        }
                        if (l.equals("# Adaptation terminated")) {
                            rowsBeforeAdaptation = rows;
                        }
                    } else if (header == null) {
                        header = l;
                    } else {
                        rows++;
                    }
                }
                for (String key : List.of("metric", "max_depth", "save_warmup", "thin", "num_samples", "num_warmup")) {
                    assertTrue(cfg.containsKey(key), key + " in " + cfg);
                }
                // asked for as x.3, x[1], ...: written in CmdStan's element order, which its readers assume
                assertEquals("lp__,accept_stat__,stepsize__,treedepth__,n_leapfrog__,divergent__,energy__,x.1,x.2,x.3,x.4",
                        header);
                assertEquals("1", cfg.get("save_warmup"));
                assertEquals("50", cfg.get("num_samples"));
                assertEquals("30", cfg.get("num_warmup"));
                assertEquals(80, rows);
                assertEquals(30, rowsBeforeAdaptation);
                int i = lines.indexOf("# Adaptation terminated");
                assertTrue(lines.get(i + 1).startsWith("# Step size = "));
                assertEquals("# Diagonal elements of inverse mass matrix:", lines.get(i + 2));
                assertTrue(lines.get(lines.size() - 4).startsWith("#  Elapsed Time: "));
            }
            DrawTable t = DrawFiles.read(files);
            // chains 1 and 3 keep their ids: read back as chains 1 and 2, which the reader says
            assertEquals(List.of("files with id = 1, 3 (in the order given) taken as chains 1, 2: chains are numbered"
                    + " by the files' order"), t.notes());
            assertEquals(List.of("x[1]", "x[2]", "x[3]", "x[4]"), t.names());
            int[] chains = {0, 2};
            for (int k = 0; k < 2; k++) {
                assertEquals(30, t.chainInfo(k).warmupSkipped());
                assertEquals(50, t.length(k));
                for (int i = 0; i < 50; i++) {
                    for (int p = 0; p < 4; p++) {
                        assertSame(r.value(chains[k], 30 + 10 + i, p), t.value(k, i, p), "x[" + (p + 1) + "]");
                    }
                }
            }
        }
    }

    /**
     * Some but not all elements of a container are refused for cmdstan-csv, before anything is written: CmdStan's
     * readers take the container's shape from its last column (cmdstanpy refused the file, "cannot reshape"; ArviZ's
     * reader filled the elements left out with 0). npz and the long CSV keep any selection.
     */
    @Test
    void cmdstanCsvRefusesPartOfAContainer() throws Exception {
        Path out = tmp.resolve("part");
        try (SessionReader r = SessionReader.open(synthetic)) {
            BadInputException e = assertThrows(BadInputException.class, () -> ExportFormat.CMDSTAN_CSV.write(r,
                    ExportSelection.parse(r, "x[2],x[4]", null, null, false), out));
            assertEquals("cmdstan-csv needs whole containers: the selection holds 2 of the 4 elements of x (x[2], x[4]);"
                    + " CmdStan's readers (cmdstanpy, rstan, ArviZ) take a container's shape from its last column and"
                    + " would misread it. Select x (all its elements), or export as npz or csv, which keep any selection",
                    e.getMessage());
            assertTrue(!Files.exists(out), "nothing written");
            ExportFormat.NPZ.write(r, ExportSelection.parse(r, "x[2],x[4]", null, null, false), tmp.resolve("part.npz"));
            ExportFormat.CSV.write(r, ExportSelection.parse(r, "x[2],x[4]", null, null, false), tmp.resolve("part.csv"));
            assertEquals(List.of("x[2]", "x[4]"), DrawFiles.read(List.of(tmp.resolve("part.csv"))).names());
        }
        try (SessionReader r = SessionReader.open(nuts)) {
            // scalars and whole containers together are fine
            ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.parse(r, "mu,theta", null, null, false), out);
            assertTrue(Files.exists(out.resolve("chain-1.csv")));
        }
    }

    @Test
    void longCsvReadsBack() throws Exception {
        Path out = tmp.resolve("long.csv");
        try (SessionReader r = SessionReader.open(nuts)) {
            ExportSelection sel = ExportSelection.parse(r, "theta", null, "5:84", false);
            ExportFormat.CSV.write(r, sel, out);
            DrawTable t = DrawFiles.read(List.of(out));
            assertEquals(DrawTable.Format.LONG_CSV, t.format());
            assertEquals(List.of(), t.notes());
            assertEquals(r.names().stream().filter(n -> n.startsWith("theta[")).toList(), t.names());
            for (int c = 0; c < 2; c++) {
                assertEquals(80, t.length(c));
                for (int i = 0; i < 80; i++) {
                    for (int p = 0; p < t.names().size(); p++) {
                        assertSame(r.value(c, r.warmup(c) + 4 + i, sel.params()[p]), t.value(c, i, p), "value");
                    }
                }
            }
        }
        Path warm = tmp.resolve("warm.csv");
        try (SessionReader r = SessionReader.open(synthetic)) {
            ExportFormat.CSV.write(r, ExportSelection.parse(r, null, "2", null, true), warm);
            List<String> lines = Files.readAllLines(warm);
            assertEquals(1 + 150, lines.size(), "30 warmup rows, then 120 draws");
            assertTrue(lines.get(0).endsWith(",warmup__"), lines.get(0));
            assertTrue(lines.get(30).startsWith("2,30,") && lines.get(30).endsWith(",1"), lines.get(30));
            assertTrue(lines.get(31).startsWith("2,31,") && lines.get(31).endsWith(",0"), lines.get(31));
            // read back, the warmup rows are left out (as CmdStan's saved warmup is), with a note
            DrawTable t = DrawFiles.read(List.of(warm));
            assertEquals(120, t.length(0));
            assertTrue(t.hasStat("warmup__"));
            assertEquals(30, t.chainInfo(0).warmupSkipped());
            assertTrue(t.notes().get(0).endsWith("warm.csv: 30 warmup rows (warmup__ = 1) left out"), t.notes().toString());
            for (int i = 0; i < 120; i++) {
                assertSame(r.value(1, 30 + i, 3), t.value(0, i, 3), "draw " + i);
                assertEquals(0.0, t.stat("warmup__")[0][i]);
            }
        }
    }

    /** numpy.load reads the .npz: every array's dtype, shape and exact bits. */
    @Test
    void npzOfTheSameDrawsIsTheSameBytes() throws Exception {
        // every zip entry carried the export's wall-clock time: two exports of one session (or of a run and its
        // replay) differed in bytes, so cmp or a checksum could not tell whether the draws were the same
        Path a = tmp.resolve("a.npz");
        Path b = tmp.resolve("b.npz");
        try (SessionReader r = SessionReader.open(nuts)) {
            ExportFormat.NPZ.write(r, ExportSelection.parse(r, null, null, null, true), a);
        }
        try (java.util.zip.ZipInputStream z = new java.util.zip.ZipInputStream(Files.newInputStream(a))) {
            int entries = 0;
            for (java.util.zip.ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
                assertEquals(NpzExport.ENTRY_TIME, e.getTimeLocal(), e.getName());
                entries++;
            }
            assertTrue(entries >= 8, entries + " entries");
        }
        Thread.sleep(2100); // a zip's clock counts in 2-second steps
        try (SessionReader r = SessionReader.open(nuts)) {
            ExportFormat.NPZ.write(r, ExportSelection.parse(r, null, null, null, true), b);
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    /**
     * A csgld session's npz says which rows are posterior draws ({@code posterior_draw}): before, its exploration
     * steps were indistinguishable from draws there (the CmdStan export says it in comments, the npz had nothing).
     * Row r of a chain is a draw iff its iteration k (1-based from the chain's start) has mod(k - 1, C) / C >= f; here
     * with the warmup rows and a range that starts mid-cycle. Other sessions' npz has no such array.
     */
    @Test
    void npzOfCsgldMarksItsPosteriorDraws() throws Exception {
        Path cs = tmp.resolve("csgld");
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "2"), "csgld",
                Map.of("cycle_length", "10", "explore_fraction", "0.3"), 2, 7, 30, 3, 1, null);
        try (SessionWriter w = new SessionWriter(cs, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("gaussian", cfg.modelSettings()),
                    SamplerRegistry.create("csgld", cfg.samplerSettings()), w).run();
        }
        Path file = tmp.resolve("cs.npz");
        try (SessionReader r = SessionReader.open(cs)) {
            ExportFormat.NPZ.write(r, ExportSelection.parse(r, null, "2", "4:20", true), file);
        }
        byte[] flags = npyData(file, "posterior_draw.npy");
        assertEquals(7 + 17, flags.length);
        for (int row = 0; row < flags.length; row++) {
            long k = row < 7 ? row + 1 : 7 + 3 + (row - 7) + 1; // warmup rows, then draws 4..20
            boolean draw = row >= 7 && (double) ((k - 1) % 10) / 10 >= 0.3;
            assertEquals(draw ? 1 : 0, flags[row], "row " + row);
        }
        Path other = tmp.resolve("nuts.npz");
        try (SessionReader r = SessionReader.open(nuts)) {
            ExportFormat.NPZ.write(r, ExportSelection.all(r), other);
        }
        assertEquals(null, npyData(other, "posterior_draw.npy"));
    }

    /** The data bytes of entry {@code name} of an npz (after its npy header), or null when it has none. */
    private static byte[] npyData(Path npz, String name) throws Exception {
        try (java.util.zip.ZipInputStream z = new java.util.zip.ZipInputStream(Files.newInputStream(npz))) {
            for (java.util.zip.ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
                if (e.getName().equals(name)) {
                    byte[] all = z.readAllBytes();
                    int headerLength = (all[8] & 0xff) | (all[9] & 0xff) << 8; // format 1.0: uint16 at byte 8
                    return java.util.Arrays.copyOfRange(all, 10 + headerLength, all.length);
                }
            }
        }
        return null;
    }

    @Test
    void npzLoadsInNumpy() throws Exception {
        String py = PythonNumpy.find();
        if (py == null) {
            System.out.println("SKIPPED npzLoadsInNumpy: no python3 with numpy found (set PYTHON or install python3-numpy)");
        }
        Assumptions.assumeTrue(py != null, "no python3 with numpy");
        Path out = tmp.resolve("draws.npz");
        try (SessionReader r = SessionReader.open(synthetic)) {
            ExportSelection sel = ExportSelection.parse(r, "derived4,x[2]", "1,3", "3:102", false);
            ExportFormat.NPZ.write(r, sel, out);
            List<String> lines = PythonNumpy.run(tmp, String.join("\n",
                    "import sys, numpy as np",
                    "z = np.load(sys.argv[1])",
                    "for k in sorted(z.files):",
                    "    a = z[k]",
                    "    print(k, a.dtype.str, a.shape)",
                    "print(' '.join(z['names']))",
                    "print(' '.join(str(v) for v in z['chain']), int(z['num_warmup']))",
                    "for k in ['draws', 'lp', 'accept_stat', 'step_size', 'energy']:",
                    "    print(k, ' '.join(str(int(b)) for b in np.ascontiguousarray(z[k]).ravel().view('<u8')))",
                    "print('divergent', ' '.join(str(int(b)) for b in z['divergent'].ravel()))",
                    ""), out.toString());
            List<String> expect = new ArrayList<>(List.of(
                    "accept_stat <f8 (2, 100)",
                    "chain <i8 (2,)",
                    "divergent |b1 (2, 100)",
                    "draws <f8 (2, 100, 2)",
                    "energy <f8 (2, 100)",
                    "lp <f8 (2, 100)",
                    "n_leapfrog <i8 (2, 100)",
                    "names <U8 (2,)",
                    "num_warmup <i8 ()",
                    "step_size <f8 (2, 100)",
                    "treedepth <i8 (2, 100)",
                    "derived4 x[2]",
                    "1 3 0"));
            StringBuilder draws = new StringBuilder("draws");
            for (int c : new int[] {0, 2}) {
                for (int i = 0; i < 100; i++) {
                    for (int p : new int[] {4, 1}) {
                        draws.append(' ').append(Long.toUnsignedString(Double.doubleToRawLongBits(r.value(c, 30 + 2 + i, p))));
                    }
                }
            }
            expect.add(draws.toString());
            for (Object[] s : new Object[][] {{"lp", Stat.LOG_DENSITY}, {"accept_stat", Stat.ACCEPT_STAT},
                    {"step_size", Stat.STEP_SIZE}, {"energy", Stat.ENERGY}, {"divergent", Stat.DIVERGENT}}) {
                StringBuilder sb = new StringBuilder((String) s[0]);
                for (int c : new int[] {0, 2}) {
                    for (int i = 0; i < 100; i++) {
                        double v = r.stat(c, 30 + 2 + i, (Stat) s[1]);
                        sb.append(' ').append(s[1] == Stat.DIVERGENT ? String.valueOf((int) v)
                                : Long.toUnsignedString(Double.doubleToRawLongBits(v)));
                    }
                }
                expect.add(sb.toString());
            }
            // the order python prints them in
            List<String> want = new ArrayList<>(expect.subList(0, 13));
            want.add(expect.get(13));
            want.addAll(expect.subList(14, 18));
            want.add(expect.get(18));
            assertEquals(want, lines);
        }
    }

    @Test
    void badSelectionsAreRefusedWithOneLine() throws Exception {
        try (SessionReader r = SessionReader.open(synthetic)) {
            assertEquals("--params: 'y' matches no output; the outputs are x[*] (4), derived4 (give a name, a bare name"
                    + " for all its elements, or a glob: * any characters, ? one)",
                    assertThrows(BadInputException.class, () -> ExportSelection.parse(r, "x[1],y", null, null, false)).getMessage());
            assertEquals("--chains: no chain 4 (the session has chains 1 to 3)",
                    assertThrows(BadInputException.class, () -> ExportSelection.parse(r, null, "1,4", null, false)).getMessage());
            assertEquals("--chains 'a' is not a list of chain numbers (e.g. 1,3)",
                    assertThrows(BadInputException.class, () -> ExportSelection.parse(r, null, "a", null, false)).getMessage());
            for (String bad : List.of("5", "1:2:3", "a:b", ":4", "")) {
                assertTrue(assertThrows(BadInputException.class, () -> ExportSelection.parse(r, null, null, bad, false))
                        .getMessage().contains("is not a range FROM:TO"), bad);
            }
            assertEquals("--draws 0:10 is not a range: need 1 <= FROM <= TO",
                    assertThrows(BadInputException.class, () -> ExportSelection.parse(r, null, null, "0:10", false)).getMessage());
            assertEquals("--draws 10:5 is not a range: need 1 <= FROM <= TO",
                    assertThrows(BadInputException.class, () -> ExportSelection.parse(r, null, null, "10:5", false)).getMessage());
            assertEquals("--draws 1:121 is out of range: the chains have 120 post-warmup draws",
                    assertThrows(BadInputException.class, () -> ExportSelection.parse(r, null, null, "1:121", false)).getMessage());
            assertEquals(120, ExportSelection.parse(r, null, null, "1:120", false).draws());
            assertThrows(BadInputException.class, () -> ExportFormat.of("parquet"));
        }
    }

    @Test
    void neverOverwrites() throws Exception {
        try (SessionReader r = SessionReader.open(synthetic)) {
            ExportSelection sel = ExportSelection.all(r);
            Path file = tmp.resolve("exists.npz");
            Files.writeString(file, "keep me");
            for (ExportFormat f : List.of(ExportFormat.NPZ, ExportFormat.CSV)) {
                BadInputException e = assertThrows(BadInputException.class, () -> f.write(r, sel, file));
                assertTrue(e.getMessage().contains("already exists"), e.getMessage());
                assertEquals("keep me", Files.readString(file));
            }
            Path dir = tmp.resolve("d");
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("chain-2.csv"), "keep me");
            assertThrows(BadInputException.class, () -> ExportFormat.CMDSTAN_CSV.write(r, sel, dir));
            assertEquals("keep me", Files.readString(dir.resolve("chain-2.csv")));
            assertEquals(List.of(dir.resolve("chain-2.csv")), csvFiles(dir), "nothing written when one file exists");
            assertThrows(BadInputException.class, () -> ExportFormat.CMDSTAN_CSV.write(r, sel, file));
            try (var s = Files.list(tmp)) {
                assertTrue(s.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary files left");
            }
        }
    }

    /**
     * A network's weights are named with a comma inside the brackets ({@code w1[1,2]}): {@code --params} splits on
     * the commas outside brackets only (it split {@code w1[1,2]} into {@code w1[1} and {@code 2]} and refused it,
     * so no single weight of a net could be exported), and takes the globs {@code summary --params} takes.
     */
    @Test
    void paramsNameWeightsWithCommasInsideBracketsAndGlobs() throws Exception {
        Path bnn = tmp.resolve("bnn-params");
        RunConfig cfg = new RunConfig("bnn-classification", Map.of("width", "2"), "sgld", Map.of(), 1, 3, 4, 3, 1, null);
        try (SessionWriter w = new SessionWriter(bnn, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    SamplerRegistry.create("sgld", Map.of()), w).run();
        }
        try (SessionReader r = SessionReader.open(bnn)) {
            List<String> names = r.names();
            ExportSelection two = ExportSelection.parse(r, "w1[2,1], b2[1]", null, null, false);
            assertEquals(List.of("w1[2,1]", "b2[1]"), pick(names, two.params()));
            ExportSelection glob = ExportSelection.parse(r, "w1[*,1]", null, null, false);
            assertEquals(List.of("w1[1,1]", "w1[2,1]"), pick(names, glob.params()));
            assertEquals(names.stream().filter(n -> n.startsWith("w2")).toList(),
                    pick(names, ExportSelection.parse(r, "w2*", null, null, false).params()));
            assertTrue(assertThrows(BadInputException.class, () -> ExportSelection.parse(r, "w9[1,1]", null, null, false))
                    .getMessage().startsWith("--params: 'w9[1,1]' matches no output; the outputs are w1[*] ("));
        }
    }

    private static List<String> pick(List<String> names, int[] idx) {
        List<String> out = new ArrayList<>();
        for (int i : idx) {
            out.add(names.get(i));
        }
        return out;
    }

    /**
     * A network's outputs come from the model as w1[1,1], w1[1,2], b1[1], w1[2,1], …: the CmdStan CSV
     * must still hold each container's elements together and column-major (w1.1.1, w1.2.1, w1.1.2, …),
     * as CmdStan writes them and cmdstanpy/stanio and rstan parse them; every value stays under its name.
     */
    @Test
    void cmdstanColumnsAreContiguousAndColumnMajor() throws Exception {
        Path bnn = tmp.resolve("bnn");
        Map<String, String> ms = Map.of("width", "2", "layers", "2");
        RunConfig cfg = new RunConfig("bnn-classification", ms, "sgld", Map.of(), 2, 5, 6, 3, 1, null);
        try (SessionWriter w = new SessionWriter(bnn, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), ms), SamplerRegistry.create("sgld", Map.of()), w).run();
        }
        try (SessionReader r = SessionReader.open(bnn)) {
            List<Path> files = ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), tmp.resolve("bnn-csv"));
            String header = Files.readAllLines(files.get(0)).stream().filter(l -> !l.startsWith("#")).findFirst().orElseThrow();
            List<String> cols = List.of(header.split(",")).subList(CmdStanCsvExport.SAMPLER_COLUMNS.size(), header.split(",").length);
            assertEquals(List.of("w1.1.1", "w1.2.1", "w1.1.2", "w1.2.2", "b1.1", "b1.2"), cols.subList(0, 6), header);
            List<String> seen = new ArrayList<>();
            for (String col : cols) {
                String base = col.contains(".") ? col.substring(0, col.indexOf('.')) : col;
                if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(base)) {
                    assertTrue(!seen.contains(base), base + " is split in " + header);
                    seen.add(base);
                }
            }
            assertEquals(r.names().size(), cols.size());
            DrawTable t = DrawFiles.read(files);
            for (int c = 0; c < r.chains(); c++) {
                for (int i = 0; i < t.length(c); i++) {
                    for (int p = 0; p < r.names().size(); p++) {
                        int q = t.names().indexOf(r.names().get(p));
                        assertSame(r.value(c, r.warmup(c) + i, p), t.value(c, i, q), r.names().get(p));
                    }
                }
            }
        }
        assertArrayEquals(new int[] {0, 2, 1, 3, 4}, CmdStanCsvExport.columnOrder(
                List.of("a[1,1]", "a[1,2]", "a[2,1]", "a[2,2]", "s"), new int[] {0, 1, 2, 3, 4}));
        assertArrayEquals(new int[] {1, 3}, CmdStanCsvExport.columnOrder(
                List.of("x[1]", "x[2]", "y", "x[10]"), new int[] {3, 1}), "the first index as a number: 2 before 10");
    }

    /** One chain of NUTS with {@code metric} on gaussian-2d, 20 draws after {@code warmup}, stored in tmp/name. */
    private Path nutsSession(String name, String metric, int warmup) throws Exception {
        Path dir = tmp.resolve(name);
        Map<String, String> ss = Map.of("metric", metric);
        RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", ss, 1, warmup, 20, 4, 1, null);
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("nuts", ss), w).run();
        }
        return dir;
    }

    /**
     * NUTS with metric=dense samples with a dense inverse metric: the session must keep the whole matrix
     * and the CmdStan CSV must say dense_e with one line per row, not diag_e with the matrix's diagonal.
     */
    @Test
    void denseMetricIsExportedAsDenseE() throws Exception {
        try (SessionReader r = SessionReader.open(nutsSession("dense", "dense", 300))) {
            double[] m = r.finalInverseMetric(0);
            assertEquals(4, m.length, "a 2 x 2 matrix");
            assertEquals(Double.doubleToLongBits(m[1]), Double.doubleToLongBits(m[2]), "symmetric");
            assertTrue(m[1] > 0.1, "rho = 0.95: a clearly positive covariance, got " + m[1]);
            List<Path> files = ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), tmp.resolve("dense-csv"));
            Map<String, String> cfgKeys = StrictStanCsv.check(files.get(0));
            assertEquals("dense_e", cfgKeys.get("metric"));
            List<String> lines = Files.readAllLines(files.get(0));
            int i = lines.indexOf("# Adaptation terminated");
            assertEquals("# Elements of inverse mass matrix:", lines.get(i + 2));
            assertEquals("# " + Numbers.text(m[0]) + ", " + Numbers.text(m[1]), lines.get(i + 3));
            assertEquals("# " + Numbers.text(m[2]) + ", " + Numbers.text(m[3]), lines.get(i + 4));
        }
    }

    /** NUTS with metric=unit is exported as Stan writes unit_e, not as a diagonal of ones. */
    @Test
    void unitMetricIsExportedAsUnitE() throws Exception {
        try (SessionReader r = SessionReader.open(nutsSession("unit", "unit", 100))) {
            List<Path> files = ExportFormat.CMDSTAN_CSV.write(r, ExportSelection.all(r), tmp.resolve("unit-csv"));
            assertEquals("unit_e", StrictStanCsv.check(files.get(0)).get("metric"));
            List<String> lines = Files.readAllLines(files.get(0));
            int i = lines.indexOf("# Adaptation terminated");
            assertEquals("# No free parameters for unit metric", lines.get(i + 2));
        }
    }

    @Test
    void cmdstanNames() {
        assertEquals("theta.1", ColumnNames.toCmdStan("theta[1]"));
        assertEquals("a.1.2", ColumnNames.toCmdStan("a[1,2]"));
        assertEquals("a.1.2", ColumnNames.toCmdStan("a[1, 2]"));
        assertEquals("sigma", ColumnNames.toCmdStan("sigma"));
        assertEquals("a", ColumnNames.container("a[1,2]"));
        assertArrayEquals(new String[] {"nan", "inf", "-inf", "-0.0", "3", "0.1", "4.9e-324", "1.0e20"},
                java.util.stream.DoubleStream.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 3,
                        0.1, Double.MIN_VALUE, 1e20).mapToObj(Numbers::text).toArray(String[]::new));
    }
}
