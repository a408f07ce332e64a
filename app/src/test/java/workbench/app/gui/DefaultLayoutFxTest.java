package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.SplitPane;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's first layout on a 1280 x 720 screen: the usual split shares (70 % plots, the trace 45 % of them) left
 * the trace about 145 px high, its plot about 100; now a first launch (no saved split positions) gives it a usable
 * height, the 1600 x 1000 layout stays as it was, and split positions saved last time still win.
 */
class DefaultLayoutFxTest extends WindowFxBase {

    /** Sizes the window as the app does a 1280 x 720 screen's (no title bar under Monocle), then lays it out as at launch. */
    private void showAt1280x720(FxRobot robot) {
        showAt(robot, 1280, 720);
    }

    /** Sizes the window {@code width} x {@code height}, then lays it out as at launch. */
    private void showAt(FxRobot robot, double width, double height) {
        robot.interact(() -> {
            Stage stage = (Stage) window.getScene().getWindow();
            stage.setWidth(width);
            stage.setHeight(height);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> window.restoreLayout());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(width, window.getScene().getWidth(), 0.5);
        assertEquals(height, window.getScene().getHeight(), 0.5);
    }

    /**
     * Gives the primary stage, which the next test class reuses, back its 1240 x 780 ({@link WindowFxBase}): a stage
     * sized by hand keeps that size through a new scene, and PathLegendFxTest, run next in a 1280 x 720 stage, found the
     * projection's legend folded and timed out.
     */
    @AfterEach
    void giveTheStageItsSizeBack() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> {
            Stage stage = (Stage) window.getScene().getWindow();
            stage.setWidth(1240);
            stage.setHeight(780);
        }).get(5, java.util.concurrent.TimeUnit.SECONDS);
    }

    @Test
    void aFirstLaunchAt1280x720GivesTheTraceAUsableHeight(FxRobot robot) {
        showAt1280x720(robot);
        Region trace = robot.lookup("#traceView").queryAs(Region.class);
        Region projection = window.posterior().projection();
        Region energy = robot.lookup("#energyCharts").queryAs(Region.class);
        Region lower = robot.lookup("#lowerTabs").queryAs(Region.class);
        String sizes = "trace " + trace.getHeight() + ", projection " + projection.getWidth() + " x "
                + projection.getHeight() + ", energy " + energy.getHeight() + ", lower tabs " + lower.getHeight();
        assertTrue(trace.getHeight() >= 160, sizes);
        assertTrue(projection.getHeight() >= 280 && projection.getWidth() >= 300, sizes);
        assertTrue(energy.getHeight() >= 200, sizes);
        assertTrue(lower.getHeight() >= 150, sizes);
    }

    /**
     * At 1280 x 720 the diagnostics table's summary line and the note under it took their whole heights, two lines
     * each, and the table above them showed one and a half rows; now it keeps three, the note cut to a line.
     */
    @Test
    void at1280x720TheDiagnosticsTableShowsThreeRowsOverItsNotes(FxRobot robot) throws Exception {
        showAt1280x720(robot);
        runToTheEnd(robot, "bnn-regression", "sgld", 20, 40);
        javafx.scene.control.Label note = robot.lookup("#diagNote").queryAs(javafx.scene.control.Label.class);
        waitUntil("the weights note (" + note.getText() + ")", () -> note.getText().contains("not identified"));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TableView<?> table = robot.lookup("#diagnosticsTable")
                .queryAs(javafx.scene.control.TableView.class);
        double rows = onFx(() -> (table.getHeight() - ((Region) table.lookup(".column-header-background")).getHeight())
                / ((Region) table.lookup(".table-row-cell")).getHeight());
        assertTrue(rows >= 3, "rows shown: " + rows + " (table " + table.getHeight() + " px)");
        assertTrue(onFx(() -> note.getHeight() > 0 && note.getTooltip().getText().contains("not identified")),
                "the note is shown, whole in its tooltip");
    }

    /**
     * At 1280 x 720 the divergence list's five columns were equal: the chain's number had 185 pixels and both
     * locations' headers were cut ("where its transition beg…", "location (where ΔE cros…"). Every header is whole now.
     */
    @Test
    void at1280x720TheDivergenceListsHeadersAreWhole(FxRobot robot) throws Exception {
        showAt1280x720(robot);
        robot.interact(() -> robot.lookup("#lowerTabs").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.control.TableView<?> table = robot.lookup("#divergenceTable")
                .queryAs(javafx.scene.control.TableView.class);
        assertEquals(5, onFx(() -> table.lookupAll(".column-header .label").size()), "the list's headers");
        assertEquals("", onFx(() -> cutHeaders(table)));
        assertTrue(onFx(() -> table.getColumns().get(0).getWidth() < table.getColumns().get(3).getWidth() / 2),
                "the chain's number narrower than a location");
        // at 16 px text too ("energy…" and the locations' headers were cut): whole, the list scrolling sideways
        try {
            robot.interact(() -> window.setTextSize(16));
            WaitForAsyncUtils.waitForFxEvents();
            String cut16 = onFx(() -> {
                table.applyCss();
                table.layout();
                StringBuilder sb = new StringBuilder(cutHeaders(table));
                double sum = 0;
                for (javafx.scene.control.TableColumn<?, ?> c : table.getVisibleLeafColumns()) {
                    sum += c.getWidth();
                }
                if (sum > table.getWidth() && table.getColumnResizePolicy()
                        != javafx.scene.control.TableView.UNCONSTRAINED_RESIZE_POLICY) {
                    sb.append("columns ").append(sum).append(" px in ").append(table.getWidth()).append(", not scrolling");
                }
                return sb.toString();
            });
            assertEquals("", cut16, "16 px");
        } finally {
            robot.interact(() -> window.setTextSize(TextSize.NORMAL));
        }
    }

    /**
     * At 16 px text in a 1280 x 720 window the toolbar's controls fill its first row, and the step-size note, empty,
     * took a second row of its own: an empty band under the toolbar. The note is laid out only while it says something.
     */
    @Test
    void at1280x720AndLargerTextAnEmptyStepSizeNoteTakesNoRow(FxRobot robot) throws Exception {
        showAt1280x720(robot);
        javafx.scene.control.Label note = robot.lookup("#stepSizeNote").queryAs(javafx.scene.control.Label.class);
        javafx.scene.layout.FlowPane bar = (javafx.scene.layout.FlowPane) note.getParent();
        Region run = robot.lookup("#runButton").queryAs(Region.class);
        try {
            for (double px : new double[] {12, 14, 16}) {
                robot.interact(() -> window.setTextSize(px));
                WaitForAsyncUtils.waitForFxEvents();
                String where = px + " px: bar " + onFx(bar::getHeight) + " px, Run " + onFx(run::getHeight) + " px";
                assertEquals("", onFx(note::getText), where);
                assertTrue(onFx(() -> bar.getHeight() < 2 * run.getHeight()), "one row at " + where);
            }
            robot.interact(() -> note.setText("step size set by hand: adaptation ended for this run"));
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(onFx(() -> note.isManaged() && note.getWidth() > 100), "a note that says something is shown");
        } finally {
            robot.interact(() -> {
                note.setText("");
                window.setTextSize(TextSize.NORMAL);
            });
        }
    }

    /**
     * At larger text the diagnostics table's columns keep their headers and their numbers whole, the table scrolling
     * sideways where they need more than its width: at 20 px text the equal shares of a 1600 x 1000 window showed
     * "para…", "ESS b…", "MCSE…" and a mean of "0.0091…".
     */
    @Test
    void atLargerTextTheDiagnosticsTableCutsNoHeaderAndNoNumber(FxRobot robot) throws Exception {
        showAt(robot, 1600, 1000);
        runToTheEnd(robot, "funnel", "nuts", 50, 100);
        javafx.scene.control.TableView<?> table = robot.lookup("#diagnosticsTable")
                .queryAs(javafx.scene.control.TableView.class);
        waitUntil("the table's rows", () -> onFx(() -> !table.getItems().isEmpty()));
        try {
            for (double px : new double[] {12, 16, 20, 24}) {
                robot.interact(() -> window.setTextSize(px));
                WaitForAsyncUtils.waitForFxEvents();
                String cut = onFx(() -> {
                    table.applyCss();
                    table.layout();
                    StringBuilder sb = new StringBuilder(cutHeaders(table));
                    for (javafx.scene.Node n : table.lookupAll(".table-row-cell .table-cell")) {
                        javafx.scene.control.TableCell<?, ?> c = (javafx.scene.control.TableCell<?, ?>) n;
                        if (c.isVisible() && c.getText() != null && !c.getText().isEmpty()
                                && c.getWidth() < c.prefWidth(-1) - 0.5) {
                            sb.append("cell \"").append(c.getText()).append("\" ").append(c.getWidth()).append(" of ")
                                    .append(c.prefWidth(-1)).append(" px; ");
                        }
                    }
                    if (sb.length() > 0) {
                        for (javafx.scene.control.TableColumn<?, ?> col : table.getColumns()) {
                            sb.append(" | ").append(col.getText()).append(' ').append(col.isVisible()).append(' ')
                                    .append(col.getWidth()).append(" min ").append(col.getMinWidth());
                        }
                    }
                    return sb.toString();
                });
                assertEquals("", cut, px + " px");
                // every column within reach: inside the table, or the table scrolls sideways to it
                WaitForAsyncUtils.waitForFxEvents();
                WaitForAsyncUtils.sleep(500, java.util.concurrent.TimeUnit.MILLISECONDS);
                WaitForAsyncUtils.waitForFxEvents();
                double[] widths = onFx(() -> {
                    table.layout();
                    double sum = 0;
                    for (javafx.scene.control.TableColumn<?, ?> col : table.getVisibleLeafColumns()) {
                        sum += col.getWidth();
                    }
                    javafx.scene.control.ScrollBar bar = horizontalBar(table);
                    boolean hbar = bar != null && bar.isVisible();
                    return new double[] {sum, table.getWidth(), hbar ? 1 : 0};
                });
                assertTrue(widths[0] <= widths[1] || widths[2] == 1, px + " px: columns " + widths[0]
                        + " px wide in a table of " + widths[1] + " px, and no horizontal scroll bar ("
                        + onFx(() -> table.lookupAll(".scroll-bar").stream().map(n -> ((javafx.scene.control.ScrollBar) n)
                                .getOrientation() + " " + n.isVisible() + " " + ((javafx.scene.control.ScrollBar) n).getMax()
                                + " h " + table.getHeight()).toList()) + "); policy "
                        + onFx(() -> table.getColumnResizePolicy() == javafx.scene.control.TableView.UNCONSTRAINED_RESIZE_POLICY
                                ? "unconstrained" : String.valueOf(table.getColumnResizePolicy())));
            }
        } finally {
            robot.interact(() -> window.setTextSize(TextSize.NORMAL));
        }
    }

    @Test
    void theLayoutOfA1600x1000ScreenStaysAsItWas(FxRobot robot) {
        showAt1280x720(robot);
        // the window's usual 1560 x 960 scene (a 1600 x 1000 screen) is 240 px taller: its main split too
        double h = robot.lookup("#mainSplit").queryAs(SplitPane.class).getHeight() + 240;
        assertArrayEquals(new double[] {MainWindow.MAIN_SPLIT, MainWindow.RIGHT_SPLIT}, MainWindow.defaultSplits(h), 1e-12);
        assertArrayEquals(new double[] {MainWindow.MAIN_SPLIT, MainWindow.RIGHT_SPLIT}, MainWindow.defaultSplits(0), 1e-12);
    }

    @Test
    void savedSplitPositionsStillWin(FxRobot robot) {
        prefs.putDouble("split.main", 0.6);
        prefs.putDouble("split.right", 0.3);
        showAt1280x720(robot);
        assertEquals(0.6, robot.lookup("#mainSplit").queryAs(SplitPane.class).getDividerPositions()[0], 0.01);
        assertEquals(0.3, robot.lookup("#rightSplit").queryAs(SplitPane.class).getDividerPositions()[0], 0.01);
    }
}
