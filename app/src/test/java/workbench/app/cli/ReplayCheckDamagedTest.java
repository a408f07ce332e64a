package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replay --check} on a session with a corrupt chunk (a checksum failure, not a torn tail) must not
 * report "identical: all ... stored rows" and exit 0. Before, it compared the intact draws only, printed
 * the success line and exited 0 although a chain's stored draws could not be read at all. (400 rows a
 * chain: chunk 0, of 256 rows, is not the final chunk, so its damage is corruption, not a torn tail.)
 */
class ReplayCheckDamagedTest {
    @TempDir
    Path tmp;

    @Test
    void aCorruptChunkFailsTheCheck() throws Exception {
        Path s = tmp.resolve("s");
        run(s, "eight-schools-noncentered", 300, 100);
        CliHarness ok = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(0, ok.code, ok.err);
        try (FileChannel ch = FileChannel.open(s.resolve("chain-2.draws"), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("XXXXXXXXXXXXXXXX".getBytes()), 100);
        }
        CliHarness bad = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(ReRuns.DIFFERS, bad.code, bad.out + bad.err);
        assertFalse(bad.out.contains("identical"), bad.out);
        assertTrue(bad.err.contains("chain-2.draws: chunk 0 (byte offset 0) is corrupt"), bad.err);
        assertFalse(bad.err.contains("Exception"), bad.err);
    }

