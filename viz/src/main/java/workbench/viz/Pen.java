package workbench.viz;

import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/**
 * The drawing operations the canvas views use, so one drawing routine paints both the screen
 * ({@link FxPen} over a JavaFX canvas) and a vector file ({@link AwtPen} over a JFreeSVG
 * graphics). Names and meanings follow JavaFX's {@code GraphicsContext}; angles are in degrees.
 */
public interface Pen {
    void save();

    void restore();

    void translate(double x, double y);

    void rotate(double degrees);

    /** Intersects the clip with a rectangle (until {@link #restore}). */
    void clipRect(double x, double y, double w, double h);

    void setFill(Color c);

    void setStroke(Color c);

    void setLineWidth(double w);

    /** Dash lengths; none for a solid line. */
    void setLineDashes(double... dashes);

    /**
     * Sets the font, its size times {@link #textScale()}: the views name the sizes of the normal 12 px text, and
     * a window whose text is larger (View ▸ Larger text) gets its plots' lettering larger alike.
     */
    void setFont(Font f);

    /** The factor {@link #setFont} scales font sizes by: the window's text size over the normal 12 px; 1 by default. */
    double textScale();

    /** Sets {@link #textScale()} (finite and positive, else 1). */
    void setTextScale(double scale);

    void setTextAlign(TextAlignment a);

    void setTextBaseline(VPos b);

    void fillRect(double x, double y, double w, double h);

    void strokeRect(double x, double y, double w, double h);

    void fillOval(double x, double y, double w, double h);

    void strokeOval(double x, double y, double w, double h);

    void strokeLine(double x0, double y0, double x1, double y1);

    void fillPolygon(double[] xs, double[] ys, int n);

    void fillText(String text, double x, double y);

    void beginPath();

    void moveTo(double x, double y);

    void lineTo(double x, double y);

    /** Strokes the path built since {@link #beginPath}. */
    void stroke();

    /** Draws ARGB pixels ({@code w} by {@code h}, row 0 on top) scaled into the rectangle, smoothed. */
    void drawArgb(int[] argb, int w, int h, double x, double y, double dw, double dh);

    /** Draws ARGB pixels like {@link #drawArgb}, each pixel a sharp-edged block (no smoothing). */
    void drawPixels(int[] argb, int w, int h, double x, double y, double dw, double dh);
}
