package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer's chunk buffers are bounded for the whole run, not per chain: 512 chains of a 2000-dimensional model held
 * 4 GiB of buffers at the default 256 rows and ran a 200 MiB heap out of memory before the first draw (the manifest left
 * "running", the exit code the JVM's own 1).
 */
class WriterBufferBudgetTest {
    @TempDir
    Path tmp;

    @Test
    void fewChainsOfANarrowModelKeepTheRowsAskedFor() {
        assertEquals(SessionFiles.DEFAULT_CHUNK_ROWS,
                SessionWriter.chunkRows(SessionFiles.DEFAULT_CHUNK_ROWS, 4, 2 + SessionFiles.STAT_COLUMNS));
        assertEquals(SessionFiles.DEFAULT_CHUNK_ROWS,
                SessionWriter.chunkRows(SessionFiles.DEFAULT_CHUNK_ROWS, 1024, 2 + SessionFiles.STAT_COLUMNS));
    }

    @Test
    void manyChainsOfAWideModelShareTheBudget() {
        for (int chains : new int[] {1, 8, 64, 512, 1024}) {
            for (int columns : new int[] {12, 1_000, 2_010, 100_010, 3_000_000}) {
                int rows = SessionWriter.chunkRows(SessionFiles.DEFAULT_CHUNK_ROWS, chains, columns);
                assertTrue(rows >= 1 && rows <= SessionFiles.DEFAULT_CHUNK_ROWS, chains + " x " + columns + ": " + rows);
                if (rows > 1) {
                    // one row is the least a chunk holds, whatever it costs
                    assertTrue((long) rows * columns * chains <= SessionWriter.WRITER_TOTAL_VALUES,
                            chains + " chains x " + columns + " columns x " + rows + " rows");
                }
            }
        }
        assertEquals(8, SessionWriter.chunkRows(SessionFiles.DEFAULT_CHUNK_ROWS, 512, 2_010));
    }

    @Test
    void aSessionOfManyWideChainsStatesItsRowsAndReadsBack() throws Exception {
        // 32 chains x 4000 outputs: 65 rows a chunk (256 before: 525 MB of buffers for a run of three draws)
        SyntheticRun run = new SyntheticRun(32, 1, 2, 4_000);
        Path dir = tmp.resolve("s");
        run.write(dir, SessionWriter.Options.defaults());
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(java.util.List.of(), r.errors());
            int columns = 4_000 + SessionFiles.STAT_COLUMNS;
            assertEquals(SessionWriter.WRITER_TOTAL_VALUES / 32 / columns, r.manifest().chunkRows());
            assertEquals(32, r.chains());
            for (int c = 0; c < 32; c++) {
                assertEquals(3, r.size(c));
            }
        }
    }

    @Test
    void anAddedChainTakesWhatIsLeftOfTheBudget() {
        int columns = 100_000 + SessionFiles.STAT_COLUMNS;
        // a narrow model: the rows asked for, however much is buffered
        assertEquals(256, SessionWriter.addedChainRows(256, 0, 13));
        assertEquals(256, SessionWriter.addedChainRows(256, SessionWriter.WRITER_TOTAL_VALUES - 256 * 13, 13));
        // a wide one: the session's rows while they fit, fewer, then one
        assertEquals(10, SessionWriter.addedChainRows(10, 10L * columns, columns));
        long threeRowsLeft = SessionWriter.WRITER_TOTAL_VALUES - 3L * columns - 5;
        assertEquals(3, SessionWriter.addedChainRows(10, threeRowsLeft, columns));
        assertEquals(1, SessionWriter.addedChainRows(10, SessionWriter.WRITER_TOTAL_VALUES, columns));
        assertEquals(1, SessionWriter.addedChainRows(10, 5 * SessionWriter.WRITER_TOTAL_VALUES, columns));
    }

    /**
     * Chains added during a run took the session's rows a chunk each: a one-chain run of 20 000 outputs (52 rows, some
     * 16 MiB of buffers a chain) grew by that much per chain added. Twenty added chains now share what is left of the
     * budget, one row each once it is spent, and the session reads back whole.
     */
    @Test
    void chainsAddedToAWideRunStayWithinTheBudget() throws Exception {
        int dim = 20_000;
        int columns = dim + SessionFiles.STAT_COLUMNS;
        int rows = SessionWriter.chunkRows(SessionFiles.DEFAULT_CHUNK_ROWS, 1, columns); // 52
        workbench.core.run.RunConfig cfg = new workbench.core.run.RunConfig("gaussian",
                java.util.Map.of("dim", Integer.toString(dim)), "rwm", java.util.Map.of(), 1, 0, 4, 7, 1, null);
        java.util.List<workbench.core.run.Schedule.Entry> adds = new java.util.ArrayList<>();
        for (int c = 1; c <= 20; c++) {
            adds.add(workbench.core.run.Schedule.Entry.chainAdded(c, 1, new double[dim]));
        }
        Path dir = tmp.resolve("wide");
        long buffered;
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults())) {
            new workbench.core.run.ChainRunner(cfg,
                    workbench.core.model.ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    workbench.core.kernel.SamplerRegistry.create(cfg.samplerId(), cfg.samplerSettings()), w,
                    workbench.core.run.Schedule.of(adds)).run();
            buffered = w.bufferedValues();
        }
        // the first chain's 52 rows, then what fits of 2^23 values, then a row a chain
        assertTrue(buffered <= SessionWriter.WRITER_TOTAL_VALUES + 20L * columns, buffered + " values buffered");
        assertTrue(buffered < 21L * rows * columns / 2, buffered + " values: not " + rows + " rows a chain");
        try (SessionReader r = SessionReader.open(dir)) {
            r.requireIntact();
            assertEquals(rows, r.manifest().chunkRows());
            assertEquals(21, r.chains());
            assertEquals(4, r.size(0));
            for (int c = 1; c <= 20; c++) {
                assertEquals(r.size(1) - r.first(1), r.size(c) - r.first(c), "chain " + (c + 1));
            }
            assertTrue(r.size(1) - r.first(1) >= 3, "chain 2's draws");
        }
    }
}
