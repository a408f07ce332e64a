package workbench.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.kernel.Sampler;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.core.run.TeeSink;
import workbench.sessions.Mismatch;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionResume;
import workbench.sessions.SessionWriter;

/**
 * {@code resume}: continues a stopped, interrupted or crashed session in place, bit for bit as the
 * uninterrupted run would have gone on (see {@link SessionResume}: the stored transitions are
 * recomputed and checked first, so resuming costs their time again).
 */
@Command(name = "resume", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Continue a stopped, interrupted or crashed session in DIR, bit for bit as if it had not stopped.",
        "Every chain is recomputed from its start (same seed, same recorded step size and beta changes), the "
                + "stored draws are checked to be reproduced exactly, then the new draws are appended. Costs the "
                + "time of the stored transitions again. Exit 1 (session left as it was) if they are not reproduced; "
                + "exit 2, nothing touched, if the session's data file changed since the run."})
final class ResumeCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "The session directory (or its .mcmcwb.json file).")
    Path session;

    @Option(names = "--draws", paramLabel = "N", description = "New total of draws per chain after warmup (default: the session's).")
    Integer draws;

    @Option(names = "--threads", description = "Threads (default: the number of cores). Draws do not depend on it.")
    Integer threads;

    @Option(names = "--json", description = "Print the final summary as JSON (as 'summary --json').")
    boolean json;

    @Option(names = "--no-progress", description = "No progress bar on standard error.")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        Path dir;
        Mismatch mismatch;
        RunOutcome outcome;
        String software;
        try (SessionResume res = SessionResume.open(session, draws,
                SessionWriter.Options.defaults().withSoftwareVersion(Version.version()).withFaults(RunCommand.writeFaults))) {
            SessionReader stored = res.stored();
            dir = stored.directory();
            SessionManifest m = stored.manifest();
            software = m.softwareVersion();
            for (String note : stored.recovery()) {
                err.println("note: " + note);
            }
            if (res.complete()) {
                err.println("nothing to resume: every chain of " + dir + " holds its " + m.warmup() + " warmup and "
                        + m.draws() + " draws");
                return 0;
            }
            StringBuilder from = new StringBuilder("resuming " + dir + " to " + res.draws() + " draws per chain; chains continue from iteration");
            for (int c = 0; c < stored.chains(); c++) {
                from.append(c == 0 ? " " : ", ").append(res.storedLength(c));
            }
            err.println(from + " (the stored transitions are recomputed and checked first)");
            String threadsNote = workbench.sessions.Replays.useRecordedNd4jThreads(m);
            if (threadsNote != null) {
                err.println("note: " + threadsNote);
            }
            err.flush();
            Model model = workbench.sessions.Replays.model(m);
            Sampler sampler = workbench.sessions.Replays.sampler(m);
            RunConfig cfg = res.config(nThreads);
            ChainRunner runner = new ChainRunner(cfg, model, sampler,
                    new TeeSink(res, new ProgressSink(err, !noProgress)), res.schedule());
            try {
                outcome = ReRuns.run(runner, res::close, "interrupted: stopping; the draws so far stay in " + dir
                        + " ('workbench resume " + dir + "' continues the run)");
            } catch (RuntimeException e) {
                if (res.rollbackFailure() != null) {
                    // the re-run's own error follows (exit 2 or 3); the session could not be put back as it was
                    err.println("warning: " + WorkbenchCli.oneLine(res.rollbackFailure().getMessage()));
                    err.flush();
                }
                throw e;
            }
            mismatch = res.mismatch();
        }
        if (mismatch != null) {
            throw new CliExit(ReRuns.DIFFERS, "error: cannot resume " + dir + ": recomputing it does not reproduce the"
                    + " stored draws (first difference at " + mismatch.message() + "); it was probably made by another"
                    + " software version or platform (it records version " + software + ", this is " + Version.version()
                    + "); the session is left as it was");
        }
        if (outcome.status() == RunOutcome.Status.FAILED) {
            // a full disk mid-resume, as mid-run: what was stored stays, and resuming again goes on from there
            throw new CliExit(WorkbenchCli.FAILED, "error: the resumed run failed: " + outcome.error()
                    + " (the draws stored so far are kept in " + dir + "; free space or fix the cause, then 'workbench"
                    + " resume " + dir + "' goes on from there)" + RunCommand.outOfMemoryAdviceOnResume(outcome.error()));
        }
        ReRuns.endAs(outcome, "resumed run");
        try (SessionReader reader = SessionReader.open(dir)) {
            if (noProgress) {
                SummaryCommand.print(stdout, reader, json);
            } else {
                SummaryCommand.printTellingProgress(stdout, err, reader, json);
            }
        } catch (OutOfMemoryError e) {
            stdout.flush();
            err.println(RunCommand.summaryOutOfMemory("resumed run", dir));
        }
        err.println("stored in " + dir);
        return 0;
    }
}
