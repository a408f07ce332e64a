package workbench.app.gui;

import javafx.scene.Scene;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;

/** Keyboard conventions the workbench's secondary windows share. */
final class Keys {
    /** Ctrl+W (Cmd+W on a Mac): closes a secondary window, as in most desktop programs. */
    static final KeyCombination CLOSE = new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN);

    private Keys() {
    }

    /**
     * Ctrl+W closes {@code stage} (as its title bar's close button does: the close request is fired first); with
     * {@code escape}, so does Escape when nothing in the window used it (an open drop-down closes first). Escape is
     * for dialogs only: a window holding running chains must not close on a presenter's stray Escape.
     */
    static void closeOnKeys(Stage stage, Scene scene, boolean escape) {
        scene.getAccelerators().put(CLOSE, () -> close(stage));
        if (escape) {
            scene.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
                if (e.getCode() == KeyCode.ESCAPE && !e.isConsumed()) {
                    e.consume();
                    close(stage);
                }
            });
        }
    }

    private static void close(Stage stage) {
        javafx.stage.WindowEvent request = new javafx.stage.WindowEvent(stage, javafx.stage.WindowEvent.WINDOW_CLOSE_REQUEST);
        stage.fireEvent(request);
        if (!request.isConsumed()) {
            stage.close();
        }
    }
}
