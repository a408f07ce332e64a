package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunEvent;
import workbench.sessions.EventRecord;
import workbench.sessions.SessionReader;
import workbench.viz.LiveBuffer;

/** A GUI run is kept on disk as a session, and a stored session opens in the same views. */
class SessionFxTest extends WindowFxBase {
    /** Runs gaussian-2d with HMC, 2 chains, 30 warmup + 120 draws, to the end; returns the session. */
    private Path finishedRun(FxRobot robot, boolean withStepSizeChange) throws Exception {
        robot.interact(() -> {
            window.setup().selectModel("gaussian-2d");
            window.setup().selectSampler("hmc");
        });
        set(robot, "#chains", "2");
        set(robot, "#warmup", "30");
        set(robot, "#draws", "120");
        set(robot, "#seed", "11");
        Slider s = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> s.setValue(s.getMax()));
        if (withStepSizeChange) {
            robot.interact(() -> window.step(40));
            waitUntil("40 transitions", () -> window.controller().settled()
                    && window.controller().buffer().size(1) == 40);
            window.controller().setStepSize(0.25);
            robot.interact(() -> window.run());
        } else {
            robot.interact(() -> window.run());
        }
        waitUntil("the run's end", () -> window.controller().state() == RunController.State.FINISHED);
        Path dir = window.controller().session();
        assertNotNull(dir);
        return dir;
    }

    @Test
    void aGuiRunWritesEveryDrawOfTheBufferToItsSession(FxRobot robot) throws Exception {
        Path dir = finishedRun(robot, true);
        Path root = RunController.defaultSessionsRoot();
        assertEquals(root.toAbsolutePath(), dir.toAbsolutePath().getParent(), "written under the sessions folder");
        assertTrue(dir.getFileName().toString().matches("\\d{8}-\\d{6}-gaussian-2d-hmc(-\\d+)?"), dir.toString());
        assertTrue(Files.isRegularFile(dir.resolve("session.mcmcwb.json")));
        LiveBuffer b = window.controller().buffer();
        try (SessionReader r = SessionReader.open(dir)) {
            assertEquals(b.names(), r.names());
            assertEquals(2, r.chains());
            for (int c = 0; c < 2; c++) {
                assertEquals(150, r.size(c));
                assertEquals(b.size(c), r.size(c));
                for (long i = 0; i < r.size(c); i++) {
                    for (int p = 0; p < r.names().size(); p++) {
                        assertEquals(b.value(c, i, p), r.value(c, i, p), "chain " + c + " draw " + i + " param " + p);
                    }
                    assertEquals(b.stat(c, i, Stat.STEP_SIZE), r.stat(c, i, Stat.STEP_SIZE));
                    assertEquals(b.stat(c, i, Stat.ACCEPT_STAT), r.stat(c, i, Stat.ACCEPT_STAT));
                }
            }
            // the step size set mid-run is in the session's event log, at the transition that first used it
            List<EventRecord> steps = r.events().stream().filter(e -> e.event().kind().equals(RunEvent.STEP_SIZE)).toList();
            assertEquals(2, steps.size(), r.events().toString());
            for (EventRecord e : steps) {
                assertEquals(40, e.iteration());
                assertEquals(0.25, r.stat(e.chain(), e.iteration(), Stat.STEP_SIZE));
            }
        }
        Label session = robot.lookup("#statusSession").queryAs(Label.class);
        // the folder's name in the status bar (the message keeps its room), its whole path in the tooltip
        assertEquals("session: " + dir.getFileName(), session.getText());
        assertTrue(session.getTooltip().getText().startsWith(StatusText.shortPath(dir) + "\n"),
                session.getTooltip().getText());
    }

    @Test
    void anOpenedSessionShowsItsParametersInTheDiagnosticsTable(FxRobot robot) throws Exception {
        Path dir = finishedRun(robot, false);
        robot.interact(() -> window.reset());
        TableView<?> table = robot.lookup("#diagnosticsTable").queryAs(TableView.class);
        waitUntil("an empty table", () -> table.getItems().isEmpty());
        robot.interact(() -> window.openSession(dir.resolve("session.mcmcwb.json")));
        waitUntil("diagnostics rows", () -> table.getItems().size() == 3);
        @SuppressWarnings("unchecked")
        List<DiagnosticsViewModel.Line> lines = (List<DiagnosticsViewModel.Line>) table.getItems();
        // the parameters, then the log density of the same draws (Stan's lp__)
        assertEquals(List.of("x[1]", "x[2]", "lp__"), lines.stream().map(l -> l.row().name()).toList());
        for (DiagnosticsViewModel.Line l : lines) {
            assertTrue(Double.isFinite(l.row().mean()) && Double.isFinite(l.row().rhat()), l.toString());
        }
        String shown = robot.lookup("#statusSession").queryAs(Label.class).getText();
        assertTrue(shown.startsWith("session (read-only): "), shown);
        Label draws = robot.lookup("#statusDraws").queryAs(Label.class);
        waitUntil("the draw count of the opened session", () -> draws.getText().equals("draws: 120 per chain (240 in all) after 30 warmup"));
        assertEquals(RunController.State.IDLE, window.controller().state());
    }

    @Test
    void exportDrawsWritesTheRunsSessionWithTheExportWriters(FxRobot robot) throws Exception {
        Path dir = finishedRun(robot, false);
        Path out = Files.createTempDirectory("export").resolve("draws.csv");
        robot.interact(() -> window.exportSession(window.shownSession(), workbench.sessions.export.ExportFormat.CSV, out));
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the export", () -> msg.getText().startsWith("exported"));
        List<String> lines = Files.readAllLines(out);
        // a header, then chain x post-warmup draw rows, with the stored values
        assertEquals(1 + 2 * 120, lines.size(), msg.getText());
        assertTrue(lines.get(0).startsWith("chain,draw,"), lines.get(0));
        try (SessionReader r = SessionReader.open(dir)) {
            String[] first = lines.get(1).split(",");
            assertEquals(r.value(0, 30, 0), Double.parseDouble(first[2]), 0.0);
        }
    }

    @Test
    void aSessionThatCannotBeCreatedIsReportedAndNothingRuns(FxRobot robot) throws Exception {
        Path blocker = Files.createTempFile("not-a-folder", ".txt");
        try {
            RunController rc = new RunController(blocker);
            try {
                var cfg = new workbench.core.run.RunConfig("gaussian-2d", java.util.Map.of(), "rwm", java.util.Map.of(),
                        1, 10, 10, 1, 1, null);
                var e = org.junit.jupiter.api.Assertions.assertThrows(workbench.core.BadInputException.class,
                        () -> rc.start(cfg, ModelRegistry.create("gaussian-2d", java.util.Map.of()),
                                SamplerRegistry.create("rwm", java.util.Map.of()), false));
                assertTrue(e.getMessage().contains("session directory"), e.getMessage());
                assertEquals(RunController.State.IDLE, rc.state());
            } finally {
                rc.shutdown();
            }
        } finally {
            Files.deleteIfExists(blocker);
        }
    }
}
