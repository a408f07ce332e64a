package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;

/**
 * A run the window starts that is refused at its start (a chain finds no finite start point) before any chain stored a
 * transition leaves no session in the sessions folder, as {@code run} leaves nothing in its {@code --out}; before, a
 * "failed" session without draws stayed there for each try.
 */
class RunControllerRefusedStartTest {
    @TempDir
    Path root;

    @Test
    void aRunRefusedAtItsStartKeepsNoSession() throws Exception {
        RunController rc = new RunController(root);
        try {
            rc.setSpeed(RunController.FULL_SPEED);
            // finite only for x > 1.97: a random start in (-2, 2) seldom lands there; one thread, so that the refusal
            // ends the run before any chain samples
            Map<String, String> density = Map.of("density", "log(x-1.97) - x");
            RunConfig cfg = new RunConfig("expr", density, "nuts", Map.of(), 4, 100, 100, 1, 1, null);
            rc.start(cfg, ModelRegistry.create("expr", density), SamplerRegistry.create("nuts", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FAILED, "the run to be refused");
            String message = rc.status().message();
            assertTrue(message.endsWith("; the command line gives start values (workbench run --init \u2026)"
                    + "; nothing was stored, so no session is kept"), message);
            assertNull(rc.session(), "no session to open, export or distil");
            try (var left = Files.list(root)) {
                assertEquals(0, left.count(), "the sessions folder holds nothing");
            }
            // a run that samples keeps its session as before
            RunConfig ok = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), 2, 20, 20, 1, 1, null);
            rc.start(ok, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("nuts", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FINISHED, "the run to finish");
            assertTrue(Files.isDirectory(rc.session()), String.valueOf(rc.session()));
        } finally {
            rc.shutdown();
        }
    }

    @Test
    void aSessionWhoseStartFailedIsNotNamedAfterwards() throws Exception {
        // the writer cannot make chain 2's draws file: it removes what it made, and the window must not go on naming
        // the folder (status bar, title, File > Export, Distil, Evaluate) as it did
        workbench.sessions.WriteFaults full = (file, op, bytes) -> {
            if (op == workbench.sessions.WriteFaults.Op.CREATE && file.getFileName().toString().equals("chain-2.draws")) {
                throw new java.io.IOException("No space left on device");
            }
        };
        RunController rc = new RunController(root, dir -> new workbench.sessions.SessionWriter(dir,
                workbench.sessions.SessionWriter.Options.defaults().withFaults(full)));
        try {
            RunConfig cfg = new RunConfig("gaussian-2d", Map.of(), "nuts", Map.of(), 2, 20, 20, 1, 1, null);
            rc.start(cfg, ModelRegistry.create("gaussian-2d", Map.of()), SamplerRegistry.create("nuts", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FAILED, "the run to fail");
            assertTrue(rc.status().message().contains("No space left on device"), rc.status().message());
            assertNull(rc.session());
            try (var left = Files.list(root)) {
                assertEquals(0, left.count(), "the sessions folder holds nothing");
            }
        } finally {
            rc.shutdown();
        }
    }

    /**
     * A standard normal whose log density at x = 5 takes a second and is not finite: chain 2, started there, is
     * refused only after chain 1 (on its own thread) has stored draws.
     */
    private static final class LateRefusal extends OneParameterModel {
        @Override
        public double logDensity(double[] q, double[] grad) {
            if (q[0] == 5) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                grad[0] = Double.NaN;
                return Double.NaN;
            }
            grad[0] = -q[0];
            return -0.5 * q[0] * q[0];
        }
    }

    /**
     * Refused after another chain stored draws: the session is kept, and its manifest says why the run ended, as the
     * command line's does; before, the window's said "the run ended without reporting an outcome" and summary offered
     * a resume that would be refused the same way.
     */
    @Test
    void aRunRefusedAfterAnotherChainStoredDrawsSaysWhyInItsManifest() throws Exception {
        RunController rc = new RunController(root);
        try {
            rc.setSpeed(RunController.FULL_SPEED);
            RunConfig cfg = new RunConfig("late", Map.of(), "rwm", Map.of(), 2, 1000, 1_000_000, 1, 2,
                    new double[] {0.5, 5});
            rc.start(cfg, new LateRefusal(), SamplerRegistry.create("rwm", Map.of()), false);
            RunControllerTest.waitFor(() -> rc.state() == RunController.State.FAILED, "the run to be refused");
            Path session = rc.session();
            assertTrue(session != null && Files.isDirectory(session), String.valueOf(session));
            assertTrue(rc.status().message().endsWith("; the draws other chains stored first are kept in the session"),
                    rc.status().message());
            try (workbench.sessions.SessionReader r = workbench.sessions.SessionReader.open(session)) {
                assertTrue(r.size(0) > 0, "chain 1 stored draws before the refusal");
                String error = r.outcome().error();
                assertTrue(error.startsWith(workbench.core.run.RunOutcome.REFUSED_AT_START), error);
                assertTrue(error.contains("chain 2"), error);
            }
        } finally {
            rc.shutdown();
        }
    }
}
