package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.core.run.Schedule;

/**
 * Each chain's divergence records keep their trajectories within the session's bound (the manifest's
 * {@code divergence_trajectory_budget}); past it a record is stored without its trajectory, everything else as before.
 * The draws are the same, a re-run verifies against the stored records (it applies the same bound), and resume goes on
 * counting from the stored records. Before, every record kept its trajectory: HMC on funnel dim 200 past its
 * stability limit wrote 120.5 MB of them in one chain beside its 3.4 MB of draws.
 */
class DivergenceTrajectoryBudgetTest {
    @TempDir
    Path tmp;

    /** Eight schools centred under NUTS diverges in every chain (SessionResumeTest's run). */
    private static final RunConfig CFG = SessionResumeTest.config(250);

    private static void write(Path dir, long budget) {
        try (SessionWriter w = new SessionWriter(dir, SessionResumeTest.OPTIONS.withTrajectoryBudget(budget))) {
            assertEquals(RunOutcome.Status.FINISHED, SessionResumeTest.run(CFG, w, Schedule.NONE).status());
        }
    }

    /** Every chain's records, in order, each with its trajectory. */
    private static List<List<DivergenceRecord>> records(Path dir) {
        try (SessionReader r = SessionReader.open(dir)) {
            r.requireIntact();
            List<List<DivergenceRecord>> out = new ArrayList<>();
            for (int c = 0; c < r.chains(); c++) {
                List<DivergenceRecord> chain = new ArrayList<>();
                r.forEachDivergence(c, chain::add);
                out.add(chain);
            }
            return out;
        }
    }

    private static long values(DivergenceRecord d) {
        return d.trajectory() == null ? 0 : (long) d.trajectory().length * d.trajectory()[0].length;
    }

    /** Whether a re-run of {@code dir} from its manifest and log matches every stored value and record. */
    private static void assertReplays(Path dir) {
        try (SessionReader r = SessionReader.open(dir)) {
            SessionVerifier v = new SessionVerifier(r, false);
            SessionResumeTest.run(Replays.config(r.manifest(), r.manifest().draws(), 2), v, Replays.schedule(r.events()));
            assertNull(v.mismatch(), () -> "the re-run differs: " + v.mismatch());
            assertTrue(v.allEqual());
        }
    }

    @Test
    void eachChainKeepsItsTrajectoriesWithinTheBoundAndReplaysAndResumes() throws Exception {
        Path ref = tmp.resolve("ref");
        write(ref, Long.MAX_VALUE);
        List<List<DivergenceRecord>> all = records(ref);
        // a bound that every chain's first record fits and the largest first record fills
        long budget = 0;
        for (List<DivergenceRecord> chain : all) {
            assertTrue(chain.size() >= 2, "each chain diverges more than once: " + chain.size());
            budget = Math.max(budget, values(chain.get(0)));
        }
        Path s = tmp.resolve("s");
        write(s, budget);
        assertArrayEqualsDeep(SessionResumeTest.bits(ref), SessionResumeTest.bits(s));
        List<List<DivergenceRecord>> bounded = records(s);
        int kept = 0;
        int dropped = 0;
        for (int c = 0; c < all.size(); c++) {
            assertEquals(all.get(c).size(), bounded.get(c).size(), "chain " + c + " keeps every record");
            long stored = 0;
            for (int i = 0; i < all.get(c).size(); i++) {
                DivergenceRecord full = all.get(c).get(i);
                DivergenceRecord b = bounded.get(c).get(i);
                assertEquals(full.iteration(), b.iteration());
                assertEquals(full.energyError(), b.energyError());
                assertArrayEquals(full.position(), b.position());
                assertArrayEquals(full.momentum(), b.momentum());
                String where = "chain " + c + ", record " + i;
                if (stored + values(full) <= budget) {
                    assertNotNull(b.trajectory(), where + " fits");
                    assertArrayEquals(full.trajectory(), b.trajectory(), where);
                    stored += values(full);
                    kept++;
                } else {
                    assertTrue(b.trajectory() == null, where + " is past the bound");
                    dropped++;
                }
            }
            assertTrue(stored <= budget);
        }
        assertTrue(kept >= all.size() && dropped >= 1, kept + " kept, " + dropped + " dropped");
        try (SessionReader r = SessionReader.open(s)) {
            assertEquals(budget, r.manifest().divergenceTrajectoryBudget());
        }
        // replay --check: the re-run's records, bounded the same way, match the stored ones
        assertReplays(s);

        // a run cut off early resumes to the same records: the bound goes on from what the stored records hold
        Path crashed = tmp.resolve("crashed");
        SessionResumeTest.snapshot(s, crashed);
        long chunk = SessionResumeTest.chunkBytes(s);
        for (int c = 0; c < all.size(); c++) {
            // past the chain's first record (its 16-row chunks), before its last
            long firstAt = all.get(c).get(0).iteration();
            SessionResumeTest.cut(crashed.resolve(SessionFiles.drawsFile(c)), (firstAt / 16 + 1) * chunk);
        }
        SessionResumeTest.resume(crashed, null);
        List<List<DivergenceRecord>> resumed = records(crashed);
        for (int c = 0; c < all.size(); c++) {
            for (int i = 0; i < bounded.get(c).size(); i++) {
                assertEquals(bounded.get(c).get(i).trajectory() == null, resumed.get(c).get(i).trajectory() == null,
                        "chain " + c + ", record " + i + " after resume");
            }
        }
        assertArrayEqualsDeep(SessionResumeTest.bits(s), SessionResumeTest.bits(crashed));
    }

