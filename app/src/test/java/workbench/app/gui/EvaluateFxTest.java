package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.app.SessionFixtures;

/** File ▸ Evaluate predictions… on small BNN sessions: rows per method, plots with data, one-line refusals. */
class EvaluateFxTest extends WindowFxBase {
    @TempDir
    static Path shared;
    static Path regNuts;
    static Path regMap;
    static Path regLaplace;
    static Path clsNuts;
    static Path clsEnsemble;
    static Path banana;
    static Path boston;


    private static Path run(String name, String model, String data, String sampler, int chains, int warmup, int draws) {
        List<String> args = new java.util.ArrayList<>(List.of("--model", model,
                "--sampler", sampler, "--chains", String.valueOf(chains), "--warmup", String.valueOf(warmup),
                "--draws", String.valueOf(draws), "--seed", "3", "--threads", "1"));
        if (data != null) {
            args.addAll(List.of("--set", "data=" + data, "--set", "width=8"));
        }
        return TestSessions.run(shared.resolve(name), args.toArray(new String[0]));
    }

    @BeforeAll
    static void makeSessions() {
        regNuts = run("reg-nuts", "bnn-regression", "toy1d", "nuts", 1, 150, 300);
        regMap = run("reg-map", "bnn-regression", "toy1d", "map", 1, 300, 10);
        regLaplace = run("reg-laplace", "bnn-regression", "toy1d", "laplace-diag", 2, 300, 200);
        clsNuts = run("cls-nuts", "bnn-classification", "moons", "nuts", 1, 100, 200);
        clsEnsemble = run("cls-ensemble", "bnn-classification", "moons", "deep-ensemble", 3, 300, 5);
        banana = run("banana", "banana", null, "nuts", 1, 50, 50);
        boston = run("boston-map", "bnn-regression", "boston", "map", 1, 100, 5);
    }

    private static Label message(EvaluateWindow w) {
        Label l = (Label) w.stage().getScene().lookup("#evaluateMessage");
        assertNotNull(l);
        return l;
    }

