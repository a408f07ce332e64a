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
}
