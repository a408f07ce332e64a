package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.scene.layout.HBox;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.kernel.AcceptStep;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.viz.LiveBuffer;

/**
 * Run ▸ Compare samplers: four samplers on the window's model and seed, side by side; each panel draws what the
 * same run alone draws (headless under Monocle).
 */
class CompareFxTest extends WindowFxBase {

    @Test
    void fourSamplersRunOnTheWindowsModelAndSeed(FxRobot robot) throws Exception {
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#chains", "2");
        set(robot, "#seed", "17");
        set(robot, "#warmup", "100");
        set(robot, "#draws", "300");
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> {
            CompareWindow w = window.openCompare();
            w.setSpeed(RunController.FULL_SPEED);
            assertNull(w.startAll());
            return w;
        }).get(10, TimeUnit.SECONDS);
        try {
            List<CompareWindow.Panel> panels = cw.panels();
            assertEquals(CompareWindow.DEFAULT_SAMPLERS,
                    panels.stream().map(p -> p.sampler.getSelectionModel().getSelectedItem()).toList());
            waitUntil("every panel's run to end", 60, () -> panels.stream()
                    .allMatch(p -> p.run.state() == RunController.State.FINISHED));
            WaitForAsyncUtils.asyncFx(() -> cw.panels().forEach(p -> p.pane.refresh(System.nanoTime())))
                    .get(5, TimeUnit.SECONDS);
            for (CompareWindow.Panel p : panels) {
                String id = p.sampler.getSelectionModel().getSelectedItem();
                LiveBuffer shown = p.run.buffer();
                assertEquals(2, shown.chains(), id);
                assertEquals(400, shown.size(0), id);
                // the same draws as this sampler run alone on the model with the window's seed
                RunConfig cfg = new RunConfig("gaussian-2d", window.setup().modelSettings(), id, Map.of(), 2, 100, 300,
                        17, 1, null);
                LiveBuffer alone = new LiveBuffer(RunController.BUFFER_CAPACITY);
                new ChainRunner(cfg, ModelRegistry.create("gaussian-2d", cfg.modelSettings()),
                        SamplerRegistry.create(id, Map.of()), alone).run();
                for (int c = 0; c < 2; c++) {
                    for (long i = 0; i < 400; i += 37) {
                        assertEquals(alone.value(c, i, 0), shown.value(c, i, 0), id + " chain " + c + " draw " + i);
                        assertEquals(alone.value(c, i, 1), shown.value(c, i, 1), id + " chain " + c + " draw " + i);
                    }
                }
                String figures = CompareWindow.figures(p.run);
                // rwm counts model evaluations (it does not use the gradient), and says so
                assertTrue(figures.contains("smallest bulk ESS") && figures.contains(id.equals("rwm")
                        ? "model evaluations\nsmallest bulk ESS" : "gradients\nsmallest bulk ESS")
                        && figures.contains(id.equals("rwm") ? "per 1000 evaluations" : "per 1000 gradients"), figures);
                // the whole figures on hover, whatever a narrow panel cuts of the line beside the picker
                waitUntil("the figures in the tooltip", () -> p.figuresTip.getText().startsWith(figures + "\n\n"));
                // the draws after warmup, as asked for (300), not the iterations (400)
                // the picker beside it names the sampler: the line does not
                assertTrue(figures.startsWith("finished \u00b7 300 draws per chain \u00b7 "), figures);
                if (id.equals("mclmc")) {
                    // no accept/reject step: no "acceptance 1.00", which reads as every proposal accepted
                    assertTrue(figures.contains(" \u00b7 acceptance n/a\n") && !figures.contains("1.00"), figures);
                    assertEquals("acceptance n/a: mclmc has no accept/reject step; every step is taken, so there is no"
                            + " acceptance rate (1.00 would read as every proposal accepted)",
                            CompareWindow.acceptanceTip(shown));
                    waitUntil("the panel's line and tooltip", () -> p.state.getText().contains("acceptance n/a")
                            && p.figuresTip.getText().contains("mclmc has no accept/reject step"));
                } else {
                    assertTrue(figures.matches("(?s).* \u00b7 acceptance 0\\.\\d\\d\n.*"), figures);
                    assertEquals(CompareWindow.ACCEPTANCE_TIP, CompareWindow.acceptanceTip(shown));
                }
                double ess = CompareWindow.minBulkEss(shown, 300);
                assertTrue(ess > 5 && ess < 2 * 600 * 3.3, id + " ESS " + ess);
            }
            figuresFitAPanelAt1280(cw);
            // different samplers, different draws: the panels are not one run shown four times
            assertNotEquals(panels.get(0).run.buffer().value(0, 399, 0), panels.get(2).run.buffer().value(0, 399, 0));
            assertTrue(Arrays.stream(panels.get(0).run.buffer().sizes()).allMatch(n -> n == 400));
        } finally {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(5, TimeUnit.SECONDS);
        }
    }

    /**
     * In a 1280 x 720 window each panel is some 630 pixels wide: its first line of figures, "hmc: finished · 2000 draws
     * per chain · acceptance 0.95 · divergences 0 (+117 in warmup) · 87299 gradients", filled it, wrapped, and the
     * label, two lines high, cut it and the ESS line below ("87299 gradients..."). Each panel's lines, every count
     * grown to nine digits, fit: the first beside the sampler picker, the other two under the projection, at their labels' font.
     */
    private static void figuresFitAPanelAt1280(CompareWindow cw) throws Exception {
        String bad = WaitForAsyncUtils.asyncFx(() -> {
            StringBuilder out = new StringBuilder();
            for (CompareWindow.Panel p : cw.panels()) {
                String id = p.sampler.getSelectionModel().getSelectedItem();
                // counts grow as a run goes on: every whole number (not a decimal's digits) nine digits long
                String grown = nineDigits(CompareWindow.figures(p.run));
                p.box.getScene().getRoot().applyCss();
                p.box.getScene().getRoot().layout();
                // a 1280-pixel window's half, less the panel's padding and the label's own insets (the test's screen
                // is smaller); the first line stands beside the sampler picker, in what the picker leaves
                double half = 1280 / 2.0 - p.box.getPadding().getLeft() - p.box.getPadding().getRight();
                HBox head = (HBox) p.state.getParent();
                double beside = half - head.getSpacing() * (head.getChildren().size() - 1);
                for (javafx.scene.Node n : head.getChildren()) {
                    beside -= n == p.state ? 0 : n.prefWidth(-1);
                }
                String[] lines = grown.split("\n");
                javafx.scene.text.Text t = new javafx.scene.text.Text();
                for (int k = 0; k < lines.length; k++) {
                    javafx.scene.control.Label label = k == 0 ? p.state : p.figures;
                    double room = (k == 0 ? beside : half) - label.snappedLeftInset() - label.snappedRightInset();
                    t.setFont(label.getFont());
                    t.setText(lines[k]);
                    if (t.getLayoutBounds().getWidth() > room) {
                        out.append(id).append(": \"").append(lines[k]).append("\" ").append(t.getLayoutBounds().getWidth())
                                .append(" px in ").append(room).append("; ");
                    }
                }
                if (lines.length != 3) {
                    out.append(id).append(": ").append(lines.length).append(" lines; ");
                }
                // the first line in every state a panel shows, in warmup and after it, with and without an acceptance
                // ("warmup 123456789 of 200000000 per chain" was cut with "…" while the finished line fitted)
                t.setFont(p.state.getFont());
                double room = beside - p.state.snappedLeftInset() - p.state.snappedRightInset();
                for (RunController.State state : RunController.State.values()) {
                    for (boolean warmup : new boolean[] {true, false}) {
                        for (AcceptStep step : AcceptStep.values()) {
                            for (double accept : new double[] {Double.NaN, 0.95}) {
                                String first = nineDigits(CompareWindow.headLine(state, warmup ? 1 : -1, warmup ? 1 : 0, 1,
                                        step, accept));
                                t.setText(first);
                                if (t.getLayoutBounds().getWidth() > room) {
                                    out.append(id).append(": \"").append(first).append("\" ")
                                            .append(t.getLayoutBounds().getWidth()).append(" px in ").append(room)
                                            .append("; ");
                                }
                            }
                        }
                    }
                }
            }
            return out.toString();
        }).get(10, TimeUnit.SECONDS);
        assertEquals("", bad);
    }

    /** Every whole number (not a decimal's digits) grown to nine digits, as counts grow while a run goes on. */
    private static String nineDigits(String line) {
        return line.replaceAll("(?<![\\d.])\\d+(?![\\d.])", "888888888");
    }

    /**
     * In a 1280 x 720 window (as autorun's Compare fills a laptop's screen) each panel's projection had less height than
     * its least (160 px) under the marginal strip: the grid held it at 160 px anyway, it reached some 16 px past the
     * pane, and its x axis's label (drawn on the canvas) touched the figures' line under it in the bottom panels. The
     * label's bottom, where the projection draws it, lies above the figures' line, with a gap, at the usual text size
     * and at larger ones, where the panels keep their least height and scroll (at 16 and 20 px the labels ran over the
     * figures in all four panels); the "sampler" label before each picker stays whole ("sa…" at 20 px).
     */
    @Test
    void theProjectionsAxisLabelClearsTheFiguresAt1280x720(FxRobot robot) throws Exception {
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> {
            CompareWindow w = window.openCompare();
            w.stage().setX(0);
            w.stage().setY(0);
            w.stage().setWidth(1280);
            w.stage().setHeight(720);
            return w;
        }).get(10, TimeUnit.SECONDS);
        try {
            waitUntil("the window at 1280 x 720", () -> cw.stage().getScene().getWidth() == 1280
                    && cw.stage().getScene().getHeight() == 720);
            for (double px : new double[] {TextSize.NORMAL, 16, 20, 28}) {
                robot.interact(() -> window.setTextSize(px));
                WaitForAsyncUtils.waitForFxEvents();
                String bad = WaitForAsyncUtils.asyncFx(() -> {
                    cw.stage().getScene().getRoot().applyCss();
                    cw.stage().getScene().getRoot().layout();
                    for (CompareWindow.Panel p : cw.panels()) {
                        p.state.setText("running \u00b7 519 draws per chain \u00b7 acceptance 0.22"); // as in a run
                    }
                    cw.stage().getScene().getRoot().layout();
                    StringBuilder out = new StringBuilder();
                    for (CompareWindow.Panel p : cw.panels()) {
                        workbench.viz.ProjectionView pv = p.pane.projection();
                        double label = pv.localToScene(0, pv.xLabelBottom()).getY();
                        double figures = p.figures.localToScene(p.figures.getLayoutBounds()).getMinY()
                                + p.figures.snappedTopInset();
                        String name = p.sampler.getSelectionModel().getSelectedItem();
                        if (label + 4 > figures) {
                            out.append(px).append(" px, ").append(name).append(": x label's bottom at ").append(label)
                                    .append(", figures' top at ").append(figures).append("; ");
                        }
                        javafx.scene.control.Label head = (javafx.scene.control.Label) p.sampler.getParent()
                                .getChildrenUnmodifiable().get(0);
                        if (head.getWidth() < head.prefWidth(-1) - 0.5) {
                            out.append(px).append(" px, ").append(name).append(": \"").append(head.getText())
                                    .append("\" cut; ");
                        }
                    }
                    return out.toString();
                }).get(10, TimeUnit.SECONDS);
                assertEquals("", bad);
            }
        } finally {
            robot.interact(() -> window.setTextSize(TextSize.NORMAL));
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void theGuidesSideBySideScenarioOpensOnTheCorrelatedGaussian(FxRobot robot) throws Exception {
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> window.applyCompareScenario()).get(10, TimeUnit.SECONDS);
        try {
            assertEquals("gaussian-2d", window.setup().modelId());
            assertEquals("0.95", window.setup().modelSettings().get("rho"));
            waitUntil("draws in every panel", () -> cw.panels().stream()
                    .allMatch(p -> p.run.buffer() != null && p.run.buffer().started() && p.run.buffer().size(0) > 3));
            assertEquals("gaussian-2d", cw.panels().get(3).run.buffer().info().config().modelId());
        } finally {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(5, TimeUnit.SECONDS);
        }
    }

    /** Threads whose names the window's runs and views give them, counted by name. */
    private static java.util.Map<String, Long> workThreads() {
        java.util.Set<String> names = java.util.Set.of("density-grid", "chain-worker", "chain-runner", "run-ticker",
                "session-flusher");
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(names::contains)
                .collect(java.util.stream.Collectors.groupingBy(n -> n, java.util.TreeMap::new,
                        java.util.stream.Collectors.counting()));
    }

    private static long count(java.util.Map<String, Long> threads, String name) {
        return threads.getOrDefault(name, 0L);
    }

    @Test
    void closingTheWindowLeavesNoThreadBehind(FxRobot robot) throws Exception {
        // each panel's projection drew the 2-D density on a thread of its own that waited for work forever: every
        // Compare window opened and closed left four "density-grid" threads
        pick(robot, "#modelPicker", "gaussian-2d");
        set(robot, "#chains", "2");
        set(robot, "#warmup", "50");
        set(robot, "#draws", "200");
        java.util.Map<String, Long> before = workThreads();
        CompareWindow cw = WaitForAsyncUtils.asyncFx(() -> {
            CompareWindow w = window.openCompare();
            w.setSpeed(RunController.FULL_SPEED);
            assertNull(w.startAll());
            return w;
        }).get(10, TimeUnit.SECONDS);
        try {
            waitUntil("the panels' runs to end and their densities to be computed", 60, () -> {
                cw.panels().forEach(p -> p.pane.refresh(System.nanoTime())); // on the FX thread, as every condition
                return cw.panels().stream().allMatch(p -> p.run.state() == RunController.State.FINISHED)
                        && count(workThreads(), "density-grid") >= count(before, "density-grid") + 1;
            });
        } finally {
            WaitForAsyncUtils.asyncFx(() -> cw.stage().hide()).get(5, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + 15_000_000_000L;
        java.util.Map<String, Long> after = workThreads();
        while (!after.entrySet().stream().allMatch(e -> e.getValue() <= count(before, e.getKey()))
                && System.nanoTime() < deadline) {
            Thread.sleep(100);
            after = workThreads();
        }
        java.util.Map<String, Long> left = after;
        assertTrue(left.entrySet().stream().allMatch(e -> e.getValue() <= count(before, e.getKey())),
                "threads before opening Compare " + before + ", 15 s after closing it " + left);
    }
}
