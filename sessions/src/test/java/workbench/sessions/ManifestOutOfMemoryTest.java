package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.run.RunOutcome;

/**
 * The run's end is recorded even when the chains' final metrics, written as text, do not fit in the heap: the
 * manifest is written without them and says so. Before, the out-of-memory error left it saying "running" (a dense
 * metric on 1000 parameters, four chains, a 256 MiB heap).
 */
class ManifestOutOfMemoryTest {
    @TempDir
    Path tmp;

    @Test
    void theLastManifestIsWrittenWithoutTheMetricsWhenTheyDoNotFit() throws Exception {
        SyntheticRun run = new SyntheticRun(3, 5, 10, 3);
        Path dir = tmp.resolve("s");
        AtomicInteger manifests = new AtomicInteger();
        // the manifest is written at the start, at each chain's end, and at the run's end: that last one runs out
        WriteFaults oom = (file, op, bytes) -> {
            if (op == WriteFaults.Op.CREATE && file.getFileName().toString().equals(SessionFiles.MANIFEST + ".tmp")
                    && manifests.incrementAndGet() == 1 + 3 + 1) {
                throw new OutOfMemoryError("Java heap space");
            }
        };
        run.write(dir, SessionWriter.Options.defaults().withFaults(oom));
        try (SessionReader r = SessionReader.open(dir)) {
            SessionManifest m = r.manifest();
            assertEquals("failed", m.status());
            RunOutcome o = r.outcome();
            assertTrue(o.error().endsWith("out of memory writing the chains' final metrics into the manifest: left out"),
                    o.error());
            for (ChainResult c : m.chainResults()) {
                assertNull(c.inverseMetric(), "chain " + (c.chain() + 1));
                assertEquals(15, c.iterations());
            }
            for (int c = 0; c < 3; c++) {
                assertEquals(15, r.size(c), "every row kept");
            }
        }
    }
}
