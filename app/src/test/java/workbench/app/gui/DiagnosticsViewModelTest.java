package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import workbench.app.cli.DivergenceAdvice;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.model.Truth;

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
                double v = x[chain][(int) iteration];
                return stat == Stat.ENERGY ? e[chain][(int) iteration] : stat == Stat.LOG_DENSITY ? -0.5 * v * v
                        : Double.NaN;
            }
        };
    }

    @Test
    void theLogDensityGetsTheLastRow() {
        int chains = 4;
        int n = 2100;
        DrawSource src = source(chains, n, 100, 0, 0);
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(src, 0);
        assertNotNull(t.logDensity());
        assertEquals("lp__", t.logDensity().row().name());
        assertEquals(List.of("theta", "lp__"), t.shown().stream().map(l -> l.row().name()).toList());
        assertEquals(1, t.lines().size(), "the parameters' lines stay the parameters'");
        // the same draws as the parameter's: the latest common-length ones of each chain
        long common = t.commonLength();
        double[][] lp = new double[chains][(int) common];
        for (int c = 0; c < chains; c++) {
            for (int i = 0; i < common; i++) {
                lp[c][i] = src.stat(c, src.size(c) - common + i, Stat.LOG_DENSITY);
            }
        }
        SummaryEngine.Row want = new CoreSummaryEngine().summarize("lp__", lp);
        assertEquals(want.rhat(), t.logDensity().row().rhat(), 1e-12);
        assertEquals(want.essBulk(), t.logDensity().row().essBulk(), 1e-9);
        DrawSource withoutLp = new workbench.core.draws.ForwardingDrawSource(src) {
            @Override
            public double stat(int chain, long iteration, Stat stat) {
                return Double.NaN; // draws from a file without lp__
            }
        };
        assertNull(new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000).compute(withoutLp, 0).logDensity());
    }

    @Test
    void mixedChainsRaiseNoFlags() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(source(4, 2100, 100, 0, 0), 0);
        DiagnosticsViewModel.Line line = t.lines().get(0);
        assertEquals(2000 + 1999 + 1998 + 1997, t.draws(), "each chain's own post-warmup draws");
        assertEquals(1997, t.commonLength(), "R-hat and ESS on the shortest chain's post-warmup draws");
        assertNull(t.lengthNote(), "a few draws of drift between threads need no note");
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
    void meanAndSdAreComparedWithTheTruthInStandardErrors() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DrawSource iid = source(4, 2100, 100, 0, 0); // N(0, 1) draws, 7994 after warmup: MCSE about 0.011
        DiagnosticsViewModel.Line right = vm.compute(iid, 0, java.util.Map.of(),
                Truth.analytic(new double[] {0}, new double[] {1})).lines().get(0);
        assertEquals(0, right.trueMean());
        assertEquals(1, right.trueSd());
        assertNull(right.meanWarning(), "the truth itself is not flagged");
        assertNull(right.sdWarning());
        DiagnosticsViewModel.Line off = vm.compute(iid, 0, java.util.Map.of(),
                Truth.analytic(new double[] {0.1}, new double[] {1.1})).lines().get(0);
        assertNotNull(off.meanWarning(), "0.1 is about 9 MCSE away");
        assertTrue(off.meanWarning().contains("below the true mean 0.1000 (exact)"), off.meanWarning());
        assertNotNull(off.sdWarning(), "an sd 10% too small is far more than its MCSE");
        // a reference truth's own MCSE widens the band: 0.1 away with a truth MCSE of 0.05 is within 5 SE
        DiagnosticsViewModel.Line wide = vm.compute(iid, 0, java.util.Map.of(), new Truth(new double[] {0.1},
                new double[] {1}, new double[] {0.05}, new double[] {0.01})).lines().get(0);
        assertNull(wide.meanWarning(), wide.meanWarning());
        assertNull(vm.compute(iid, 0, java.util.Map.of(), Truth.analytic(new double[] {0, 0}, new double[] {1, 1}))
                .lines().get(0).meanWarning(), "a truth for other coordinates is not used");
        assertTrue(Double.isNaN(vm.compute(iid, 0).lines().get(0).trueMean()));
        String unknownMcse = vm.compute(iid, 0, java.util.Map.of(), new Truth(new double[] {0.1}, new double[] {1},
                new double[] {Double.NaN}, new double[] {Double.NaN})).lines().get(0).meanWarning();
        assertTrue(unknownMcse.contains("(its MCSE not given, taken as 0)"), "a truth file without MCSEs is not called "
                + "exact: " + unknownMcse);

        // the chart's numbers, in units of the true sd: here sd* = 1.1, so the mean's error is (mean - 0.1) / 1.1
        DiagnosticsViewModel.Table t = vm.compute(iid, 0, java.util.Map.of(),
                new Truth(new double[] {0.1}, new double[] {1.1}, new double[] {0.02}, new double[] {Double.NaN}));
        DiagnosticsViewModel.Line l = t.lines().get(0);
        workbench.viz.TruthErrorChart.Errors e = DiagnosticsViewModel.truthErrors(t);
        assertEquals(List.of("theta"), e.names());
        assertEquals((l.row().mean() - 0.1) / 1.1, e.meanError()[0], 1e-15);
        assertEquals(l.row().sd() / 1.1 - 1, e.sdError()[0], 1e-15);
        double meanSe = Math.sqrt(l.row().mcseMean() * l.row().mcseMean() + 0.02 * 0.02);
        assertEquals(2 * meanSe / 1.1, e.meanBar()[0], 1e-15);
        assertEquals(2 * l.row().mcseSd() / 1.1, e.sdBar()[0], 1e-15, "an unknown truth MCSE counts as 0");
        assertEquals(l.meanWarning() != null, e.meanFlagged()[0]);
        assertTrue(e.sdFlagged()[0], "an sd 10% too small is flagged");
        assertTrue(e.any());
    }

    @Test
    void tooFewDrawsGiveDashesNotErrors() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(source(2, 101, 100, 0, 0), 0);
        assertTrue(Double.isNaN(t.lines().get(0).row().rhat()));
        assertNull(t.lines().get(0).rhatWarning());
    }

    /** Chain c has {@code lengths[c]} iterations, values iid normal shifted by shifts[c]. */
    private static DrawSource ragged(long[] lengths, int warmup, double[] shifts) {
        Random r = new Random(5);
        double[][] x = new double[lengths.length][];
        for (int c = 0; c < lengths.length; c++) {
            x[c] = new double[(int) lengths[c]];
            for (int i = 0; i < x[c].length; i++) {
                x[c][i] = r.nextGaussian() + shifts[c];
            }
        }
        return new DrawSource() {
            @Override
            public List<String> names() {
                return List.of("theta");
            }

            @Override
            public int chains() {
                return lengths.length;
            }

            @Override
            public long size(int chain) {
                return lengths[chain];
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
                return stat == Stat.ENERGY ? x[chain][(int) iteration] : Double.NaN;
            }
        };
    }

    @Test
    void anAddedShorterChainSetsTheCommonLengthForRhatButNotForTheMean() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        // chains 1-3 hold 1100 iterations (100 warmup), chain 4 was added later and holds 300 (200 draws)
        long[] lengths = {1100, 1100, 1100, 300};
        double[] shifts = {0, 0, 0, 0};
        DrawSource src = ragged(lengths, 100, shifts);
        DiagnosticsViewModel.Table t = vm.compute(src, 0, java.util.Map.of(3, 812L));
        assertEquals(200, t.commonLength());
        assertEquals(3 * 1000 + 200, t.draws());
        // the mean is over every chain's own draws, R-hat over the latest 200 of each
        double sum = 0;
        for (int c = 0; c < 4; c++) {
            for (long i = 100; i < lengths[c]; i++) {
                sum += src.value(c, i, 0);
            }
        }
        assertEquals(sum / 3200, t.lines().get(0).row().mean(), 1e-12);
        double[][] common = new double[4][200];
        for (int c = 0; c < 4; c++) {
            for (int i = 0; i < 200; i++) {
                common[c][i] = src.value(c, lengths[c] - 200 + i, 0);
            }
        }
        SummaryEngine.Row onCommon = new CoreSummaryEngine().summarize("theta", common);
        assertEquals(onCommon.rhat(), t.lines().get(0).row().rhat(), 0);
        assertEquals(onCommon.essBulk(), t.lines().get(0).row().essBulk(), 0);
        assertEquals("R-hat, ESS and MCSE on the common length of 200 draws per chain; mean, sd and E-BFMI on each "
                + "chain's own draws; chain 4 started at draw 812 of chain 1", t.lengthNote());
        // E-BFMI per chain on its own draws
        assertEquals(new CoreSummaryEngine().ebfmi(java.util.Arrays.copyOfRange(
                ((java.util.function.IntFunction<double[]>) c -> {
                    double[] e = new double[1000];
                    for (int i = 0; i < 1000; i++) {
                        e[i] = src.value(c, 100 + i, 0);
                    }
                    return e;
                }).apply(0), 0, 1000)), t.ebfmi()[0], 0);
    }

    @Test
    void aChainStillInWarmupIsLeftOutAndSaidSo() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(ragged(new long[] {600, 600, 50}, 100, new double[] {0, 0, 5}), 0,
                java.util.Map.of(2, 550L));
        assertEquals(500, t.commonLength(), "the chain in warmup does not cut the others to nothing");
        assertTrue(t.lines().get(0).row().rhat() < 1.05, "the shifted chain in warmup is not in R-hat");
        assertTrue(Double.isNaN(t.ebfmi()[2]));
        assertTrue(t.lengthNote().contains("chain 3 is in warmup, not included yet"), t.lengthNote());
        assertTrue(t.lengthNote().contains("chain 3 started at draw 550 of chain 1"), t.lengthNote());
    }

    @Test
    void chainsAddedTogetherShareOneLine() {
        assertEquals(List.of("chains 3\u20134 started at draw 5 of chain 1", "chain 5 started at draw 9 of chain 1",
                "chain 7 started at draw 9 of chain 1"),
                DiagnosticsViewModel.startedLines(java.util.Map.of(2, 5L, 3, 5L, 4, 9L, 6, 9L)));
    }

    @Test
    void aTableOnTheLatestDrawsOnlySaysSo() {
        // 100 parameters: at most 400 000 / (4 x 100) = 1000 draws per chain enter the table; a stored session of
        // 4 x 500 000 draws showed "post-warmup draws used: 4000" with no word that 1 996 000 were left out
        int chains = 4;
        int n = 3100;
        List<String> names = new java.util.ArrayList<>();
        for (int p = 0; p < 100; p++) {
            names.add("x[" + (p + 1) + "]");
        }
        Random r = new Random(5);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextGaussian();
        }
        // energies: iid over the first 2000 post-warmup draws, a random walk over the last 1000 (the table's window)
        double[] energy = new double[n];
        for (int i = 0; i < n; i++) {
            energy[i] = i < 2100 ? r.nextGaussian() : energy[i - 1] + 0.01 * r.nextGaussian();
        }
        DrawSource src = new DrawSource() {
            @Override
            public List<String> names() {
                return names;
            }

            @Override
            public int chains() {
                return chains;
            }

            @Override
            public long size(int chain) {
                return n;
            }

            @Override
            public long warmup(int chain) {
                return 100;
            }

            @Override
            public double value(int chain, long iteration, int param) {
                return x[(int) iteration];
            }

            @Override
            public double stat(int chain, long iteration, Stat stat) {
                return stat == Stat.ENERGY ? energy[(int) iteration] : Double.NaN;
            }
        };
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 200_000);
        DiagnosticsViewModel.Table t = vm.compute(src, 0);
        // E-BFMI on every post-warmup draw shown, as the energy chart computes it, not on the table's latest 1000
        double all = new CoreSummaryEngine().ebfmi(java.util.Arrays.copyOfRange(energy, 100, n));
        double latest = new CoreSummaryEngine().ebfmi(java.util.Arrays.copyOfRange(energy, n - 1000, n));
        assertTrue(latest < 0.3 && all > 0.3, all + " " + latest);
        for (int c = 0; c < chains; c++) {
            assertEquals(all, t.ebfmi()[c], 1e-12 * all);
        }
        assertTrue(t.lengthNote().contains("E-BFMI uses all shown"), t.lengthNote());
        assertEquals(4000, t.draws());
        assertNotNull(t.lengthNote());
        assertTrue(t.lengthNote().contains("latest 1000 post-warmup draws per chain, 4000 of the 12000"), t.lengthNote());
        assertTrue(!t.lengthNote().contains("common length"), t.lengthNote());
    }

    /**
     * The first refreshes of a run gave R-hat and ESS from a handful of draws (R-hat 1.3-2.7 at 19 a chain, red as a
     * real failure) with no word that they are rough that short; below 100 draws per chain the line under the table
     * says so, and from 100 on it says nothing.
     */
    @Test
    void shortChainsAreSaidToGiveRoughFigures() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        DiagnosticsViewModel.Table t = vm.compute(source(4, 100 + 19, 100, 0, 0), 0);
        assertNotNull(t.lengthNote());
        assertTrue(t.lengthNote().startsWith("only " + t.commonLength() + " post-warmup draws per chain so far: R-hat and"
                + " ESS are rough this short"), t.lengthNote());
        DiagnosticsViewModel.Table longer = vm.compute(source(4, 100 + 200, 100, 0, 0), 0);
        assertTrue(longer.commonLength() >= DiagnosticsViewModel.SHORT_CHAINS, "" + longer.commonLength());
        assertTrue(longer.lengthNote() == null || !longer.lengthNote().contains("rough"), longer.lengthNote());
    }

    /**
     * A wide network's live run keeps only its latest few hundred iterations in the window's ring buffer: its table
     * read "post-warmup draws used: 1275" for 3 x 3000 draws with no word that the rest were no longer held. The
     * line under the table says how many iterations the window holds and how many post-warmup draws it forgot;
     * a run the buffer holds whole says nothing of it.
     */
    @Test
    void aRunLongerThanTheWindowHoldsSaysWhatItForgot() {
        DiagnosticsViewModel vm = new DiagnosticsViewModel(new CoreSummaryEngine(), 100_000);
        workbench.viz.LiveBuffer longRun = normalRun(300, 100, 1100);
        long held = longRun.size(0) - longRun.first(0);
        assertTrue(longRun.first(0) > 100 && held >= 300, longRun.first(0) + " " + held);
        DiagnosticsViewModel.Table t = vm.compute(longRun, 0);
        assertNotNull(t.lengthNote());
        long forgotten = 2 * (longRun.first(0) - 100);
        assertTrue(t.lengthNote().contains("the window holds only the latest " + held + " iterations per chain: "
                + forgotten + " earlier post-warmup draws are not in it (the session on disk keeps every draw; "
                + "`workbench summary` covers them all)"), t.lengthNote());
        assertEquals(2 * held, t.draws());

        // the divergence count is the run's: over which transitions, where the table uses fewer draws
        assertEquals("divergences after warmup: 7 of the run's 2000 post-warmup transitions (+2 in warmup)",
                DiagnosticsViewModel.divergenceText(DiagnosticsViewModel.postWarmupTransitions(longRun), t.draws(), 7, 2));

        DiagnosticsViewModel.Table whole = vm.compute(normalRun(2000, 100, 1100), 0);
        assertEquals("divergences after warmup: 7 (+2 in warmup)",
                DiagnosticsViewModel.divergenceText(DiagnosticsViewModel.postWarmupTransitions(normalRun(2000, 100, 1100)),
                        whole.draws(), 7, 2));
        assertTrue(whole.lengthNote() == null || !whole.lengthNote().contains("window holds"), whole.lengthNote());
        // a full-speed run: the counts and the run's transitions are read together, before the table is computed over
        // the draws made by then (more); the line no longer says "7 of the run's 3000" beside a table of 2000 draws,
        // 3000 being the transitions made by the time the table was shown, 7 the count of the first 1000
        assertEquals("divergences after warmup: 7 (+2 in warmup)",
                DiagnosticsViewModel.divergenceText(1000, whole.draws(), 7, 2));
        assertEquals(2 * 1000, whole.draws());
    }

    /** Two chains of iid standard normals on {@code gaussian-2d} in a live buffer asked to keep {@code capacity}. */
    private static workbench.viz.LiveBuffer normalRun(int capacity, int warmup, int iterations) {
        workbench.core.run.RunConfig cfg = new workbench.core.run.RunConfig("gaussian-2d", java.util.Map.of("rho", "0"),
                "rwm", java.util.Map.of(), 2, warmup, iterations - warmup, 1, 1, null);
        workbench.core.model.catalog.Gaussian2d model = new workbench.core.model.catalog.Gaussian2d(0);
        workbench.viz.LiveBuffer b = new workbench.viz.LiveBuffer(capacity);
        b.start(new workbench.core.run.RunInfo(cfg, model, null, model.outputNames(), "test"));
        Random r = new Random(3);
        for (int i = 0; i < iterations; i++) {
            for (int c = 0; c < 2; c++) {
                double x = r.nextGaussian();
                double y = r.nextGaussian();
                b.transition(c, i, new workbench.core.kernel.Transition(StandardNormalBuffers.at(x, y), true, 1, 0,
                        0, false, null, 0.5, 1, 1, 1, i < warmup, null, java.util.Map.of()), new double[] {x, y});
            }
        }
        return b;
    }

    /**
     * The window's words on divergences after warmup are `workbench summary`'s advice for the run shown, worded for
     * the window: raise the tuned target (naming the catalog's non-centred form of the centred eight schools, and no
     * form for the non-centred one), lower a step size set by hand, raise sghmc's friction.
     */
    @Test
    void divergenceAdviceIsTheSummarysForTheRunShown() {
        Map<String, String> nuts = Map.of("adapt_delta", "0.8");
        String centred = DiagnosticsViewModel.divergenceWhy(
                new DivergenceAdvice.Run("eight-schools-centered", "nuts", nuts, true, false));
        assertTrue(centred.endsWith("raise adapt_delta toward 1 (now 0.8; e.g. adapt_delta = 0.95 in the sampler's"
                + " settings, so that warmup adapts a smaller step size; step_size only sets where warmup starts) or"
                + " reparameterize (e.g. its non-centred form, the model eight-schools-noncentered)."), centred);
        String nc = DiagnosticsViewModel.divergenceWhy(
                new DivergenceAdvice.Run("eight-schools-noncentered", "nuts", nuts, true, false));
        assertTrue(!nc.contains("reparameterize") && nc.contains("raise adapt_delta toward 1"), nc);
        String byHand = DiagnosticsViewModel.divergenceWhy(
                new DivergenceAdvice.Run("eight-schools-centered", "nuts", nuts, true, true));
        assertTrue(byHand.endsWith("biased there: lower the step size."), byHand);
        String sghmc = DiagnosticsViewModel.divergenceWhy(new DivergenceAdvice.Run("banana", "sghmc", Map.of(), true,
                false));
        assertTrue(sghmc.endsWith("raise the friction (e.g. friction = 1 in the sampler's settings)."), sghmc);
        assertTrue(DiagnosticsViewModel.divergenceWhy(null).contains("reparameterize"));
    }
}
