package workbench.viz;

import java.awt.BasicStroke;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayDeque;
import java.util.Deque;
import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/** A {@link Pen} on a Java2D graphics, e.g. JFreeSVG's {@code SVGGraphics2D} for vector export. */
public final class AwtPen extends ScaledTextPen {
    private record State(AffineTransform transform, Shape clip, java.awt.Color fill, java.awt.Color stroke,
                         float width, float[] dashes, java.awt.Font font, TextAlignment align, VPos baseline) {
    }

    private final Graphics2D g;
    private final Deque<State> stack = new ArrayDeque<>();
    private java.awt.Color fill = java.awt.Color.BLACK;
    private java.awt.Color strokeColor = java.awt.Color.BLACK;
    private float width = 1;
    private float[] dashes;
    private TextAlignment align = TextAlignment.LEFT;
    private VPos baseline = VPos.BASELINE;
    private Path2D.Double path = new Path2D.Double();

    public AwtPen(Graphics2D g) {
        this.g = g;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setFont(new java.awt.Font("SansSerif", java.awt.Font.PLAIN, 12));
    }

    private static java.awt.Color awt(Color c) {
        return Palette.awt(c);
    }

    private void applyStroke() {
        g.setStroke(dashes == null ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND)
                : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dashes, 0f));
        g.setColor(strokeColor);
    }

    @Override
    public void save() {
        stack.push(new State(g.getTransform(), g.getClip(), fill, strokeColor, width, dashes, g.getFont(), align, baseline));
    }

    @Override
    public void restore() {
        State s = stack.poll();
        if (s == null) {
            return;
        }
        g.setTransform(s.transform());
        g.setClip(s.clip());
        fill = s.fill();
        strokeColor = s.stroke();
        width = s.width();
        dashes = s.dashes();
        g.setFont(s.font());
        align = s.align();
        baseline = s.baseline();
    }

    @Override
    public void translate(double x, double y) {
        g.translate(x, y);
    }

    @Override
    public void rotate(double degrees) {
        g.rotate(Math.toRadians(degrees));
    }

    @Override
    public void clipRect(double x, double y, double w, double h) {
        g.clip(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void setFill(Color c) {
        fill = awt(c);
    }

    @Override
    public void setStroke(Color c) {
        strokeColor = awt(c);
    }

    @Override
    public void setLineWidth(double w) {
        width = (float) w;
    }

    @Override
    public void setLineDashes(double... d) {
        if (d == null || d.length == 0) {
            dashes = null;
            return;
        }
        dashes = new float[d.length];
        for (int i = 0; i < d.length; i++) {
            dashes[i] = (float) d[i];
        }
    }

    @Override
    public void setFont(Font f) {
        int style = f.getStyle().toLowerCase().contains("bold") ? java.awt.Font.BOLD : java.awt.Font.PLAIN;
        g.setFont(new java.awt.Font("SansSerif", style, (int) Math.round(f.getSize() * textScale)));
    }

    @Override
    public void setTextAlign(TextAlignment a) {
        align = a;
    }

    @Override
    public void setTextBaseline(VPos b) {
        baseline = b;
    }

    @Override
    public void fillRect(double x, double y, double w, double h) {
        g.setColor(fill);
        g.fill(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void strokeRect(double x, double y, double w, double h) {
        applyStroke();
        g.draw(new Rectangle2D.Double(x, y, w, h));
    }

    @Override
    public void fillOval(double x, double y, double w, double h) {
        g.setColor(fill);
        g.fill(new Ellipse2D.Double(x, y, w, h));
    }

    @Override
    public void strokeOval(double x, double y, double w, double h) {
        applyStroke();
        g.draw(new Ellipse2D.Double(x, y, w, h));
    }

    @Override
    public void strokeLine(double x0, double y0, double x1, double y1) {
        applyStroke();
        g.draw(new Line2D.Double(x0, y0, x1, y1));
    }

    @Override
    public void fillPolygon(double[] xs, double[] ys, int n) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xs[0], ys[0]);
        for (int i = 1; i < n; i++) {
            p.lineTo(xs[i], ys[i]);
        }
        p.closePath();
        g.setColor(fill);
        g.fill(p);
    }

    @Override
    public void fillText(String text, double x, double y) {
        FontMetrics fm = g.getFontMetrics();
        double w = fm.stringWidth(text);
        double dx = align == TextAlignment.CENTER ? -w / 2 : align == TextAlignment.RIGHT ? -w : 0;
        double dy = switch (baseline) {
            case TOP -> fm.getAscent();
            case CENTER -> (fm.getAscent() - fm.getDescent()) / 2.0;
            case BOTTOM -> -fm.getDescent();
            default -> 0;
        };
        g.setColor(fill);
        g.drawString(text, (float) (x + dx), (float) (y + dy));
    }

    @Override
    public void beginPath() {
        path = new Path2D.Double();
    }

    @Override
    public void moveTo(double x, double y) {
        path.moveTo(x, y);
    }

    @Override
    public void lineTo(double x, double y) {
        path.lineTo(x, y);
    }

    @Override
    public void stroke() {
        applyStroke();
        g.draw(path);
    }

    @Override
    public void drawArgb(int[] argb, int w, int h, double x, double y, double dw, double dh) {
        draw(argb, w, h, x, y, dw, dh, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
    }

    @Override
    public void drawPixels(int[] argb, int w, int h, double x, double y, double dw, double dh) {
        draw(argb, w, h, x, y, dw, dh, RenderingHints.VALUE_INTERPOLATION_NEAREST_NEIGHBOR);
    }

    private void draw(int[] argb, int w, int h, double x, double y, double dw, double dh, Object interpolation) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        img.setRGB(0, 0, w, h, argb, 0, w);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, interpolation);
        AffineTransform t = new AffineTransform(dw / w, 0, 0, dh / h, x, y);
        g.drawImage(img, t, null);
    }
}
