package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextInputControl;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import workbench.app.SessionFixtures;
import workbench.core.spec.Described;
import workbench.sessions.SessionReader;

/** Opening a stored session puts its model, sampler, settings and run fields in the setup pane. */
class SessionSetupFxTest extends WindowFxBase {
    @TempDir
    static Path shared;
    /** funnel (dim 4) with MALA (target_accept 0.65), 2 chains, 30 warmup + 40 draws, seed 123. */
    static Path session;

    @TempDir
    Path tmp;

    @BeforeAll
    static void makeSession() {
        session = shared.resolve("funnel-mala");
        TestSessions.run(session, "--model", "funnel", "--set", "dim=4", "--sampler", "mala", "--sampler-set",
                "target_accept=0.65", "--chains", "2", "--warmup", "30", "--draws", "40", "--seed", "123");
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(TextInputControl.class).getText();
    }

    @SuppressWarnings("unchecked")
    private static String picked(FxRobot robot, String picker) {
        Described d = ((ComboBox<Described>) robot.lookup(picker).queryAs(ComboBox.class)).getValue();
        return d == null ? null : d.id();
    }

    /** The pane still shows what {@link #otherChoices} chose. */
    private void assertOtherChoicesKept(FxRobot robot) {
        assertEquals("banana", picked(robot, "#modelPicker"));
        assertEquals("nuts", picked(robot, "#samplerPicker"));
        assertEquals("5", text(robot, "#chains"));
        assertEquals("9", text(robot, "#seed"));
    }

    /**
     * Leaves other choices in the pane, as a user would have: funnel dim 7 and a MALA step size typed
     * earlier, then banana / nuts picked, 5 chains, seed 9.
     */
    private void otherChoices(FxRobot robot) {
        robot.interact(() -> {
            SetupViewModel s = window.setup();
            s.selectModel("funnel");
            assertEquals(null, s.setModelSetting("dim", "7"));
            s.selectSampler("mala");
            assertEquals(null, s.setSamplerSetting("step_size", "0.3"));
            s.selectModel("banana");
            s.selectSampler("nuts");
            s.setRunField("chains", "5");
            s.setRunField("seed", "9");
            window.refreshSetup();
        });
        assertOtherChoicesKept(robot);
    }

    /** A copy of the session with one line of its manifest replaced. */
    private Path editedCopy(String from, String to) throws Exception {
        Path copy = SessionFixtures.copy(session, tmp.resolve("edited"));
        Path manifest = copy.resolve("session.mcmcwb.json");
        String json = Files.readString(manifest);
        assertTrue(json.contains(from), json);
        Files.writeString(manifest, json.replace(from, to));
        return copy;
    }

    @Test
    void anOpenedSessionShowsItsSetupAndRunRepeatsIt(FxRobot robot) throws Exception {
        otherChoices(robot);
        robot.interact(() -> window.openSession(session));
        waitUntil("the session's model in the picker", () -> "funnel".equals(picked(robot, "#modelPicker")));
        assertEquals("mala", picked(robot, "#samplerPicker"));
        assertEquals("2", text(robot, "#chains"));
        assertEquals("123", text(robot, "#seed"));
        assertEquals("30", text(robot, "#warmup"));
        assertEquals("40", text(robot, "#draws"));
        assertEquals("4", text(robot, "#model-dim"), "the session's dim, not the 7 typed before");
        assertEquals("0.65", text(robot, "#sampler-target_accept"));
        assertEquals("", text(robot, "#sampler-step_size"), "the session had no step size: the one typed before goes");
        String msg = robot.lookup("#statusMessage").queryAs(Label.class).getText();
        assertTrue(msg.startsWith("showing stored session: funnel"), msg);
        assertEquals(List.of(), window.setup().problems());

        // Run repeats the stored configuration as a new session, draw for draw
        Slider speed = robot.lookup("#speedSlider").queryAs(Slider.class);
        robot.interact(() -> speed.setValue(speed.getMax()));
        robot.interact(() -> window.run());
        waitUntil("the run's end", () -> window.controller().state() == RunController.State.FINISHED);
        Path rerun = window.controller().session();
        assertNotEquals(session.toAbsolutePath(), rerun.toAbsolutePath());
        try (SessionReader a = SessionReader.open(session); SessionReader b = SessionReader.open(rerun)) {
            var m = b.manifest();
            assertEquals("funnel", m.modelId());
            assertEquals("4", m.modelSettings().get("dim"));
            assertEquals("mala", m.samplerId());
            assertEquals("0.65", m.samplerSettings().get("target_accept"));
            assertTrue(!m.samplerSettings().containsKey("step_size"), m.samplerSettings().toString());
            assertEquals(List.of(2, 30, 40, 123L), List.of(m.chains(), m.warmup(), m.draws(), m.seed()));
            for (int c = 0; c < 2; c++) {
                assertEquals(70, b.size(c));
                for (int p = 0; p < 4; p++) {
                    assertEquals(a.value(c, 69, p), b.value(c, 69, p), "chain " + c + " param " + p);
                }
            }
        }
    }

    @Test
    void aSessionWithAnUnknownSamplerIsShownAndThePaneKeepsItsChoices(FxRobot robot) throws Exception {
        Path copy = editedCopy("\"id\" : \"mala\"", "\"id\" : \"no-such-sampler\"");
        otherChoices(robot);
        robot.interact(() -> window.openSession(copy));
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the status line", () -> msg.getText().startsWith("showing stored session"));
        assertTrue(msg.getText().contains("setup not changed: sampler 'no-such-sampler' is not in this build"),
                msg.getText());
        assertTrue(msg.getText().indexOf('\n') < 0);
        assertEquals(copy.toRealPath(), window.shownSession().toRealPath(), "the draws are shown all the same");
        assertOtherChoicesKept(robot);
    }

    @Test
    void aSessionWithARefusedSettingLeavesEveryChoiceAsItWas(FxRobot robot) throws Exception {
        Path copy = editedCopy("\"dim\" : \"4\"", "\"dim\" : \"1\"");
        otherChoices(robot);
        robot.interact(() -> window.openSession(copy));
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the status line", () -> msg.getText().contains("setup not changed"));
        assertTrue(msg.getText().contains("dim"), msg.getText());
        assertOtherChoicesKept(robot);
        // nothing half-applied: funnel keeps dim 7, MALA its step size
        assertEquals("7", window.setup().allTyped().get("model.funnel.dim"));
        assertEquals("0.3", window.setup().allTyped().get("sampler.mala.step_size"));
    }

    @Test
    void drawsFromAnotherToolLeaveThePickersAlone(FxRobot robot) throws Exception {
        Path csv = tmp.resolve("draws.csv");
        StringBuilder sb = new StringBuilder("chain,draw,a,b\n");
        for (int c = 1; c <= 2; c++) {
            for (int i = 1; i <= 20; i++) {
                sb.append(c).append(',').append(i).append(',').append(Math.sin(i * c)).append(',').append(Math.cos(i + c))
                        .append('\n');
            }
        }
        Files.writeString(csv, sb.toString());
        otherChoices(robot);
        robot.interact(() -> window.openDraws(List.of(csv)));
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        waitUntil("the status line", () -> msg.getText().startsWith("showing draws from draws.csv"));
        assertOtherChoicesKept(robot);
    }
}
