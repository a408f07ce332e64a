package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.TemperedView;

/**
 * A projection zoomed on one target kept that box when another was picked: the banana drawn in the funnel's zoomed
 * corner, or a higher-dimensional model's empty plot still ruled with the last target's ranges until Fit view. Another
 * target now drops the zoom; the same one tempered or re-set keeps it.
 */
class ProjectionModelSwitchTest {

    private static double[] fitted(Model m) {
        ProjectionView v = new ProjectionView();
        v.setModel(m);
        return v.box();
    }

    @Test
    void anotherTargetDropsTheZoom() {
        Model funnel = ModelRegistry.create("funnel", Map.of());
        Model banana = ModelRegistry.create("banana", Map.of());
        ProjectionView v = new ProjectionView();
        v.setModel(funnel);
        v.zoomAboutCentre(0.25);
        double[] zoomed = v.box();
        assertFalse(Arrays.equals(zoomed, fitted(funnel)));
        // the same target at another temperature: the zoom stays
        v.setModel(TemperedView.of(funnel, Map.of("temperature", "2")));
        assertArrayEquals(zoomed, v.box());
        v.setModel(null); // settings being typed
        v.setModel(banana);
        assertArrayEquals(fitted(banana), v.box());
    }

    @Test
    void anEmptyPlotOfAnotherTargetDoesNotKeepTheLastRanges() {
        Model banana = ModelRegistry.create("banana", Map.of());
        Model gaussian = ModelRegistry.create("gaussian", Map.of("dim", "5"));
        ProjectionView v = new ProjectionView();
        v.setModel(banana);
        assertFalse(Arrays.equals(new double[] {-3, 3, -3, 3}, v.box()), "banana's own box");
        v.setModel(gaussian);
        assertArrayEquals(new double[] {-3, 3, -3, 3}, v.box());
    }
}
