package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.DivergenceRecord;
import workbench.sessions.SessionReader;

/**
 * Opening a session reads its divergence records one at a time and keeps their trajectories within a budget: a
 * session of 40 divergences of 20 MB each ran the window out of memory. Past the budget a mark keeps where the energy
 * error crossed the threshold and where its transition began, not the path between.
 */
class ShownDivergencesTest {
    @TempDir
    Path tmp;

    @Test
    void trajectoriesPastTheBudgetAreLeftOutAndNothingElse() {
        Path s = tmp.resolve("s");
        TestSessions.run(s, "--model", "eight-schools-centered", "--sampler", "nuts", "--chains", "2", "--warmup", "200",
                "--draws", "300", "--seed", "3");
        try (SessionReader r = SessionReader.open(s)) {
            List<DivergenceRecord> all = r.divergences();
            assertTrue(all.size() >= 4, "the premise: divergences to show, " + all.size());
            List<DivergenceRecord> whole = OpenViewModel.shownDivergences(r, d -> true);
            assertEquals(all.size(), whole.size());
            long first = (long) all.get(0).trajectory().length * all.get(0).trajectory()[0].length;
            // room for the first trajectory only
            List<DivergenceRecord> shown = OpenViewModel.shownDivergences(r, d -> true, first);
            assertEquals(all.size(), shown.size());
            assertNotNull(shown.get(0).trajectory());
            for (int i = 0; i < all.size(); i++) {
                DivergenceRecord a = all.get(i);
                DivergenceRecord b = shown.get(i);
                assertEquals(a.chain(), b.chain());
                assertEquals(a.iteration(), b.iteration());
                assertArrayEquals(a.position(), b.position());
                if (i > 0) {
                    assertNull(b.trajectory(), "record " + i);
                }
            }
        }
    }
}
