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

    /** An SVG of the chart at the given size (vector, for slides and papers). */
    public static void svg(JFreeChart chart, Path file, int width, int height) throws IOException {
        SVGGraphics2D g = new SVGGraphics2D(width, height);
        chart.draw(g, new java.awt.Rectangle(0, 0, width, height));
        Files.writeString(file, g.getSVGDocument(), StandardCharsets.UTF_8);
    }
}