    @Test
    void aFinishedSessionWithAChainCutShortFailsTheCheck() throws Exception {
        // a torn end is read as what a crash leaves, so the intact rows compared equal and the check passed,
        // though the manifest says the run finished and a chain lacks most of its iterations
        Path s = tmp.resolve("cut");
        run(s, "eight-schools-noncentered", 300, 300);
        Path f = s.resolve("chain-2.draws");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.truncate(java.nio.file.Files.size(f) / 2);
        }
        CliHarness bad = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(ReRuns.DIFFERS, bad.code, bad.out + bad.err);
        assertFalse(bad.out.contains("identical"), bad.out);
        assertTrue(bad.err.contains("but chain 2 holds ") && bad.err.contains(" of the 600 iterations of a run that"
                + " finished: its draws file (chain-2.draws) was cut short or damaged after the run ('workbench resume'"
                + " rebuilds the missing iterations bit for bit)"), bad.err);
    }

    /**
     * A finished run's chain short of its iterations (its file emptied, cut, or its last chunk damaged after the run)
     * is damage: {@code summary}, {@code export}, {@code distill} and {@code evaluate} warn (and use the chains that
     * are whole), and {@code resume} rebuilds it bit for bit. Before, an emptied file read as a chain that never drew ("left out: … holds no draws", no warning), a
     * damaged last chunk as a crash's torn end (a note), without a warning.
     */
    @Test
    void aFinishedRunsChainEmptiedAfterTheRunIsDamageThatResumeRebuilds() throws Exception {
        Path s = tmp.resolve("empty");
        run(s, "eight-schools-noncentered", 300, 300);
        java.nio.file.Files.write(s.resolve("chain-2.draws"), new byte[0]);
        String line = "chain 2 holds 0 of the 600 iterations of a run that finished: its draws file (chain-2.draws) was"
                + " cut short or damaged after the run ('workbench resume' rebuilds the missing iterations bit for bit)";
        CliHarness summary = CliHarness.run("summary", s.toString());
        assertEquals(0, summary.code, summary.err);
        assertTrue(summary.err.contains("warning: " + line), summary.err);
        CliHarness export = CliHarness.run("export", s.toString(), "--format", "csv", "--chains", "1", "--out",
                tmp.resolve("one.csv").toString());
        assertEquals(0, export.code, export.err);
        assertTrue(export.err.contains("warning: " + line), export.err);
        CliHarness distill = CliHarness.run("distill", s.toString(), "--method", "thin", "--size", "10", "--out",
                tmp.resolve("d").toString(), "--no-progress");
        assertEquals(0, distill.code, distill.out + distill.err);
        assertTrue(distill.err.contains("warning: " + line), distill.err);
        assertTrue(distill.out.contains("(1 chain(s) pooled)"), distill.out);

        CliHarness resume = CliHarness.run("resume", s.toString(), "--no-progress");
        assertEquals(0, resume.code, resume.out + resume.err);
        CliHarness check = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(0, check.code, check.out + check.err);
        assertTrue(check.out.contains("identical: all 1200 stored rows"), check.out);
        CliHarness again = CliHarness.run("summary", s.toString());
        assertFalse(again.err.contains("cut short"), again.err);
    }

    @Test
    void aDamagedDivergencesFileFailsTheCheck() throws Exception {
        Path s = tmp.resolve("div");
        run(s, "eight-schools-centered", 300, 300);
        Path f = s.resolve("chain-1.divergences");
        assertTrue(java.nio.file.Files.size(f) > 0, "chain 1 must diverge to test anything");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("XXXX".getBytes()), 0);
        }
        CliHarness bad = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(ReRuns.DIFFERS, bad.code, bad.out + bad.err);
        assertFalse(bad.out.contains("identical"), bad.out);
        assertTrue(bad.err.contains("but the session is damaged: chain-1.divergences: record 0"), bad.err);
    }

    /**
     * Every chain's draws gone from a finished session (emptied, deleted or corrupt from the first chunk): nothing to
     * compare is no pass. Before, "nothing to compare: the session holds no draws" and exit 0.
     */
    @Test
    void aFinishedSessionWithoutAnyDrawsFailsTheCheck() throws Exception {
        Path s = tmp.resolve("gone");
        run(s, "eight-schools-noncentered", 50, 50);
        for (String how : new String[] {"empty", "delete", "corrupt"}) {
            Path d = tmp.resolve(how);
            copy(s, d);
            for (int c = 1; c <= 2; c++) {
                Path f = d.resolve("chain-" + c + ".draws");
                switch (how) {
                    case "empty" -> java.nio.file.Files.write(f, new byte[0]);
                    case "delete" -> java.nio.file.Files.delete(f);
                    default -> {
                        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
                            ch.write(ByteBuffer.wrap("XXXXXXXXXXXXXXXX".getBytes()), 100);
                        }
                    }
                }
            }
            CliHarness bad = CliHarness.run("replay", "--check", "--no-progress", d.toString());
            assertEquals(ReRuns.DIFFERS, bad.code, how + ": " + bad.out + bad.err);
            assertTrue(bad.err.contains("error: nothing to compare"), how + ": " + bad.err);
            assertFalse(bad.out.contains("nothing to compare: the session holds no draws"), bad.out);
        }
    }

    /**
     * A data file that gained a column gives the rebuilt network more weights than the session stored: replay refuses
     * it in one line (exit 2) naming the file, and --out makes no session. Before, "the replay failed: arraycopy: last
     * destination index 102 out of bounds for double[93]" (exit 3) and a failed session in DIR2.
     */
    @Test
    void aModelThatNoLongerHasTheSessionsOutputsIsRefused() throws Exception {
        Path data = tmp.resolve("g.csv");
        StringBuilder two = new StringBuilder("x1,x2,y\n");
        StringBuilder three = new StringBuilder("x1,x2,x3,y\n");
        java.util.Random r = new java.util.Random(2);
        for (int i = 0; i < 40; i++) {
            double a = r.nextGaussian();
            double b = r.nextGaussian();
            two.append(a).append(',').append(b).append(',').append(a - b).append('\n');
            three.append(a).append(',').append(b).append(",0.5,").append(a - b).append('\n');
        }
        java.nio.file.Files.writeString(data, two);
        Path s = tmp.resolve("bnn");
        CliHarness run = CliHarness.run("run", "--no-progress", "--no-summary", "--model", "bnn-regression", "--set",
                "data=" + data, "--sampler", "sgld", "--chains", "1", "--warmup", "5", "--draws", "5", "--out", s.toString());
        assertEquals(0, run.code, run.err);
        java.nio.file.Files.writeString(data, three);
        CliHarness check = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(2, check.code, check.out + check.err);
        String error = check.err.lines().filter(l -> l.startsWith("error:")).findFirst().orElse("");
        assertTrue(error.contains("model bnn-regression rebuilt from the manifest has 102 outputs, the session 82")
                && error.contains("g.csv (setting 'data') changed since the run"), check.err);
        assertFalse(check.err.contains("Exception") || check.err.contains("arraycopy"), check.err);
        Path out = tmp.resolve("again");
        CliHarness again = CliHarness.run("replay", "--no-progress", s.toString(), "--out", out.toString());
        assertEquals(2, again.code, again.out + again.err);
        assertFalse(java.nio.file.Files.exists(out));
    }

    private static void copy(Path from, Path to) throws java.io.IOException {
        java.nio.file.Files.createDirectories(to);
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                if (!f.getFileName().toString().equals("writer.lock")) {
                    java.nio.file.Files.copy(f, to.resolve(f.getFileName()));
                }
            }
        }
    }

    /**
     * A divergence record is a stored value too (where the energy error crossed 1000, its momentum and trajectory,
     * which summary lists and the window replays): one altered with its checksums redone passed {@code replay --check}
     * ("identical") and {@code resume} kept it. Both now name it, and resume leaves the session as it was.
     */
    @Test
    void anAlteredDivergenceRecordFailsTheCheckAndTheResume() throws Exception {
        Path s = tmp.resolve("rec");
        run(s, "eight-schools-centered", 300, 300);
        Path f = s.resolve("chain-1.divergences");
        byte[] b = java.nio.file.Files.readAllBytes(f);
        assertTrue(b.length > 0, "chain 1 must diverge to test anything");
        ByteBuffer r = ByteBuffer.wrap(b);
        int dim = r.getInt(16);
        int flags = r.getInt(20);
        int rows = r.getInt(24);
        long values = dim + ((flags & 1) != 0 ? dim : 0) + (long) rows * dim;
        int end = (int) (40 + 8 * values + 4);
        double ee = r.getDouble(28);
        r.putDouble(28, ee * 1.5); // the energy error, its header checksum redone
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(b, 0, 36);
        r.putInt(36, (int) crc.getValue());
        crc.reset();
        crc.update(b, 0, end - 4); // and the record's
        r.putInt(end - 4, (int) crc.getValue());
        java.nio.file.Files.write(f, b);

        CliHarness check = CliHarness.run("replay", "--check", "--no-progress", s.toString());
        assertEquals(ReRuns.DIFFERS, check.code, check.out + check.err);
        assertFalse(check.out.contains("identical"), check.out);
        assertTrue(check.err.contains("chain 1, iteration ") && check.err.contains("column divergence record's energy"
                + " error: stored " + (ee * 1.5)), check.err);

        CliHarness resume = CliHarness.run("resume", "--no-progress", "--draws", "400", s.toString());
        assertEquals(ReRuns.DIFFERS, resume.code, resume.out + resume.err);
        org.junit.jupiter.api.Assertions.assertArrayEquals(b, java.nio.file.Files.readAllBytes(f), "left as it was");
    }

    /** NUTS, 2 chains, seed 3, one thread, into {@code s}. */
    private static void run(Path s, String model, int warmup, int draws) {
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--model", model, "--sampler", "nuts",
                "--chains", "2", "--warmup", Integer.toString(warmup), "--draws", Integer.toString(draws), "--seed", "3",
                "--threads", "1", "--out", s.toString());
        assertEquals(0, r.code, r.err);
    }
}