    private static void addAndWait(FxRobot robot, EvaluateWindow w, Path dir) {
        robot.interact(() -> w.addSession(dir));
        waitUntil("the evaluation of " + dir.getFileName(), 60, () -> w.pending() == 0);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void regressionSessionsGiveRowsABandCoverageAndOodCurves(FxRobot robot) throws Exception {
        robot.interact(() -> window.openSession(regNuts));
        waitUntil("the opened session", 20, () -> window.shownSession() != null);
        EvaluateWindow[] holder = new EvaluateWindow[1];
        long t0 = System.nanoTime();
        robot.interact(() -> holder[0] = window.openEvaluateWindow());
        EvaluateWindow w = holder[0];
        // the shown session is evaluated without asking
        waitUntil("the shown session's row", 60, () -> w.pending() == 0 && w.table().getItems().size() == 1);
        System.out.printf("evaluated the shown session (300 draws) in %.2f s%n", (System.nanoTime() - t0) / 1e9);
        addAndWait(robot, w, regMap);
        addAndWait(robot, w, regLaplace);
        fxCheck(() -> {
            assertEquals(3, w.table().getItems().size(), message(w).getText());
            // the line above the table is about the session just added, not the selected row: it says so
            assertTrue(message(w).getText().startsWith("added " + w.table().getItems().get(2).name() + ": "),
                    message(w).getText());
            assertEquals(List.of("nuts", "map", "laplace-diag"),
                    w.table().getItems().stream().map(EvaluateViewModel.Row::method).toList());
            assertEquals("coverage 90%", w.table().getColumns().get(6).getText());
            String nll = (String) w.table().getColumns().get(3).getCellData(0);
            assertTrue(Double.parseDouble(nll) > 0, nll);
            assertEquals("300", w.table().getColumns().get(2).getCellData(0));
            assertEquals("400", w.table().getColumns().get(2).getCellData(2));
            assertEquals("OOD ratio (4 sd)", w.table().getColumns().get(9).getText());
            double ratio = Double.parseDouble((String) w.table().getColumns().get(9).getCellData(0));
            // nuts (300 draws) has a predictive R-hat; map (one draw per chain) has none
            assertEquals("pred. R-hat max", w.table().getColumns().get(7).getText());
            assertTrue(Double.parseDouble((String) w.table().getColumns().get(7).getCellData(0)) >= 1 - 0.05,
                    (String) w.table().getColumns().get(7).getCellData(0));
            assertEquals("\u2013", w.table().getColumns().get(7).getCellData(1));
            assertEquals(EvaluateViewModel.oodRatio(w.table().getItems().get(0).shift()), ratio, 0.005);
            assertTrue(ratio > 1, "nuts on toy1d: less sure 4 sd away from the data, ratio " + ratio);

            // the first row stays selected: its band over a grid wider than the data, with the data on top
            assertEquals(0, w.table().getSelectionModel().getSelectedIndex());
            assertSame(w.bandView(), w.bandView().getParent().getChildrenUnmodifiable().get(0));
            assertTrue(w.bandView().isVisible() && w.bandView().getScene() != null);
            EvaluateViewModel.BandPlot b = w.table().getItems().get(0).band();
            assertNotNull(b);
            // two bands and the mean over the grid, 20 training and 200 test points
            assertEquals(3 * EvaluateViewModel.BAND_GRID + 20 + 200, w.bandView().points());
            double lo = java.util.Arrays.stream(b.trainX()).min().getAsDouble();
            double hi = java.util.Arrays.stream(b.trainX()).max().getAsDouble();
            assertTrue(b.x()[0] < lo - 1 && b.x()[b.x().length - 1] > hi + 1, "grid beyond the data, in x units");
            // the 90% band is wider at the grid's ends than in the middle of the data
            double[] w90 = new double[b.x().length];
            for (int i = 0; i < w90.length; i++) {
                w90[i] = b.band().upper()[1][i] - b.band().lower()[1][i];
            }
            assertTrue(w90[0] > w90[w90.length / 2] && w90[w90.length - 1] > w90[w90.length / 2],
                    w90[0] + " " + w90[w90.length / 2] + " " + w90[w90.length - 1]);
            XYPlot band = w.bandView().chart().getXYPlot();
            assertTrue(band.getDatasetCount() >= 4);

            assertEquals(3 * EvaluateViewModel.COVERAGE_LEVELS.length, w.calibrationView().points());
            assertEquals("Coverage calibration", w.calibrationView().chart().getTitle().getText());
            assertEquals(3 * 2 * EvaluateViewModel.OOD_SIZES.length, w.oodView().points());
        });

        // selecting another row shows its band
        robot.interact(() -> w.table().getSelectionModel().select(2));
        fxCheck(() -> assertTrue(w.bandView().chart().getSubtitle(0) != null));

        // refusals: one line, no row added
        addAndWait(robot, w, clsNuts);
        fxCheck(() -> {
            assertTrue(message(w).getText().startsWith("cls-nuts is a session of bnn-classification (data=moons);"
                    + " the table compares sessions of bnn-regression (data=toy1d)"), message(w).getText());
            assertTrue(message(w).getStyleClass().contains("status-error"));
        });
        addAndWait(robot, w, banana);
        fxCheck(() -> {
            assertEquals("banana is a session of model banana, which has no held-out test set to predict"
                    + " (use bnn-regression or bnn-classification)", message(w).getText());
        });
        addAndWait(robot, w, regMap);
        fxCheck(() -> assertEquals("reg-map is already in the table", message(w).getText()));
        addAndWait(robot, w, shared.resolve("nothing-here"));
        fxCheck(() -> {
            assertTrue(message(w).getText().endsWith("no such session directory"), message(w).getText());
            assertFalse(message(w).getText().contains("Exception"));
            assertEquals(3, w.table().getItems().size());
        });

        // removing every row lets another model in
        for (int i = 0; i < 3; i++) {
            robot.interact(() -> {
                w.table().getSelectionModel().select(0);
                ((javafx.scene.control.Button) w.stage().getScene().lookup("#evaluateRemove")).fire();
            });
        }
        fxCheck(() -> {
            assertEquals(0, w.table().getItems().size());
            assertTrue(message(w).getText().startsWith("removed "), message(w).getText());
        });
        addAndWait(robot, w, clsNuts);
        fxCheck(() -> {
            assertEquals(1, w.table().getItems().size(), message(w).getText());
            assertEquals("accuracy", w.table().getColumns().get(4).getText());
        });
        robot.interact(() -> w.stage().close());
    }

    @Test
    void classificationSessionsGiveADecisionMapAndAReliabilityDiagram(FxRobot robot) throws Exception {
        EvaluateWindow[] holder = new EvaluateWindow[1];
        robot.interact(() -> {
            holder[0] = window.openEvaluateWindow(); // no session shown: an empty window
            assertEquals(0, holder[0].pending());
        });
        EvaluateWindow w = holder[0];
        fxCheck(() -> assertTrue(w.table().getItems().isEmpty()));
        addAndWait(robot, w, clsNuts);
        addAndWait(robot, w, clsEnsemble);
        fxCheck(() -> {
            assertEquals(2, w.table().getItems().size(), message(w).getText());
            assertEquals(EvaluateViewModel.MAP_GRID * EvaluateViewModel.MAP_GRID, w.mapView().cells());
            assertTrue(w.mapView().getScene() != null, "the map is shown");
            EvaluateViewModel.Row r = w.table().getItems().get(0);
            int total = 0;
            for (int c : r.bins().count()) {
                total += c;
            }
            assertEquals(200, total, "every test point in a bin");
            assertEquals(r.metrics().ece(), r.bins().ece(), 1e-12, "200 draws: the plot's ECE is the table's");
            assertEquals("Reliability diagram", w.calibrationView().chart().getTitle().getText());
            assertTrue(w.calibrationView().points() >= 2);
            assertTrue(w.calibrationView().chart().getXYPlot().getDatasetCount() >= 2, "bin counts drawn");
            assertEquals(2 * 2 * EvaluateViewModel.OOD_SIZES.length, w.oodView().points());
            // classification: the entropy's label, in the form the chart's height allows (the whole in a large
            // window, below)
            assertTrue(workbench.viz.predict.OodView.ENTROPY_LABELS.contains(
                    w.oodView().chart().getXYPlot().getRangeAxis().getLabel()), w.oodView().rangeLabel());
        });
        // a short chart takes a shorter label, one that fits the plot's height (at 16 px text in a 1280 x 720 window
        // the whole label ran over the chart's note and legend); back in a large window, the whole one again
        try {
            robot.interact(() -> {
                w.stage().setWidth(1280);
                w.stage().setHeight(720);
                window.setTextSize(16);
            });
            waitUntil("a shorter uncertainty label", () -> onFx(() -> !w.oodView().rangeLabel()
                    .equals("mean predictive entropy (nats)")));
            WaitForAsyncUtils.waitForFxEvents();
            String shortLabel = onFx(() -> w.oodView().rangeLabel());
            double width = labelWidth(w.oodView(), shortLabel);
            double room = onFx(() -> w.oodView().labelRoom());
            assertTrue(workbench.viz.predict.OodView.ENTROPY_LABELS.contains(shortLabel), shortLabel);
            assertTrue(width <= room || shortLabel.equals("entropy (nats)"), shortLabel + ": " + width + " in " + room);
            // and the table's headers are whole: its columns shared the width equally, and "pred. R-hat max",
            // "latency ms/pt" and "OOD ratio (4 sd)" were cut while "nll" and "ece" stood in wide columns
            assertEquals(10, onFx(() -> w.table().lookupAll(".column-header .label").size()), "the table's headers");
            assertEquals("", onFx(() -> cutHeaders(w.table())));
        } finally {
            robot.interact(() -> {
                window.setTextSize(TextSize.NORMAL);
                w.stage().setWidth(1560);
                w.stage().setHeight(1200);
            });
        }
        waitUntil("the whole uncertainty label", () -> onFx(() -> w.oodView().rangeLabel()
                .equals("mean predictive entropy (nats)")));
        // the shade choice redraws the map as entropy
        robot.interact(() -> {
            @SuppressWarnings("unchecked")
            javafx.scene.control.ChoiceBox<workbench.viz.predict.DecisionMapView.Shade> shade =
                    (javafx.scene.control.ChoiceBox<workbench.viz.predict.DecisionMapView.Shade>)
                            w.stage().getScene().lookup("#evaluateShade");
            shade.setValue(workbench.viz.predict.DecisionMapView.Shade.ENTROPY);
        });
        fxCheck(() -> {
            assertTrue(w.mapView().chart().getXYPlot().getDataset(1).getSeriesKey(0).toString().contains("entropy"));
        });
        robot.interact(() -> w.stage().close());
    }

    @Test
    void atTheLargestTextTheTableScrollsSidewaysWithItsTextWhole(FxRobot robot) throws Exception {
        // opened at 28 px in a 1280 x 720 window, the headers no longer fit side by side: each stays whole and the
        // table scrolls sideways (the shared columns cut every header but "nll", and a constrained table has no
        // horizontal scroll bar), and the numbers under the narrow headers are whole ("nll" and "ece" showed "0…")
        robot.interact(() -> window.setTextSize(28));
        EvaluateWindow[] holder = new EvaluateWindow[1];
        try {
            robot.interact(() -> {
                holder[0] = window.openEvaluateWindow();
                holder[0].stage().setWidth(1280);
                holder[0].stage().setHeight(720);
            });
            EvaluateWindow w = holder[0];
            addAndWait(robot, w, clsNuts);
            fxCheck(() -> assertEquals(1, w.table().getItems().size(), message(w).getText()));
            waitUntil("the table scrolls sideways", () -> onFx(() -> horizontalBar(w.table()) != null
                    && horizontalBar(w.table()).isVisible()));
            assertEquals("", onFx(() -> cutHeaders(w.table())));
            assertEquals("", onFx(() -> cutCells(w.table())));
            // the figures keep their least height and scroll: the reliability diagram's and the uncertainty chart's
            // plots were some 80 px high at 20 px text, under axis labels longer than that
            javafx.scene.control.ScrollPane scroll =
                    (javafx.scene.control.ScrollPane) w.stage().getScene().lookup("#evaluatePlotsScroll");
            assertNotNull(scroll);
            assertTrue(onFx(() -> scroll.getViewportBounds().getHeight() < w.oodView().getParent().getLayoutBounds()
                    .getHeight()), "the figures scroll");
            for (javafx.scene.layout.Region r : List.of(w.calibrationView(), w.oodView())) {
                assertTrue(onFx(() -> r.getHeight()) >= 15 * 28, r.getId() + " " + onFx(() -> r.getHeight()) + " px");
            }
            waitUntil("the uncertainty label measured", () -> onFx(() -> w.oodView().labelRoom() > 0));
            String label = onFx(() -> w.oodView().rangeLabel());
            double width = labelWidth(w.oodView(), label);
            assertTrue(width <= onFx(() -> w.oodView().labelRoom()), label + ": " + width + " px");
        } finally {
            robot.interact(() -> {
                window.setTextSize(TextSize.NORMAL);
                if (holder[0] != null) {
                    holder[0].stage().close();
                }
            });
        }
    }

    /**
     * At the window's default size a session's name as the run command names it, and a Laplace row's draws, were cut
     * ("2026-12-03T21-03-4…"): the columns took their headers' widths. Each column now holds its widest cell too.
     */
    @Test
    void atTheDefaultSizeNoCellIsCut(FxRobot robot) throws Exception {
        Path longName = SessionFixtures.copy(regMap, shared.resolve("2026-12-03T21-03-46-bnn-regression-map-seed-3"));
        EvaluateWindow[] holder = new EvaluateWindow[1];
        robot.interact(() -> holder[0] = window.openEvaluateWindow());
        EvaluateWindow w = holder[0];
        try {
            addAndWait(robot, w, longName);
            addAndWait(robot, w, regLaplace);
            fxCheck(() -> assertEquals(2, w.table().getItems().size(), message(w).getText()));
            waitUntil("the table laid out with its rows", () -> w.table().lookupAll(".table-cell").stream()
                    .anyMatch(n -> n instanceof javafx.scene.control.TableCell<?, ?> c && c.getText() != null
                            && c.getText().startsWith("2026-12-03T21")));
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals("", onFx(() -> cutCells(w.table())));
        } finally {
            robot.interact(() -> w.stage().close());
        }
    }

    @Test
    void dataWithManyInputsGetsANoteInsteadOfTheBand(FxRobot robot) throws Exception {
        EvaluateWindow[] holder = new EvaluateWindow[1];
        robot.interact(() -> holder[0] = window.openEvaluateWindow());
        EvaluateWindow w = holder[0];
        addAndWait(robot, w, boston);
        fxCheck(() -> {
            assertEquals(1, w.table().getItems().size(), message(w).getText());
            Label note = (Label) w.stage().getScene().lookup("#evaluateNoPlot");
            assertNotNull(note);
            assertTrue(note.getScene() != null && note.getText().startsWith("No predictive plot for bnn-regression"
                    + " (data=boston): the band needs a regression with 1 input"), note.getText());
            assertTrue(note.getText().contains("this data has 12 inputs"), note.getText());
            assertEquals(EvaluateViewModel.COVERAGE_LEVELS.length, w.calibrationView().points());
            assertEquals(2 * EvaluateViewModel.OOD_SIZES.length, w.oodView().points());
        });
        robot.interact(() -> w.stage().close());
    }

    /**
     * A killed run's row says so, in the words of {@code workbench evaluate}'s {@code note:}: its metrics cover the
     * draws stored before the kill, not the run asked for. Before, the window showed such a row like a finished one.
     */
    @Test
    void aKilledRunsRowSaysItDidNotFinish(FxRobot robot) throws Exception {
        Path s = SessionFixtures.copy(regNuts, shared.resolve("reg-nuts-killed"));
        Path chain = s.resolve("chain-1.draws");
        try (var ch = java.nio.channels.FileChannel.open(chain, java.nio.file.StandardOpenOption.WRITE)) {
            ch.truncate(java.nio.file.Files.size(chain) - 10); // the last chunk torn: the rows before it stay
        }
        Path m = s.resolve("session.mcmcwb.json");
        java.nio.file.Files.writeString(m, java.nio.file.Files.readString(m)
                .replaceFirst("\"status\" : \"finished\"", "\"status\" : \"running\""));
        java.io.StringWriter err = new java.io.StringWriter();
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(err), "evaluate", s.toString()), err.toString());
        // evaluate's notes: the torn chunk dropped, then the run that did not finish and what the metrics cover
        List<String> cliNotes = err.toString().strip().lines().toList();
        assertEquals(2, cliNotes.size(), err.toString());
        assertTrue(cliNotes.get(0).startsWith("note: chain-1.draws: recovered "), cliNotes.get(0));
        assertTrue(cliNotes.get(1).startsWith("note: the run did not finish: it was killed or crashed")
                && cliNotes.get(1).contains("these metrics cover ") && cliNotes.get(1).contains(" of 450 iterations"),
                cliNotes.get(1));

