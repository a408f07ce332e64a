package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.app.cli.WorkbenchCli;

/**
 * An opened distilled set in the window: its table read R-hat and ESS over the set's points, flagged red, and the
 * mean over its distinct points; it now shows {@code workbench summary}'s weighted table and says why R-hat, ESS and
 * MCSE are left out ({@link DistilledTableTest} checks the figures against summary's).
 */
class DistilledTableFxTest extends WindowFxBase {

    @Test
    void anOpenedSetShowsItsWeightedTable(FxRobot robot, @TempDir Path tmp) {
        Path s = tmp.resolve("nuts");
        Path d = tmp.resolve("herded");
        for (String[] args : new String[][] {
                {"run", "--no-progress", "--no-summary", "--out", s.toString(), "--model", "banana", "--sampler", "nuts",
                        "--chains", "2", "--warmup", "200", "--draws", "500", "--seed", "3"},
                {"distill", s.toString(), "--method", "herding", "--size", "200", "--out", d.toString()}}) {
            StringWriter err = new StringWriter();
            assertEquals(0, WorkbenchCli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), args),
                    err.toString());
        }
        robot.interact(() -> window.openSession(d));
        Label line = robot.lookup("#diagNote").queryAs(Label.class);
        waitUntil("the set's note under the table", 30,
                () -> line.getText().contains(DiagnosticsViewModel.POINTS_NOTE));
        @SuppressWarnings("unchecked")
        TableView<DiagnosticsViewModel.Line> table = robot.lookup("#diagnosticsTable").queryAs(TableView.class);
        for (DiagnosticsViewModel.Line l : table.getItems()) {
            assertEquals(Double.NaN, l.row().rhat(), l.row().name());
            assertEquals(null, l.rhatWarning(), l.row().name());
            assertEquals(null, l.essBulkWarning(), l.row().name());
        }
    }
}
