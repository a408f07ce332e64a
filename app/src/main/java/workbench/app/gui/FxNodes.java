package workbench.app.gui;

import javafx.scene.Node;

/** Small questions about the scene graph that several windows ask. */
final class FxNodes {
    private FxNodes() {
    }

    /** Whether {@code n} is {@code ancestor} or lies inside it. */
    static boolean within(Node n, Node ancestor) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }
}
