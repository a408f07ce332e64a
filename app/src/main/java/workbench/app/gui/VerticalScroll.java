package workbench.app.gui;

import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;

/**
 * A region of figures that keeps a least height (set in em in workbench.css, so that it grows with the text) and
 * scrolls up and down where its window is lower than that, instead of shrinking its figures until their labels run
 * over each other. Where the window has the room it is laid out exactly as without the scroll pane: it fills the
 * viewport's width and height. A control inside that takes the focus (Tab, a mnemonic) is scrolled into view: a
 * scroll pane does not do that itself, and a keyboard user would work in a table below the window's edge.
 */
final class VerticalScroll {
    private VerticalScroll() {
    }

    /** {@code content} in a scroll pane with the id {@code id}, borderless, not itself a Tab stop. */
    static ScrollPane of(Node content, String id) {
        ScrollPane scroll = new ScrollPane(content);
        scroll.setId(id);
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add("edge-to-edge");
        scroll.setFocusTraversable(false); // the figures and controls inside are the Tab stops
        scroll.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null && was == null) {
                scene.focusOwnerProperty().addListener((f, a, focused) -> reveal(scroll, focused));
            }
        });
        return scroll;
    }

    /** Scrolls {@code scroll} the least that brings {@code n} (when inside it) into view, its top first. */
    static void reveal(ScrollPane scroll, Node n) {
        Node content = scroll.getContent();
        if (n == null || content == null || !FxNodes.within(n, content)) {
            return;
        }
        double contentH = content.getLayoutBounds().getHeight();
        double viewH = scroll.getViewportBounds().getHeight();
        if (!(contentH > viewH) || !(viewH > 0)) {
            return;
        }
        Bounds b = content.sceneToLocal(n.localToScene(n.getLayoutBounds()));
        double range = contentH - viewH;
        double top = range * (scroll.getVvalue() - scroll.getVmin()) / (scroll.getVmax() - scroll.getVmin());
        if (b.getMinY() < top) {
            top = b.getMinY();
        } else if (b.getMaxY() > top + viewH) {
            top = Math.min(b.getMinY(), b.getMaxY() - viewH);
        } else {
            return;
        }
        top = Math.max(0, Math.min(range, top));
        scroll.setVvalue(scroll.getVmin() + top / range * (scroll.getVmax() - scroll.getVmin()));
    }
}
