package workbench.app.gui;

import javafx.scene.Node;
import javafx.scene.control.ScrollPane;

/**
 * A region of figures that keeps a least height (set in em in workbench.css, so that it grows with the text) and
 * scrolls up and down where its window is lower than that, instead of shrinking its figures until their labels run
 * over each other. Where the window has the room it is laid out exactly as without the scroll pane: it fills the
 * viewport's width and height.
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
        return scroll;
    }
}
