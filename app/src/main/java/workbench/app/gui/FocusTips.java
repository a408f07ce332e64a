package workbench.app.gui;

import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;

/**
 * Tooltips for keyboard users, installed once per window's scene rather than at each of the tooltips.
 *
 * <ul>
 *   <li>{@link #SHOW} (Shift+F1, the usual "what is this?" key; F1 alone opens the Guide) shows the tooltip of the
 *   focused node, or of the nearest ancestor that has one (what the mouse would show over it), just below that node,
 *   with its current text; Escape, Shift+F1 again, a focus change, a click or the window losing the focus hides it.
 *   A focused node without any tooltip but with accessible help shows that help instead.</li>
 *   <li>Every node of the scene that has a tooltip, added later included, gets the tooltip's text as its
 *   {@code accessibleHelp} when it has none of its own, kept in step when the tooltip or its text changes (a help
 *   the code set itself is left alone), so screen readers say it for any node, not only for controls.</li>
 * </ul>
 */
final class FocusTips {
    /** Shift+F1: shows the focused node's tooltip. */
    static final KeyCombination SHOW = new KeyCodeCombination(KeyCode.F1, KeyCombination.SHIFT_DOWN);
    /** The id of the tooltip this shows, for tests and style sheets. */
    static final String TIP_ID = "keyboardTip";

    /** Where {@link Tooltip#install} keeps a node's tooltip (a {@code Control}'s setTooltip goes through it too). */
    private static final String TOOLTIP_KEY = "javafx.scene.control.Tooltip";
    private static final String WATCHED = FocusTips.class.getName() + ".watched";
    /** The help this class set on a node, so that a help the code set itself is never overwritten. */
    private static final String HELP_SET = FocusTips.class.getName() + ".help";
    private static final String SCENE_KEY = FocusTips.class.getName();
    /** Widest the shown tip gets before it wraps, when its tooltip sets no width of its own. */
    private static final double MAX_WIDTH = 480;

    private static final ListChangeListener<Node> CHILDREN = c -> {
        while (c.next()) {
            for (Node added : c.getAddedSubList()) {
                watchTree(added);
            }
        }
    };

    private final Scene scene;
    private final Tooltip shown = new Tooltip();
    private Tooltip source;

    private FocusTips(Scene scene) {
        this.scene = scene;
        shown.setId(TIP_ID);
        shown.setWrapText(true);
    }

