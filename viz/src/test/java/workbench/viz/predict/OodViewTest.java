package workbench.viz.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import workbench.core.predict.OutOfDistribution;

/**
 * A session that blew up predicts infinite uncertainty: its points are left out and named, and the other sessions'
 * curves are drawn. Before, one infinite point made the axis throw ("Must be finite") when the chart was drawn, and the
 * Evaluate window's chart was blank for every session.
 */
class OodViewTest {

    @Test
    void aNonFiniteCurveIsLeftOutAndNamedTheOthersDrawn() {
        double[] sizes = {0, 1, 2};
        OodView.Built b = OodView.build(List.of(
                new OodView.Entry("good", new OutOfDistribution.Curve(OutOfDistribution.Kind.SHIFT, sizes,
                        new double[] {0.5, 0.7, 0.9}), null),
                new OodView.Entry("blew up", new OutOfDistribution.Curve(OutOfDistribution.Kind.SHIFT, sizes,
                        new double[] {Double.POSITIVE_INFINITY, Double.NaN, Double.POSITIVE_INFINITY}), null)));
        assertEquals(3, b.set().getItemCount(0));
        assertEquals(0, b.set().getItemCount(1));
        assertEquals(3, b.points());
        assertEquals(List.of("blew up"), List.copyOf(b.notFinite()));
        // drawn without the axis throwing (JFreeChart alone: the view's own node needs the FX toolkit)
        XYPlot plot = new XYPlot(b.set(), new NumberAxis(), new NumberAxis(), b.renderer());
        assertEquals(400, new JFreeChart(plot).createBufferedImage(400, 300).getWidth());
    }
}
