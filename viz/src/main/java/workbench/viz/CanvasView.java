package workbench.viz;

import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Region;

/**
 * A region that is one canvas filling it: the canvas follows the region's size, and {@link #resized()} tells the
 * view to redraw. The views paint through {@link #pen}.
 */
public abstract class CanvasView extends Region {
    protected final Canvas canvas = new Canvas();
    protected final FxPen pen = new FxPen(canvas.getGraphicsContext2D());

    protected CanvasView() {
        getChildren().add(canvas);
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

    /** Called on the FX thread after the canvas took a new size. */
    protected abstract void resized();

    /** The canvas the view paints on (for export). */
    public Canvas canvas() {
        return canvas;
    }
}
