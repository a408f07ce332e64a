package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.sessions.SessionReader;

/**
 * {@code distill} refused a session whose {@code chain-K.divergences} file (or event log) is corrupt, though it reads
 * neither: only the manifest and the draws files, which carry their own {@code divergent__}. It now distills the
 * intact draws exactly as it would with the file intact, after one warning line naming the file; damaged draws are
 * still refused.
 */
class DistillDamagedSessionTest {
    @TempDir
    static Path shared;
    static Path intact;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() throws Exception {
        intact = CliHarness.session(shared.resolve("intact"), "--model", "eight-schools-centered", "--sampler", "nuts",
                "--chains", "2", "--warmup", "300", "--draws", "300", "--seed", "3", "--threads", "1");
        try (SessionReader r = SessionReader.open(intact)) {
            assertTrue(r.divergences(0).size() >= 2, "chain 1 must diverge twice to corrupt its first record");
        }
    }

    /** A copy whose chain-1.divergences has its first record's data changed: its checksum fails, record 1 follows. */
    static Path corruptDivergences(Path to) throws Exception {
        Path s = SessionFixtures.copy(intact, to);
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("chain-1.divergences").toFile(), "rw")) {
            f.seek(60);
            int b = f.read();
            f.seek(60);
            f.write(b ^ 0x10);
        }
        return s;
    }

    private CliHarness distill(Path s, String out) {
        return CliHarness.run("distill", s.toString(), "--method", "herding", "--size", "30", "--out",
                tmp.resolve(out).toString());
    }

    /** The report's lines but the time taken and the path written. */
    private static List<String> figures(CliHarness r) {
        return r.out.lines().filter(l -> !l.matches(".* in [0-9.]+ s") && !l.startsWith("written: ")).toList();
    }

    private static List<String> warnings(CliHarness r) {
        return r.err.lines().filter(l -> l.startsWith("warning: ")).toList();
    }

    @Test
    void aCorruptDivergencesFileIsOneWarningAndTheSameDistilledSet() throws Exception {
        Path s = corruptDivergences(tmp.resolve("div"));
        CliHarness base = distill(intact, "intact.csv");
        assertEquals(0, base.code, base.err);
        assertEquals(List.of(), warnings(base));
        CliHarness r = distill(s, "damaged.csv");
        assertEquals(0, r.code, r.err);
        assertEquals(List.of("warning: chain-1.divergences: record 0 (byte offset 0) is corrupt: its data fails its"
                + " checksum; chain 1 keeps none of its divergences (distill does not use divergence counts; the"
                + " draws are intact)"), warnings(r), r.err);
        assertFalse(r.err.contains("error"), r.err);
        assertArrayEquals(Files.readAllBytes(tmp.resolve("intact.csv")), Files.readAllBytes(tmp.resolve("damaged.csv")));
        assertTrue(figures(base).size() > 3, base.out);
        assertEquals(figures(base), figures(r));
    }

    @Test
    void aCorruptEventLogIsOneWarningAndTheSameDistilledSet() throws Exception {
        Path s = SessionFixtures.copy(intact, tmp.resolve("ev"));
        Files.writeString(s.resolve("events.jsonl"), "garbage{\n");
        assertEquals(0, distill(intact, "intact.csv").code);
        CliHarness r = distill(s, "damaged.csv");
        assertEquals(0, r.code, r.err);
        assertEquals(List.of("warning: events.jsonl: line 1 is not a valid event; 0 events before it are kept (distill"
                + " does not read the event log; the draws are intact)"), warnings(r), r.err);
        assertArrayEquals(Files.readAllBytes(tmp.resolve("intact.csv")), Files.readAllBytes(tmp.resolve("damaged.csv")));
    }

    @Test
    void corruptDrawsAreStillRefused() throws Exception {
        Path s = corruptDivergences(tmp.resolve("draws"));
        try (RandomAccessFile f = new RandomAccessFile(s.resolve("chain-2.draws").toFile(), "rw")) {
            f.seek(f.length() / 2);
            f.write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3, 4});
        }
        CliHarness r = distill(s, "refused.csv");
        assertEquals(2, r.code, r.err);
        assertTrue(r.oneErrorLine().startsWith("error: chain-2.draws: ") && r.err.contains("corrupt"), r.err);
        assertFalse(Files.exists(tmp.resolve("refused.csv")));
    }
}
