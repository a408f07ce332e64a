package workbench.core.draws;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/** Which post-warmup iterations are posterior draws: all for every sampler but csgld, its sampling phases for it. */
class DrawPhaseTest {

    /** The rule as csgld's Javadoc states it: iteration k (1-based) samples iff mod(k - 1, C) / C >= fraction. */
    private static boolean sampling(long i, int c, double f) {
        return (double) (i % c) / c >= f;
    }

    @Test
    void theRuleAndItsCountsMatchTheIterationFormula() {
        int[] cycles = {1, 2, 3, 7, 10, 100, 1000, 2000};
        double[] fractions = {0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.99};
        for (int c : cycles) {
            for (double f : fractions) {
                DrawPhase ph = DrawPhase.cyclic(c, f);
                List<Long> draws = new ArrayList<>();
                for (long i = 0; i < 5L * c + 13; i++) {
                    assertEquals(sampling(i, c, f), ph.isDraw(i), c + " " + f + " " + i);
                    if (sampling(i, c, f)) {
                        draws.add(i);
                    }
                }
                assertEquals(f == 0, ph.all(), c + " " + f);
                for (long from : new long[] {0, 1, c / 2, c, 3L * c + 1}) {
                    long before = draws.stream().filter(i -> i < from).count();
                    for (long to = from; to < 5L * c + 13; to += Math.max(1, c / 3)) {
                        long t = to;
                        assertEquals(draws.stream().filter(i -> i >= from && i < t).count(), ph.count(from, to));
                    }
                    for (int n = 0; before + n < draws.size(); n++) {
                        assertEquals(draws.get((int) before + n), ph.nth(from, n), c + " " + f + " from " + from);
                    }
                }
            }
        }
    }

    @Test
    void eachSamplerSaysWhichIterationsAreDraws() {
        assertTrue(DrawPhase.of("nuts", Map.of()).all());
        assertTrue(DrawPhase.of("sgld", Map.of()).all());
        assertTrue(DrawPhase.of("no-such-sampler", Map.of()).all());
        assertTrue(DrawPhase.of(null, null).all());
        DrawPhase d = DrawPhase.of("csgld", Map.of());
        assertEquals(1000, d.cycle());
        assertEquals(500, d.explore());
        DrawPhase odd = DrawPhase.of("csgld", Map.of("cycle_length", "7", "explore_fraction", "0.3"));
        assertEquals(3, odd.explore()); // 2/7 < 0.3 <= 3/7
        assertTrue(DrawPhase.of("csgld", Map.of("explore_fraction", "0")).all());
        // a setting this build refuses is dropped, as AcceptStep.of does
        assertEquals(500, DrawPhase.of("csgld", Map.of("cycle_length", "-3")).explore());
        for (var f : SamplerRegistry.all()) {
            if (!f.id().equals("csgld")) {
                assertTrue(f.create(Map.of()).drawPhase().all(), f.id());
            }
        }
    }

    @Test
    void csgldPhaseExtrasAgreeWithItsDrawPhaseWarmupIncluded() {
        Map<String, String> settings = Map.of("step_size", "0.05", "cycle_length", "30", "explore_fraction", "0.4");
        Model m = ModelRegistry.create("gaussian", Map.of("dim", "2"));
        MemoryDraws sink = new MemoryDraws(true);
        RunConfig cfg = new RunConfig("gaussian", Map.of("dim", "2"), "csgld", settings, 2, 45, 200, 3, 2, null);
        new ChainRunner(cfg, m, SamplerRegistry.create("csgld", settings), sink).run();
        DrawPhase ph = SamplerRegistry.create("csgld", settings).drawPhase();
        for (int c = 0; c < 2; c++) {
            List<Transition> ts = sink.transitions(c);
            assertEquals(245, ts.size());
            for (int i = 0; i < ts.size(); i++) {
                assertEquals(ph.isDraw(i) ? 1.0 : 0.0, (double) ts.get(i).extras().get("phase"), "chain " + c + " it " + i);
            }
        }
    }

    /** A source whose value at (chain, iteration, param) tells where it came from; first iterations forgotten. */
    private static DrawSource fake(long warmup, long size, long first) {
        return new DrawSource() {
            @Override
            public List<String> names() {
                return List.of("a", "b");
            }

            @Override
            public int chains() {
                return 2;
            }

            @Override
            public long size(int chain) {
                return size + chain;
            }

            @Override
            public long first(int chain) {
                return first;
            }

            @Override
            public long warmup(int chain) {
                return warmup;
            }

            @Override
            public double value(int chain, long iteration, int param) {
                return chain * 100_000 + iteration + param * 0.5;
            }

            @Override
            public double stat(int chain, long iteration, Stat stat) {
                return iteration;
            }
        };
    }

    @Test
    void thePosteriorViewKeepsWarmupThenOnlyTheDrawsInOrder() {
        DrawPhase ph = DrawPhase.cyclic(10, 0.3);
        assertSame(ph, ph);
        DrawSource plain = fake(5, 58, 0);
        assertSame(plain, DrawPhase.ALL.posterior(plain));
        for (long first : new long[] {0, 3, 5, 17}) {
            DrawSource src = fake(5, 58, first);
            DrawSource v = ph.posterior(src);
            for (int c = 0; c < 2; c++) {
                List<Long> its = new ArrayList<>();
                for (long i = 0; i < src.size(c); i++) {
                    if (i < 5 || ph.isDraw(i)) {
                        its.add(i);
                    }
                }
                assertEquals(its.size(), v.size(c));
                assertEquals(5, v.warmup(c));
                assertEquals(its.indexOf(its.stream().filter(i -> i >= first).findFirst().orElseThrow()), v.first(c));
                for (int j = 0; j < its.size(); j++) {
                    assertEquals(src.value(c, its.get(j), 1), v.value(c, j, 1));
                    assertEquals((double) its.get(j), v.stat(c, j, Stat.ENERGY));
                }
                long from = v.first(c);
                int count = (int) (v.size(c) - from);
                double[][] dest = new double[2][count + 2];
                v.copyValues(c, from, count, new int[] {1, 0}, dest, 2);
                for (int j = 0; j < count; j++) {
                    assertEquals(v.value(c, from + j, 1), dest[0][j + 2]);
                    assertEquals(v.value(c, from + j, 0), dest[1][j + 2]);
                }
                double[][] post = v.sampling(0);
                long drawsAfterWarmup = its.stream().filter(i -> i >= Math.max(5, first)).count();
                assertEquals(drawsAfterWarmup, post[c].length);
            }
        }
    }
}
