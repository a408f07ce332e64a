package workbench.viz;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * A region that is one canvas filling it: the canvas follows the region's size, and {@link #resized()} tells the
 * view to redraw. The views paint through {@link #pen}, whose {@link Pen#textScale() text scale} follows the font
 * size the scene's CSS gives this view (the root's {@code -fx-font-size}, 12 px normally; View ▸ Larger text sets
 * it larger): the plots' lettering and the margins that hold it grow with the window's text.
 */
public abstract class CanvasView extends Region {
    /** The root font size the views' fonts and margins are drawn for at text scale 1. */
    public static final double NORMAL_FONT_SIZE = 12;

    protected final Canvas canvas = new Canvas();
    protected final FxPen pen = new FxPen(canvas.getGraphicsContext2D());
    /** Never shown: CSS gives it the inherited font, whose size sets the pen's text scale. */
    private final Text fontProbe = new Text();
    private final ReadOnlyDoubleWrapper textScale = new ReadOnlyDoubleWrapper(this, "textScale", 1);

    protected CanvasView() {
        getChildren().add(canvas);
        // a press on a view that takes the keys gives it them, as a click on a text field does: L, + or the arrows
        // after a click on the projection went to whatever had the focus before (the last field typed in), and after
        // a click on the trace to the tab pane around it, which takes the focus on a press inside it (so the press
        // goes no further up; the view's own handlers still see it)
        addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, e -> {
            if (isFocusTraversable()) {
                if (!isFocused()) {
                    requestFocus();
                }
                e.consume();
            }
        });
        fontProbe.setManaged(false);
        fontProbe.setVisible(false);
        getChildren().add(fontProbe);
        fontProbe.fontProperty().addListener((o, a, b) -> {
            double s = b == null ? 1 : b.getSize() / NORMAL_FONT_SIZE;
            if (s != pen.textScale()) {
                pen.setTextScale(s);
                textScale.set(pen.textScale());
                resized(); // redraw with the new lettering
            }
        });
    }

    @Override
    protected final void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            resized();
        }
    }

    /** Called on the FX thread after the canvas took a new size, or the text scale changed. */
    protected abstract void resized();

    /** The canvas the view paints on (for export). */
    public Canvas canvas() {
        return canvas;
    }

    /** The factor the view's fonts and text margins are scaled by: the inherited font size over 12 px. */
    public double textScale() {
        return pen.textScale();
    }

    /** {@link #textScale()} as a property, for layouts that size a view by its lettering (the marginal strips). */
    public ReadOnlyDoubleProperty textScaleProperty() {
        return textScale.getReadOnlyProperty();
    }
}
