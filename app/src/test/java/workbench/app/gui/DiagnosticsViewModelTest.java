package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;

class DiagnosticsViewModelTest {

    /** Chains of iid normals, chain c shifted by shift*c, with an energy of the given autocorrelation. */
    private static DrawSource source(int chains, int n, int warmup, double shift, double energyRho) {
        Random r = new Random(11);
        double[][] x = new double[chains][n];
        double[][] e = new double[chains][n];
        for (int c = 0; c < chains; c++) {
            double prev = 0;
            for (int i = 0; i < n; i++) {
                x[c][i] = r.nextGaussian() + shift * c;
                prev = energyRho * prev + Math.sqrt(1 - energyRho * energyRho) * r.nextGaussian();
                e[c][i] = prev;
            }
        }
        return new DrawSource() {
            @Override
            public List<String> names() {
                return List.of("theta");
            }

            @Override
            public int chains() {
                return chains;
            }

            @Override
            public long size(int chain) {
                return n - chain; // unequal lengths, as in a live run
            }

            @Override
            public long warmup(int chain) {
                return warmup;
            }

            @Override
            public double value(int chain, long iteration, int param) {
                return x[chain][(int) iteration];
            }

            @Override
            public double stat(int chain, long iteration, Stat stat) {
                return stat == Stat.ENERGY ? e[chain][(int) iteration] : Double.NaN;
            }
        };
    }

    @Test
    void mixedChainsRaiseNoFlags() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(source(4, 2100, 100, 0, 0), 0);
        DiagnosticsViewModel.Line line = t.lines().get(0);
        assertEquals(4 * (2100 - 3 - 100), t.draws(), "trimmed to the shortest chain's post-warmup draws");
        assertEquals(0, line.row().mean(), 0.1);
        assertEquals(1, line.row().sd(), 0.05);
        assertTrue(line.row().rhat() < 1.01, "rhat " + line.row().rhat());
        assertNull(line.rhatWarning());
        assertNull(line.essBulkWarning());
        assertNull(t.ebfmiWarning());
        assertTrue(t.ebfmi()[0] > 1.5, "iid energies give E-BFMI near 2");
    }

    @Test
    void disagreeingChainsAndStickyEnergyAreFlaggedWithReasons() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(source(4, 300, 0, 2, 0.99), 3);
        DiagnosticsViewModel.Line line = t.lines().get(0);
        assertTrue(line.row().rhat() > 1.5);
        assertNotNull(line.rhatWarning());
        assertTrue(line.rhatWarning().contains("1.01"));
        assertNotNull(line.essBulkWarning());
        assertNotNull(t.ebfmiWarning());
        assertTrue(t.ebfmi()[0] < 0.3);
        assertEquals(3, t.divergences());
    }

    @Test
    void tooFewDrawsGiveDashesNotErrors() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(source(2, 101, 100, 0, 0), 0);
        assertTrue(Double.isNaN(t.lines().get(0).row().rhat()));
        assertNull(t.lines().get(0).rhatWarning());
    }
}
