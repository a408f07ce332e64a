package workbench.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.core.run.TeeSink;
import workbench.sessions.Mismatch;
import workbench.sessions.AddedChain;
import workbench.sessions.DataFiles;
import workbench.sessions.Replays;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionVerifier;
import workbench.sessions.SessionWriter;

/**
 * {@code replay}: re-runs a session from its manifest and its event log (step-size and beta changes
 * at their recorded chain and iteration). {@code --out DIR2} stores the re-run as a new session;
 * {@code --check} compares it with the stored draws without storing it. Both exit 1 when a stored
 * value is not reproduced bit for bit, naming the first difference.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class, description = {
        "Re-run a session from its manifest and event log, to store the re-run (--out) or check it (--check).",
        "Interactive step size and beta changes are applied at their recorded chain and iteration. --out DIR2 "
                + "stores the re-run; --check only compares it with the stored draws. Exit 0 when every stored value "
                + "is reproduced bit for bit, 1 at the first difference (named)."})
final class ReplayCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "The session directory (or its .mcmcwb.json file).")
    Path session;

    @Option(names = "--out", paramLabel = "DIR2", description = "Store the re-run in this new session directory.")
    Path out;

    @Option(names = "--check", description = "Compare the re-run with the stored draws; store nothing.")
    boolean check;

    @Option(names = "--threads", description = "Threads (default: the number of cores). Draws do not depend on it.")
    Integer threads;

    @Option(names = "--no-progress", description = "No progress bar on standard error.")
    boolean noProgress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if ((out == null) == !check) {
            throw new BadInputException("give exactly one of --out DIR2 and --check");
        }
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        try (SessionReader reader = SessionReader.open(session)) {
            if (check) {
                // the divergence files are read only when asked for: read them now, so that damage there fails the
                // check as damage to the draws does
                reader.checkDivergences();
            }
            for (String note : reader.recovery()) {
                err.println("note: " + note);
            }
            if (!reader.errors().isEmpty()) {
                err.println("warning: " + reader.errors().get(0).getMessage() + "; only the intact draws are compared");
            }
            SessionManifest m = reader.manifest();
            Replays.refuseDistilled(m, "replayed");
            for (String note : DataFiles.notes(m, "the replay reads the file as it is now, so its draws may differ from"
                    + " the stored ones")) {
                err.println("note: " + note);
            }
            String threadsNote = Replays.useRecordedNd4jThreads(m);
            if (threadsNote != null) {
                err.println("note: " + threadsNote);
            }
            Model model = workbench.sessions.Replays.model(m);
            Sampler sampler = workbench.sessions.Replays.sampler(m);
            long stored = 0;
            long longest = 0;
            for (int c = 0; c < reader.chains(); c++) {
                stored += reader.size(c);
            }
            longest = chain1Iterations(reader);
            ProgressSink progress = new ProgressSink(err, !noProgress);
            if (check) {
                if (longest == 0) {
                    // no draw to compare is a pass only where the run made none: a damaged or emptied draws file of
                    // a run that made them is not (before, exit 0 with every chain's draws gone)
                    if (!reader.errors().isEmpty()) {
                        throw new CliExit(ReRuns.DIFFERS, "error: nothing to compare, the session is damaged: "
                                + reader.errors().get(0).getMessage());
                    }
                    String cut = cutShort(reader);
                    if (cut != null) {
                        throw new CliExit(ReRuns.DIFFERS, "error: nothing to compare: " + cut);
                    }
                    stdout.println("nothing to compare: the session holds no draws");
                    return 0;
                }
                // run only as far as the stored draws go; the warmup stays, it shapes the adaptation
                int draws = (int) Math.max(0, longest - m.warmup());
                RunConfig cfg = Replays.config(m, draws, nThreads);
                SessionVerifier verifier = new SessionVerifier(reader, true);
                ChainRunner runner = new ChainRunner(cfg, model, sampler, new TeeSink(verifier, progress),
                        Replays.schedule(reader.events()));
                RunOutcome outcome = ReRuns.run(runner, () -> { });
                differs(verifier.mismatch(), "");
                ReRuns.endAs(outcome, "replay");
                if (!verifier.allEqual()) {
                    throw new CliExit(ReRuns.DIFFERS, "error: the replay ended before it reached every stored draw");
                }
                if (!reader.errors().isEmpty()) {
                    // a corrupt chunk is a stored value that cannot be read, let alone reproduced: not a pass
                    throw new CliExit(ReRuns.DIFFERS, "error: the " + stored + " intact stored rows were reproduced bit for bit,"
                            + " but the session is damaged: " + reader.errors().get(0).getMessage());
                }
                String cut = cutShort(reader);
                if (cut != null) {
                    // every stored value matched, but draws a finished run made are missing: not a pass either
                    throw new CliExit(ReRuns.DIFFERS, "error: the " + stored + " stored rows were reproduced bit for bit,"
                            + " but " + cut);
                }
                stdout.println("identical: all " + stored + " stored rows (" + reader.columns()
                        + " values each) of " + reader.chains() + " chains reproduced bit for bit");
                return 0;
            }
            RunConfig cfg = Replays.config(m, m.draws(), nThreads);
            SessionVerifier verifier = new SessionVerifier(reader, false);
            RunOutcome outcome;
            try (SessionWriter writer = new SessionWriter(out,
                    SessionWriter.Options.defaults().withSoftwareVersion(Version.version()))) {
                ChainRunner runner = new ChainRunner(cfg, model, sampler, new TeeSink(writer, verifier, progress),
                        Replays.schedule(reader.events()));
                outcome = ReRuns.run(runner, writer::close, "interrupted: stopping the replay; what it made so far"
                        + " stays in " + out + " ('workbench resume " + out + "' continues it)");
            }
            ReRuns.endAs(outcome, "replay");
            differs(verifier.mismatch(), "replayed into " + out + ", but ");
            stdout.println("replayed into " + out + "; all " + stored + " stored rows reproduced bit for bit"
                    + (stored < cfg.iterations() * reader.chains()
                    ? " (the session held fewer than its configured " + cfg.iterations() + " iterations per chain; the replay ran them all)"
                    : ""));
            return 0;
        }
    }

    /** As {@link SessionReader#cutAfterFinishing()}. */
    static String cutShort(SessionReader reader) {
        return reader.cutAfterFinishing();
    }

    /**
     * Iterations a re-run must make per chain to reach every stored draw: the longest chain the run
     * started with, and for a chain added at chain 1's iteration a with r draws, r (it runs the
     * run's schedule from its own start) and a + 1 (chain 1 must get there to add it).
     */
    static long chain1Iterations(SessionReader reader) {
        SessionManifest m = reader.manifest();
        long longest = 0;
        for (int c = 0; c < reader.chains(); c++) {
            longest = Math.max(longest, reader.size(c));
        }
        for (AddedChain a : m.addedChains()) {
            if (reader.size(a.chain()) > 0) {
                longest = Math.max(longest, a.iteration() + 1);
            }
        }
        return longest;
    }

    private static void differs(Mismatch m, String prefix) {
        if (m != null) {
            throw new CliExit(ReRuns.DIFFERS, prefix + "differs from the stored session: first difference at "
                    + m.message());
        }
    }
}
