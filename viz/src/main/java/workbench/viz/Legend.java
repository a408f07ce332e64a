package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/** A legend box drawn on a canvas: one row per mark, with its symbol and its meaning. */
public final class Legend {
    /** How a legend row's symbol is drawn. */
    public enum Symbol { DOT, LINE, DASH, CROSS, TRIANGLE, /** the outline of a triangle */ OPEN_TRIANGLE, BOX, PATH,
        /** a few short upright ticks, as a trace's rug of divergences draws them */ TICKS,
        /** a row of text under the one above */ NONE, /** the first chains' colours, a small dot each */ CHAIN_DOTS,
        /** the first chains' integrator-path colours ({@link Palette#path}), a short dotted stroke each */ CHAIN_PATHS }

    /** {@code chains}: for {@link Symbol#CHAIN_DOTS} and {@link Symbol#CHAIN_PATHS}, how many chains' colours to show. */
    private record Row(Symbol symbol, Color color, String text, int chains) {
        Row(Symbol symbol, Color color, String text) {
            this(symbol, color, text, 0);
        }
    }

    /** The box's width beyond its widest text: the symbol column and the margins. */
    private static final double TEXT_INSET = 36;

    /** Most chain colours one {@link Symbol#CHAIN_DOTS} symbol shows, left to right in chain order. */
    public static final int CHAIN_DOTS_SHOWN = 4;

    /** The rows' text at the normal text size; drawn {@link Pen#setFont scaled} by the pen's text scale. */
    private static final Font FONT = Font.font("System", 11);
    private final List<Row> rows = new ArrayList<>();
    /** The text scale of the pen it is drawn with (its rows' height and text width grow with it). */
    private final double scale;

    /** A legend drawn at the normal text size. */
    public Legend() {
        this(1);
    }

    /** A legend to be drawn with a pen of this {@link Pen#textScale() text scale}. */
    public Legend(double textScale) {
        scale = Double.isFinite(textScale) && textScale > 0 ? textScale : 1;
    }

    /** The font the rows' text is measured in: what the pen draws {@link #FONT} as. */
    private Font measureFont() {
        return scale == 1 ? FONT : new Font(FONT.getName(), FONT.getSize() * scale);
    }

    public Legend add(Symbol symbol, Color color, String text) {
        rows.add(new Row(symbol, color, text));
        return this;
    }

    /**
     * Adds one row per chain, {@code label} after "chain N"; past six chains only the first three
     * and the last three (the newest, e.g. added during the run) with a row for those between.
     */
    public Legend addChains(Symbol symbol, int chains, String label) {
        for (int c = 0; c < chains; c++) {
            if (chains > 6 && c == 3) {
                add(symbol, javafx.scene.paint.Color.TRANSPARENT, "\u22ef chains 4\u2013" + (chains - 3));
                c = chains - 4;
                continue;
            }
            add(symbol, Palette.chain(c), "chain " + (c + 1) + label);
        }
        return this;
    }

    /**
     * One row for all the chains: their colours as small dots in chain order (the first {@value #CHAIN_DOTS_SHOWN})
     * and "chains 1–N" then {@code label}; "chain 1" for one chain. A row per chain took a third of a small
     * projection's legend.
     */
    public Legend addChainsRow(int chains, String label) {
        if (chains <= 1) {
            return add(Symbol.DOT, Palette.chain(0), "chain 1" + label);
        }
        rows.add(new Row(Symbol.CHAIN_DOTS, Palette.chain(0), "chains 1\u2013" + chains + label, chains));
        return this;
    }

    /**
     * One row for the chains' integrator paths, each drawn in its chain's colour darkened ({@link Palette#path}): the
     * symbol is a short stroke with a dot in each of the first {@value #CHAIN_DOTS_SHOWN} chains' path colours.
     */
    public Legend addChainPathsRow(int chains, String text) {
        if (chains <= 1) {
            return add(Symbol.PATH, Palette.path(0), text);
        }
        rows.add(new Row(Symbol.CHAIN_PATHS, Palette.path(0), text, chains));
        return this;
    }

    /**
     * Keeps the first rows whose box is at most {@code height} high, the last of them {@code more} (no symbol) where
     * some are left out; none where not even one row and that fit.
     */
    public Legend fitHeight(double height, String more) {
        if (size()[1] <= height) {
            return this;
        }
        int fit = (int) Math.floor((height - 8) / (15 * scale)); // rows in the box, "more" among them
        List<Row> kept = new ArrayList<>(rows.subList(0, Math.max(0, Math.min(rows.size(), fit - 1))));
        rows.clear();
        if (!kept.isEmpty()) {
            rows.addAll(kept);
            rows.add(new Row(Symbol.NONE, Palette.INK, more));
        }
        return this;
    }

