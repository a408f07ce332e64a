package workbench.viz;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/** A {@link Pen} on a JavaFX canvas. */
public final class FxPen extends ScaledTextPen {
    private final GraphicsContext g;
    /** Images made from pixel arrays, by array identity (a view changes the array when the pixels change). */
    private final java.util.Map<int[], WritableImage> images = new java.util.IdentityHashMap<>();

    public FxPen(GraphicsContext g) {
        this.g = g;
    }

    @Override
    public void save() {
        g.save();
    }

    @Override
    public void restore() {
        g.restore();
    }

    @Override
    public void translate(double x, double y) {
        g.translate(x, y);
    }

    @Override
    public void rotate(double degrees) {
        g.rotate(degrees);
    }

    @Override
    public void clipRect(double x, double y, double w, double h) {
        g.beginPath();
        g.rect(x, y, w, h);
        g.clip();
        g.beginPath();
    }

    @Override
    public void setFill(Color c) {
        g.setFill(c);
    }

    @Override
    public void setStroke(Color c) {
        g.setStroke(c);
    }

    @Override
    public void setLineWidth(double w) {
        g.setLineWidth(w);
    }

    @Override
    public void setLineDashes(double... dashes) {
        g.setLineDashes(dashes == null || dashes.length == 0 ? null : dashes);
    }

    @Override
    public void setFont(Font f) {
        // at the normal size the very font given: the default rendering stays what it was
        g.setFont(textScale == 1 ? f : new Font(f.getName(), f.getSize() * textScale));
    }

    @Override
    public void setTextAlign(TextAlignment a) {
        g.setTextAlign(a);
    }

    @Override
    public void setTextBaseline(VPos b) {
        g.setTextBaseline(b);
    }

    @Override
    public void fillRect(double x, double y, double w, double h) {
        g.fillRect(x, y, w, h);
    }

    @Override
    public void strokeRect(double x, double y, double w, double h) {
        g.strokeRect(x, y, w, h);
    }

    @Override
    public void fillOval(double x, double y, double w, double h) {
        g.fillOval(x, y, w, h);
    }

    @Override
    public void strokeOval(double x, double y, double w, double h) {
        g.strokeOval(x, y, w, h);
    }

    @Override
    public void strokeLine(double x0, double y0, double x1, double y1) {
        g.strokeLine(x0, y0, x1, y1);
    }

    @Override
    public void fillPolygon(double[] xs, double[] ys, int n) {
        g.fillPolygon(xs, ys, n);
    }

    @Override
    public void fillText(String text, double x, double y) {
        g.fillText(text, x, y);
    }

    @Override
    public void beginPath() {
        g.beginPath();
    }

    @Override
    public void moveTo(double x, double y) {
        g.moveTo(x, y);
    }

    @Override
    public void lineTo(double x, double y) {
        g.lineTo(x, y);
    }

    @Override
    public void stroke() {
        g.stroke();
    }

    @Override
    public void drawArgb(int[] argb, int w, int h, double x, double y, double dw, double dh) {
        draw(argb, w, h, x, y, dw, dh, true);
    }

    @Override
    public void drawPixels(int[] argb, int w, int h, double x, double y, double dw, double dh) {
        draw(argb, w, h, x, y, dw, dh, false);
    }

    private void draw(int[] argb, int w, int h, double x, double y, double dw, double dh, boolean smooth) {
        WritableImage image = images.get(argb);
        if (image == null) {
            if (images.size() >= 4) {
                images.clear();
            }
            image = new WritableImage(w, h);
            image.getPixelWriter().setPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
            images.put(argb, image);
        }
        g.setImageSmoothing(smooth);
        g.drawImage(image, x, y, dw, dh);
    }
}
