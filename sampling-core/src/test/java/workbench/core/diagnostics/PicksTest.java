package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;

class PicksTest {
    /** Counts drawn at random, written as distill writes them ((times picked)/K), come back as the counts. */
    @Property(tries = 200)
    void distillsWeightsGiveBackThePickCounts(@ForAll @IntRange(min = 1, max = 60) int points,
                                              @ForAll @IntRange(min = 0, max = 1 << 20) int seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int[] counts = new int[points];
        int k = 0;
        for (int i = 0; i < points; i++) {
            counts[i] = 1 + (rng.nextInt(4) == 0 ? rng.nextInt(50) : 0);
            k += counts[i];
        }
        double[] w = new double[points];
        for (int i = 0; i < points; i++) {
            w[i] = (double) counts[i] / k;
        }
        int[] got = Picks.of(w, "weight__");
        // the smallest K: the counts divided by their greatest common divisor
        int g = 0;
        for (int c : counts) {
            g = gcd(g, c);
        }
        int[] want = new int[points];
        for (int i = 0; i < points; i++) {
            want[i] = counts[i] / g;
        }
        assertArrayEquals(want, got);
    }

    @Test
    void countsAndZerosWork() {
        assertArrayEquals(new int[] {2, 0, 3}, Picks.of(new double[] {2, 0, 3}, "w"));
        assertArrayEquals(new int[] {2, 3}, Picks.of(new double[] {0.4, 0.6}, "w"));
        assertArrayEquals(new double[] {1, 1, 5, 5, 5}, Picks.expand(new double[] {1, 9, 5}, new int[] {2, 0, 3}));
    }

    @Test
    void weightsThatAreNoPicksAreRefused() {
        String m = assertThrows(BadInputException.class, () -> Picks.of(new double[] {1, Math.PI}, "weight__ of x.csv"))
                .getMessage();
        assertTrue(m.startsWith("weight__ of x.csv: the weights are not picks"), m);
        m = assertThrows(BadInputException.class, () -> Picks.of(new double[] {0.5, -0.5, 1}, "w")).getMessage();
        assertTrue(m.contains("w of row 2 is -0.5"), m);
        assertThrows(BadInputException.class, () -> Picks.of(new double[] {0.5, Double.NaN}, "w"));
        assertThrows(BadInputException.class, () -> Picks.of(new double[] {0, 0}, "w"));
    }

    /**
     * A stated K gives the counts out of it, which the weights alone cannot (2, 2 of 4 read as 1, 1 of 2); the weights
     * as written must be picks out of it, K per set: half a set's rows (weights adding up to 1/2) are not.
     */
    @Test
    void aStatedKIsTakenWhereTheWeightsArePicksOutOfIt() {
        double[] w = {0.5, 0.5};
        assertArrayEquals(new int[] {1, 1}, Picks.of(w, "w"));
        assertArrayEquals(new int[] {2, 2}, Picks.of(w, 4, 1, "w"));
        assertArrayEquals(new int[] {1, 1}, Picks.of(w, 2, 1, "w"));
        assertNull(Picks.of(w, 3, 1, "w"), "0.5 is no multiple of 1/3");
        assertNull(Picks.of(new double[] {0.25, 0.75}, 2, 1, "w"));
        assertNull(Picks.of(w, 0, 1, "w"));
        assertNull(Picks.of(w, Picks.MAX_PICKS + 2L, 1, "w"));
        // two sets of K = 4 pooled, each adding up to 1
        assertArrayEquals(new int[] {2, 2, 1, 3}, Picks.of(new double[] {0.5, 0.5, 0.25, 0.75}, 4, 2, "w"));
        // half of a set of K = 100, 1/100 each: 50 picks, not 100 (each twice)
        double[] half = new double[50];
        java.util.Arrays.fill(half, 0.01);
        assertNull(Picks.of(half, 100, 1, "w"));
        assertThrows(BadInputException.class, () -> Picks.of(new double[] {0.5, Double.NaN}, 2, 1, "w"));
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
