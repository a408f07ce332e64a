package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Chain lists: short ones as they are, long ones with runs of three or more joined. */
class TableChainsRangesTest {
    @Test
    void longListsJoinRuns() {
        assertEquals("1, 2, 3", TableChains.ranges(List.of(0, 1, 2)));
        assertEquals("1, 2, 3, 5, 6, 7", TableChains.ranges(List.of(0, 1, 2, 4, 5, 6)));
        assertEquals("1-3, 5, 6, 8-40", TableChains.ranges(java.util.stream.IntStream.range(0, 40)
                .filter(c -> c != 3 && c != 6).boxed().toList()));
        assertEquals("", TableChains.ranges(List.of()));
    }
}
