package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.sessions.SessionWriter;

/**
 * A run whose chain finds no finite start point exits 2 with one line and, refused before any chain stored a
 * transition, leaves nothing behind: the corrected command can use the same {@code --out} (before, a "failed" session
 * without draws stayed, and the corrected command was refused with "--out DIR is not empty"). A refused session that
 * is kept (a chain that had started stored draws first, as with several threads) says why in its manifest, and
 * {@code summary} does not offer a {@code resume}, which would be refused the same way.
 */
class RefusedStartTest {

    @Test
    void aRunRefusedAtItsStartLeavesNothingBehind(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("refused");
        // finite only for x > 1.97: random starts in (-2, 2) seldom land there, so some chain finds none; one thread,
        // so that the refusal ends the run before any chain samples
        String[] cmd = {"run", "--model", "expr", "--set", "density=log(x-1.97) - x", "--sampler", "nuts", "--chains", "4",
            "--seed", "1", "--threads", "1", "--no-progress", "--no-summary", "--out", dir.toString()};
        CliHarness run = CliHarness.run(cmd);
        assertEquals(2, run.code, run.err);
        assertEquals(1, run.err.strip().lines().filter(l -> l.startsWith("error:")).count(), run.err);
        assertTrue(run.err.contains("give one with --init"), run.err);
        assertFalse(Files.exists(dir), "nothing left behind");
        // an existing empty directory stays, empty
        Files.createDirectories(dir);
        assertEquals(2, CliHarness.run(cmd).code);
        try (var left = Files.list(dir)) {
            assertEquals(0, left.count(), "the refused run's files removed, the directory kept");
        }
        // folders made for it above the session directory go too
        Path nested = tmp.resolve("np").resolve("a").resolve("b");
        String[] deep = cmd.clone();
        deep[deep.length - 1] = nested.toString();
        assertEquals(2, CliHarness.run(deep).code);
        assertFalse(Files.exists(tmp.resolve("np")), "np/a/b and the folders above it that the run made");
        String[] fixed = java.util.Arrays.copyOf(cmd, cmd.length + 2);
        fixed[cmd.length] = "--init";
        fixed[cmd.length + 1] = "2.5";
        CliHarness again = CliHarness.run(fixed);
        assertEquals(0, again.code, again.err);
    }

    /**
     * An improper target (or one wider than about 1e7) stops NUTS's first step-size search before any transition: bad
     * input, exit 2, nothing kept. Before, exit 3 with "draws so far are kept" (there were none) and summary and resume
     * suggesting a resume that failed the same way every time.
     */
    @Test
    void anImproperTargetIsRefusedAtTheFirstStepSizeSearch(@TempDir Path tmp) {
        for (String density : new String[] {"x", "-0.5*(x/1e9)^2"}) {
            Path dir = tmp.resolve("improper");
            CliHarness run = CliHarness.run("run", "--model", "expr", "--set", "density=" + density, "--sampler", "nuts",
                    "--chains", "2", "--warmup", "100", "--draws", "100", "--seed", "1", "--no-progress", "--out",
                    dir.toString());
            assertEquals(2, run.code, density + ": " + run.err);
            assertTrue(run.err.contains("error: the first step-size search passed 1e7: the posterior looks improper"),
                    run.err);
            assertFalse(Files.exists(dir), density + ": nothing kept");
        }
    }

    @Test
    void aKeptRefusedSessionSaysWhyAndOffersNoResume(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("refused");
        RunConfig cfg = new RunConfig("expr", Map.of("density", "log(x-1.97) - x"), "nuts", Map.of(), 4, 1000, 1000, 1,
                1, null);
        try (SessionWriter w = new SessionWriter(dir, SessionWriter.Options.defaults())) {
            BadInputException refused = assertThrows(BadInputException.class, () -> new ChainRunner(cfg,
                    ModelRegistry.create(cfg.modelId(), cfg.modelSettings()), SamplerRegistry.create("nuts", Map.of()), w)
                    .run());
            // as the command line ends such a run when a chain had stored draws before the refusal
            w.finish(new RunOutcome(RunOutcome.Status.FAILED, 0, 0, 0, RunCommand.REFUSED_AT_START
                    + refused.getMessage()));
        }
        CliHarness summary = CliHarness.run("summary", dir.toString());
        String all = summary.out + summary.err;
        assertTrue(all.contains("the run was refused at the start: "), all);
        assertTrue(all.contains("resuming would be refused the same way"), all);
        assertFalse(all.contains("workbench resume"), all);
        // no draws, so no tree depth to average: NA, not "mean NaN, max NaN"
        assertTrue(summary.out.contains("tree depth: NA (no post-warmup draws), limit 10"), summary.out);
        assertFalse(summary.out.contains("NaN"), summary.out);

        // resume is refused the same way (exit 2) and leaves the session as it was, manifest included (one thread: no
        // chain samples before the refusal, as in the first test; before, its
        // draws became 77 and its times NaN)
        byte[] manifest = Files.readAllBytes(dir.resolve(workbench.sessions.SessionFiles.MANIFEST));
        CliHarness resume = CliHarness.run("resume", dir.toString(), "--draws", "77", "--threads", "1", "--no-progress");
        assertEquals(2, resume.code, resume.out + resume.err);
        assertTrue(resume.err.contains("no start point"), resume.err);
        org.junit.jupiter.api.Assertions.assertArrayEquals(manifest,
                Files.readAllBytes(dir.resolve(workbench.sessions.SessionFiles.MANIFEST)), "manifest unchanged");
        // refused before its re-run starts (--threads 0): no file is cut, made or rewritten (before, the close rolled
        // back a re-run that never started)
        java.util.Map<String, Long> sizes = new java.util.TreeMap<>();
        try (var files = Files.list(dir)) {
            files.forEach(f -> sizes.put(f.getFileName().toString(), f.toFile().length()));
        }
        CliHarness zero = CliHarness.run("resume", dir.toString(), "--draws", "77", "--threads", "0", "--no-progress");
        assertEquals(2, zero.code, zero.err);
        java.util.Map<String, Long> after = new java.util.TreeMap<>();
        try (var files = Files.list(dir)) {
            files.forEach(f -> after.put(f.getFileName().toString(), f.toFile().length()));
        }
        assertEquals(sizes, after);
        org.junit.jupiter.api.Assertions.assertArrayEquals(manifest,
                Files.readAllBytes(dir.resolve(workbench.sessions.SessionFiles.MANIFEST)));
    }
}
