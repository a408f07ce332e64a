package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.kernel.Transition;
import workbench.viz.ChainDraws;
import workbench.viz.ChainDrawsView;
import workbench.viz.LiveBuffer;
import workbench.viz.Pen;

/**
 * The rank and autocorrelation views compute on a background pool. A computation that threw anything but a bad-input
 * error was swallowed by the pool's future, and the view, still waiting for that result, never computed again for as
 * long as the window was open. It now says what failed and computes again when the draws change.
 */
class ChainDrawsFailureFxTest extends WindowFxBase {

    /** Fails on its first computation, then counts the draws it was given. */
    static final class FailsOnce extends ChainDrawsView<Integer> {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        protected int minDraws() {
            return 2;
        }

        @Override
        protected Integer compute(ChainDraws d) {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("broken on purpose");
            }
            return d.perChain();
        }

        @Override
        public void paint(Pen g, double w, double h) {
        }

        Integer result() {
            return result;
        }
    }

    @Test
    void aFailedComputationIsSaidAndTheViewComputesAgain(FxRobot robot) throws Exception {
        LiveBuffer buffer = StandardNormalBuffers.started("nuts", 1, 100);
        for (int i = 0; i < 10; i++) {
            buffer.transition(0, i, new Transition(StandardNormalBuffers.at(i * 0.1, 0), true, 1, 0, 0, false, null,
                    0.5, 1, 1, 1, false, null, Map.of()), new double[] {i * 0.1, 0});
        }
        FailsOnce view = onFx(() -> {
            FailsOnce v = new FailsOnce();
            v.setSource(buffer);
            v.showParam(0);
            assertTrue(v.refresh());
            return v;
        });
        waitUntil("the failure said", () -> view.problem() != null);
        assertEquals("not computed: IllegalStateException (broken on purpose)", onFx(view::problem));
        for (int i = 10; i < 20; i++) {
            buffer.transition(0, i, new Transition(StandardNormalBuffers.at(i * 0.1, 0), true, 1, 0, 0, false, null,
                    0.5, 1, 1, 1, false, null, Map.of()), new double[] {i * 0.1, 0});
        }
        assertTrue(onFx(view::refresh), "the view computes again once the draws change");
        waitUntil("the next result", () -> view.result() != null);
        assertEquals(20, onFx(view::result));
        assertEquals(null, onFx(view::problem));
    }
}
