package workbench.sessions.distill;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;

/**
 * A distillation holds every post-warmup draw (and its gradient) in memory; one that cannot fit the heap
 * is refused up front in one line naming what it needs, instead of an out-of-memory error part way whose
 * generic advice (-Xmx4g) was too small for 8 million draws of 100 parameters (12 GiB).
 */
class DistillHeapTest {
    private static final long GIB = 1L << 30;

    @Test
    void theDrawsAndTheirGradientsAreCounted() {
        assertEquals(2_000_000L * 100 * 8 * 2, SessionDistiller.heapNeeded(2_000_000, 100, true));
        assertEquals(2_000_000L * 100 * 8, SessionDistiller.heapNeeded(2_000_000, 100, false));
    }

    @Test
    void aSetThatDoesNotFitIsRefusedNamingTheHeapItNeeds() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> SessionDistiller.requireHeap(8_000_000, 100, true, 6 * GIB));
        String m = e.getMessage();
        assertTrue(m.contains("8000000 post-warmup draws x 100 parameters and their gradients"), m);
        assertTrue(m.contains("11.9 GiB"), m);
        assertTrue(m.contains("-Xmx18g"), m);
        assertTrue(!m.contains("\n"), m);
    }

    @Test
    void aSetThatFitsIsLetThrough() {
        assertDoesNotThrow(() -> SessionDistiller.requireHeap(2_000_000, 100, true, 6 * GIB));
        assertDoesNotThrow(() -> SessionDistiller.requireHeap(8_000_000, 100, true, Long.MAX_VALUE));
    }

    @Test
    void moreValuesThanAnArrayHoldsAreRefusedAtAnyHeap() {
        // 30 000 000 x 100 overflowed the array's int size
        BadInputException e = assertThrows(BadInputException.class,
                () -> SessionDistiller.requireHeap(30_000_000, 100, false, Long.MAX_VALUE));
        assertTrue(e.getMessage().contains("in one array, at most 2147483639 values"), e.getMessage());
    }
}