    /**
     * Wraps, at spaces (between clauses where it can), each row whose text would make the box wider than
     * {@code width}: the row keeps its symbol and its first words, the rest go on rows of their own under it
     * ({@link Symbol#NONE}), so that a legend in a narrow plot is not cut at the plot's edge. The lines of a wrapped row are balanced (as few as fit, of like length: no
     * last word alone on its line); a single word wider than the room stays whole. Call before {@link #fitHeight},
     * which then counts the wrapped rows.
     */
    public Legend fitWidth(double width) {
        double room = width - TEXT_INSET;
        if (rows.isEmpty() || size()[0] <= width || room <= 0) {
            return this;
        }
        Text probe = new Text();
        probe.setFont(measureFont());
        List<Row> wrapped = new ArrayList<>();
        for (Row r : rows) {
            if (textWidth(probe, r.text) <= room) {
                wrapped.add(r);
                continue;
            }
            boolean byClause = byClause(probe, r.text, room);
            String joint = byClause ? CLAUSE : " ";
            String[] words = byClause ? r.text.split(java.util.regex.Pattern.quote(CLAUSE)) : r.text.split(" ");
            int lines = wrap(probe, words, room, joint).size();
            // the narrowest measure that still takes no more lines: a binary search over widths
            double lo = 0;
            double hi = room;
            for (int k = 0; k < 20 && hi - lo > 0.5; k++) {
                double mid = (lo + hi) / 2;
                if (wrap(probe, words, mid, joint).size() <= lines) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            List<String> parts = wrap(probe, words, hi, joint);
            wrapped.add(new Row(r.symbol, r.color, parts.get(0), r.chains));
            for (String part : parts.subList(1, parts.size())) {
                wrapped.add(new Row(Symbol.NONE, r.color, part));
            }
        }
        rows.clear();
        rows.addAll(wrapped);
        return this;
    }

    /** What separates the clauses of a row, such as "69 in warmup \u00b7 192 outside". */
    private static final String CLAUSE = " \u00b7 ";

    /**
     * Whether a row's {@code text} wraps between its clauses (the parts between {@link #CLAUSE}s) rather than its
     * words: when it has several, each fits {@code room} and they take no more lines than its words do, so that no
     * line ends mid-clause ("hollow: 69 in warmup \u00b7 192" over "outside: arrowheads on the edge").
     */
    private static boolean byClause(Text probe, String text, double room) {
        String[] clauses = text.split(java.util.regex.Pattern.quote(CLAUSE));
        if (clauses.length < 2) {
            return false;
        }
        for (String c : clauses) {
            if (textWidth(probe, c) > room) {
                return false;
            }
        }
        return wrap(probe, clauses, room, CLAUSE).size() <= wrap(probe, text.split(" "), room, " ").size();
    }

    /**
     * {@code words} joined by {@code joint} on lines at most {@code room} wide, greedily (a word wider than that on a
     * line of its own); a line ends without the joint.
     */
    private static List<String> wrap(Text probe, String[] words, double room, String joint) {
        return PlotArea.greedy(probe, words, room, joint);
    }

    private static double textWidth(Text probe, String text) {
        probe.setText(text);
        return probe.getLayoutBounds().getWidth();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The rows' texts, top to bottom. */
    public List<String> texts() {
        return rows.stream().map(Row::text).toList();
    }

    /** Width and height of the legend box. */
    public double[] size() {
        double textW = 0;
        Text probe = new Text();
        probe.setFont(measureFont());
        for (Row r : rows) {
            probe.setText(r.text);
            textW = Math.max(textW, probe.getLayoutBounds().getWidth());
        }
        return new double[] {textW + TEXT_INSET, rows.size() * 15 * scale + 8};
    }

    /** Draws the legend with its top-right corner at (right, top). */
    public void draw(Pen g, double right, double top) {
        if (rows.isEmpty()) {
            return;
        }
        double rowH = 15 * scale;
        double[] size = size();
        double w = size[0];
        double h = size[1];
        double x = right - w;
        g.setFill(Palette.LEGEND_BACKGROUND);
        g.fillRect(x, top, w, h);
        g.setStroke(Color.rgb(0, 0, 0, 0.25));
        g.setLineWidth(1);
        g.strokeRect(x + 0.5, top + 0.5, w - 1, h - 1);
        g.setFont(FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.CENTER);
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            double cy = top + 4 + rowH * i + rowH / 2;
            double sx = x + 6;
            drawRowSymbol(g, r, sx, cy);
            g.setFill(Palette.INK);
            g.fillText(r.text, sx + 24, cy);
        }
    }

    /** Height the rows take when laid out left to right within {@code width}, wrapping as needed. */
    public double inlineHeight(double width) {
        return layoutInline(null, 0, 0, width);
    }

    /**
     * Draws the rows left to right from (left, top), without a box, wrapping to a new line where
     * the next one would pass {@code width}; returns the height used (for a legend above a plot).
     */
    public double drawInline(Pen g, double left, double top, double width) {
        return layoutInline(g, left, top, width);
    }

    private double layoutInline(Pen g, double left, double top, double width) {
        if (rows.isEmpty()) {
            return 0;
        }
        double rowH = 15 * scale;
        Text probe = new Text();
        probe.setFont(measureFont());
        double x = 0;
        double y = 0;
        if (g != null) {
            g.setFont(FONT);
            g.setTextAlign(TextAlignment.LEFT);
            g.setTextBaseline(VPos.CENTER);
        }
        for (Row r : rows) {
            probe.setText(r.text);
            double w = 24 + probe.getLayoutBounds().getWidth();
            if (x > 0 && x + w > width) {
                x = 0;
                y += rowH;
            }
            if (g != null) {
                double cy = top + y + rowH / 2;
                drawRowSymbol(g, r, left + x, cy);
                g.setFill(Palette.INK);
                g.setFont(FONT);
                g.setTextAlign(TextAlignment.LEFT);
                g.setTextBaseline(VPos.CENTER);
                g.fillText(r.text, left + x + 24, cy);
            }
            x += w + 12;
        }
        return y + rowH;
    }

    private static void drawRowSymbol(Pen g, Row r, double sx, double cy) {
        if (r.symbol == Symbol.CHAIN_PATHS) {
            int n = Math.min(r.chains, CHAIN_DOTS_SHOWN);
            g.setLineDashes();
            g.setLineWidth(1.5);
            double step = 20.0 / n;
            for (int c = 0; c < n; c++) {
                Color col = Palette.path(c);
                g.setStroke(col);
                g.setFill(col);
                double x0 = sx + c * step;
                g.strokeLine(x0, cy + 3, x0 + step - 1, cy - 3);
                g.fillOval(x0 + step - 2.5, cy - 4.5, 3, 3);
            }
        } else if (r.symbol == Symbol.CHAIN_DOTS) {
            int n = Math.min(r.chains, CHAIN_DOTS_SHOWN);
            g.setLineDashes();
            g.setLineWidth(1);
            for (int c = 0; c < n; c++) {
                g.setFill(Palette.chain(c));
                g.fillOval(sx + 1 + c * 5.5, cy - 2.5, 5, 5);
                g.setStroke(Palette.chainEdge(c));
                g.strokeOval(sx + 1 + c * 5.5, cy - 2.5, 5, 5);
            }
        } else {
            drawSymbol(g, r.symbol, r.color, sx, cy);
        }
    }

    /**
     * A swatch's symbol: a dot or box with a 1-px {@link Palette#edge} round it (a light chain's, 1.66:1 on the
     * legend's white, read only as a faint smudge; a colour that reads on the legend is its own edge). A line or dash
     * is drawn as the plot draws its lines, without one: a rim 1 px each side made a light chain's line in the trace's
     * legend look twice as thick as the others', as if its trace were drawn thicker.
     */
    static void drawSymbol(Pen g, Symbol s, Color c, double sx, double cy) {
        Color edge = Palette.edge(c);
        g.setStroke(c);
        g.setFill(c);
        g.setLineDashes();
        g.setLineWidth(1.5);
        switch (s) {
            case DOT -> {
                g.fillOval(sx + 7, cy - 3.5, 7, 7);
                edge(g, edge);
                g.strokeOval(sx + 7, cy - 3.5, 7, 7);
            }
            case LINE -> g.strokeLine(sx, cy, sx + 20, cy);
            case DASH -> {
                g.setLineDashes(4, 3);
                g.strokeLine(sx, cy, sx + 20, cy);
                g.setLineDashes();
            }
            case CROSS -> cross(g, sx + 10, cy, 4);
            case TRIANGLE -> triangle(g, sx + 10, cy, 5);
            case OPEN_TRIANGLE -> openTriangle(g, sx + 10, cy, 5);
            case BOX -> {
                g.fillRect(sx + 3, cy - 5, 14, 10);
                edge(g, edge);
                g.strokeRect(sx + 3.5, cy - 4.5, 13, 9);
            }
            case TICKS -> {
                g.setLineWidth(1);
                for (double x : new double[] {3.5, 7.5, 14.5}) {
                    g.strokeLine(sx + x, cy - 4, sx + x, cy + 4);
                }
            }
            case PATH -> {
                g.strokeLine(sx, cy + 3, sx + 20, cy - 3);
                g.fillOval(sx - 1.5, cy + 1.5, 3, 3);
                g.fillOval(sx + 8.5, cy - 1.5, 3, 3);
                g.fillOval(sx + 18.5, cy - 4.5, 3, 3);
            }
            default -> {
            }
        }
    }

    /** Sets the stroke for a swatch's 1-px edge. */
    private static void edge(Pen g, Color edge) {
        g.setStroke(edge);
        g.setLineWidth(1);
    }

    static void cross(Pen g, double x, double y, double r) {
        g.strokeLine(x - r, y - r, x + r, y + r);
        g.strokeLine(x - r, y + r, x + r, y - r);
    }

    static void triangle(Pen g, double x, double y, double r) {
        g.fillPolygon(new double[] {x, x - r, x + r}, new double[] {y - r, y + r * 0.8, y + r * 0.8}, 3);
    }

    /** The outline of {@link #triangle}, in the stroke colour (a warmup divergence). */
    static void openTriangle(Pen g, double x, double y, double r) {
        g.beginPath();
        g.moveTo(x, y - r);
        g.lineTo(x - r, y + r * 0.8);
        g.lineTo(x + r, y + r * 0.8);
        g.lineTo(x, y - r);
        g.stroke();
    }
}
