package workbench.core.diagnostics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/**
 * The rank-normalised draws {@link Diagnostics#zScale} gives, now read from a shared table of whole ranks' normal
 * scores, against {@code posterior::z_scale} written out the slow way: Φ⁻¹((r − 3/8)/(S + 1/4)) of each draw's
 * count-based average rank, bit for bit, ties (half-integer ranks) included.
 */
class NormalScoresTest {
    private static final NormalDistribution STD_NORMAL = NormalDistribution.of(0, 1);

    private static void matchesTheDefinition(double[][] x) {
        double[] pooled = Diagnostics.pooled(x);
        double[] ranks = RanksTest.naiveRanks(pooled);
        double[][] z = Diagnostics.zScale(x);
        int at = 0;
        for (int c = 0; c < x.length; c++) {
            assertEquals(x[c].length, z[c].length, "chain " + c + "'s length");
            for (int t = 0; t < x[c].length; t++, at++) {
                double want = STD_NORMAL.inverseCumulativeProbability((ranks[at] - 0.375) / (pooled.length + 0.25));
                assertEquals(Double.doubleToLongBits(want), Double.doubleToLongBits(z[c][t]),
                        "draw " + t + " of chain " + c + " (rank " + ranks[at] + ")");
            }
        }
    }

    @Provide
    Arbitrary<double[][]> chainsWithTies() {
        // few distinct values, so runs of equal draws of odd and even length (whole and half ranks) are common
        Arbitrary<Double> value = Arbitraries.integers().between(-4, 4).map(i -> i / 2.0);
        return value.array(double[].class).ofMinSize(1).ofMaxSize(40).array(double[][].class).ofMinSize(1).ofMaxSize(4)
                .filter(x -> java.util.Arrays.stream(x).allMatch(c -> c.length == x[0].length));
    }

    @Property(tries = 300)
    void scoresAreTheDefinitionsWithTies(@ForAll("chainsWithTies") double[][] x) {
        matchesTheDefinition(x);
    }

    @Property(tries = 100)
    void scoresAreTheDefinitionsWithoutTies(@ForAll("distinct") double[][] x) {
        matchesTheDefinition(x);
    }

    @Provide
    Arbitrary<double[][]> distinct() {
        return Arbitraries.doubles().between(-1e6, 1e6).array(double[].class).ofSize(25)
                .array(double[][].class).ofMinSize(1).ofMaxSize(4);
    }

    @Test
    void sizesFollowEachOtherWithoutMixingTables() {
        // the shared table is per size: alternating sizes must not read another size's scores
        for (int n : new int[] {7, 8, 7, 1000, 8, 1}) {
            double[][] x = new double[2][n];
            for (int t = 0; t < n; t++) {
                x[0][t] = t;
                x[1][t] = t + 0.5;
            }
            matchesTheDefinition(x);
        }
    }
}
