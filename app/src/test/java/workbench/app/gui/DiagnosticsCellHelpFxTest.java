package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Why a diagnostics cell is flagged was in its tooltip, which only the mouse reaches: the arrow keys now go from cell
 * to cell and the line under the table says what the focused one means and, when flagged, why.
 */
class DiagnosticsCellHelpFxTest extends WindowFxBase {

    @Test
    void theFocusedCellIsExplainedUnderTheTable(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        TableView<DiagnosticsViewModel.Line> table = fxLookup("#diagnosticsTable");
        waitUntil("the table's rows", () -> !table.getItems().isEmpty());
        // a flagged cell (centred eight schools in 2 x 600 draws: tau's ESS and R-hat), by row and visible column
        int[] at = WaitForAsyncUtils.asyncFx(() -> {
            for (int r = 0; r < table.getItems().size(); r++) {
                DiagnosticsViewModel.Line l = table.getItems().get(r);
                String[] ids = {"R-hat", "ESS bulk", "ESS tail"};
                String[] w = {l.rhatWarning(), l.essBulkWarning(), l.essTailWarning()};
                for (int k = 0; k < ids.length; k++) {
                    if (w[k] != null) {
                        for (TableColumn<DiagnosticsViewModel.Line, ?> c : table.getVisibleLeafColumns()) {
                            if (c.getGraphic() instanceof Label h && h.getText().equals(ids[k])) {
                                return new int[] {r, table.getVisibleLeafIndex(c)};
                            }
                        }
                    }
                }
            }
            return null;
        }).get(5, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue(at != null, "a flagged R-hat or ESS cell to explain");
        Label help = fxLookup("#diagCellHelp");
        assertFalse(help.isVisible(), "no line while the table has not the focus");
        robot.interact(() -> {
            table.requestFocus();
            table.getFocusModel().focus(0, table.getVisibleLeafColumn(0));
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(help.isVisible());
        assertTrue(help.getText().contains("Output coordinate"), "the first column's meaning: " + help.getText());
        // from the keyboard to the flagged cell
        for (int i = 0; i < at[0]; i++) {
            robot.type(KeyCode.DOWN);
        }
        for (int i = 0; i < at[1]; i++) {
            robot.type(KeyCode.RIGHT);
        }
        WaitForAsyncUtils.waitForFxEvents();
        DiagnosticsViewModel.Line line = table.getItems().get(at[0]);
        String header = ((Label) table.getVisibleLeafColumn(at[1]).getGraphic()).getText();
        String why = header.equals("R-hat") ? line.rhatWarning()
                : header.equals("ESS bulk") ? line.essBulkWarning() : line.essTailWarning();
        assertTrue(help.getText().startsWith(line.row().name() + " \u00b7 " + header), help.getText());
        assertTrue(help.getText().endsWith("flagged \u2014 " + why), help.getText());
        // it stays on that cell through the table's refreshes (a stored session's table is computed again on a change)
        assertEquals(at[0], table.getFocusModel().getFocusedCell().getRow());
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(help.isVisible(), "gone with the focus");
    }

    /**
     * The red line under the table (divergences after warmup, low E-BFMI) said why only in its tooltip: Tab from the
     * table now reaches it, and the help line shows its reason, which is also its accessible help.
     */
    @Test
    void theRedSummaryLinesReasonIsReachedFromTheKeyboard(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        TableView<DiagnosticsViewModel.Line> table = fxLookup("#diagnosticsTable");
        Label summary = fxLookup("#diagSummary");
        waitUntil("the summary line flagged red (divergences after warmup)", () -> !table.getItems().isEmpty()
                && summary.getText().contains("divergences after warmup: ")
                && !summary.getText().contains("divergences after warmup: 0 "));
        Label help = fxLookup("#diagCellHelp");
        robot.interact(() -> {
            table.requestFocus();
            table.getFocusModel().focus(0, table.getVisibleLeafColumn(0));
        });
        robot.type(KeyCode.TAB);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(summary, window.getScene().getFocusOwner(), "Tab from the table reaches the red line");
        assertTrue(help.isVisible());
        assertTrue(help.getText().startsWith("summary: flagged \u2014 Divergences after warmup"), help.getText());
        assertTrue(help.getStyleClass().contains("flagged-help"));
        assertTrue(summary.getAccessibleHelp() != null && summary.getAccessibleHelp().startsWith("Divergences after warmup"),
                String.valueOf(summary.getAccessibleHelp()));
        robot.interact(() -> robot.lookup("#warmup").query().requestFocus());
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(help.isVisible(), "gone with the focus");
    }
}
