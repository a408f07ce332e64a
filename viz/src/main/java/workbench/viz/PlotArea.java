package workbench.viz;

import javafx.geometry.VPos;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * The mapping between data coordinates and pixels of one plot rectangle, with axis drawing.
 * Immutable; views make a new one per frame.
 */
public record PlotArea(double left, double top, double width, double height,
                       double xmin, double xmax, double ymin, double ymax, boolean wholeX) {

    /** An area whose x ticks may fall anywhere ({@link #wholeNumbersOnX} for an axis of whole things). */
    public PlotArea(double left, double top, double width, double height, double xmin, double xmax, double ymin,
                    double ymax) {
        this(left, top, width, height, xmin, xmax, ymin, ymax, false);
    }

    /** Tick labels at the normal text size ({@link Pen#setFont} scales it with the window's text). */
    public static final Font TICK_FONT = Font.font("System", 11);
    /** Axis labels at the normal text size ({@link Pen#setFont} scales it with the window's text). */
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

    /**
     * The part of the segment from (x0, y0) to (x1, y1), in data coordinates, that lies in this area's box widened
     * by a tenth of its size each way, as {x0, y0, x1, y1}; null when none does or an end is not finite. Drawing
     * the clipped part keeps pixel coordinates small: the renderer draws nothing of a line to a point such as a
     * divergent trajectory's tau = 6e293 (about -9e294 pixels), though the line crosses the view.
     */
    public double[] clip(double x0, double y0, double x1, double y1) {
        double dx = x1 - x0;
        double dy = y1 - y0;
        if (!(Double.isFinite(x0) && Double.isFinite(y0) && Double.isFinite(dx) && Double.isFinite(dy))) {
            return null;
        }
        double sx = (xmax - xmin) / 10;
        double sy = (ymax - ymin) / 10;
        double[] p = {-dx, dx, -dy, dy};
        double[] q = {x0 - (xmin - sx), (xmax + sx) - x0, y0 - (ymin - sy), (ymax + sy) - y0};
        double t0 = 0;
        double t1 = 1;
        for (int k = 0; k < 4; k++) {
            if (p[k] == 0) {
                if (q[k] < 0) {
                    return null;
                }
            } else {
                double r = q[k] / p[k];
                if (p[k] < 0) {
                    if (r > t1) {
                        return null;
                    }
                    t0 = Math.max(t0, r);
                } else {
                    if (r < t0) {
                        return null;
                    }
                    t1 = Math.min(t1, r);
                }
            }
        }
        return new double[] {x0 + t0 * dx, y0 + t0 * dy, x0 + t1 * dx, y0 + t1 * dy};
    }

    /**
     * Where the segment from (x0, y0), inside this area's box, to (x1, y1), outside it, leaves the box, as {x, y}
     * in data coordinates; null when (x0, y0) is not in the box, (x1, y1) is, or a coordinate is not finite. A
     * divergence far out is marked there, on the view's edge, in the direction its trajectory flew off.
     */
    public double[] exit(double x0, double y0, double x1, double y1) {
        if (!(x0 >= xmin && x0 <= xmax && y0 >= ymin && y0 <= ymax)
                || (x1 >= xmin && x1 <= xmax && y1 >= ymin && y1 <= ymax)) {
            return null;
        }
        double dx = x1 - x0;
        double dy = y1 - y0;
        if (!(Double.isFinite(dx) && Double.isFinite(dy))) {
            return null;
        }
        double t = 1;
        if (dx > 0) {
            t = Math.min(t, (xmax - x0) / dx);
        } else if (dx < 0) {
            t = Math.min(t, (xmin - x0) / dx);
        }
        if (dy > 0) {
            t = Math.min(t, (ymax - y0) / dy);
        } else if (dy < 0) {
            t = Math.min(t, (ymin - y0) / dy);
        }
        return new double[] {Math.max(xmin, Math.min(xmax, x0 + t * dx)), Math.max(ymin, Math.min(ymax, y0 + t * dy))};
    }

    /*
     * A tick every 80 px across and 50 px up at the normal text size, farther apart as the pen's text grows; and
     * fewer still where the labels at the pen's text size would not fit between two ticks (the narrow marginal
     * strips: "0.00", "0.05", "0.10" 39 px apart at 18 px text ran together as "0.00.050.10"). Grid and axis use
     * the same ticks.
     */

    /** The gap left between two tick labels at the normal text size. */
    private static final double LABEL_GAP = 6;

    /**
     * This area with x ticks only at whole numbers: an iteration axis in a run's first seconds, 0 to 2 iterations, was
     * ticked 0, 0.5, 1, 1.5, 2, and there is no iteration 1.5.
     */
    PlotArea wholeNumbersOnX() {
        return new PlotArea(left, top, width, height, xmin, xmax, ymin, ymax, true);
    }

    /** The x ticks: about one per 80 px at the normal text size, fewer until their labels fit between them. */
    double[] xTicks(double textScale) {
        int target = (int) Math.max(2, width / (80 * textScale));
        double[] ticks = Ticks.nice(xmin, xmax, target);
        while (target > 1 && !xLabelsFit(ticks, textScale)) {
            target--;
            ticks = Ticks.nice(xmin, xmax, target);
        }
        if (wholeX && ticks.length > 1 && ticks[1] - ticks[0] < 1) {
            ticks = java.util.Arrays.stream(ticks).filter(t -> t == Math.rint(t)).toArray();
        }
        return ticks;
    }

    private boolean xLabelsFit(double[] ticks, double textScale) {
        if (ticks.length < 2) {
            return true;
        }
        double spacing = ticks[1] - ticks[0];
        double widest = 0;
        for (double t : ticks) {
            widest = Math.max(widest, labelWidth(Ticks.label(t, spacing)));
        }
        return Math.abs(px(ticks[1]) - px(ticks[0])) >= (widest + LABEL_GAP) * textScale;
    }

    /** The y ticks: about one per 50 px at the normal text size, fewer until their labels fit between them. */
    double[] yTicks(double textScale) {
        int target = (int) Math.max(2, height / (50 * textScale));
        double[] ticks = Ticks.nice(ymin, ymax, target);
        while (target > 1 && ticks.length > 1
                && Math.abs(py(ticks[1]) - py(ticks[0])) < (labelHeight() + LABEL_GAP) * textScale) {
            target--;
            ticks = Ticks.nice(ymin, ymax, target);
        }
        return ticks;
    }

    /** Grid lines at the ticks (drawn first, under the data). */
    public void drawGrid(Pen g, boolean vertical, boolean horizontal) {
        g.setStroke(Palette.GRID);
        g.setLineWidth(1);
        if (vertical) {
            for (double t : xTicks(g.textScale())) {
                double x = Math.round(px(t)) + 0.5;
                g.strokeLine(x, top, x, top + height);
            }
        }
        if (horizontal) {
            for (double t : yTicks(g.textScale())) {
                double y = Math.round(py(t)) + 0.5;
                g.strokeLine(left, y, left + width, y);
            }
        }
    }

    /** The bottom axis with ticks, tick labels and a label under it (null label: none). */
    public void drawXAxis(Pen g, String label, boolean tickLabels) {
        double[] ticks = xTicks(g.textScale());
        double spacing = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
        double y0 = top + height;
        g.setStroke(Palette.INK);
        g.setFill(Palette.INK);
        g.setLineWidth(1);
        g.strokeLine(left, y0 + 0.5, left + width, y0 + 0.5);
        g.setFont(TICK_FONT);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        double lastEnd = Double.NEGATIVE_INFINITY;
        for (double t : ticks) {
            double x = Math.round(px(t)) + 0.5;
            g.strokeLine(x, y0, x, y0 + 4);
            if (tickLabels) {
                String text = Ticks.label(t, spacing);
                double w = labelWidth(text) * g.textScale();
                // a label centred on a tick at the right end would reach past the view's edge and be
                // cut ("10000" read as "1000"): end it at the axis end instead
                boolean atEnd = x + w / 2 > left + width + 1;
                double start = atEnd ? left + width + 1 - w : x - w / 2;
                if (start < lastEnd + LABEL_GAP * g.textScale()) {
                    // even two ticks leave no room for both labels (a very narrow axis): leave this one out
                    continue;
                }
                lastEnd = start + w;
                if (atEnd) {
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
            g.fillText(label, left + width / 2, y0 + xLabelOffset(g.textScale())); // under the tick labels
        }
    }

    /**
     * The first of {@code forms} (longest first) that fits on one line in {@code room} pixels at {@link #LABEL_FONT}
     * times {@code textScale}; the last when none does, the first when the room is not known yet.
     */
    static String firstFitting(java.util.List<String> forms, double room, double textScale) {
        return firstFitting(forms, room, textScale, LABEL_FONT);
    }

    /** {@link #firstFitting(java.util.List, double, double)} at {@code font} times {@code textScale}. */
    static String firstFitting(java.util.List<String> forms, double room, double textScale, Font font) {
        if (!(room > 0) || forms.size() == 1) {
            return forms.get(0);
        }
        javafx.scene.text.Text t = new javafx.scene.text.Text();
        t.setFont(textScale == 1 ? font : Font.font(font.getFamily(), font.getSize() * textScale));
        for (String s : forms) {
            t.setText(s);
            if (t.getLayoutBounds().getWidth() <= room) {
                return s;
            }
        }
        return forms.get(forms.size() - 1);
    }

    /**
     * {@code text} broken at spaces into lines at most {@code room} pixels wide at {@code font} times {@code textScale},
     * greedily (a word wider than that on a line of its own); one line where the room is not known.
     */
    static java.util.List<String> wrap(String text, double room, double textScale, Font font) {
        if (!(room > 0)) {
            return java.util.List.of(text);
        }
        javafx.scene.text.Text t = new javafx.scene.text.Text();
        t.setFont(textScale == 1 ? font : Font.font(font.getFamily(), font.getSize() * textScale));
        return greedy(t, text.split(" "), room, " ");
    }

    /**
     * {@code words} joined by {@code joint} on lines at most {@code room} wide as {@code probe} measures them (its
     * font), greedily (a word wider than that on a line of its own); a line ends without the joint.
     */
    static java.util.List<String> greedy(javafx.scene.text.Text probe, String[] words, double room, String joint) {
        java.util.List<String> lines = new java.util.ArrayList<>();
        String line = "";
        for (String word : words) {
            String longer = line.isEmpty() ? word : line + joint + word;
            probe.setText(longer);
            if (!line.isEmpty() && probe.getLayoutBounds().getWidth() > room) {
                lines.add(line);
                line = word;
            } else {
                line = longer;
            }
        }
        lines.add(line);
        return lines;
    }

    /** How far below the x axis {@link #drawXAxis} puts the top of its label (under the tick labels). */
    static double xLabelOffset(double textScale) {
        return 6 + 16 * textScale;
    }

    /**
     * How far below the x axis the bottom of the label {@link #drawXAxis} draws lies, at a text scale: its top's offset
     * and the line height of {@link #LABEL_FONT} at that scale (what a layout under the plot must leave room for).
     */
    public static double xLabelBottom(double textScale) {
        javafx.scene.text.Text t = new javafx.scene.text.Text("x[1]");
        t.setFont(Font.font(LABEL_FONT.getFamily(), LABEL_FONT.getSize() * textScale));
        return xLabelOffset(textScale) + t.getLayoutBounds().getHeight();
    }

    /** A generous estimate of a tick label's width in {@link #TICK_FONT} at text scale 1 (digits, sign, point, exponent). */
    static double labelWidth(String text) {
        return 0.62 * TICK_FONT.getSize() * text.length();
    }

    /** A tick label's line height in {@link #TICK_FONT} at text scale 1. */
    static double labelHeight() {
        return 1.2 * TICK_FONT.getSize();
    }

    /** The left axis with ticks, tick labels and a vertical label beside it (null label: none). */
    public void drawYAxis(Pen g, String label) {
        double[] ticks = yTicks(g.textScale());
        double spacing = ticks.length > 1 ? ticks[1] - ticks[0] : 1;
        g.setStroke(Palette.INK);
        g.setFill(Palette.INK);
        g.setLineWidth(1);
        g.strokeLine(left - 0.5, top, left - 0.5, top + height);
        g.setFont(TICK_FONT);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        double lastTop = Double.POSITIVE_INFINITY; // the ticks go up the axis
        double h = labelHeight() * g.textScale();
        for (double t : ticks) {
            double y = Math.round(py(t)) + 0.5;
            g.strokeLine(left - 4, y, left, y);
            if (y + h / 2 > lastTop - LABEL_GAP * g.textScale()) {
                continue; // no room for this label beside the one below it (a very short axis)
            }
            lastTop = y - h / 2;
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
