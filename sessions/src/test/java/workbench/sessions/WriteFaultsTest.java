package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.run.RunOutcome;

/**
 * A transient fault: one draws chunk is half written, then the disk has room again. The writer
 * must not append to that file again (a whole chunk after a half one would be corruption in the
 * middle), must keep reporting the first failure, and must still record the outcome; the reader
 * then sees intact chunks and one torn tail.
 */
class WriteFaultsTest {
    @TempDir
    Path tmp;

    @Test
    void aFileWhoseWriteFailedIsNeverWrittenAgain() throws IOException {
        SyntheticRun run = new SyntheticRun(2, 10, 190, 3);
        Path dir = tmp.resolve("s");
        boolean[] armed = {true};
        int[] chain1Chunks = {0};
        WriteFaults fault = (file, op, bytes) -> {
            if (op == WriteFaults.Op.WRITE && file.getFileName().toString().equals("chain-1.draws")
                    && ++chain1Chunks[0] == 4 && armed[0]) {
                throw new WriteFaults.ShortWrite(bytes / 3, "No space left on device");
            }
        };
        SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults().withChunkRows(16)
                .withFlushInterval(java.time.Duration.ofHours(1)).withFaults(fault));
        w.start(run.info());
        double[] out = new double[run.outputs];
        String first = null;
        long it = 0;
        for (; it < run.iterations(); it++) {
            for (int j = 0; j < out.length; j++) {
                out[j] = run.value(0, it, j);
            }
            try {
                w.transition(0, it, run.transition(0, it), out);
            } catch (UncheckedIOException e) {
                first = e.getMessage();
                break;
            }
        }
        assertEquals("cannot write the session: " + dir.resolve("chain-1.draws") + ": No space left on device", first);
        assertEquals(63, it, "the 64th row filled the 4th chunk");
        long sizeAfterFault = Files.size(dir.resolve("chain-1.draws"));
        armed[0] = false; // space again: still nothing more may go to chain-1.draws
        for (int j = 0; j < out.length; j++) {
            out[j] = run.value(1, 0, j);
        }
        String again = assertThrows(UncheckedIOException.class, () -> w.transition(1, 0, run.transition(1, 0), out))
                .getMessage();
        assertEquals(first, again, "every later call reports the first failure");
        String atEnd = assertThrows(UncheckedIOException.class,
                () -> w.chainEnded(0, 64, run.finalStepSize(0), run.finalMetric(0))).getMessage();
        assertEquals(first, atEnd);
        w.chainEnded(1, 0, run.finalStepSize(1), run.finalMetric(1));
        w.finish(new RunOutcome(RunOutcome.Status.FAILED, 1, 0.5, 0.5, first));
        w.close();
        assertEquals(sizeAfterFault, Files.size(dir.resolve("chain-1.draws")), "not written after the failed write");

        try (SessionReader r = SessionReader.open(dir)) {
            assertTrue(r.errors().isEmpty(), r.errors().toString());
            assertEquals(48, r.size(0), "three whole chunks survive");
            assertEquals(0, r.size(1));
            assertTrue(r.recovery().stream().anyMatch(n -> n.startsWith("chain-1.draws: recovered 48 draws; dropped a torn final chunk")),
                    r.recovery().toString());
            assertEquals("failed", r.manifest().status());
            assertEquals(first, r.outcome().error());
            double[] row = new double[r.columns()];
            for (long i = 0; i < 48; i++) {
                r.readRow(0, i, row);
                for (int j = 0; j < run.outputs; j++) {
                    assertEquals(Double.doubleToRawLongBits(run.value(0, i, j)), Double.doubleToRawLongBits(row[j]));
                }
            }
        }
    }

    /**
     * The event log is forced to disk before a draws chunk that follows one of its lines is written: a power loss must
     * not keep draws made after a step-size change without the change, which resume needs to reproduce them. (Before,
     * the log was forced only when the run ended.) The writer's operations are observed through the fault seam.
     */
    @Test
    void noDrawsChunkIsWrittenWhileAnEarlierEventIsNotOnDisk() throws Exception {
        SyntheticRun run = new SyntheticRun(1, 100, 400, 3);
        List<String> ops = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        WriteFaults observer = (file, op, bytes) -> ops.add(op + " " + file.getFileName());
        run.write(tmp.resolve("s"), SessionWriter.Options.defaults().withChunkRows(16)
                .withFlushInterval(java.time.Duration.ofHours(1)).withFaults(observer));
        boolean unforced = false;
        int eventLines = 0;
        int chunks = 0;
        synchronized (ops) {
            for (String o : ops) {
                if (o.equals("WRITE events.jsonl")) {
                    unforced = true;
                    eventLines++;
                } else if (o.equals("FORCE events.jsonl")) {
                    unforced = false;
                } else if (o.equals("WRITE chain-1.draws")) {
                    assertTrue(!unforced, "draws chunk " + (chunks + 1) + " written before the event line above it was"
                            + " forced: " + ops);
                    chunks++;
                }
            }
        }
        assertTrue(eventLines >= 2 && chunks == 32, eventLines + " event lines, " + chunks + " chunks");
    }
}
