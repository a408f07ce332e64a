package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.SessionFixtures;

/**
 * {@code summary} of a session where one chain has no post-warmup draws (its draws file empty, missing,
 * corrupt from its first chunk, or cut during warmup) summarises the other chains, names the chain left out
 * and why, and keeps the warning line; before, it printed "4 chain(s) x 0 draws" and an all-NA table.
 */
class SummaryLeftOutChainTest {
    @TempDir
    static Path shared;
    static Path session;
    /** diagnose of the intact session's chains 1, 3, 4 (the table a summary without chain 2 must give). */
    static JsonNode without2;
    static JsonNode without4;

    @TempDir
    Path tmp;

    @BeforeAll
    static void run() throws Exception {
        session = shared.resolve("s");
        // 300 warmup + 100 draws in chunks of 256 rows: chunk 0 is all warmup
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "eight-schools-noncentered", "--sampler", "nuts",
                "--chains", "4", "--warmup", "300", "--draws", "100", "--seed", "11", "--threads", "1", "--out",
                session.toString());
        assertEquals(0, r.code, r.err);
        without2 = diagnoseOfChains("1,3,4");
        without4 = diagnoseOfChains("1,2,3");
    }

    private static JsonNode diagnoseOfChains(String chains) throws Exception {
        Path csv = shared.resolve("chains-" + chains.replace(',', '-') + ".csv");
        CliHarness e = CliHarness.run("export", session.toString(), "--format", "csv", "--chains", chains, "--out",
                csv.toString());
        assertEquals(0, e.code, e.err);
        CliHarness d = CliHarness.run("diagnose", "--json", csv.toString());
        assertEquals(0, d.code, d.err);
        return new ObjectMapper().readTree(d.out);
    }

    private Path copy(String name) throws Exception {
        return SessionFixtures.copy(session, tmp.resolve(name));
    }

    /** The summary's text and JSON: the table over the other chains, the left-out chain named with its reason. */
    private static void leftOut(Path s, int chain, String reason, String warning, JsonNode expected) throws Exception {
        CliHarness text = CliHarness.run("summary", s.toString());
        assertEquals(0, text.code, text.err);
        if (warning != null) {
            assertTrue(text.err.contains("warning: " + warning), text.err);
        }
        assertFalse(text.err.contains("Exception"), text.err);
        List<String> lines = text.out.lines().toList();
        assertEquals("nuts on eight-schools-noncentered: 3 of 4 chains x 100 draws", lines.get(0));
        assertTrue(lines.get(1).startsWith("left out: chain " + chain + " has no post-warmup draws (" + reason),
                lines.get(1));
        assertTrue(lines.get(1).endsWith("; the table, R-hat and ESS use chains "
                + (chain == 2 ? "1, 3, 4" : "1, 2, 3")), lines.get(1));
        assertFalse(text.out.contains(" NA "), "no NA in the table:\n" + text.out.lines().limit(8).toList());

        CliHarness json = CliHarness.run("summary", "--json", s.toString());
        assertEquals(0, json.code, json.err);
        JsonNode j = new ObjectMapper().readTree(json.out);
        assertEquals(3, j.get("chains").asInt());
        assertEquals(100, j.get("draws_per_chain").asInt());
        assertEquals(chain, j.get("chains_left_out").get(0).get("chain").asInt());
        assertTrue(j.get("chains_left_out").get(0).get("reason").asText().startsWith(reason), json.out);
        assertEquals(expected.get("parameters").size(), j.get("parameters").size());
        for (int p = 0; p < j.get("parameters").size(); p++) {
            for (String k : List.of("name", "mean", "sd", "q5", "q50", "q95", "rhat", "ess_bulk", "ess_tail",
                    "mcse_mean", "mcse_sd")) {
                assertEquals(expected.get("parameters").get(p).get(k), j.get("parameters").get(p).get(k),
                        "parameter " + p + " " + k);
            }
        }
        // the sampler's statistics stay per session chain: the chain left out has NA (null) there
        assertEquals(4, j.get("sampler").get("acceptance").size());
        assertTrue(j.get("sampler").get("acceptance").get(chain - 1).isNull());
    }

    @Test
    void anEmptyDrawsFile() throws Exception {
        Path s = copy("empty");
        Files.write(s.resolve("chain-2.draws"), new byte[0]);
        leftOut(s, 2, "chain-2.draws holds no draws", null, without2);
    }

    @Test
    void aMissingDrawsFile() throws Exception {
        Path s = copy("missing");
        Files.delete(s.resolve("chain-2.draws"));
        leftOut(s, 2, "chain-2.draws: missing (the manifest lists it for chain 2)",
                "chain-2.draws: missing (the manifest lists it for chain 2)", without2);
    }

    @Test
    void aDrawsFileCorruptFromItsFirstChunk() throws Exception {
        Path s = copy("corrupt");
        try (FileChannel ch = FileChannel.open(s.resolve("chain-4.draws"), StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap("XXXXXXXXXXXXXXXX".getBytes()), 100);
        }
        String damage = "chain-4.draws: chunk 0 (byte offset 0) is corrupt";
        leftOut(s, 4, damage, damage, without4);
    }

    @Test
    void aDrawsFileCutDuringWarmup() throws Exception {
        Path s = copy("cut");
        Path f = s.resolve("chain-2.draws");
        ReplayResumeCommandTest.cut(f, Files.size(f) - 10); // the torn final chunk goes: 256 iterations, all warmup
        leftOut(s, 2, "chain-2.draws holds 256 iterations, all warmup", null, without2);
    }

    @Test
    void noChainWithDrawsLeavesNothingOut() throws Exception {
        Path s = copy("none");
        for (int c = 1; c <= 4; c++) {
            Files.write(s.resolve("chain-" + c + ".draws"), new byte[0]);
        }
        CliHarness r = CliHarness.run("summary", s.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.startsWith("nuts on eight-schools-noncentered: 4 chain(s) x 0 draws\n"), r.out);
        assertFalse(r.out.contains("left out"), r.out);
    }
}
