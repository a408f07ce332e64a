package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputControl;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import workbench.core.draws.Stat;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunDraws;
import workbench.core.run.RunEvent;
import workbench.viz.LiveBuffer;
import workbench.viz.Palette;

/** End-to-end tests of the window, headless under Monocle (see the app pom's profile). */
class MainWindowFxTest extends WindowFxBase {
    private static void type(FxRobot robot, String query, String text) {
        TextInputControl field = robot.lookup(query).queryAs(TextInputControl.class);
        robot.interact(() -> {
            field.requestFocus();
            field.clear();
        });
        robot.write(text);
    }

    private static void fullSpeed(FxRobot robot) {
        Slider s = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> s.setValue(s.getMax()));
    }

    private static long[] settledSizes(LiveBuffer b) throws InterruptedException {
        long[] prev = b.sizes();
        while (true) {
            Thread.sleep(80);
            long[] now = b.sizes();
            if (Arrays.equals(prev, now)) {
                return now;
            }
            prev = now;
        }
    }

    @Test
    void picksRunsPausesAndStepsExactlyOneTransitionPerChain(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "rwm");
        assertEquals("gaussian-2d", window.setup().modelId());
        assertEquals("rwm", window.setup().samplerId());
        set(robot, "#warmup", "50");
        robot.clickOn("#runButton");
        waitUntil("draws", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && Arrays.stream(b.sizes()).min().orElse(0) >= 5;
        });
        robot.clickOn("#pauseButton");
        LiveBuffer b = window.controller().buffer();
        long[] before = settledSizes(b);
        robot.clickOn("#stepButton");
        waitUntil("the step", () -> window.controller().settled());
        long[] after = settledSizes(b);
        assertEquals(4, after.length);
        for (int c = 0; c < after.length; c++) {
            assertEquals(before[c] + 1, after[c], "chain " + (c + 1) + " made exactly one more transition");
        }
        String status = robot.lookup("#statusDraws").queryAs(Label.class).getText();
        assertTrue(status.contains("per chain"), status);
        String state = robot.lookup("#statusState").queryAs(Label.class).getText();
        assertTrue(state.startsWith("paused"), state);
    }

    @Test
    void theNextTransitionUsesAStepSizeTypedMidRun(FxRobot robot) {
        startEndlessRun(robot, "gaussian-2d", "hmc");
        type(robot, "#stepSizeField", "0.0123");
        robot.type(KeyCode.ENTER);
        LiveBuffer b = window.controller().buffer();
        waitUntil("the step-size events (field '" + robot.lookup("#stepSizeField").queryAs(TextInputControl.class).getText()
                + "', status '" + robot.lookup("#statusMessage").queryAs(Label.class).getText() + "', events " + b.events()
                + ", state " + window.controller().state() + ")", () -> b.events().stream().filter(e -> e.event().kind().equals(RunEvent.STEP_SIZE))
                .filter(e -> b.size(e.chain()) > e.iteration()).count() == 4);
        for (RunDraws.EventMark e : b.events()) {
            if (e.event().kind().equals(RunEvent.STEP_SIZE)) {
                assertEquals(0.0123, b.stat(e.chain(), e.iteration(), Stat.STEP_SIZE),
                        "chain " + e.chain() + ", transition " + e.iteration() + " used the new step size");
                assertTrue(e.iteration() == 0 || b.stat(e.chain(), e.iteration() - 1, Stat.STEP_SIZE) != 0.0123);
            }
        }
        String note = robot.lookup("#stepSizeNote").queryAs(Label.class).getText();
        assertTrue(note.contains("adaptation ended"), note);
    }

    @Test
    void funnelDivergencesAreMarkedAndListed(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "funnel");
        set(robot, "#model-dim", "2");
        pick(robot, "#samplerPicker", "hmc");
        set(robot, "#sampler-step_size", "1.5");
        set(robot, "#warmup", "0");
        fullSpeed(robot);
        robot.clickOn("#runButton");
        waitUntil("divergences in the list", () -> !divergences().isEmpty());
        robot.clickOn("#pauseButton");
        settledSizes(window.controller().buffer());
        robot.clickOn("#divergencesTab");
        TableView<?> table = robot.lookup("#divergenceTable").queryAs(TableView.class);
        waitUntil("table rows", () -> !table.getItems().isEmpty());
        // the projection draws a divergence mark (magenta) where the energy error crossed the threshold
        AtomicReference<WritableImage> img = new AtomicReference<>();
        AtomicReference<double[]> at = new AtomicReference<>();
        robot.interact(() -> {
            window.posterior().projection().fitView();
            window.posterior().projection().refresh(System.nanoTime());
            double[] box = window.posterior().projection().box();
            double[] legend = window.posterior().projection().legendBounds();
            // the latest divergence inside the view (some happen far out in the funnel's tails) and not under the legend
            RunDraws.DivergenceMark d = window.divergenceRows().stream()
                    .filter(m -> m.position()[0] > box[0] && m.position()[0] < box[1]
                            && m.position()[1] > box[2] && m.position()[1] < box[3])
                    .filter(m -> {
                        double[] v = window.posterior().projection().toView(m.position()[0], m.position()[1]);
                        return !(v[0] > legend[0] - 6 && v[0] < legend[0] + legend[2] + 6
                                && v[1] > legend[1] - 6 && v[1] < legend[1] + legend[3] + 6);
                    })
                    .reduce((a, b2) -> b2).orElseThrow(() -> new AssertionError("no divergence inside the view"));
            at.set(window.posterior().projection().toView(d.position()[0], d.position()[1]));
            img.set(window.posterior().projection().canvas().snapshot(null, null));
        });
        double[] p = at.get();
        boolean found = false;
        for (int dx = -3; dx <= 3 && !found; dx++) {
            for (int dy = -3; dy <= 3 && !found; dy++) {
                int x = (int) Math.round(p[0]) + dx;
                int y = (int) Math.round(p[1]) + dy;
                if (x >= 0 && y >= 0 && x < img.get().getWidth() && y < img.get().getHeight()) {
                    Color c = img.get().getPixelReader().getColor(x, y);
                    found = near(c, Palette.DIVERGENCE);
                }
            }
        }
        if (!found) {
            javax.imageio.ImageIO.write(javafx.embed.swing.SwingFXUtils.fromFXImage(img.get(), null), "png",
                    new java.io.File("target/funnel-failure.png"));
        }
        assertTrue(found, "a divergence mark at " + Arrays.toString(p));
        // selecting a row replays that divergence's trajectory on the projection
        @SuppressWarnings("unchecked")
        TableView<RunDraws.DivergenceMark> divs = (TableView<RunDraws.DivergenceMark>) table;
        robot.interact(() -> divs.getSelectionModel().select(0));
        assertEquals(divs.getItems().get(0), window.posterior().projection().replaying());
        assertTrue(divs.getItems().get(0).trajectory().length > 1, "the trajectory up to the divergence is kept");
        String count = robot.lookup("#statusDivergences").queryAs(Label.class).getText();
        assertFalse(count.endsWith(": 0"), count);
        // marked instead where their transitions began: a click there finds the divergence
        @SuppressWarnings("unchecked")
        javafx.scene.control.ChoiceBox<String> at2 = robot.lookup("#divergencesAt").queryAs(javafx.scene.control.ChoiceBox.class);
        robot.interact(() -> at2.getSelectionModel().select("transition start"));
        assertTrue(window.posterior().projection().divergencesAtStart());
        AtomicReference<RunDraws.DivergenceMark> hit = new AtomicReference<>();
        RunDraws.DivergenceMark first = divs.getItems().get(0);
        robot.interact(() -> {
            window.posterior().projection().refresh(System.nanoTime());
            double[] v = window.posterior().projection().toView(first.start()[0], first.start()[1]);
            hit.set(window.posterior().projection().divergenceAt(v[0], v[1]));
        });
        assertNotNull(hit.get(), "a mark where the first divergent transition began");
        double[] v1 = window.posterior().projection().toView(hit.get().start()[0], hit.get().start()[1]);
        double[] v0 = window.posterior().projection().toView(first.start()[0], first.start()[1]);
        assertTrue(Math.hypot(v1[0] - v0[0], v1[1] - v0[1]) <= 8, "the hit starts where the first did");
    }

    private static boolean near(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) < 0.08 && Math.abs(a.getGreen() - b.getGreen()) < 0.08
                && Math.abs(a.getBlue() - b.getBlue()) < 0.08;
    }

    @Test
    void aModelWithATruthShowsItBesideTheEstimates(FxRobot robot) {
        runAtFullSpeed(robot, "gaussian-2d", "nuts", 200, 600, 3);
        TableView<DiagnosticsViewModel.Line> diag = diagnosticsTable(robot);
        waitUntil("the finished run's table", () -> window.controller().state() == RunController.State.FINISHED
                && diag.getItems().size() == 3 && !Double.isNaN(diag.getItems().get(1).trueSd())
                && Double.isFinite(diag.getItems().get(1).row().rhat()));
        workbench.core.model.Truth truth = window.controller().model().truth();
        for (int i = 0; i < 2; i++) {
            DiagnosticsViewModel.Line l = diag.getItems().get(i);
            assertEquals(truth.mean()[i], l.trueMean());
            assertEquals(truth.sd()[i], l.trueSd());
            assertNull(l.meanWarning(), l.meanWarning());
            assertNull(l.sdWarning(), l.sdWarning());
        }
        assertTrue(headed(diag, "true mean").isVisible());
        assertTrue(headed(diag, "true sd").isVisible());
        workbench.viz.EnergyCharts energy = robot.lookup("#energyCharts").queryAs(workbench.viz.EnergyCharts.class);
        // the energy panels follow the table on the redraw loop: awaited, not read at once (it failed under load)
        waitUntil("NUTS has an energy: E-BFMI keeps its panel", () -> energy.rightChart() == energy.bfmiChart());
    }

    @Test
    void aColdPosteriorRunShowsNoUntemperedTruth(FxRobot robot) {
        // SGLD at temperature 0.25 samples p^4 (sd 0.5 on gaussian-2d's unit sds): the model's truth is not its target
        pick(robot, "#modelPicker", "gaussian-2d");
        pick(robot, "#samplerPicker", "sgld");
        set(robot, "#sampler-temperature", "0.25");
        runAtFullSpeed(robot, "gaussian-2d", "sgld", 50, 400, 2);
        TableView<DiagnosticsViewModel.Line> diag = diagnosticsTable(robot);
        waitUntil("the finished run's table", () -> window.controller().state() == RunController.State.FINISHED
                && diag.getItems().size() == 3 && Double.isFinite(diag.getItems().get(1).row().rhat()));
        for (int i = 0; i < 2; i++) {
            DiagnosticsViewModel.Line l = diag.getItems().get(i);
            assertTrue(Double.isNaN(l.trueSd()), "true sd " + l.trueSd());
            assertNull(l.sdWarning(), l.sdWarning());
        }
        assertFalse(headed(diag, "true mean").isVisible());
        // and the density behind the draws is the one they come from, p^4, not the model's
        workbench.core.model.Model shown = window.posterior().projection().model();
        assertTrue(shown instanceof workbench.core.model.TemperedView t && t.temperature() == 0.25, String.valueOf(shown));
        set(robot, "#sampler-temperature", "1");
    }

    @Test
    void movingBetaDuringARunDropsTheTruth(FxRobot robot) {
        runAtFullSpeed(robot, "logistic-pima", "nuts", 20, 1_000_000, 1);
        TableView<DiagnosticsViewModel.Line> diag = diagnosticsTable(robot);
        waitUntil("the table with the reference truth", () -> !diag.getItems().isEmpty()
                && !Double.isNaN(diag.getItems().get(0).trueMean()));
        assertTrue(headed(diag, "true mean").isVisible());
        // the histogram counts warmup's transitions too, unlike the table's line: its note says so
        workbench.viz.EnergyCharts energy = robot.lookup("#energyCharts").queryAs(workbench.viz.EnergyCharts.class);
        waitUntil("the energy-error note", () -> energy.errorNote().matches("\\d+ transitions, \\d+ divergent \\(warmup"
                + " included\\)[,;].*"));
        javafx.scene.control.Slider beta = robot.lookup("#betaSlider").queryAs(javafx.scene.control.Slider.class);
        robot.interact(() -> beta.setValue(0.5));
        waitUntil("the table without it", () -> !diag.getItems().isEmpty()
                && Double.isNaN(diag.getItems().get(0).trueMean()) && !headed(diag, "true mean").isVisible());
        robot.interact(() -> window.reset());
    }

    @Test
    void aRunThatEndsAtOnceStillFitsTheViewToItsDraws(FxRobot robot) {
        // banana first (its plot box spans tens of units), then a 10-D target whose draws lie within +-2: a run that
        // ends within half a second of its start used to keep banana's box
        pick(robot, "#modelPicker", "banana");
        runAtFullSpeed(robot, "noisy-gaussian", "sgld", 10, 300, 2);
        waitUntil("the run's end", () -> window.controller().state() == RunController.State.FINISHED);
        waitUntil("the view fitted to the draws", () -> {
            double[] box = window.posterior().projection().box();
            return box[1] - box[0] < 6 && box[3] - box[2] < 6;
        });
        // SGLD has no energy: the errors against the truth take the E-BFMI panel's place
        workbench.viz.EnergyCharts energy = robot.lookup("#energyCharts").queryAs(workbench.viz.EnergyCharts.class);
        waitUntil("the truth chart", () -> energy.rightChart() != energy.bfmiChart());
        assertEquals("Error against the truth", energy.rightChart().getTitle().getText());
        // nor divergences: no picker for where to mark them, a label that says why
        waitUntil("the divergence picker hidden", () -> !window.posterior().divergencesApply());
        assertFalse(robot.lookup("#divergencesAt").query().isVisible());
        assertTrue(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class).stream()
                .anyMatch(l -> l.getText().equals("divergences: n/a (no energy)") && l.getTooltip() != null));
        assertEquals("divergences: n/a", robot.lookup("#statusDivergences").queryAs(javafx.scene.control.Label.class).getText());
        waitUntil("the table's line", () -> robot.lookup("#diagSummary").queryAs(javafx.scene.control.Label.class)
                .getText().contains(" \u00b7 divergences: n/a (no energy) \u00b7 "));
        // a Hamiltonian sampler on the next run brings it back
        runAtFullSpeed(robot, "gaussian-2d", "hmc", 10, 300, 2);
        waitUntil("the run's end", () -> window.controller().state() == RunController.State.FINISHED);
        waitUntil("the divergence picker back", () -> window.posterior().divergencesApply());
        assertTrue(robot.lookup("#divergencesAt").query().isVisible());
        waitUntil("the divergence count back", () -> robot.lookup("#statusDivergences")
                .queryAs(javafx.scene.control.Label.class).getText().matches("divergences: \\d+( \\(\\+\\d+ in warmup\\))?"));
    }

    @Test
    void drawsFromAFileAreComparedWithATruthFile(FxRobot robot, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path draws = longCsv(dir, 1000, 6);
        robot.interact(() -> window.openDraws(List.of(draws)));
        TableView<DiagnosticsViewModel.Line> diag = diagnosticsTable(robot);
        waitUntil("the file's table", () -> diag.getItems().size() == 2 && Double.isFinite(diag.getItems().get(0).row().rhat()));
        assertFalse(headed(diag, "true mean").isVisible());

        java.nio.file.Path bad = dir.resolve("bad-truth.csv");
        java.nio.file.Files.writeString(bad, "variable,mean\nmu,3\n");
        robot.interact(() -> window.compareWithTruth(bad));
        Label status = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the refusal", () -> status.getText().contains("the header needs"));

        java.nio.file.Path truth = dir.resolve("truth.csv");
        java.nio.file.Files.writeString(truth, "variable,mean,sd\nmu,3,1\ntau,0.5,1\n");
        robot.interact(() -> window.compareWithTruth(truth));
        waitUntil("the comparison", () -> diag.getItems().size() == 2 && diag.getItems().get(1).trueMean() == 0.5
                && headed(diag, "true mean").isVisible());
        assertTrue(status.getText().startsWith("comparing with the truth in truth.csv"), status.getText());
        assertNull(diag.getItems().get(0).meanWarning(), "mu's draws have mean 3");
        assertTrue(diag.getItems().get(1).meanWarning() != null, "tau's draws, |N(0, 1)|, have mean 0.8, not 0.5");
    }

    /** dir/draws.csv: a long CSV of 2 chains x {@code draws} draws, mu ~ N(3, 1) and tau ~ |N(0, 1)|. */
    private static java.nio.file.Path longCsv(java.nio.file.Path dir, int draws, long seed) throws java.io.IOException {
        StringBuilder csv = new StringBuilder("chain,draw,mu,tau\n");
        java.util.Random r = new java.util.Random(seed);
        for (int c = 1; c <= 2; c++) {
            for (int d = 1; d <= draws; d++) {
                csv.append(c).append(',').append(d).append(',').append(r.nextGaussian() + 3).append(',')
                        .append(Math.abs(r.nextGaussian())).append('\n');
            }
        }
        java.nio.file.Path file = dir.resolve("draws.csv");
        java.nio.file.Files.writeString(file, csv);
        return file;
    }

    /** Picks the model and sampler, sets warmup, draws and seed, the speed to full, and presses Run. */
    private static void runAtFullSpeed(FxRobot robot, String model, String sampler, int warmup, int draws, long seed) {
        pick(robot, "#modelPicker", model);
        pick(robot, "#samplerPicker", sampler);
        set(robot, "#warmup", Integer.toString(warmup));
        set(robot, "#draws", Integer.toString(draws));
        set(robot, "#seed", Long.toString(seed));
        javafx.scene.control.Slider speed = robot.lookup("#speedSlider").queryAs(javafx.scene.control.Slider.class);
        robot.interact(() -> speed.setValue(speed.getMax()));
        robot.clickOn("#runButton");
    }

    @SuppressWarnings("unchecked")
    private static TableView<DiagnosticsViewModel.Line> diagnosticsTable(FxRobot robot) {
        return robot.lookup("#diagnosticsTable").queryAs(TableView.class);
    }

    /** The table column whose header reads {@code name}. */
    private static javafx.scene.control.TableColumn<?, ?> headed(TableView<?> table, String name) {
        return table.getColumns().stream().filter(c -> c.getGraphic() instanceof Label l && l.getText().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no column " + name));
    }

    @Test
    void aBadParameterValueIsRefusedWithAMessageBesideTheField(FxRobot robot) {
        pick(robot, "#modelPicker", "gaussian-2d");
        type(robot, "#model-rho", "abc");
        Label err = robot.lookup("#model-rho-error").queryAs(Label.class);
        assertTrue(err.isVisible());
        assertEquals("'rho' must be a number, got 'abc'", err.getText());
        robot.clickOn("#runButton");
        String msg = robot.lookup("#statusMessage").queryAs(Label.class).getText();
        assertTrue(msg.contains("'rho' must be a number"), msg);
        assertEquals(RunController.State.IDLE, window.controller().state());
        set(robot, "#model-rho", "0.5");
        assertFalse(err.isVisible());
    }

    @Test
    void drawsFromAnotherToolAreShownAndDiagnosed(FxRobot robot, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = longCsv(dir, 300, 5);
        robot.interact(() -> window.openDraws(List.of(file)));
        @SuppressWarnings("unchecked")
        TableView<DiagnosticsViewModel.Line> diag = robot.lookup("#diagnosticsTable").queryAs(TableView.class);
        waitUntil("the diagnostics of the file", () -> diag.getItems().size() == 2
                && Double.isFinite(diag.getItems().get(0).row().rhat()));
        assertEquals("mu", diag.getItems().get(0).row().name());
        assertEquals(3, diag.getItems().get(0).row().mean(), 0.2);
        assertFalse(headed(diag, "true mean").isVisible(), "draws from a file have no truth to compare with");
        @SuppressWarnings("unchecked")
        ComboBox<String> x = robot.lookup("#xParam").queryAs(ComboBox.class);
        assertEquals(List.of("mu", "tau"), x.getItems());
        String msg = robot.lookup("#statusMessage").queryAs(Label.class).getText();
        assertTrue(msg.startsWith("showing draws from draws.csv"), msg);

        java.nio.file.Path bad = dir.resolve("bad.csv");
        java.nio.file.Files.writeString(bad, "this is not a draw file\n1,2\n");
        robot.interact(() -> window.openDraws(List.of(bad)));
        waitUntil("the message", () -> !robot.lookup("#statusMessage").queryAs(Label.class).getText().startsWith("reading"));
        String err = robot.lookup("#statusMessage").queryAs(Label.class).getText();
        assertTrue(err.contains("bad.csv"), err);
    }

    @Test
    void choicesPersistAndAGuideScenarioStartsItsRun(FxRobot robot, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#model-rho", "0.42");
        pick(robot, "#samplerPicker", "rwm");
        set(robot, "#chains", "3");
        robot.interact(window::savePrefs);
        MainWindow[] again = new MainWindow[1];
        robot.interact(() -> again[0] = new MainWindow(ModelRegistry.all(), SamplerRegistry.all(), prefs,
                new CoreSummaryEngine()));
        try {
            assertEquals("gaussian-2d", again[0].setup().modelId());
            assertEquals("rwm", again[0].setup().samplerId());
            assertEquals("0.42", again[0].setup().modelSetting("rho"));
            assertEquals("3", again[0].setup().runField("chains"));
        } finally {
            robot.interact(again[0]::shutdown);
        }

        robot.clickOn("Help").clickOn("Guide");
        java.util.function.Predicate<Node> tryIt = n -> n instanceof javafx.scene.control.Button bt && "Try it".equals(bt.getText());
        // every scenario, and the side-by-side comparison
        waitUntil("the guide", () -> robot.lookup(tryIt).queryAll().size() == Scenario.all().size() + 1);
        assertTrue(robot.lookup(tryIt).queryAll().stream().allMatch(n -> !n.isDisabled()), "every scenario runs in this build");
        robot.interact(() -> robot.lookup(tryIt).query().getScene().getWindow().hide());

        Scenario funnel = Scenario.all().stream().filter(sc -> sc.title().contains("funnel")).findFirst().orElseThrow();
        assertTrue(window.available(funnel));
        robot.interact(() -> assertTrue(window.apply(funnel)));
        assertEquals("funnel", window.setup().modelId());
        waitUntil("the scenario's draws", () -> {
            LiveBuffer b = window.controller().buffer();
            return b != null && b.started() && b.totalTransitions() > 0;
        });

        // export: the projection as PNG, the energy-error chart as SVG
        java.nio.file.Path png = dir.resolve("p.png");
        java.nio.file.Path png2 = dir.resolve("p2.png");
        java.nio.file.Path svg = dir.resolve("e.svg");
        double[] onScreen = new double[2];
        robot.interact(() -> {
            try {
                workbench.viz.Export.png(window.posterior().plots(), png);
                workbench.viz.Export.png(window.posterior(), png2, PlotExports.PNG_SCALE);
                onScreen[0] = window.posterior().projection().getWidth() + window.posterior().rightMarginal().getWidth();
                onScreen[1] = window.posterior().topMarginal().getHeight() + window.posterior().projection().getHeight();
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        // the menu's PNG is drawn again at twice the size on screen, with the draws on it (not a blank page)
        java.awt.image.BufferedImage big = javax.imageio.ImageIO.read(png2.toFile());
        assertEquals(Math.ceil(onScreen[0] * 2), big.getWidth(), 1);
        assertEquals(Math.ceil(onScreen[1] * 2), big.getHeight(), 1);
        java.util.Set<Integer> colours = new java.util.HashSet<>();
        for (int y = 0; y < big.getHeight(); y += 7) {
            for (int x = 0; x < big.getWidth(); x += 7) {
                colours.add(big.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 50, "a drawn plot, not a blank image: " + colours.size() + " colours");
        workbench.viz.EnergyCharts charts = robot.lookup(n -> n instanceof workbench.viz.EnergyCharts)
                .queryAs(workbench.viz.EnergyCharts.class);
        workbench.viz.Export.svg(charts.errorChart(), svg, 600, 400);
        java.nio.file.Path projectionSvg = dir.resolve("p.svg");
        robot.interact(() -> {
            // the legend's rows as text is what is checked: the funnel's divergences can add rows enough to fold it
            window.posterior().projection().setLegendFolded(false);
            window.posterior().projection().refresh(System.nanoTime());
            try {
                workbench.viz.Export.svg(window.posterior(), projectionSvg);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
        });
        String vector = java.nio.file.Files.readString(projectionSvg);
        assertTrue(vector.contains("<svg"), "an SVG document");
        assertTrue(vector.contains("chains 1") && vector.contains("marginal density of v"), "legend and marginal titles as text");
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertTrue(img.getWidth() > 200 && img.getHeight() > 150, img.getWidth() + "x" + img.getHeight());
        String text = java.nio.file.Files.readString(svg);
        assertTrue(text.startsWith("<svg") || text.contains("<svg "), text.substring(0, Math.min(80, text.length())));
        assertTrue(text.contains("Energy error"));
    }

    @Test
    void aBrokenFormulaNamesTheColumnAndAFixedOneIsDrawn(FxRobot robot) {
        pick(robot, "#modelPicker", "expr");
        type(robot, "#model-density", "-0.5*(x^2 + y^2");
        // refused under the field; the formula in effect (the last that parsed) still builds
        Label fieldErr = robot.lookup("#model-density-error").queryAs(Label.class);
        assertTrue(fieldErr.isVisible() && fieldErr.getText().contains("column"), fieldErr.getText());
        Label err = robot.lookup("#modelError").queryAs(Label.class);
        assertEquals("", err.getText());
        set(robot, "#model-density", "-0.5*(x^2 + (y-1)^2)");
        assertFalse(fieldErr.isVisible());
        assertEquals("", err.getText());
        @SuppressWarnings("unchecked")
        ComboBox<String> x = robot.lookup("#xParam").queryAs(ComboBox.class);
        assertEquals(List.of("x", "y"), x.getItems());
    }

    /** A formula that parses but cannot be normalized builds and runs, with a warning (not an error) naming why. */
    @Test
    void anImproperFormulaIsWarnedAboutAndStillRuns(FxRobot robot) {
        pick(robot, "#modelPicker", "expr");
        set(robot, "#model-density", "-0.5*x^2 + y");
        Label err = robot.lookup("#modelError").queryAs(Label.class);
        assertTrue(err.getText().startsWith("this may not be a proper density: along +y it does not fall off"),
                err.getText());
        assertTrue(err.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("warning")));
        javafx.scene.control.Button run = robot.lookup("#runButton").queryAs(javafx.scene.control.Button.class);
        assertFalse(run.isDisabled(), "a warning does not stop the run");
        set(robot, "#model-density", "-0.5*x^2 - 0.5*y^2");
        assertEquals("", err.getText());
        assertFalse(err.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("warning")));
    }
}
