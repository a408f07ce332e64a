package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;
import workbench.app.cli.WorkbenchCli;

/**
 * An opened session with a damaged or empty chain: its diagnostics table covers the chains and the draws
 * {@code workbench summary} covers (a chain without post-warmup draws left out, a chain corrupt after some kept with
 * the common length of all for every figure), and its status line names the chain left out and why in summary's
 * words. Before, a chain cut in warmup read "in warmup" under the table and "warmup: 256 of 300 per chain" in the
 * status bar of a finished run, a chain corrupt part-way entered the mean and sd with each chain's own draws while
 * summary cut them all to its length, and the status line never said a chain was left out.
 */
class OpenDamagedTableTest {
    @TempDir
    static Path shared;
    static Path session;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() {
        // 300 warmup + 1000 draws per chain, written in chunks of 256 rows: chunk 0 and most of chunk 1 are warmup
        session = TestSessions.run(shared.resolve("s"), "--model", "eight-schools-noncentered", "--sampler", "nuts",
                "--chains", "4", "--warmup", "300", "--draws", "1000", "--seed", "11", "--threads", "4");
    }

    private Path copy(String name) throws Exception {
        return SessionFixtures.copy(session, tmp.resolve(name));
    }

    private static void overwrite(Path file, long offset) throws Exception {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("XXXXXXXXXXXXXXXX".getBytes(StandardCharsets.US_ASCII)), offset);
        }
    }

    /** What was opened: the status line, the table over its buffer as the window computes it, and summary's JSON. */
    private record Opened(OpenViewModel.Result result, DiagnosticsViewModel.Table table, JsonNode summary) {
    }

    private static Opened open(Path s) throws Exception {
        OpenViewModel.Result r = new OpenViewModel().openSession(s);
        assertFalse(r.error(), r.message());
        DiagnosticsViewModel.Table t = new DiagnosticsViewModel(new CoreSummaryEngine(), 20_000)
                .compute(r.shown().buffer().posterior(), 0, Map.of(), null);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(out), new PrintWriter(err), "summary", "--json", s.toString());
        assertEquals(0, code, err.toString());
        return new Opened(r, t, new ObjectMapper().readTree(out.toString()));
    }

    /**
     * The window's table holds summary's chains and draws: the same count per chain and the same figures; and the
     * status bar's divergences are summary's (before, a corrupt chain's divergences past its damage were counted).
     */
    private static void sameAsSummary(Opened o) {
        JsonNode j = o.summary();
        var b = o.result().shown().buffer();
        JsonNode div = j.get("sampler").get("divergences");
        assertEquals(div.get("warmup").asLong(), b.warmupDivergenceCount());
        assertEquals(div.get("sampling").asLong(), b.divergenceCount() - b.warmupDivergenceCount());
        long perChain = j.get("draws_per_chain").asLong();
        assertEquals(perChain, o.table().commonLength(), String.valueOf(o.table().lengthNote()));
        assertEquals(j.get("chains").asLong() * perChain, o.table().draws(), String.valueOf(o.table().lengthNote()));
        JsonNode params = j.get("parameters");
        assertEquals(params.size(), o.table().lines().size());
        for (int p = 0; p < params.size(); p++) {
            SummaryEngine.Row row = o.table().lines().get(p).row();
            assertEquals(params.get(p).get("name").asText(), row.name());
            for (var f : Map.<String, Double>of("mean", row.mean(), "sd", row.sd(), "rhat", row.rhat(), "ess_bulk",
                    row.essBulk()).entrySet()) {
                double want = params.get(p).get(f.getKey()).asDouble();
                assertEquals(want, f.getValue(), 1e-9 * Math.max(1, Math.abs(want)), row.name() + " " + f.getKey());
            }
        }
    }

    /**
     * Chain {@code chain} is left out: the status line gives {@code inLine} as its reason, the table's note (and the
     * buffer) summary's whole reason.
     */
    private static void leftOut(Opened o, int chain, String inLine) {
        String msg = o.result().message();
        String reason = o.summary().get("chains_left_out").get(0).get("reason").asText();
        assertTrue(msg.contains("; left out: chain " + chain + " has no post-warmup draws (" + inLine + ")"), msg);
        assertTrue(msg.contains("; the table, R-hat and ESS use chains 1, 3, 4"), msg);
        assertEquals(chain, o.summary().get("chains_left_out").get(0).get("chain").asInt());
        assertEquals(Map.of(chain - 1, reason), o.result().shown().buffer().leftOutOfTable());
        String note = o.table().lengthNote();
        assertTrue(note != null && note.contains("chain " + chain + " is left out: it has no post-warmup draws ("
                + reason + ")"), note);
        assertFalse(note.contains("in warmup"), note);
        // the status bar's count is over the chains the table covers (a finished run read "draws: 0 per chain")
        assertEquals("draws: 1000 per chain (3000 in all) after 300 warmup",
                StatusText.drawCount(o.result().shown().buffer()));
        // the plots still show every chain, the left-out one with what it holds
        assertEquals(4, o.result().shown().buffer().chains());
    }

    @Test
    void aChainCorruptFromItsStartIsLeftOutAsSummaryLeavesItOut() throws Exception {
        Path s = copy("a");
        overwrite(s.resolve("chain-2.draws"), 100);
        Opened o = open(s);
        assertTrue(o.result().damaged());
        assertTrue(o.result().message().contains("damaged: chain-2.draws: chunk 0 (byte offset 0) is corrupt"),
                o.result().message());
        // the damage is said once in the status line, in its red "damaged:" part; the left-out part refers to it
        leftOut(o, 2, "the damage above");
        assertTrue(o.summary().get("chains_left_out").get(0).get("reason").asText()
                .startsWith("chain-2.draws: chunk 0 (byte offset 0) is corrupt"));
        // the whole line, over 300 characters, for the status bar's tooltip: not cut in its middle to 300
        assertTrue(o.result().message().length() > Messages.MAX_LENGTH, o.result().message());
        assertTrue(o.result().message().contains("damaged: " + o.summary().get("chains_left_out").get(0).get("reason")
                .asText() + "; left out"), o.result().message());
        sameAsSummary(o);
    }

    @Test
    void aChainCorruptInWarmupIsLeftOutNotInWarmup() throws Exception {
        Path s = copy("d");
        overwrite(s.resolve("chain-2.draws"), 70_000); // chunk 1: chunk 0, 256 warmup rows, stays readable
        Opened o = open(s);
        assertTrue(o.result().damaged());
        leftOut(o, 2, "the damage above");
        sameAsSummary(o);
    }

    @Test
    void anEmptyChainIsLeftOutWithSummarysReason() throws Exception {
        Path s = copy("c");
        Files.write(s.resolve("chain-2.draws"), new byte[0]);
        Opened o = open(s);
        // the run finished, so a chain emptied after it is damage (summary's warning), said before the left-out line
        assertTrue(o.result().damaged(), o.result().message());
        assertTrue(o.result().message().contains("; damaged: chain 2 holds 0 of the "), o.result().message());
        leftOut(o, 2, "chain-2.draws holds no draws");
        sameAsSummary(o);
    }

    @Test
    void aChainCorruptAfterSomeDrawsIsKeptAtTheCommonLengthAsSummaryKeepsIt() throws Exception {
        Path s = copy("b");
        Path f = s.resolve("chain-2.draws");
        overwrite(f, Files.size(f) * 3 / 4);
        Opened o = open(s);
        assertTrue(o.result().damaged());
        assertFalse(o.result().message().contains("left out"), o.result().message());
        assertTrue(o.result().shown().buffer().leftOutOfTable().isEmpty());
        assertEquals(4, o.summary().get("chains").asInt());
        assertTrue(o.summary().get("draws_per_chain").asLong() < 1000);
        // every figure on the common length, the latest draws of each chain, as summary: before, the mean and sd
        // took each chain's own draws (1000, 1000, 1000 and the corrupt chain's fewer)
        sameAsSummary(o);
        assertTrue(o.table().lengthNote().contains("the table on their common length of "
                + o.summary().get("draws_per_chain").asLong() + " draws per chain"), o.table().lengthNote());
    }
}
