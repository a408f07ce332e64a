package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/**
 * mile takes at most half the warmup in Adam steps: with {@code --warmup 200} its default {@code optimizer_steps} 200
 * becomes 100. The draws stay as they were; what changed is that the run says so before it starts and that summary
 * and evaluate's header no longer report 200 as if all were taken (the manifest keeps the setting as given, so a
 * replay or resume rebuilds the same sampler).
 */
class MileCappedStepsTest {
    private static final String NOTE = "mile: optimizer_steps 200 is more than half the warmup (200): 100 Adam steps"
            + " are used; a warmup of 400 or more uses all 200";

    @TempDir
    Path tmp;

    private CliHarness run(Path dir, String warmup) {
        return CliHarness.run("run", "--no-progress", "--no-summary", "--model", "gaussian-2d", "--sampler", "mile",
                "--chains", "1", "--warmup", warmup, "--draws", "20", "--seed", "3", "--out", dir.toString());
    }

    @Test
    void aCappedOptimizerIsSaidByRunSummaryAndTheEvaluateHeader() throws Exception {
        Path dir = tmp.resolve("short");
        CliHarness r = run(dir, "200");
        assertEquals(0, r.code, r.err);
        assertTrue(r.err.contains("note: " + NOTE), r.err);
        try (SessionReader reader = SessionReader.open(dir)) {
            // the note is true: the Adam steps are the warmup rows without an energy (one gradient each)
            int energyError = reader.manifest().statColumns().indexOf("energy_error__") + reader.names().size();
            int adam = 0;
            for (long it = 0; it < reader.warmup(0); it++) {
                adam += Double.isNaN(reader.columnValue(0, it, energyError)) ? 1 : 0;
            }
            assertEquals(100, adam);
            // the setting as given is what the manifest keeps
            assertEquals("200", reader.manifest().samplerSettings().get("optimizer_steps"));
            String header = EvaluateCommand.described(reader.manifest().runConfig(), null);
            assertTrue(header.contains("optimizer_steps=200 (100 used)"), header);
        }
        CliHarness s = CliHarness.run("summary", dir.toString());
        assertEquals(0, s.code, s.err);
        assertTrue(s.out.contains("note: " + NOTE), s.out);
        JsonNode j = new ObjectMapper().readTree(CliHarness.run("summary", "--json", dir.toString()).out);
        assertTrue(j.get("notes").toString().contains(NOTE), j.toString());
    }

    @Test
    void aWarmupLongEnoughIsNotNoted() throws Exception {
        Path dir = tmp.resolve("long");
        CliHarness r = run(dir, "400");
        assertEquals(0, r.code, r.err);
        assertFalse(r.err.contains("optimizer_steps"), r.err);
        try (SessionReader reader = SessionReader.open(dir)) {
            assertNull(SessionNotes.capped(reader.manifest()));
            String header = EvaluateCommand.described(reader.manifest().runConfig(), null);
            assertTrue(header.contains("optimizer_steps=200,"), header);
        }
        assertFalse(CliHarness.run("summary", dir.toString()).out.contains("optimizer_steps"));
    }
}
