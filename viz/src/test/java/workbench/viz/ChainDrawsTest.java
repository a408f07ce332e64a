package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

/** Which draws the rank and autocorrelation views read. */
class ChainDrawsTest {

    /** Chain c holds sizes[c] iterations, value 1000 c + iteration; the first {@code warmup} are warmup. */
    private static DrawSource source(long warmup, long... sizes) {
        return new DrawSource() {
            @Override
            public List<String> names() {
                return List.of("x");
            }

            @Override
            public int chains() {
                return sizes.length;
            }

            @Override
            public long size(int chain) {
                return sizes[chain];
            }

            @Override
            public long warmup(int chain) {
                return warmup;
            }

            @Override
            public double value(int chain, long iteration, int param) {
                return 1000 * chain + iteration;
            }

            @Override
            public double stat(int chain, long iteration, Stat stat) {
                return Double.NaN;
            }
        };
    }

    @Test
    void latestPostWarmupDrawsOfCommonLength() {
        ChainDraws d = ChainDraws.latest(source(10, 15, 13), 0, 100);
        assertFalse(d.warmup());
        assertFalse(d.capped());
        assertEquals(3, d.perChain());
        assertArrayEquals(new double[] {12, 13, 14}, d.draws()[0]);
        assertArrayEquals(new double[] {1010, 1011, 1012}, d.draws()[1]);
    }

    @Test
    void warmupDrawsUntilEveryChainHasPostWarmupOnes() {
        ChainDraws d = ChainDraws.latest(source(10, 12, 8), 0, 100);
        assertTrue(d.warmup());
        assertEquals(8, d.perChain());
        assertTrue(d.note().startsWith("warmup draws"));
    }

    @Test
    void capKeepsOnlyTheLatest() {
        ChainDraws d = ChainDraws.latest(source(0, 50_000), 0, 20_000);
        assertTrue(d.capped());
        assertEquals(20_000, d.perChain());
        assertEquals(30_000, d.draws()[0][0], 0);
        assertEquals(49_999, d.draws()[0][19_999], 0);
        assertTrue(d.note().startsWith("latest"));
        assertEquals(0, ChainDraws.latest(source(0), 0, 10).perChain());
    }
}
