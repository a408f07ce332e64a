package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The hint beside the projection's pickers shows whole items only: at 1600 px, cut where the room ended, it read
 * "scroll: zoom · dr…".
 */
class ProjectionHintTest {
    /** 7 px a character, as a stand-in for the label's font. */
    private static final ToDoubleFunction<String> WIDTH = t -> 7.0 * t.length();
    private static final String ALL = String.join(PosteriorPane.HINT_SEPARATOR, PosteriorPane.HINT_ITEMS);

    @Test
    void withRoomItIsWhole() {
        assertEquals(ALL, PosteriorPane.hintFor(WIDTH.applyAsDouble(ALL), WIDTH));
        assertEquals(ALL, PosteriorPane.hintFor(2000, WIDTH));
    }

    @Test
    void shortOfRoomItShowsTheFirstWholeItemsAndAnEllipsis() {
        String two = "scroll: zoom \u00b7 drag: pan \u00b7 \u2026";
        assertEquals(two, PosteriorPane.hintFor(WIDTH.applyAsDouble(two) + 3, WIDTH));
        assertEquals("", PosteriorPane.hintFor(WIDTH.applyAsDouble("scroll: zoom \u00b7 \u2026") - 1, WIDTH));
    }

    @Test
    void atAnyWidthNoItemIsCutAndTheTextFits() {
        for (double room = -10; room <= WIDTH.applyAsDouble(ALL) + 10; room += 1) {
            String t = PosteriorPane.hintFor(room, WIDTH);
            assertTrue(WIDTH.applyAsDouble(t) <= Math.max(room, 0) || t.isEmpty(), room + ": " + t);
            boolean whole = t.equals(ALL) || t.isEmpty();
            if (!whole) {
                assertTrue(t.endsWith(PosteriorPane.HINT_SEPARATOR + "\u2026"), t);
                String items = t.substring(0, t.length() - (PosteriorPane.HINT_SEPARATOR + "\u2026").length());
                assertTrue(ALL.startsWith(items + PosteriorPane.HINT_SEPARATOR), room + ": " + t);
            }
        }
    }
}
