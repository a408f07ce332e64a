package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The diagnostics table over its lines: short of room the table keeps its header and three rows and the lines give way,
 * each down to one line cut with "...", in their order (the note first), except a line that must stay whole.
 */
@ExtendWith(ApplicationExtension.class)
class TableOverNotesFxTest {
    private static final String LONG = "the table uses the latest 10000 post-warmup draws per chain, 40000 of the 48000"
            + " shown (`workbench summary` covers them all; E-BFMI uses all shown); the window holds only the latest"
            + " 50000 iterations per chain: 8174515 earlier post-warmup draws are not in it";

    private static final String SUMMARY = "post-warmup draws used: 80000 \u00b7 divergences after warmup: 0 of the"
            + " run's 8408960 post-warmup transitions (+68 in warmup) \u00b7 E-BFMI by chain: 1.123, 1.120, 1.104, 1.070"
            + " and more, and more, and more, to run past one line at 600 px";

    private TableView<String> table;
    private Label summary;
    private Label note;
    private final AtomicBoolean flagged = new AtomicBoolean();
    private TableOverNotes pane;

    @BeforeEach
    void show() throws Exception {
        FxToolkit.setupStage(stage -> {
            table = new TableView<>();
            summary = new Label(SUMMARY);
            note = new Label(LONG);
            TableColumn<String, String> c = new TableColumn<>("parameter");
            c.setCellValueFactory(v -> new ReadOnlyObjectWrapper<>(v.getValue()));
            table.getColumns().add(c);
            table.getItems().setAll("x[1]", "x[2]", "x[3]", "x[4]", "lp__");
            for (Label l : new Label[] {summary, note}) {
                l.setWrapText(true);
                l.setStyle("-fx-padding: 4 6 4 6;");
            }
            pane = new TableOverNotes(table).line(summary, 1, flagged::get).line(note, 0, () -> false);
            stage.setScene(new Scene(pane, 600, 137));
            stage.sizeToScene();
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void resize(double height) throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            pane.getScene().getWindow().setHeight(height);
            pane.requestLayout();
        }).get(5, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static double height(Node n) {
        return ((Region) n).getHeight();
    }

    /** The rows of the table shown whole: its height below the header over a row's. */
    private double rowsShown() throws Exception {
        return WindowFxBase.onFx(() -> {
            double header = height(table.lookup(".column-header-background"));
            double row = height(table.lookup(".table-row-cell"));
            return (table.getHeight() - header - 2) / row;
        });
    }

    private static String shown(Label l) throws Exception {
        return WindowFxBase.onFx(() -> ((Text) l.lookup(".text")).getText());
    }

    private static double wholeHeight(Label l) throws Exception {
        return WindowFxBase.onFx(() -> l.prefHeight(l.getWidth()));
    }

    @Test
    void shortOfRoomTheTableKeepsThreeRowsAndTheLinesAreCutToOneLine() throws Exception {
        resize(150); // about the lower tab's content at 1280 x 720
        assertTrue(rowsShown() >= 3, "rows shown " + rowsShown());
        for (Label l : new Label[] {summary, note}) {
            String shown = shown(l);
            assertTrue(shown.endsWith("..."), l.getText() + " shown as " + shown);
            assertTrue(shown.length() > 20 && !shown.contains("\n"), "one line: " + shown);
            assertTrue(l.getHeight() < wholeHeight(l), l.getHeight() + " of " + wholeHeight(l));
        }
    }

    @Test
    void theNoteGivesWayBeforeTheSummary() throws Exception {
        resize(150);
        double cutNote = note.getHeight();
        // room for the table's three rows, the whole summary and one line of the note
        resize(WindowFxBase.onFx(() -> pane.tableKeep()) + wholeHeight(summary) + cutNote);
        assertEquals(wholeHeight(summary), summary.getHeight(), 0.5);
        assertEquals(cutNote, note.getHeight(), 0.5);
        assertTrue(shown(note).endsWith("..."), shown(note));
    }

    @Test
    void aFlaggedSummaryStaysWhole() throws Exception {
        flagged.set(true);
        resize(137);
        assertEquals(wholeHeight(summary), summary.getHeight(), 0.5);
        assertEquals(summary.getText(), shown(summary).replace("\n", " "));
        assertTrue(shown(note).endsWith("..."), shown(note));
    }

    @Test
    void withRoomEveryLineIsWholeAndTheTableTakesTheRest() throws Exception {
        resize(400);
        assertEquals(wholeHeight(summary), summary.getHeight(), 0.5);
        assertEquals(wholeHeight(note), note.getHeight(), 0.5);
        assertEquals(LONG, shown(note).replace("\n", " "));
        assertEquals(400 - summary.getHeight() - note.getHeight(), table.getHeight(), 1);
    }
    /**
     * Shorter than the lines alone (28 px text in a 1280 x 720 window): the table, given no height, drew its header
     * under the summary laid over it. Each child is now drawn within its box, the pane within its own.
     */
    @Test
    void tooShortForTheLinesTheTableDrawsNothingUnderThem() throws Exception {
        flagged.set(true);
        resize(40);
        double[] boxes = WindowFxBase.onFx(() -> {
            javafx.geometry.Bounds clip = table.getClip().getBoundsInParent();
            return new double[] {table.getHeight(), clip.getHeight(), pane.getClip().getBoundsInLocal().getHeight(),
                    pane.getHeight()};
        });
        assertEquals(0, boxes[0], 0.5, "no room for the table");
        assertEquals(0, boxes[1], 0.5, "its header clipped away");
        assertEquals(boxes[3] + 4, boxes[2], 0.5, "the lines clipped to the pane (and a focus ring round it)");
        resize(400);
        assertEquals(WindowFxBase.onFx(table::getHeight) + 4, WindowFxBase.onFx(() -> table.getClip()
                .getBoundsInLocal().getHeight()), 0.5, "with room, the whole table shows, its focus ring too");
    }
}
