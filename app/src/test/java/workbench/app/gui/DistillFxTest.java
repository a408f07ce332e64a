package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.core.distill.Distiller;

/** File ▸ Distil… on an opened session: validation beside the field, a progress bar that completes, Cancel, Open. */
class DistillFxTest extends WindowFxBase {
    @TempDir
    static Path shared;
    static Path session;

    @TempDir
    Path tmp;


    @BeforeAll
    static void makeSession() {
        session = shared.resolve("banana-small");
        TestSessions.run(session, "--model", "banana", "--sampler", "nuts", "--chains", "2", "--warmup", "100",
                "--draws", "1000", "--seed", "8");
    }

    @SuppressWarnings("unchecked")
    private static <T extends Node> T in(DistillDialog d, String id) {
        T n = (T) d.stage().getScene().lookup(id);
        assertNotNull(n, id);
        return n;
    }

    private DistillDialog openDialog(FxRobot robot) {
        assertFalse(window.canDistill(), "no session yet");
        robot.interact(() -> window.openSession(session));
        waitUntil("the opened session", 20, () -> window.shownSession() != null);
        assertTrue(window.canDistill());
        DistillDialog[] d = new DistillDialog[1];
        robot.interact(() -> d[0] = window.openDistillDialog());
        assertNotNull(d[0]);
        TextField folder = in(d[0], "#distillFolder");
        robot.interact(() -> folder.setText(tmp.resolve("sets").toString()));
        return d[0];
    }

    @Test
    void herdingRunsWithAProgressBarToTheEndShowsTheFiguresAndOpensTheSet(FxRobot robot) throws Exception {
        DistillDialog d = openDialog(robot);
        ComboBox<Distiller.Method> method = in(d, "#distillMethod");
        TextField size = in(d, "#distillSize");
        Label sizeError = in(d, "#distillSizeError");
        Button run = in(d, "#distillRun");
        assertEquals(2000, d.viewModel().draws());

        // a bad K: a message beside the field, Run off
        robot.interact(() -> size.setText("abc"));
        assertTrue(sizeError.getText().contains("whole number"), sizeError.getText());
        assertTrue(run.isDisabled());
        robot.interact(() -> size.setText("2001"));
        assertTrue(sizeError.getText().contains("at most 2000"), sizeError.getText());
        assertTrue(run.isDisabled());
        robot.interact(() -> size.setText("30"));
        assertEquals("", sizeError.getText());
        assertFalse(run.isDisabled());

        robot.interact(() -> method.getSelectionModel().select(Distiller.Method.HERDING));
        assertTrue(((Label) in(d, "#distillMethodText")).getText().contains("kernel mean"));
        ProgressBar bar = in(d, "#distillProgress");
        Label result = in(d, "#distillResult");
        Button open = in(d, "#distillOpen");
        assertTrue(open.isDisabled());
        long t0 = System.nanoTime();
        robot.interact(run::fire);
        waitUntil("the distillation", 60, () -> d.viewModel().state() == DistillViewModel.State.DONE
                && !result.getText().isEmpty());
        System.out.printf("herding K=30 of 2000 done in %.2f s%n", (System.nanoTime() - t0) / 1e9);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(1.0, bar.getProgress());
        assertEquals("Done", ((Label) in(d, "#distillState")).getText());
        String text = result.getText();
        assertTrue(text.startsWith("herding: 30 of 2000 post-warmup draws (2 chains pooled) in "), text);
        assertTrue(text.contains("MMD\u00b2 = ") && text.contains("RBF kernel, bandwidth"), text);
        assertTrue(text.contains("KSD = "), text);
        Path set = tmp.resolve("sets").resolve("banana-small-herding-30");
        assertTrue(Files.isRegularFile(set.resolve("session.mcmcwb.json")), text);
        assertFalse(open.isDisabled());

        robot.interact(open::fire);
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        // opened through File ▸ Open session: the window's session is now the set (so export and distil use it)
        waitUntil("the set shown in the window", 20, () -> msg.getText().startsWith("showing distilled set: banana"));
        assertTrue(msg.getText().contains("herding, K = 30"), msg.getText());
        waitUntil("the set is the shown session", 10, () -> set.toAbsolutePath().normalize()
                .equals(window.shownSession().toAbsolutePath().normalize()));
        int rows;
        try (workbench.sessions.SessionReader r = workbench.sessions.SessionReader.open(set)) {
            rows = (int) r.size(0);
        }
        Label draws = robot.lookup("#statusDraws").queryAs(Label.class);
        waitUntil(rows + " draws shown", 10, () -> draws.getText().contains(String.valueOf(rows)));
        robot.interact(() -> d.stage().close());
    }

