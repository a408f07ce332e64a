package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The line a command that ran out of memory ends with says what that command can change: every command used to say
 * "draws already stored stay on disk … fewer chains or dimensions", which a summary or a diagnose cannot act on.
 */
class OutOfMemoryLineTest {
    private static final long HEAP = 1L << 30;

    @Test
    void eachCommandIsAdvisedWhatItCanChange() {
        for (String writer : new String[] {"run", "resume", "replay"}) {
            String line = WorkbenchCli.outOfMemory(writer, HEAP);
            assertTrue(line.startsWith("error: out of memory (1024 MiB heap); any draws already stored stay on disk; give"
                    + " Java more with "), line);
            assertTrue(line.endsWith(", or ask for less (fewer chains or dimensions)"), line);
        }
        String summary = WorkbenchCli.outOfMemory("summary", HEAP);
        assertEquals("error: out of memory (1024 MiB heap) in summary; nothing was changed; give Java more with "
                + Launcher.moreHeap(Launcher.largerHeap(HEAP)) + " (within the machine's memory), or ask for less"
                + " (--params)", summary);
        for (String reader : new String[] {"diagnose", "distill", "export", "evaluate", "models"}) {
            String line = WorkbenchCli.outOfMemory(reader, HEAP);
            assertFalse(line.contains("draws already stored") || line.contains("chains or dimensions"), line);
            assertTrue(line.startsWith("error: out of memory (1024 MiB heap)"), line);
        }
    }

    @Test
    void aRunWhoseSummaryRanOutSaysItIsStored() {
        String w = RunCommand.summaryOutOfMemory("run", java.nio.file.Path.of("g8"));
        assertTrue(w.startsWith("warning: the run finished, but its summary ran out of memory ("), w);
        assertTrue(w.contains("'workbench summary g8' prints it given more ("), w);
    }
}
