package workbench.core.distill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/** Progress reporting and cancellation of the distillation routines. */
class DistillProgressTest {

    private static Points gaussian(int n, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n * d];
        double[] s = new double[n * d];
        for (int i = 0; i < x.length; i++) {
            x[i] = r.nextGaussian();
            s[i] = -x[i];
        }
        return Points.standardize(n, d, x, s);
    }

    /** Records every fraction; cancels once {@code cancelAfter} fractions were reported (never when negative). */
    private static final class Recorder implements Progress {
        final List<Double> seen = new ArrayList<>();
        final int cancelAfter;
        int reportsAfterCancel;
        int checksAfterCancel;
        volatile boolean cancel;

        Recorder(int cancelAfter) {
            this.cancelAfter = cancelAfter;
        }

        @Override
        public void report(double fraction) {
            if (cancel) {
                reportsAfterCancel++;
            }
            seen.add(fraction);
            if (cancelAfter >= 0 && seen.size() >= cancelAfter) {
                cancel = true;
            }
        }

        @Override
        public boolean cancelled() {
            if (cancel) {
                checksAfterCancel++;
            }
            return cancel;
        }
    }

    @Test
    void everyMethodReportsRisingProgressEndingAtOneAndTheSameResultAsWithout() {
        Points p = gaussian(1500, 2, 7);
        for (Distiller.Method m : Distiller.Method.values()) {
            Recorder rec = new Recorder(-1);
            Distiller.Result with = Distiller.run(p, m, 40, null, 3, rec);
            Distiller.Result without = Distiller.run(p, m, 40, null, 3);
            assertTrue(rec.seen.size() >= 40, m + ": only " + rec.seen.size() + " reports");
            for (int i = 1; i < rec.seen.size(); i++) {
                assertTrue(rec.seen.get(i) >= rec.seen.get(i - 1) - 1e-12, m + ": progress fell at report " + i
                        + ": " + rec.seen.get(i - 1) + " -> " + rec.seen.get(i));
            }
            assertEquals(0.0, rec.seen.get(0), m.id());
            assertEquals(1.0, rec.seen.get(rec.seen.size() - 1), 1e-12, m.id());
            assertTrue(rec.seen.stream().allMatch(f -> f >= 0 && f <= 1 + 1e-12), m.id());
            // the bar moves in many steps, not in one jump at the end
            long between = rec.seen.stream().filter(f -> f > 0 && f < 1).distinct().count();
            assertTrue(between >= 20, m + ": " + between + " distinct fractions strictly between 0 and 1");
            assertArrayEquals(without.indices(), with.indices(), m.id());
            assertArrayEquals(without.points(), with.points(), 0.0, m.id());
            assertEquals(without.curve(), with.curve(), m.id());
            assertEquals(without.bandwidth(), with.bandwidth(), 0.0);
        }
    }

    @Test
    void cancellingStopsEachMethodAtTheNextStep() {
        Points p = gaussian(2000, 2, 9);
        for (Distiller.Method m : Distiller.Method.values()) {
            Recorder full = new Recorder(-1);
            Distiller.run(p, m, 100, null, 1, full);
            int cancelAt = full.seen.size() / 3;
            Recorder rec = new Recorder(cancelAt);
            assertThrows(CancellationException.class, () -> Distiller.run(p, m, 100, null, 1, rec), m.id());
            assertEquals(cancelAt, rec.seen.size(), m + ": work went on after the cancel flag was set");
            assertEquals(0, rec.reportsAfterCancel, m.id());
            assertEquals(1, rec.checksAfterCancel, m + ": the first check after the flag must throw");
            assertTrue(rec.seen.get(rec.seen.size() - 1) < 1, m + ": stopped at " + rec.seen.get(rec.seen.size() - 1));
        }
    }

    @Test
    void theRoutinesStopInsideTheirLoops() {
        Points p = gaussian(30000, 2, 11);
        // herding's mean embedding: cancelled after its first chunk of rows, before the 30000 x 1000 kernel sums end
        Recorder herd = new Recorder(1);
        assertThrows(CancellationException.class, () -> KernelHerding.select(p, 500, 1, 1000, 1, herd));
        assertEquals(1, herd.seen.size());
        assertTrue(herd.seen.get(0) < 0.5, "first herding step at " + herd.seen.get(0));
        Recorder stein = new Recorder(5);
        assertThrows(CancellationException.class, () -> SteinThinning.select(p, 500, stein));
        assertEquals(List.of(1 / 500.0, 2 / 500.0, 3 / 500.0, 4 / 500.0, 5 / 500.0), stein.seen);
        Recorder support = new Recorder(2);
        assertThrows(CancellationException.class, () -> SupportPoints.compute(p, 50, 100, 2000, 0, 1, support));
        assertEquals(List.of(0.01, 0.02), support.seen);
        Recorder quality = new Recorder(3);
        assertThrows(CancellationException.class, () -> new Quality(p, 1, 4000, 1, quality));
        assertEquals(3, quality.seen.size());
        assertTrue(quality.seen.get(2) < 0.5, "three chunks of 256 of 4000 rows: " + quality.seen.get(2));
    }

    @Test
    void partsMapOntoTheirRangeAndShareTheCancelFlag() {
        Recorder rec = new Recorder(-1);
        Progress part = rec.part(0.25, 0.75);
        part.step(0);
        part.step(0.5);
        part.step(1);
        part.part(0.5, 1).step(0.5);
        assertEquals(List.of(0.25, 0.5, 0.75, 0.625), rec.seen);
        rec.cancel = true;
        assertTrue(part.cancelled());
        assertThrows(CancellationException.class, () -> part.step(0.9));
        assertEquals(4, rec.seen.size());
    }
}