    /**
     * The line saying what Run will write stays whole at larger text: at 16 px it was one line cut at
     * "…eight-schools-cente…"; it wraps, and its tooltip gives the whole path.
     */
    @Test
    void theOutputLineIsWholeAtLargerText(FxRobot robot) throws Exception {
        DistillDialog d = openDialog(robot);
        Label hint = in(d, "#distillFileHint");
        try {
            robot.interact(() -> window.setTextSize(20));
            WaitForAsyncUtils.waitForFxEvents();
            double[] h = onFx(() -> {
                d.stage().getScene().getRoot().applyCss();
                d.stage().getScene().getRoot().layout();
                return new double[] {hint.getHeight(), hint.prefHeight(hint.getWidth()), hint.getWidth()};
            });
            assertTrue(h[0] >= h[1] - 0.5, "the line is cut: " + h[0] + " of " + h[1] + " px high, " + h[2] + " wide");
            String tip = onFx(() -> hint.getTooltip().getText());
            assertTrue(tip.contains(d.viewModel().outputFile().toAbsolutePath().toString()), tip);
        } finally {
            robot.interact(() -> {
                window.setTextSize(TextSize.NORMAL);
                d.stage().close();
            });
        }
    }

    /**
     * A K out of range puts its error under the field: the range hint beside the field stays whole ("2 to 2000" was cut
     * to "2 …" at 20 px text with the error beside it), so do the error and the introduction above (one line cut at
     * "stand for the…").
     */
    @Test
    void theRangeBesideAnErrorIsWholeAtLargerText(FxRobot robot) throws Exception {
        DistillDialog d = openDialog(robot);
        TextField size = in(d, "#distillSize");
        Label sizeError = in(d, "#distillSizeError");
        Label range = (Label) d.stage().getScene().getRoot().lookupAll(".hint").stream()
                .filter(n -> n instanceof Label l && l.getText().startsWith("2 to")).findFirst().orElseThrow();
        try {
            robot.interact(() -> window.setTextSize(20));
            robot.interact(() -> size.setText("abc"));
            WaitForAsyncUtils.waitForFxEvents();
            String[] shown = onFx(() -> {
                d.stage().getScene().getRoot().applyCss();
                d.stage().getScene().getRoot().layout();
                return new String[] {((javafx.scene.text.Text) range.lookup(".text")).getText(),
                        ((javafx.scene.text.Text) sizeError.lookup(".text")).getText(),
                        ((javafx.scene.text.Text) in(d, "#distillIntro").lookup(".text")).getText()};
            });
            assertEquals("2 to 2000", shown[0]);
            assertEquals(sizeError.getText(), shown[1]);
            assertEquals(((Label) in(d, "#distillIntro")).getText(), shown[2], "the introduction is cut");
            assertTrue(onFx(() -> sizeError.getHeight() >= sizeError.prefHeight(sizeError.getWidth()) - 0.5),
                    "the error is cut");
        } finally {
            robot.interact(() -> {
                window.setTextSize(TextSize.NORMAL);
                d.stage().close();
            });
        }
    }

