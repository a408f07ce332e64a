package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Ranks} against the definitions written out the slow way: the average rank of a value is one
 * more than the mean of the first and the last position a sorted copy holds it at.
 */
class RanksTest {

    /** Count-based average ranks: (number below) + (number equal + 1)/2. O(n²). */
    static double[] naiveRanks(double[] v) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            int below = 0;
            int equal = 0;
            for (double w : v) {
                if (w < v[i]) {
                    below++;
                } else if (w == v[i]) {
                    equal++;
                }
            }
            r[i] = below + (equal + 1) / 2.0;
        }
        return r;
    }

    static void check(double[] v) {
        for (boolean parallel : new boolean[] {false, true}) {
            int[] order = Ranks.order(v, parallel);
            int[] seen = order.clone();
            Arrays.sort(seen);
            for (int i = 0; i < seen.length; i++) {
                assertEquals(i, seen[i], "order is a permutation");
            }
            for (int i = 1; i < order.length; i++) {
                if (!(v[order[i - 1]] <= v[order[i]])) {
                    throw new AssertionError("not ascending at " + i + ": " + v[order[i - 1]] + " then " + v[order[i]]);
                }
            }
            assertArrayEquals(naiveRanks(v), Ranks.average(order, Ranks.sorted(v, order)), 0.0);
            double[] sorted = v.clone();
            Arrays.sort(sorted);
            double[] ours = Ranks.sorted(v, order);
            for (int i = 0; i < v.length; i++) {
                assertEquals(sorted[i], ours[i], 0.0, "sorted value " + i); // −0.0 and 0.0 compare equal here
            }
        }
    }

    @Provide
    Arbitrary<double[]> vectors() {
        // values that differ only in the last bits (the ones the packed sort cuts), ties, signed zeros,
        // infinities, and ordinary values
        Arbitrary<Double> near = Arbitraries.integers().between(0, 4095)
                .map(k -> Double.longBitsToDouble(Double.doubleToRawLongBits(1.5) + k));
        Arbitrary<Double> special = Arbitraries.of(0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0);
        Arbitrary<Double> plain = Arbitraries.doubles().between(-1e6, 1e6);
        Arbitrary<Double> any = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, near), net.jqwik.api.Tuple.of(2, special), net.jqwik.api.Tuple.of(3, plain));
        return any.list().ofMinSize(0).ofMaxSize(600)
                .map(list -> list.stream().mapToDouble(Double::doubleValue).toArray());
    }

    @Property(tries = 300, seed = "20261201")
    void ranksAndOrderMatchTheDefinition(@ForAll("vectors") double[] v) {
        check(v);
    }

    @Test
    void edgeCases() {
        check(new double[0]);
        check(new double[] {3});
        check(new double[] {2, 2, 2, 2});
        check(new double[] {-0.0, 0.0, -0.0, 0.0});
        double[] big = new double[5000];
        for (int i = 0; i < big.length; i++) {
            // a long run of values that agree in all but the lowest 13 bits, in descending order
            big[i] = Double.longBitsToDouble(Double.doubleToRawLongBits(2.0) + big.length - i);
        }
        check(big);
    }

    @Test
    void foldedOrderSortsTheDistancesToTheCenter() {
        double[][] vectors = {{1, 2, 3, Double.POSITIVE_INFINITY}, {0, Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY}, {5, -1, 3, 3, 0.5, -7, 2.25, 9}, {1, 1, 1}, {-2, 2, -2, 2}};
        double[] centers = {1.5, 1, 2.25, 1, 0};
        for (int c = 0; c < vectors.length; c++) {
            double[] v = vectors[c];
            double center = centers[c];
            int[] order = Ranks.order(v, false);
            double[] foldedSorted = new double[v.length];
            int[] folded = Ranks.foldedOrder(order, Ranks.sorted(v, order), center, foldedSorted);
            double[] distances = new double[v.length];
            for (int i = 0; i < v.length; i++) {
                distances[i] = Math.abs(v[i] - center);
            }
            for (int k = 0; k < v.length; k++) {
                assertEquals(distances[folded[k]], foldedSorted[k], 0.0, "the distances in the folded order");
            }
            assertArrayEquals(naiveRanks(distances), Ranks.average(folded, foldedSorted), 0.0, Arrays.toString(v));
        }
    }
}
