package workbench.app.gui;

import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.EnergyCharts;
import workbench.viz.LiveBuffer;

/** Energy charts laid out off screen, 1400 x 300, for tests that read what they say. */
final class EnergyChartsOffScreen {
    private EnergyChartsOffScreen() {
    }

    /**
     * The E-BFMI chart's note for {@code b}: E-BFMI from {@code ebfmi} (null: the charts' own), over the draws before
     * {@code drawsTo} (null: all).
     */
    static String bfmiNote(LiveBuffer b, ToDoubleFunction<double[]> ebfmi, long[] drawsTo) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            EnergyCharts c = inScene(b, ebfmi, null, 1400, 400);
            c.resize(1400, 300);
            c.layout();
            if (drawsTo != null) {
                c.setDrawsTo(b, drawsTo);
            }
            c.refresh();
            return c.bfmiNote();
        }).get(10, TimeUnit.SECONDS);
    }

    /**
     * New energy charts on {@code b} in a {@code width} x {@code height} scene of their own, CSS applied (on the FX
     * thread): E-BFMI from {@code ebfmi} (null: the charts' own), the holder's {@code style} (null: none).
     */
    static EnergyCharts inScene(LiveBuffer b, ToDoubleFunction<double[]> ebfmi, String style, double width,
                                double height) {
        EnergyCharts c = new EnergyCharts();
        if (ebfmi != null) {
            c.setEbfmi(ebfmi);
        }
        c.setManaged(false);
        Pane holder = new Pane(c);
        if (style != null) {
            holder.setStyle(style);
        }
        new Scene(holder, width, height);
        holder.applyCss();
        c.setBuffer(b);
        return c;
    }
}
