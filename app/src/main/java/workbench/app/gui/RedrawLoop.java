package workbench.app.gui;

import java.util.function.LongSupplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.InputEvent;

/**
 * A window's redraw loop: an {@link AnimationTimer} that runs one frame a pulse while there is something to do, and
 * stops once the window has stood quiet for a while (no frame with anything to do, no wake). {@link #wake} starts it
 * again, and so does any input event in the watched node's scene; a pulse the timer did not cause runs one frame, and
 * the loop starts again when that found something to do. An idle window (a finished run, an opened session) took 60
 * frames a second, each asking every view whether it changed: ~3 % of a core.
 */
final class RedrawLoop {
    /** One frame: redraws what changed; returns whether it had anything to do, which keeps the loop going. */
    interface Frame {
        boolean run(long now);
    }

    /**
     * While a text field's caret blinks, a pulse that has no layout pending runs a frame at most this often: the caret's
     * animation asks for a pulse every frame, 60 frames a second that found nothing to do (a label's text changed, a
     * resize, a menu closed, each wants a layout: those still run one at once).
     */
    static final long CARET_LOOK_NANOS = 1_000_000_000L;

    private final Frame frame;
    private final LongSupplier quietNanos;
    private final AnimationTimer timer;
    /** Whether {@link #timer} runs. */
    private boolean ticking;
    /** A wake came since the last frame: the next frame counts as busy (what woke it may need a view redrawn). */
    private boolean woken;
    /** The last frame that had something to do, or came after a wake. */
    private long lastBusy;
    /** The last frame run, by the timer or for a pulse. */
    private long lastLook = Long.MIN_VALUE / 2;
    /** A frame ran in the pulse going on (the pulse listener then runs none: the timer caused it). */
    private boolean framed;
    /** Frames run so far (tests: none while the window stands idle). */
    private long frames;
    /** Closed: nothing wakes the timer again. */
    private boolean closed;

    /**
     * @param frame      one frame
     * @param quietNanos how long the window must stand quiet before the timer stops: longer than any view's wait
     *                   between redraws, so each has looked at the last change
     */
    RedrawLoop(Frame frame, LongSupplier quietNanos) {
        this.frame = frame;
        this.quietNanos = quietNanos;
        timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                framed = true;
                if (look(now) || woken) {
                    woken = false;
                    lastBusy = now;
                } else if (now - lastBusy > quietNanos.getAsLong()) {
                    ticking = false;
                    stop();
                }
            }
        };
    }

    /**
     * Wakes the loop on any input event in the scene {@code node} is in (the scene it is put in later too), and runs a
     * frame for each pulse of that scene the timer did not cause (a background task's result put in a label, a menu or
     * a dialog closed, a resize); the pulse that follows the timer's last frame finds nothing.
     */
    void watch(Node node) {
        EventHandler<InputEvent> onInput = e -> wake();
        Runnable onPulse = () -> {
            long now = System.nanoTime();
            if (!framed && !ticking && !closed && !onlyACaret(node.getScene(), now) && look(now)) {
                wake();
            }
            framed = false;
        };
        node.sceneProperty().addListener((o, was, scene) -> {
            if (was != null) {
                was.removeEventFilter(InputEvent.ANY, onInput);
                was.removePreLayoutPulseListener(onPulse);
            }
            if (scene != null) {
                scene.addEventFilter(InputEvent.ANY, onInput);
                scene.addPreLayoutPulseListener(onPulse);
            }
        });
        if (node.getScene() != null) {
            node.getScene().addEventFilter(InputEvent.ANY, onInput);
            node.getScene().addPreLayoutPulseListener(onPulse);
        }
    }

    /**
     * Whether this pulse may be only a blinking caret's, looked at recently enough: a caret blinks in the focused
     * window's text field, and no layout is pending (see {@link #CARET_LOOK_NANOS}). The caret's pulses come without
     * end, so one left out is followed by one that looks within {@link #CARET_LOOK_NANOS}.
     */
    private boolean onlyACaret(Scene scene, long now) {
        return scene != null && scene.getFocusOwner() instanceof TextInputControl t && t.isEditable() && !t.isDisabled()
                && scene.getWindow() != null && scene.getWindow().isFocused() && !scene.getRoot().isNeedsLayout()
                && now - lastLook < CARET_LOOK_NANOS;
    }

    private boolean look(long now) {
        frames++;
        lastLook = now;
        return frame.run(now);
    }

    /** Starts the loop when it stood still; each frame then looks at what changed. Any thread. */
    void wake() {
        if (!Platform.isFxApplicationThread()) {
            Platform.runLater(this::wake);
            return;
        }
        woken = true;
        if (!ticking && !closed) {
            ticking = true;
            timer.start();
        }
    }

    /** Stops the loop for good. */
    void close() {
        closed = true;
        ticking = false;
        timer.stop();
    }

    /** Whether the timer runs (tests). */
    boolean ticking() {
        return ticking;
    }

    /** Frames run so far, by the timer or for a pulse (tests: none while the window stands idle). */
    long frames() {
        return frames;
    }
}
