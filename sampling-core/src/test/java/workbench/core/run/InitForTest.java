package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;

/** One start shared by every chain, or one per chain. */
class InitForTest {
    private final Model m = ModelRegistry.create("banana", java.util.Map.of());

    @Test
    void sharedOrPerChain() {
        double[] shared = {1, 2};
        assertSame(shared, ChainRunner.initFor(shared, 3, 2, m));
        double[] per = {1, 2, 3, 4, 5, 6};
        assertArrayEquals(new double[] {3, 4}, ChainRunner.initFor(per, 1, 2, m));
        assertArrayEquals(new double[] {5, 6}, ChainRunner.initFor(per, 2, 2, m));
    }

    @Test
    void aWrongCountIsOneClearLine() {
        BadInputException e = assertThrows(BadInputException.class, () -> ChainRunner.initFor(new double[] {1, 2, 3}, 0, 2, m));
        assertTrue(e.getMessage().contains("give 2") && e.getMessage().contains("per chain"), e.getMessage());
        assertThrows(BadInputException.class, () -> ChainRunner.initFor(new double[] {1, 2, 3, 4}, 2, 2, m));
    }
}
