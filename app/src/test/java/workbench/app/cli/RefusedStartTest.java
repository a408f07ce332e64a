package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.run.RunOutcome;
import workbench.sessions.SessionReader;

/**
 * A run whose chain finds no finite start point exits 2 with one line. The session it had begun says why in its
 * manifest (before: "the run ended without reporting an outcome"), and {@code summary} does not offer a
 * {@code resume}, which would be refused the same way.
 */
class RefusedStartTest {

    @Test
    void aRunRefusedAtItsStartSaysWhyAndOffersNoResume(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("refused");
        // finite only for x > 1.97: random starts in (-2, 2) seldom land there, so some chain finds none; one thread,
        // so that chain 1's refusal ends the run before any chain samples (with a thread per chain, chains that did
        // start could store draws before the refusal stopped them, and the tree-depth line below had numbers)
        CliHarness run = CliHarness.run("run", "--model", "expr", "--set", "density=log(x-1.97) - x", "--sampler",
                "nuts", "--chains", "4", "--seed", "1", "--threads", "1", "--no-progress", "--out", dir.toString());
        assertEquals(2, run.code, run.err);
        assertEquals(1, run.err.strip().lines().filter(l -> l.startsWith("error:")).count(), run.err);
        try (SessionReader r = SessionReader.open(dir)) {
            RunOutcome o = r.outcome();
            assertEquals(RunOutcome.Status.FAILED, o.status());
            assertTrue(o.error().startsWith(RunCommand.REFUSED_AT_START), o.error());
        }
        CliHarness summary = CliHarness.run("summary", dir.toString());
        String all = summary.out + summary.err;
        assertTrue(all.contains("the run was refused at the start: "), all);
        assertTrue(all.contains("resuming would be refused the same way"), all);
        assertFalse(all.contains("workbench resume"), all);
        // no draws, so no tree depth to average: NA, not "mean NaN, max NaN"
        assertTrue(summary.out.contains("tree depth: NA (no post-warmup draws), limit 10"), summary.out);
        assertFalse(summary.out.contains("NaN"), summary.out);
    }
}
