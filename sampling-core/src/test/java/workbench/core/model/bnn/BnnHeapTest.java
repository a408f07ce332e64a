package workbench.core.model.bnn;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.model.ModelRegistry;

/**
 * A network too large for the heap was built for a long while and then ran out of memory (width 4096, 8 layers: 45 s,
 * then out of a 6 GiB heap; in the window, on its thread). It is now refused before anything is built.
 */
class BnnHeapTest {
    @Test
    void aNetworkWhoseParametersAloneExceedTheHeapIsRefused() {
        long heap = 1L << 30;
        long fits = heap / Bnn.BYTES_PER_PARAMETER;
        assertDoesNotThrow(() -> Bnn.requireHeap("model bnn-regression", fits, heap));
        BadInputException e = assertThrows(BadInputException.class,
                () -> Bnn.requireHeap("model bnn-regression", fits + 1, heap));
        assertEquals("model bnn-regression: a network of " + (fits + 1) + " parameters would hold about 1.1 GB for"
                + " their names and values alone, more than this Java heap (1024 MiB): give a smaller width or fewer"
                + " layers, or give Java a larger heap", e.getMessage());
        assertDoesNotThrow(() -> Bnn.requireHeap("model bnn-regression", Long.MAX_VALUE / 128, Long.MAX_VALUE),
                "no heap limit");
    }

    /**
     * Through the catalog, under the suite's 2 GiB heap (the build's surefire argLine): 117 million parameters would
     * need about 7.5 GB, refused at once; the check counts the same parameters the model has.
     */
    @Test
    void theCatalogRefusesTheWidestDeepestNetworkUpFront() {
        assertTrue(Runtime.getRuntime().maxMemory() < 7_000_000_000L, "the suite's heap is 2 GiB");
        for (String id : new String[] {"bnn-regression", "bnn-classification"}) {
            BadInputException e = assertThrows(BadInputException.class,
                    () -> ModelRegistry.create(id, Map.of("width", "4096", "layers", "8")));
            assertTrue(e.getMessage().startsWith("model " + id + ": a network of "), e.getMessage());
        }
        // the parameters counted are the model's own: a small network, built, has as many
        var m = ModelRegistry.create("bnn-regression", Map.of("width", "7"));
        var net = ((BnnModel) m).network();
        assertEquals(net.params() + 1, m.dim(), "weights, biases and log sigma");
    }
}