        EvaluateWindow[] holder = new EvaluateWindow[1];
        robot.interact(() -> holder[0] = window.openEvaluateWindow());
        EvaluateWindow w = holder[0];
        Label notes = (Label) w.stage().getScene().lookup("#evaluateNotes");
        assertNotNull(notes);
        addAndWait(robot, w, regMap);
        fxCheck(() -> {
            assertEquals(1, w.table().getItems().size(), message(w).getText());
            assertFalse(notes.isVisible(), "a finished run has no note: " + notes.getText());
            assertEquals("reg-map", w.table().getColumns().get(0).getCellData(0));
        });
        addAndWait(robot, w, s);
        fxCheck(() -> {
            assertEquals(2, w.table().getItems().size(), message(w).getText());
            assertTrue(notes.isVisible() && notes.getScene() != null && notes.getHeight() > 0, "the note is shown");
            // the command line's notes, the window's way to continue beside its resume command
            assertEquals(cliNotes.stream().map(n -> "note: reg-nuts-killed: "
                    + EvaluateViewModel.continuedInTheWindow(n.substring("note: ".length()))).toList(),
                    notes.getText().lines().toList());
            assertEquals("reg-nuts-killed " + EvaluateViewModel.UNFINISHED_MARK,
                    w.table().getColumns().get(0).getCellData(1));
            assertEquals("reg-map", w.table().getColumns().get(0).getCellData(0));
        });
        // removing the row takes its note away
        robot.interact(() -> {
            w.table().getSelectionModel().select(1);
            ((javafx.scene.control.Button) w.stage().getScene().lookup("#evaluateRemove")).fire();
        });
        fxCheck(() -> {
            assertFalse(notes.isVisible(), notes.getText());
            // the line says what was removed, and the row left is selected (its plot shown)
            assertEquals("removed reg-nuts-killed", message(w).getText());
        });
        assertEquals(0, (int) onFx(() -> w.table().getSelectionModel().getSelectedIndex()));
        robot.interact(() -> w.stage().close());
    }

    /** {@code label}'s width in the chart's range-axis label font, measured as its canvas measures it (JavaFX). */
    private static double labelWidth(workbench.viz.predict.OodView view, String label) throws Exception {
        java.awt.Font font = onFx(() -> view.chart().getXYPlot().getRangeAxis().getLabelFont());
        return onFx(() -> {
            javafx.scene.text.Text t = new javafx.scene.text.Text(label);
            t.setFont(javafx.scene.text.Font.font(font.getFamily(), font.getSize2D()));
            return t.getLayoutBounds().getWidth();
        });
    }
}