    /**
     * A session written before the bound (no field in its manifest) keeps every trajectory when resumed, and its re-run
     * is compared with every stored trajectory; a bound that is not a positive count is refused, naming the field.
     */
    @Test
    void aSessionWithoutTheFieldHasNoBound() throws Exception {
        Path s = tmp.resolve("s");
        write(s, 1); // a bound no trajectory fits, then taken out of the manifest as an older session lacks it
        Path file = s.resolve(SessionFiles.MANIFEST);
        String json = Files.readString(file);
        assertTrue(json.contains("\"divergence_trajectory_budget\" : 1"), json);
        Files.writeString(file, json.replace("\"divergence_trajectory_budget\" : 1", "\"divergence_trajectory_budget\" : 0"));
        BadInputException e = assertThrows(BadInputException.class, () -> SessionReader.open(s).close());
        assertTrue(e.getMessage().contains("'divergence_trajectory_budget' is 0, not a positive count"), e.getMessage());
        Files.writeString(file, json.replaceAll("\\s*\"divergence_trajectory_budget\" : 1,", ""));
        try (SessionReader r = SessionReader.open(s)) {
            assertNull(r.manifest().divergenceTrajectoryBudget());
        }
        // its records have no trajectories (the bound of 1 kept none): a re-run, now with no bound, differs in them
        try (SessionReader r = SessionReader.open(s)) {
            SessionVerifier v = new SessionVerifier(r, false);
            SessionResumeTest.run(Replays.config(r.manifest(), r.manifest().draws(), 2), v, Schedule.NONE);
            assertNotNull(v.mismatch(), "compared with every trajectory");
            assertTrue(v.mismatch().toString().contains("divergence record"), v.mismatch().toString());
        }

        // an older session as it was written: every trajectory kept, no field; it replays, and a resume to more draws
        // keeps every new record's trajectory too and leaves the manifest without the field
        Path old = tmp.resolve("old");
        write(old, Long.MAX_VALUE);
        Path oldFile = old.resolve(SessionFiles.MANIFEST);
        Files.writeString(oldFile, Files.readString(oldFile).replaceAll("\\s*\"divergence_trajectory_budget\" : \\d+,",
                ""));
        assertReplays(old);
        SessionResumeTest.resume(old, 400);
        int[] records = {0};
        try (SessionReader r = SessionReader.open(old)) {
            assertNull(r.manifest().divergenceTrajectoryBudget());
            assertEquals(550, r.size(0));
            for (int c = 0; c < r.chains(); c++) {
                r.forEachDivergence(c, d -> {
                    assertNotNull(d.trajectory(), "record at " + d.iteration());
                    records[0]++;
                });
            }
        }
        assertTrue(records[0] >= 6, "records: " + records[0]);
    }

    private static void assertArrayEqualsDeep(long[][] want, long[][] got) {
        SessionResumeTest.assertArrayEqualsDeep(want, got);
    }
}
