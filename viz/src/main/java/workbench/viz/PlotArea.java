package workbench.viz;

import javafx.geometry.VPos;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * The mapping between data coordinates and pixels of one plot rectangle, with axis drawing.
 * Immutable; views make a new one per frame.
 */
public record PlotArea(double left, double top, double width, double height,
                       double xmin, double xmax, double ymin, double ymax) {

    public static final Font TICK_FONT = Font.font("System", 11);
    public static final Font LABEL_FONT = Font.font("System", 12);

    public double px(double x) {
        return left + (x - xmin) / (xmax - xmin) * width;
    }

    public double py(double y) {
        return top + height - (y - ymin) / (ymax - ymin) * height;
    }

    public double dataX(double px) {
        return xmin + (px - left) / width * (xmax - xmin);
    }

    public double dataY(double py) {
        return ymin + (top + height - py) / height * (ymax - ymin);
    }

    public boolean contains(double px, double py) {
        return px >= left && px <= left + width && py >= top && py <= top + height;
    }

    /** Grid lines at the ticks (drawn first, under the data). */
    public void drawGrid(Pen g, boolean vertical, boolean horizontal) {
        g.setStroke(Palette.GRID);
        g.setLineWidth(1);
        if (vertical) {
            for (double t : Ticks.nice(xmin, xmax, (int) Math.max(2, width / 80))) {
                double x = Math.round(px(t)) + 0.5;
                g.strokeLine(x, top, x, top + height);
            }
        }
        if (horizontal) {
            for (double t : Ticks.nice(ymin, ymax, (int) Math.max(2, height / 50))) {
                double y = Math.round(py(t)) + 0.5;
                g.strokeLine(left, y, left + width, y);
            }
        }
    }

    /** The bottom axis with ticks, tick labels and a label under it (null label: none). */
    public void drawXAxis(Pen g, String label, boolean tickLabels) {
        double[] ticks = Ticks.nice(xmin, xmax, (int) Math.max(2, width / 80));
        double spacing = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
        double y0 = top + height;
        g.setStroke(Palette.INK);
        g.setFill(Palette.INK);
        g.setLineWidth(1);
        g.strokeLine(left, y0 + 0.5, left + width, y0 + 0.5);
        g.setFont(TICK_FONT);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        for (double t : ticks) {
            double x = Math.round(px(t)) + 0.5;
            g.strokeLine(x, y0, x, y0 + 4);
            if (tickLabels) {
                String text = Ticks.label(t, spacing);
                double half = labelWidth(text) / 2;
                if (x + half > left + width + 1) {
                    // a label centred on a tick at the right end would reach past the view's edge and be
                    // cut ("10000" read as "1000"): end it at the axis end instead
                    g.setTextAlign(TextAlignment.RIGHT);
                    g.fillText(text, left + width + 1, y0 + 6);
                    g.setTextAlign(TextAlignment.CENTER);
                } else {
                    g.fillText(text, x, y0 + 6);
                }
            }
        }
        if (label != null) {
            g.setFont(LABEL_FONT);
            g.fillText(label, left + width / 2, y0 + 22);
        }
    }

    /** A generous estimate of a tick label's width in {@link #TICK_FONT} (digits, sign, point, exponent). */
    static double labelWidth(String text) {
        return 0.62 * TICK_FONT.getSize() * text.length();
    }

    /** The left axis with ticks, tick labels and a vertical label beside it (null label: none). */
    public void drawYAxis(Pen g, String label) {
        double[] ticks = Ticks.nice(ymin, ymax, (int) Math.max(2, height / 50));
        double spacing = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
        g.setStroke(Palette.INK);
        g.setFill(Palette.INK);
        g.setLineWidth(1);
        g.strokeLine(left - 0.5, top, left - 0.5, top + height);
        g.setFont(TICK_FONT);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        for (double t : ticks) {
            double y = Math.round(py(t)) + 0.5;
            g.strokeLine(left - 4, y, left, y);
            g.fillText(Ticks.label(t, spacing), left - 6, y);
        }
        if (label != null) {
            g.save();
            g.setFont(LABEL_FONT);
            g.setTextAlign(TextAlignment.CENTER);
            g.setTextBaseline(VPos.TOP);
            g.translate(2, top + height / 2);
            g.rotate(-90);
            g.fillText(label, 0, 0);
            g.restore();
        }
    }
}
