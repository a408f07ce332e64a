package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;

/**
 * The diagnostics summary's explanation of divergences after warmup gave one piece of advice for every run
 * ("reparameterize, or raise adapt_delta"), telling eight-schools-noncentered to reparameterize and a sampler without
 * an acceptance target to raise one. It is now `workbench summary`'s advice for the run shown: for NUTS on the centred
 * eight schools, the adapt_delta it ran with and the catalog's non-centred form.
 */
class DivergenceAdviceFxTest extends WindowFxBase {

    @Test
    void theCentredEightSchoolsIsToldItsAdaptDeltaAndItsNonCentredForm(FxRobot robot) {
        runTwoChainsToTheEnd(robot, "eight-schools-centered", "nuts", 200, 500);
        robot.clickOn("#diagnosticsTab");
        Label summary = robot.lookup("#diagSummary").queryAs(Label.class);
        waitUntil("the flagged final table (" + summary.getText() + ")", () -> summary.getTooltip() != null
                && summary.getTooltip().getText().startsWith("Divergences after warmup"));
        String why = summary.getTooltip().getText();
        assertTrue(why.contains("raise adapt_delta toward 1 (now 0.8; e.g. adapt_delta = 0.95 in the sampler's "
                + "settings") && why.contains("reparameterize (e.g. its non-centred form, the model "
                + "eight-schools-noncentered)"), why);
    }
}