    /** Installs both on {@code scene}; a second call on the same scene does nothing. */
    static void install(Scene scene) {
        if (scene.getProperties().containsKey(SCENE_KEY)) {
            return;
        }
        FocusTips tips = new FocusTips(scene);
        scene.getProperties().put(SCENE_KEY, tips);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, tips::key);
        scene.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> tips.hide());
        scene.focusOwnerProperty().addListener((o, was, now) -> {
            tips.hide();
            if (now != null) {
                refreshHelp(now); // a help the code cleared since: the tooltip's again
            }
        });
        // on the window only while the scene is its scene: a stage given another scene (the tests' primary stage, a
        // new window each test) kept every scene it had held, with its window and runs, through these listeners
        ChangeListener<Boolean> away = (p, a, on) -> {
            if (!on) {
                tips.hide();
            }
        };
        if (scene.getWindow() != null) {
            scene.getWindow().focusedProperty().addListener(away);
            scene.getWindow().showingProperty().addListener(away);
        }
        scene.windowProperty().addListener((o, was, w) -> {
            if (was != null) {
                tips.hide();
                was.focusedProperty().removeListener(away);
                was.showingProperty().removeListener(away);
            }
            if (w != null) {
                w.focusedProperty().addListener(away);
                w.showingProperty().addListener(away);
            }
        });
        if (scene.getRoot() != null) {
            watchTree(scene.getRoot());
        }
        scene.rootProperty().addListener((o, was, root) -> {
            if (root != null) {
                watchTree(root);
            }
        });
    }

    /** Shows the tooltip of {@code scene}'s focus owner, as Shift+F1 does (Help ▸ Tooltip of the focused control). */
    static void showFocused(Scene scene) {
        if (scene.getProperties().get(SCENE_KEY) instanceof FocusTips t) {
            t.hide();
            t.show(scene.getFocusOwner());
        }
    }

    /** The tip Shift+F1 showed in {@code scene}, or null when none is showing (for tests). */
    static Tooltip showing(Scene scene) {
        return scene.getProperties().get(SCENE_KEY) instanceof FocusTips t && t.shown.isShowing() ? t.shown : null;
    }

    private void key(KeyEvent e) {
        if (SHOW.match(e)) {
            e.consume();
            if (shown.isShowing()) {
                hide();
            } else {
                show(scene.getFocusOwner());
            }
        } else if (e.getCode() == KeyCode.ESCAPE && shown.isShowing()) {
            e.consume(); // this Escape only hides the tip: a dialog closes on the next one
            hide();
        }
    }

    private void show(Node focused) {
        if (focused == null || scene.getWindow() == null || !scene.getWindow().isShowing()) {
            return;
        }
        Tooltip tip = null;
        for (Node n = focused; n != null && tip == null; n = n.getParent()) {
            tip = tooltipOf(n);
            if (tip != null && (tip.getText() == null || tip.getText().isBlank())) {
                tip = null;
            }
        }
        if (tip != null) {
            source = tip;
            shown.textProperty().bind(tip.textProperty()); // a text changed while it shows is shown
            shown.setMaxWidth(tip.getMaxWidth() > 0 ? tip.getMaxWidth() : MAX_WIDTH);
        } else if (focused.getAccessibleHelp() != null && !focused.getAccessibleHelp().isBlank()) {
            shown.setText(focused.getAccessibleHelp());
            shown.setMaxWidth(MAX_WIDTH);
        } else {
            return;
        }
        Bounds b = focused.localToScreen(focused.getBoundsInLocal());
        if (b == null) {
            return;
        }
        shown.show(focused, b.getMinX(), b.getMaxY() + 2);
    }

    private void hide() {
        if (source != null) {
            shown.textProperty().unbind();
            source = null;
        }
        if (shown.isShowing()) {
            shown.hide();
        }
    }

    private static Tooltip tooltipOf(Node n) {
        return n.getProperties().get(TOOLTIP_KEY) instanceof Tooltip t ? t : null;
    }

    /** Watches {@code n} and everything under it, and what is added under it later. */
    private static void watchTree(Node n) {
        if (n.getProperties().containsKey(WATCHED)) {
            return;
        }
        n.getProperties().put(WATCHED, new TextWatch(n));
        n.getProperties().addListener((MapChangeListener<Object, Object>) c -> {
            if (TOOLTIP_KEY.equals(c.getKey())) {
                ((TextWatch) n.getProperties().get(WATCHED)).follow(tooltipOf(n));
            }
        });
        ((TextWatch) n.getProperties().get(WATCHED)).follow(tooltipOf(n));
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().addListener(CHILDREN);
            for (Node child : p.getChildrenUnmodifiable()) {
                watchTree(child);
            }
        }
    }

    /** Gives {@code n} its tooltip's text as accessible help, unless it has a help this class did not set. */
    private static void refreshHelp(Node n) {
        Tooltip tip = tooltipOf(n);
        String text = tip == null || tip.getText() == null || tip.getText().isBlank() ? null : tip.getText();
        String help = n.getAccessibleHelp();
        Object ours = n.getProperties().get(HELP_SET);
        if (help == null || help.isEmpty() || help.equals(ours)) {
            if (text == null) {
                n.getProperties().remove(HELP_SET);
            } else {
                n.getProperties().put(HELP_SET, text);
            }
            if (text != null || ours != null) {
                n.setAccessibleHelp(text);
            }
        }
    }

    /** Follows the text of a node's current tooltip into its accessible help. */
    private static final class TextWatch {
        private final Node node;
        private final ChangeListener<String> onText;
        private Tooltip tip;

        TextWatch(Node node) {
            this.node = node;
            this.onText = (o, was, now) -> refreshHelp(node);
        }

        void follow(Tooltip now) {
            if (now != tip) {
                if (tip != null) {
                    tip.textProperty().removeListener(onText);
                }
                tip = now;
                if (tip != null) {
                    tip.textProperty().addListener(onText);
                }
            }
            refreshHelp(node);
        }
    }
}
