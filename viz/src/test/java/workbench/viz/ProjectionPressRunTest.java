package workbench.viz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

/**
 * Before a run the projection says "Press Run to start the chains" under its plot's centre. At 16 px text in a
 * 1280 x 720 window the projection is about 250 px wide and the line was cut at "chai" by the view's edge; it now takes
 * the longest of its forms that fits.
 */
class ProjectionPressRunTest {

    @Test
    void theEmptyProjectionsLineFitsTheView() {
        for (double scale : new double[] {0.75, 1, 4.0 / 3, 5.0 / 3, 2}) {
            Text probe = new Text();
            probe.setFont(Font.font(PlotArea.LABEL_FONT.getFamily(), PlotArea.LABEL_FONT.getSize() * scale));
            for (double w = 160; w <= 700; w += 15) {
                List<Object[]> texts = new ArrayList<>();
                new ProjectionView().paint(AxisLabelsTest.recorder(scale, texts), w, 300, System.nanoTime());
                String where = w + " px wide at scale " + scale;
                Object[] line = texts.stream().filter(t -> ProjectionView.PRESS_RUN.contains(t[0])).findFirst()
                        .orElseThrow(() -> new AssertionError(where + ": no Press Run line"));
                probe.setText((String) line[0]);
                double half = probe.getLayoutBounds().getWidth() / 2;
                double x = (double) line[1];
                if (!line[0].equals("Press Run")) {
                    assertTrue(x - half >= 0 && x + half <= w, where + ": \"" + line[0] + "\" from " + (x - half)
                            + " to " + (x + half));
                }
            }
        }
        List<Object[]> wide = new ArrayList<>();
        new ProjectionView().paint(AxisLabelsTest.recorder(1, wide), 600, 400, System.nanoTime());
        assertTrue(wide.stream().anyMatch(t -> t[0].equals("Press Run to start the chains")), "whole where it fits");
        List<Object[]> narrow = new ArrayList<>();
        new ProjectionView().paint(AxisLabelsTest.recorder(4.0 / 3, narrow), 250, 300, System.nanoTime());
        assertEquals(0, narrow.stream().filter(t -> t[0].equals("Press Run to start the chains")).count(),
                "shortened in a narrow view");
    }
}
