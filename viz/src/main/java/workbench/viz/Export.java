package workbench.viz;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

/** Writes plots to image files: any view as PNG (a snapshot), a JFreeChart also as SVG. */
public final class Export {
    private Export() {
    }

    /** A PNG of the node as it is on screen. Call on the FX thread. */
    public static void png(Node node, Path file) throws IOException {
        WritableImage img = node.snapshot(null, null);
        if (!ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }

    /** A PNG of the chart at the given size. */
    public static void png(JFreeChart chart, Path file, int width, int height) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
    }

    /**
     * A PNG of the projection with its marginals, drawn again at {@code scale} times their size on screen (crisp
     * lines and text for slides, not an enlarged screen image). Call on the FX thread.
     */
    public static void png(PosteriorPane pane, Path file, double scale) throws IOException {
        ProjectionView p = pane.projection();
        double w = p.getWidth() + pane.rightMarginal().getWidth();
        double h = pane.topMarginal().getHeight() + p.getHeight();
        writePng(file, w, h, scale, pen -> paintPosterior(pen, pane));
    }

    /** A PNG of a trace view drawn again at {@code scale} times its size on screen. Call on the FX thread. */
    public static void png(TraceView trace, Path file, double scale) throws IOException {
        double w = Math.max(1, trace.getWidth());
        double h = Math.max(1, trace.getHeight());
        writePng(file, w, h, scale, pen -> trace.paint(pen, w, h));
    }

    private static void writePng(Path file, double w, double h, double scale,
                                 java.util.function.Consumer<AwtPen> paint) throws IOException {
        int pw = (int) Math.max(1, Math.ceil(w * scale));
        int ph = (int) Math.max(1, Math.ceil(h * scale));
        java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(pw, ph, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(java.awt.RenderingHints.KEY_ANTIALIASING, java.awt.RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(java.awt.RenderingHints.KEY_TEXT_ANTIALIASING,
                    java.awt.RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(java.awt.RenderingHints.KEY_STROKE_CONTROL, java.awt.RenderingHints.VALUE_STROKE_PURE);
            g.scale(scale, scale);
            AwtPen pen = new AwtPen(g);
            pen.setFill(javafx.scene.paint.Color.WHITE);
            pen.fillRect(0, 0, w, h);
            paint.accept(pen);
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(img, "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }

    /** An SVG of the projection with its marginals, at their size on screen. Call on the FX thread. */
    public static void svg(PosteriorPane pane, Path file) throws IOException {
        ProjectionView p = pane.projection();
        double w = p.getWidth() + pane.rightMarginal().getWidth();
        double h = pane.topMarginal().getHeight() + p.getHeight();
        SVGGraphics2D g = new SVGGraphics2D(Math.max(1, w), Math.max(1, h));
        AwtPen pen = new AwtPen(g);
        pen.setFill(javafx.scene.paint.Color.WHITE);
        pen.fillRect(0, 0, w, h);
        paintPosterior(pen, pane);
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }

    private static void paintPosterior(AwtPen pen, PosteriorPane pane) {
        ProjectionView p = pane.projection();
        MarginalView top = pane.topMarginal();
        MarginalView right = pane.rightMarginal();
        pen.save();
        top.paint(pen);
        pen.restore();
        pen.save();
        pen.translate(0, top.getHeight());
        p.paint(pen, p.getWidth(), p.getHeight(), System.nanoTime());
        pen.restore();
        pen.save();
        pen.translate(p.getWidth(), top.getHeight());
        right.paint(pen);
        pen.restore();
    }

    /** An SVG of a trace view at its size on screen. Call on the FX thread. */
    public static void svg(TraceView trace, Path file) throws IOException {
        double w = Math.max(1, trace.getWidth());
        double h = Math.max(1, trace.getHeight());
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        trace.paint(new AwtPen(g), w, h);
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }

    /** An SVG of a rank plot at its size on screen. Call on the FX thread. */
    public static void svg(RankView view, Path file) throws IOException {
        double w = Math.max(1, view.getWidth());
        double h = Math.max(1, view.getHeight());
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        view.paint(new AwtPen(g), w, h);
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }

    /** An SVG of an autocorrelation plot at its size on screen. Call on the FX thread. */
    public static void svg(AutocorrelationView view, Path file) throws IOException {
        double w = Math.max(1, view.getWidth());
        double h = Math.max(1, view.getHeight());
        SVGGraphics2D g = new SVGGraphics2D(w, h);
        view.paint(new AwtPen(g), w, h);
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }

    /** An SVG of the chart at the given size (vector, for slides and papers). */
    public static void svg(JFreeChart chart, Path file, int width, int height) throws IOException {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new java.awt.Rectangle(0, 0, width, height));
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }
}
