package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunDraws;
import workbench.sessions.SessionWriter;

/**
 * The divergence list numbers a post-warmup divergence by its draw, as {@code workbench summary --divergences}
 * does (draw 64 after 1000 warmup is "64", not the iteration "1064"), and a warmup one by its iteration.
 */
class DivergenceListFxTest extends WindowFxBase {

    @Test
    void theDrawColumnIsThePostWarmupDrawNumber(FxRobot robot, @TempDir Path tmp) throws Exception {
        Map<String, String> model = Map.of("dim", "2");
        Map<String, String> sampler = Map.of("step_size", "1.2", "adapt_delta", "0.6");
        int warmup = 100;
        RunConfig cfg = new RunConfig("funnel", model, "nuts", sampler, 2, warmup, 900, 11, 2, null);
        Path session = tmp.resolve("session");
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create("funnel", model), SamplerRegistry.create("nuts", sampler), w).run();
        }
        int stored;
        try (workbench.sessions.SessionReader r = workbench.sessions.SessionReader.open(session)) {
            stored = r.divergences().size();
        }
        robot.interact(() -> window.openSession(session));
        // all of them (the list grows on the FX thread as the session is read), then read on the FX thread
        waitUntil("the session's " + stored + " divergences", () -> stored > 0 && divergences().size() == stored);
        robot.clickOn("#divergencesTab");
        @SuppressWarnings("unchecked")
        TableView<RunDraws.DivergenceMark> table = robot.lookup("#divergenceTable").queryAs(TableView.class);
        @SuppressWarnings("unchecked")
        TableColumn<RunDraws.DivergenceMark, String> draw = (TableColumn<RunDraws.DivergenceMark, String>)
                table.getColumns().stream().filter(c -> c.getText().equals("draw")).findFirst().orElseThrow();
        List<RunDraws.DivergenceMark> rows = rows(table);
        List<String> cells = onFx(() -> {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < table.getItems().size(); i++) {
                out.add(draw.getCellData(i));
            }
            return out;
        });
        assertEquals(rows.size(), cells.size());
        int sampling = 0;
        for (int i = 0; i < rows.size(); i++) {
            RunDraws.DivergenceMark d = rows.get(i);
            String expected = d.iteration() < warmup ? (d.iteration() + 1) + " (warmup)"
                    : Long.toString(d.iteration() + 1 - warmup);
            assertEquals(expected, cells.get(i), "chain " + (d.chain() + 1) + " iteration " + d.iteration());
            sampling += d.iteration() < warmup ? 0 : 1;
        }
        assertTrue(sampling > 0, "the run must diverge after warmup to test anything");
    }

    /**
     * A click on a header sorts by the numbers, not the text: before, "energy error" put 1.323e+32 before 1658 and
     * ∞ last but one, "draw" put "10" before "2", and "chain" put 10 before 2 (up to 16 chains).
     */
    @Test
    void sortingAColumnSortsByItsNumbers(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        robot.clickOn("#divergencesTab");
        @SuppressWarnings("unchecked")
        TableView<RunDraws.DivergenceMark> table = robot.lookup("#divergenceTable").queryAs(TableView.class);
        List<RunDraws.DivergenceMark> rows = rows(table);
        assertTrue(rows.stream().anyMatch(d -> d.warmup()) && rows.stream().anyMatch(d -> !d.warmup())
                && rows.size() > 20, "divergences in both phases, more than 20 in all: " + rows.size());

        List<RunDraws.DivergenceMark> byError = sorted(robot, table, "energy error", TableColumn.SortType.DESCENDING);
        for (int i = 1; i < byError.size(); i++) {
            assertTrue(Double.compare(byError.get(i - 1).energyError(), byError.get(i).energyError()) >= 0,
                    "energy errors descending: " + byError.get(i - 1).energyError() + " then " + byError.get(i).energyError());
        }
        double largest = rows.stream().mapToDouble(RunDraws.DivergenceMark::energyError).max().orElseThrow();
        assertEquals(largest, byError.get(0).energyError(), "the worst divergence on top");

        // as `summary --divergences` lists them: post-warmup by draw number, then warmup by iteration
        List<RunDraws.DivergenceMark> byDraw = sorted(robot, table, "draw", TableColumn.SortType.ASCENDING);
        List<RunDraws.DivergenceMark> expected = new ArrayList<>(rows);
        expected.sort(Comparator.comparing(RunDraws.DivergenceMark::warmup)
                .thenComparingLong(RunDraws.DivergenceMark::iteration));
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).warmup(), byDraw.get(i).warmup(), "row " + i);
            assertEquals(expected.get(i).iteration(), byDraw.get(i).iteration(), "row " + i);
        }

        List<RunDraws.DivergenceMark> byChain = sorted(robot, table, "chain", TableColumn.SortType.DESCENDING);
        assertEquals(2, byChain.get(0).chain() + 1);
        assertEquals(1, byChain.get(byChain.size() - 1).chain() + 1);
    }

    /** The headers take no focus: Alt+S reaches "Sort by", the arrow keys pick a column, Alt+D and Space turn it round. */
    @Test
    void theListIsSortedFromTheKeyboard(FxRobot robot, @TempDir Path tmp) throws Exception {
        openEightSchoolsSession(robot, tmp, 2, 300, 600, 3);
        robot.clickOn("#divergencesTab");
        @SuppressWarnings("unchecked")
        TableView<RunDraws.DivergenceMark> table = robot.lookup("#divergenceTable").queryAs(TableView.class);
        List<RunDraws.DivergenceMark> found = rows(table);
        assertTrue(found.size() > 20, "divergences: " + found.size());
        robot.interact(table::requestFocus);
        robot.press(KeyCode.ALT, KeyCode.S).release(KeyCode.S, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node sortBy = robot.lookup("#divergenceSortBy").query();
        assertEquals(sortBy, window.getScene().getFocusOwner(), "Alt+S: the focus on Sort by");
        // open it, down to "energy error" (order found, chain, draw, energy error), take it
        robot.press(KeyCode.ALT, KeyCode.DOWN).release(KeyCode.DOWN, KeyCode.ALT);
        WaitForAsyncUtils.waitForFxEvents();
        for (int k = 0; k < 3; k++) {
            robot.type(KeyCode.DOWN);
        }
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        List<RunDraws.DivergenceMark> up = rows(table);
        for (int i = 1; i < up.size(); i++) {
            assertTrue(Double.compare(up.get(i - 1).energyError(), up.get(i).energyError()) <= 0,
                    "energy errors ascending at row " + i);
        }
        robot.press(KeyCode.ALT, KeyCode.D).release(KeyCode.D, KeyCode.ALT);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        List<RunDraws.DivergenceMark> down = rows(table);
        double largest = found.stream().mapToDouble(RunDraws.DivergenceMark::energyError).max().orElseThrow();
        assertEquals(largest, down.get(0).energyError(), "Alt+D: the largest first (focus "
                + window.getScene().getFocusOwner() + ", descending " + robot.lookup("#divergenceSortDescending")
                .queryAs(javafx.scene.control.CheckBox.class).isSelected() + ")");
        for (int i = 1; i < down.size(); i++) {
            assertTrue(Double.compare(down.get(i - 1).energyError(), down.get(i).energyError()) >= 0,
                    "energy errors descending at row " + i);
        }
        // a header clicked shows its sort in the bar; "order found" puts the list back as it came
        TableColumn<RunDraws.DivergenceMark, ?> chain = table.getColumns().stream()
                .filter(c -> c.getText().equals("chain")).findFirst().orElseThrow();
        robot.interact(() -> {
            chain.setSortType(TableColumn.SortType.ASCENDING);
            table.getSortOrder().setAll(List.of(chain));
        });
        @SuppressWarnings("unchecked")
        javafx.scene.control.ComboBox<String> box = (javafx.scene.control.ComboBox<String>) sortBy;
        assertEquals("chain", box.getValue());
        robot.interact(() -> box.setValue("order found"));
        assertEquals(found, rows(table));
        assertTrue(table.getSortOrder().isEmpty());
    }

    @Test
    void drawLabelsCompareAsNumbersPostWarmupFirst() {
        List<String> labels = new ArrayList<>(List.of("2 (warmup)", "10", "100 (warmup)", "2", "64", "10 (warmup)", "9"));
        labels.sort(DiagnosticsPane::compareDrawLabels);
        assertEquals(List.of("2", "9", "10", "64", "2 (warmup)", "10 (warmup)", "100 (warmup)"), labels);
    }

    /** The table's rows, copied on the FX thread. */
    private static List<RunDraws.DivergenceMark> rows(TableView<RunDraws.DivergenceMark> table) throws Exception {
        return onFx(() -> List.copyOf(table.getItems()));
    }

    private static List<RunDraws.DivergenceMark> sorted(FxRobot robot, TableView<RunDraws.DivergenceMark> table,
                                                          String column, TableColumn.SortType type) throws Exception {
        TableColumn<RunDraws.DivergenceMark, ?> col = table.getColumns().stream()
                .filter(c -> c.getText().equals(column)).findFirst().orElseThrow();
        robot.interact(() -> {
            col.setSortType(type);
            table.getSortOrder().setAll(List.of(col));
            table.sort();
        });
        return rows(table);
    }
}
