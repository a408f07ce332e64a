package workbench.core.samplers.nuts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

/**
 * Tree building alone, on a mocked integrator whose momenta and energies are chosen by hand (in the
 * spirit of Stan's base_nuts_test): U-turn criterion, the extra checks across merged subtrees,
 * multinomial and biased progressive sampling, divergence, and the uniform draws in Stan's order.
 */
class NutsTreeTest {

    /** Uniform draws from a script; fails when the script runs out. Counts draws. */
    static final class ScriptedRng implements UniformRandomProvider {
        private final double[] script;
        int used;

        ScriptedRng(double... script) {
            this.script = script;
        }

        @Override
        public double nextDouble() {
            if (used >= script.length) {
                throw new AssertionError("more uniform draws than scripted (" + script.length + ")");
            }
            return script[used++];
        }

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException();
        }
    }

    /**
     * A mock integrator on the integer grid: a step of sign s moves q[0] by s and sets the momentum
     * (also used as velocity: unit metric) and H from tables indexed by the new grid position, or,
     * with {@code byCall}, by the number of the call (1, 2, ...), whatever the direction.
     */
    static final class TableDynamics implements Dynamics {
        final int offset;
        final double[][] momenta;
        final double[] energies;
        final boolean byCall;
        int calls;

        TableDynamics(int offset, double[][] momenta, double[] energies, boolean byCall) {
            this.offset = offset;
            this.momenta = momenta;
            this.energies = energies;
            this.byCall = byCall;
        }

        @Override
        public double step(PhasePoint z, double eps) {
            calls++;
            int k;
            if (byCall) {
                k = calls;
                z.q[0] = k;
            } else {
                k = (int) Math.round(z.q[0] + Math.signum(eps));
                z.q[0] = k;
            }
            double[] p = momenta[k + offset];
            System.arraycopy(p, 0, z.p, 0, p.length);
            System.arraycopy(p, 0, z.v, 0, p.length);
            double h = energies[k + offset];
            z.h = h;
            return h;
        }
    }

    static PhasePoint startAt0(int dim, double[] p0, double h0) {
        PhasePoint s = new PhasePoint(dim);
        System.arraycopy(p0, 0, s.p, 0, dim);
        System.arraycopy(p0, 0, s.v, 0, dim);
        s.h = h0;
        return s;
    }

    /** Grid tables for positions -offset..(n - offset - 1), 1-D momentum from {@code p}. */
    static TableDynamics grid1d(int offset, double[] p, double[] h) {
        double[][] m = new double[p.length][];
        for (int i = 0; i < p.length; i++) {
            m[i] = new double[] {p[i]};
        }
        return new TableDynamics(offset, m, h, false);
    }

    @Test
    void multinomialAndBiasedProgressiveSamplingFollowTheWeights() {
        // Leaves by call: 1 | 2, 3 (max depth 2: two doublings). Start H0 = 0.
        double[] h = {0, 0.5, 1.0, 0.2};
        double[][] p = {{1}, {1}, {1}, {1}};
        // Script A: forward, accept leaf 1 (0.5 < e^-0.5), forward, take leaf 3 inside the subtree
        // (0.5 < e^-0.2 / (e^-1 + e^-0.2) = 0.690), accept the subtree (0.7 < 1.1866 / 1.6065 = 0.7386).
        TableDynamics dyn = new TableDynamics(0, p, h, true);
        NutsTree tree = new NutsTree(dyn, 1, 2);
        ScriptedRng rng = new ScriptedRng(0.9, 0.5, 0.9, 0.5, 0.7);
        tree.run(startAt0(1, new double[] {1}, 0), 1.0, rng, true);
        assertEquals(5, rng.used, "uniform draws in Stan's order");
        assertEquals(2, tree.depth());
        assertEquals(3, tree.leapfrogSteps());
        assertEquals(3.0, tree.sample().q[0]);
        assertTrue(tree.moved());
        assertFalse(tree.divergent());
        double expectedAccept = (Math.exp(-0.5) + Math.exp(-1.0) + Math.exp(-0.2)) / 3;
        assertEquals(expectedAccept, tree.acceptStat(), 1e-15);
        assertEquals(4, tree.path().length, "start plus three steps");

        // Script B: reject leaf 1 (0.7 > 0.6065), keep leaf 2 in the subtree (0.8 > 0.690), reject it (0.8 > 0.7386).
        dyn.calls = 0;
        rng = new ScriptedRng(0.9, 0.7, 0.9, 0.8, 0.8);
        tree.run(startAt0(1, new double[] {1}, 0), 1.0, rng, false);
        assertEquals(5, rng.used);
        assertFalse(tree.moved());
        assertEquals(0.0, tree.sample().q[0]);
        assertNull(tree.path());

        // Script C: subtree taken outright when heavier than the old trajectory (no uniform drawn for it).
        double[] h2 = {0, 0.5, -1.0, -1.0};
        TableDynamics dyn2 = new TableDynamics(0, p, h2, true);
        NutsTree tree2 = new NutsTree(dyn2, 1, 2);
        rng = new ScriptedRng(0.9, 0.99, 0.1, 0.99);
        tree2.run(startAt0(1, new double[] {1}, 0), 1.0, rng, false);
        assertEquals(4, rng.used, "no draw when the new subtree outweighs the trajectory");
        assertEquals(2.0, tree2.sample().q[0]);
    }

    @Test
    void frequenciesOfTheKeptPointMatchTheExactProbabilities() {
        double[] h = {0, 0.5, 1.0, 0.2};
        double[][] p = {{1}, {1}, {1}, {1}};
        TableDynamics dyn = new TableDynamics(0, p, h, true);
        NutsTree tree = new NutsTree(dyn, 1, 2);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(42L);
        double w0 = 1;
        double w1 = Math.exp(-0.5);
        double w2 = Math.exp(-1.0);
        double w3 = Math.exp(-0.2);
        double a = Math.min(1, (w2 + w3) / (w0 + w1));
        double[] exact = {
            (1 - w1) * (1 - a), w1 * (1 - a), a * w2 / (w2 + w3), a * w3 / (w2 + w3)
        };
        int n = 200_000;
        int[] counts = new int[4];
        for (int i = 0; i < n; i++) {
            dyn.calls = 0;
            tree.run(startAt0(1, new double[] {1}, 0), 1.0, rng, false);
            counts[(int) tree.sample().q[0]]++;
        }
        for (int k = 0; k < 4; k++) {
            double f = counts[k] / (double) n;
            double se = Math.sqrt(exact[k] * (1 - exact[k]) / n);
            assertTrue(Math.abs(f - exact[k]) < 5 * se, "leaf " + k + ": " + f + " vs " + exact[k]);
        }
    }

    @Test
    void uTurnInsideTheNewSubtreeEndsTheTrajectoryWithoutUsingIt() {
        // Grid 0..3, p flips at 3: the subtree {2, 3} has rho = 0, so it is invalid.
        TableDynamics dyn = grid1d(0, new double[] {1, 1, 1, -1}, new double[] {0, 0, 0, 0});
        NutsTree tree = new NutsTree(dyn, 1, 10);
        ScriptedRng rng = new ScriptedRng(0.9, 0.3, 0.9, 0.5);
        tree.run(startAt0(1, new double[] {1}, 0), 1.0, rng, false);
        assertEquals(4, rng.used);
        assertEquals(1, tree.depth());
        assertEquals(3, tree.leapfrogSteps());
        assertEquals(1.0, tree.sample().q[0], "the invalid subtree is never sampled");
    }

    @Test
    void uTurnOfTheWholeTrajectoryStopsAfterSamplingTheNewSubtree() {
        // Grid 0..7: p = 1 on 0..3, -0.5 on 4..7. Each subtree is consistent; the whole trajectory has
        // rho = 2 > 0 but p(7) * rho < 0, so it stops after the third doubling.
        double[] p = {1, 1, 1, 1, -0.5, -0.5, -0.5, -0.5};
        double[] h = new double[8];
        TableDynamics dyn = grid1d(0, p, h);
        NutsTree tree = new NutsTree(dyn, 1, 10);
        // dir, accept | dir, merge, accept | dir, merge, merge, merge, accept
        ScriptedRng rng = new ScriptedRng(0.9, 0.3, 0.9, 0.3, 0.3, 0.9, 0.3, 0.3, 0.3, 0.1);
        tree.run(startAt0(1, new double[] {1}, 0), 1.0, rng, false);
        assertEquals(10, rng.used);
        assertEquals(3, tree.depth());
        assertEquals(7, tree.leapfrogSteps());
        assertTrue(tree.sample().q[0] >= 4, "the last subtree may be sampled before the criterion is checked");
    }

    @Test
    void extraChecksAcrossMergedSubtreesCatchAUTurnThePlainCriterionMisses() {
        // 2-D, grid 0..7. The third doubling builds leaves 4..7 with momenta a, b, c, d:
        // both halves and the whole subtree pass the plain criterion, but (a + b + c) . a < 0.
        double[][] m = {
            {1, 0.2}, {1, 0.2}, {1, 0.2}, {1, 0.2}, {1, 0.2}, {1, 0.2}, {-3, 1}, {1, 3}
        };
        double[] h = new double[8];
        double[] rhoSub = {0, 4.4};
        assertTrue(NutsTree.criterion(m[4], m[7], rhoSub), "plain criterion passes on the subtree");
        assertTrue(NutsTree.criterion(m[0], m[7], new double[] {4, 5.2}),
                "and on the whole trajectory");
        TableDynamics dyn = new TableDynamics(0, m, h, false);
        NutsTree tree = new NutsTree(dyn, 2, 3);
        ScriptedRng rng = new ScriptedRng(0.9, 0.3, 0.9, 0.3, 0.3, 0.9, 0.3, 0.3, 0.3);
        tree.run(startAt0(2, new double[] {1, 0.2}, 0), 1.0, rng, false);
        assertEquals(9, rng.used);
        assertEquals(2, tree.depth(), "stopped by the check across the merge, not by the max depth 3");
        assertEquals(7, tree.leapfrogSteps());
        assertTrue(tree.sample().q[0] <= 3, "the failed subtree is never sampled");
    }

    @Test
    void largeEnergyErrorIsDivergentAndRecordedButALargeDropIsNot() {
        double[] p = {1, 1, 1, 1};
        TableDynamics dyn = grid1d(0, p, new double[] {0, 0, 0, 2000});
        NutsTree tree = new NutsTree(dyn, 1, 10);
        ScriptedRng rng = new ScriptedRng(0.9, 0.3, 0.9);
        PhasePoint start = startAt0(1, new double[] {1}, 0);
        tree.run(start, 1.0, rng, true);
        assertEquals(3, rng.used, "a divergent subtree is neither merged nor sampled");
        assertTrue(tree.divergent());
        assertEquals(1, tree.depth());
        assertEquals(3, tree.leapfrogSteps());
        assertEquals(2000, tree.divergenceEnergyError());
        assertArrayEquals(new double[] {3}, tree.divergencePosition());
        assertArrayEquals(new double[] {1}, tree.divergenceMomentum());
        assertTrue(tree.sample().q[0] <= 1);
        double[][] traj = tree.replayTrajectory(start, 1.0);
        assertArrayEquals(tree.path(), traj, "replayed trajectory = recorded path");
        assertEquals(4, traj.length);

        // a non-finite energy counts as divergent with error +infinity
        TableDynamics nan = grid1d(0, p, new double[] {0, 0, Double.NaN, 0});
        NutsTree t2 = new NutsTree(nan, 1, 10);
        t2.run(startAt0(1, new double[] {1}, 0), 1.0, new ScriptedRng(0.9, 0.3, 0.9), false);
        assertTrue(t2.divergent());
        assertEquals(Double.POSITIVE_INFINITY, t2.divergenceEnergyError());

        // an energy drop of 2000 is not a divergence (one-sided)
        TableDynamics drop = grid1d(0, p, new double[] {0, 0, 0, -2000});
        NutsTree t3 = new NutsTree(drop, 1, 2);
        t3.run(startAt0(1, new double[] {1}, 0), 1.0, new ScriptedRng(0.9, 0.3, 0.9, 0.3), false);
        assertFalse(t3.divergent());
        assertEquals(3.0, t3.sample().q[0]);
    }

    @Test
    void replayFollowsTheLineOfStepsFromTheStartToTheDivergence() {
        // grid -8..8, all p = 1, H = 0, max depth 3: directions fwd, bck, fwd
        double[] p = new double[17];
        java.util.Arrays.fill(p, 1);
        double[] h = new double[17];
        h[8 + 4] = 5000; // position +4 diverges: reached in the third doubling (forward 2, 3, 4)
        NutsTree tree = new NutsTree(grid1d(8, p, h), 1, 3);
        PhasePoint start = startAt0(1, new double[] {1}, 0);
        // fwd, accept | bck, merge, accept | fwd, (leaves 2, 3, merge) then leaf 4 diverges
        tree.run(start, 1.0, new ScriptedRng(0.9, 0.3, 0.1, 0.3, 0.3, 0.9, 0.3), true);
        assertTrue(tree.divergent());
        // the path visited 0, 1, -1, -2, 2, 3, 4; the replay is the forward line alone: no chord from -2 to 2
        assertArrayEquals(new double[] {0, 1, 2, 3, 4}, firsts(tree.replayTrajectory(start, 1.0)));
        assertArrayEquals(new double[] {0, 1, -1, -2, 2, 3, 4}, firsts(tree.path()));
        assertArrayEquals(new double[] {4}, tree.divergencePosition());

        // diverging on the way back: the backward line, start first, crossing last
        double[] hb = new double[17];
        hb[8 - 2] = 5000; // position -2: the second doubling (backward -1, -2)
        NutsTree back = new NutsTree(grid1d(8, p, hb), 1, 3);
        back.run(start, 1.0, new ScriptedRng(0.9, 0.3, 0.1, 0.3, 0.3), true);
        assertTrue(back.divergent());
        assertArrayEquals(new double[] {-2}, back.divergencePosition());
        assertArrayEquals(new double[] {0, -1, -2}, firsts(back.replayTrajectory(start, 1.0)));
    }

    private static double[] firsts(double[][] rows) {
        double[] v = new double[rows.length];
        for (int i = 0; i < rows.length; i++) {
            v[i] = rows[i][0];
        }
        return v;
    }

    /**
     * The path is in visit order, but a doubling backward starts from the backward end, not from the forward end
     * reached last: {@code pathFrom} names the point each step started from, so a drawing joins only points one
     * leapfrog step apart (joining visit order drew a chord from +1 to -1 that no step took).
     */
    @Test
    void eachPathPointNamesThePointItsStepStartedFrom() {
        double[] p = new double[17];
        java.util.Arrays.fill(p, 1);
        TableDynamics dyn = grid1d(8, p, new double[17]);
        NutsTree tree = new NutsTree(dyn, 1, 3);
        PhasePoint start = startAt0(1, new double[] {1}, 0);
        // fwd (leaf 1) | bck (leaves -1, -2) | fwd (leaves 2, 3, 4, 5): max depth 3
        tree.run(start, 1.0, new ScriptedRng(0.9, 0.3, 0.1, 0.3, 0.3, 0.9, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3), true);
        double[][] path = tree.path();
        double[] visited = new double[path.length];
        for (int i = 0; i < path.length; i++) {
            visited[i] = path[i][0];
        }
        assertArrayEquals(new double[] {0, 1, -1, -2, 2, 3, 4, 5}, visited);
        int[] from = tree.pathFrom();
        assertArrayEquals(new int[] {-1, 0, 0, 2, 1, 4, 5, 6}, from);
        for (int i = 1; i < path.length; i++) {
            assertEquals(1.0, Math.abs(path[i][0] - path[from[i]][0]), "step " + i + " is one grid step long");
        }
        tree.run(start, 1.0, new ScriptedRng(0.9, 0.3, 0.1, 0.3, 0.3, 0.9, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3), false);
        assertNull(tree.pathFrom(), "no path asked for, none recorded");
    }
}