    @Test
    void cancelStopsARunningDistillation(FxRobot robot) throws Exception {
        DistillDialog d = openDialog(robot);
        ComboBox<Distiller.Method> method = in(d, "#distillMethod");
        TextField size = in(d, "#distillSize");
        robot.interact(() -> {
            method.getSelectionModel().select(Distiller.Method.SUPPORT);
            size.setText("1500");
        });
        Path out = d.viewModel().outputFile();
        Button cancel = in(d, "#distillCancel");
        assertTrue(cancel.isDisabled(), "nothing to cancel yet");
        robot.interact(() -> ((Button) in(d, "#distillRun")).fire());
        ProgressBar bar = in(d, "#distillProgress");
        waitUntil("some progress", 30, () -> bar.getProgress() > 0.05);
        assertFalse(cancel.isDisabled());
        long t0 = System.nanoTime();
        robot.interact(cancel::fire);
        waitUntil("the cancelled state", 20, () -> d.viewModel().state() == DistillViewModel.State.CANCELLED
                && ((Label) in(d, "#distillState")).getText().equals("Cancelled"));
        double secs = (System.nanoTime() - t0) / 1e9;
        System.out.printf("cancel took effect after %.2f s at %.0f%%%n", secs, 100 * d.viewModel().progress());
        assertTrue(d.viewModel().progress() < 1);
        assertFalse(Files.exists(out));
        assertEquals("Cancelled; nothing was written.", ((Label) in(d, "#distillResult")).getText());
        assertFalse(((Button) in(d, "#distillRun")).isDisabled(), "can run again");
        assertTrue(((Button) in(d, "#distillOpen")).isDisabled());
        robot.interact(() -> d.stage().close());
    }

    @Test
    void aPausedRunOfTheWindowCanBeDistilled(FxRobot robot) {
        robot.interact(() -> {
            window.setup().selectModel("gaussian-2d");
            window.setup().selectSampler("hmc");
        });
        for (String[] f : new String[][] {{"#chains", "2"}, {"#warmup", "20"}, {"#draws", "1000"}, {"#seed", "5"}}) {
            TextField field = robot.lookup(f[0]).queryAs(TextField.class);
            robot.interact(() -> field.setText(f[1]));
        }
        robot.interact(() -> window.step(120));
        waitUntil("120 transitions", 30, () -> window.controller().settled()
                && window.controller().buffer().size(1) == 120);
        assertTrue(window.canDistill(), window.controller().state().toString());
        DistillDialog[] d = new DistillDialog[1];
        robot.interact(() -> d[0] = window.openDistillDialog());
        assertNotNull(d[0], () -> robot.lookup("#statusMessage").queryAs(Label.class).getText() + " / warmup error: "
                + robot.lookup("#warmup-error").queryAs(Label.class).getText() + " / config " + window.setup().config(1));
        assertEquals(200, d[0].viewModel().draws(), "100 post-warmup draws per chain on disk");
        TextField folder = in(d[0], "#distillFolder");
        TextField size = in(d[0], "#distillSize");
        ComboBox<Distiller.Method> method = in(d[0], "#distillMethod");
        robot.interact(() -> {
            folder.setText(tmp.resolve("paused").toString());
            size.setText("20");
            method.getSelectionModel().select(Distiller.Method.THIN);
        });
        robot.interact(() -> ((Button) in(d[0], "#distillRun")).fire());
        waitUntil("the distillation", 30, () -> d[0].viewModel().state() != DistillViewModel.State.RUNNING
                && !((Label) in(d[0], "#distillResult")).getText().isEmpty());
        assertEquals(DistillViewModel.State.DONE, d[0].viewModel().state(), d[0].viewModel().error());
        assertTrue(((Label) in(d[0], "#distillResult")).getText().startsWith("thin: 20 of 200 post-warmup draws"));
        robot.interact(() -> d[0].stage().close());
    }

    /** A distilled set opened in the window is not distilled again: the status bar says so, in red, and no dialog opens. */
    @Test
    void anOpenedDistilledSetIsNotDistilledAgain(FxRobot robot) throws Exception {
        Path set = tmp.resolve("set");
        workbench.sessions.distill.SessionDistiller.run(session, Distiller.Method.THIN, 50, 1, set,
                workbench.core.distill.Progress.NONE);
        robot.interact(() -> window.openSession(set));
        waitUntil("the opened set", 20, () -> set.equals(window.shownSession()));
        DistillDialog[] d = new DistillDialog[1];
        robot.interact(() -> d[0] = window.openDistillDialog());
        assertNull(d[0]);
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        assertTrue(msg.getText().contains("is a distilled set") && msg.getText().contains("cannot be distilled again"),
                msg.getText());
    }

    @Test
    void withoutASessionTheDialogDoesNotOpen(FxRobot robot) {
        assertFalse(window.canDistill());
        DistillDialog[] d = new DistillDialog[1];
        robot.interact(() -> d[0] = window.openDistillDialog());
        assertNull(d[0]);
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        assertTrue(msg.getText().contains("nothing to distil"), msg.getText());
    }
}
