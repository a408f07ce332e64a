package workbench.app.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.core.run.TeeSink;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;
import workbench.sessions.WriteFaults;

/** {@code run}: sample a model, store every draw in a session directory, print the summary. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "Run a sampler on a model and store every draw and transition in --out DIR.")
final class RunCommand implements Callable<Integer> {
    @Option(names = "--model", required = true, paramLabel = "ID", description = "Model id (see 'workbench models').")
    String modelId;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "A model setting; repeatable.")
    List<String> modelSettings;

    @Option(names = "--sampler", required = true, paramLabel = "ID", description = "Sampler id (see 'workbench samplers').")
    String samplerId;

    @Option(names = "--sampler-set", paramLabel = "KEY=VALUE", description = "A sampler setting; repeatable.")
    List<String> samplerSettings;

    @Option(names = "--chains", defaultValue = "4", description = "Number of chains (default ${DEFAULT-VALUE}).")
    int chains;

    /** How the manifest's error of a run refused before its first transition begins ({@link SummaryCommand}). */
    static final String REFUSED_AT_START = RunOutcome.REFUSED_AT_START;

    @Option(names = "--warmup", defaultValue = "1000", description = "Warmup iterations per chain (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--draws", defaultValue = "1000", description = "Draws per chain after warmup (default ${DEFAULT-VALUE}).")
    int draws;

    @Option(names = "--seed", description = "Seed; without it one is drawn, printed and recorded.")
    Long seed;

    @Option(names = "--threads", description = "Threads (default: the number of cores). Draws do not depend on it.")
    Integer threads;

    @Option(names = "--init", paramLabel = "V1,V2,...", description = "Initial values on the constrained scale, one per parameter, or one per parameter for each chain in turn (default: uniform(-2, 2) on the unconstrained scale; a network, bnn-*, LeCun-normal per layer).")
    String init;

    @Option(names = "--init-from", paramLabel = "DIR", description = "Start each chain where a chain of this session ended (chain k at the last draw of chain k, cycling when it has fewer), e.g. the members of a deep ensemble.")
    Path initFrom;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Session directory to create (must not exist or be empty).")
    Path out;

    @Option(names = "--json", description = "Print the final summary as JSON (as 'summary --json').")
    boolean json;

    @Option(names = "--no-progress", description = "No progress bar on standard error.")
    boolean noProgress;

    @Option(names = "--no-summary", description = "Do not print the summary at the end (it reads the "
            + "draws back in batches of at most 256 MiB; 'summary DIR' prints it later).")
    boolean noSummary;

    @Spec
    CommandSpec spec;

    /** Set by the shutdown hook (Ctrl-C), which already told the user. */
    private volatile boolean signalled;

    /** Storage faults the session writer meets: a seam for in-process tests of this package; none otherwise. */
    static volatile WriteFaults writeFaults = WriteFaults.NONE;

    /**
     * A warning when the run would write more than the disk holding {@code out} has free ({@code --draws 2147483647}
     * is accepted: a run can be watched and stopped at will), or null ({@link DiskNote}).
     */
    static String diskNote(Path out, int chains, long iterations, int outputs, boolean trajectories) {
        DiskNote n = DiskNote.of(out, chains, iterations, outputs, trajectories ? chains : 0, DiskNote.CLI_WHEN_FULL);
        return n == null ? null : n.text();
    }

    /** The note for {@code usable} bytes free; {@code trajectories}: the sampler records divergences. */
    static String diskNote(int chains, long iterations, int outputs, boolean trajectories, long usable) {
        DiskNote n = DiskNote.of(chains, iterations, outputs, trajectories ? chains : 0, usable,
                DiskNote.CLI_WHEN_FULL);
        return n == null ? null : n.text();
    }

    /**
     * Refuses a sampler setting given with {@code --set} (step_size to a model) or a model setting given with
     * {@code --sampler-set}, naming the option that takes it: the registries' "unknown setting" alone does not say
     * that the key is right and the option wrong.
     */
    private void misplacedSetting(Map<String, String> mset, Map<String, String> sset) {
        java.util.Set<String> modelKeys = names(ModelRegistry.get(modelId).params());
        java.util.Set<String> samplerKeys = names(SamplerRegistry.get(samplerId).params());
        for (String key : mset.keySet()) {
            if (!modelKeys.contains(key) && samplerKeys.contains(key)) {
                throw new BadInputException("--set " + key + ": '" + key + "' is a setting of sampler " + samplerId
                        + ", not of model " + modelId + "; give it as --sampler-set " + key + "=" + mset.get(key));
            }
        }
        for (String key : sset.keySet()) {
            List<String> others = SamplerRegistry.all().stream()
                    .filter(f -> names(f.params()).contains(key)).map(f -> f.id()).toList();
            if (!samplerKeys.contains(key) && modelKeys.contains(key) && !others.isEmpty()) {
                // a name both kinds use (engine: the model's auto|plain|nd4j, some samplers' batched engine): the
                // model's is another setting, so "give it as --set" sent the user on to a second refusal
                throw new BadInputException("--sampler-set " + key + ": sampler " + samplerId + " has no '" + key
                        + "' setting (samplers that have one: " + String.join(", ", others) + "); model " + modelId
                        + " has a setting of that name, which is another one (see 'workbench models'): give it"
                        + " with --set if that is the one you mean");
            }
            if (!samplerKeys.contains(key) && modelKeys.contains(key)) {
                throw new BadInputException("--sampler-set " + key + ": '" + key + "' is a setting of model " + modelId
                        + ", not of sampler " + samplerId + "; give it as --set " + key + "=" + sset.get(key));
            }
        }
    }

    private static java.util.Set<String> names(List<workbench.core.spec.ParamSpec> specs) {
        java.util.Set<String> out = new java.util.HashSet<>();
        specs.forEach(s -> out.add(s.name()));
        return out;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter outWriter = spec.commandLine().getOut();
        if (json && noSummary) {
            // the JSON is the summary: both printed nothing and exited 0
            throw new BadInputException("--json prints the summary as JSON and --no-summary leaves it out: give one of"
                    + " them");
        }
        Map<String, String> mset = KeyValues.parse("--set", modelSettings);
        Map<String, String> sset = KeyValues.parse("--sampler-set", samplerSettings);
        misplacedSetting(mset, sset);
        Model model = ModelRegistry.create(modelId, mset);
        // a data file's path recorded absolute: evaluate, replay and the window then read it from any directory
        mset = ModelRegistry.recorded(modelId, mset);
        Sampler sampler = SamplerRegistry.create(samplerId, sset);
        long theSeed;
        if (seed == null) {
            theSeed = ThreadLocalRandom.current().nextLong(1, 1L << 31);
        } else {
            theSeed = seed;
        }
        int nThreads = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (init != null && initFrom != null) {
            throw new BadInputException("give --init or --init-from, not both");
        }
        double[] initValues = initFrom != null ? InitFrom.read(initFrom, model, chains)
                : KeyValues.numbers("--init", init);
        RunConfig config = new RunConfig(modelId, mset, samplerId, sampler.settings().asText(), chains, warmup, draws,
                theSeed, nThreads, initValues);
        int d = model.dim();
        if (config.init() != null && config.init().length != d && config.init().length != (long) d * chains) {
            throw new BadInputException("--init has " + config.init().length + " values but model " + modelId + " has "
                    + d + " parameters (" + String.join(", ", model.parameterNames()) + "): give " + d + ", or "
                    + d + " for each of the " + chains + " chains");
        }
        if (config.init() != null) {
            double[] q = new double[d];
            int starts = config.init().length / d;
            for (int c = 0; c < starts; c++) {
                model.toUnconstrained(java.util.Arrays.copyOfRange(config.init(), c * d, (c + 1) * d), q);
                if (!workbench.core.kernel.ChainState.at(model, q).finite()) {
                    throw new BadInputException((initFrom != null ? "--init-from" : "--init")
                            + ": the log density or its gradient is not finite at the start of chain " + (c + 1));
                }
            }
        }
        // refuses a model the sampler cannot sample, and engine=batched on a model without batched gradients,
        // before anything is written
        sampler.check(model);
        workbench.core.run.ChainRunner.requireHeap(sampler, model, chains);
        String capped = sampler.cappedNote(warmup);
        if (capped != null) {
            // run anyway (a short warmup is a choice), but say it before, not only in the settings recorded
            err.println("note: " + samplerId + ": " + capped);
        }
        String engine = workbench.core.run.RunEngine.choose(sampler, model, chains);
        if (workbench.core.run.RunEngine.BATCHED.equals(engine)
                && sampler instanceof workbench.core.kernel.BatchSampler bs
                && workbench.core.run.RunEngine.AUTO.equals(bs.engine())) {
            // auto decides by chains x work: the same seed with fewer chains may run plain, whose draws differ from
            // the batched engine's in the last digits (summation order in the gradient), growing over a long run
            err.println("note: " + autoBatchedNote(chains));
        }
        if (draws > 1 && (samplerId.equals("map") || samplerId.equals("deep-ensemble"))) {
            // each draw is the same fit: evaluate would count it (and time it) draws times over
            err.println("note: " + samplerId + " repeats its final fit as every draw: --draws " + draws + " stores it "
                    + draws + " times per chain and evaluate counts each; --draws 1 is enough");
        }
        String noDraws = explorationOnlyNote(sampler, samplerId, warmup, draws);
        if (noDraws != null) {
            // run anyway (the exploration itself may be what is watched), but before, not after the minutes it takes
            err.println("note: " + noDraws);
        }
        if (model instanceof workbench.core.model.expr.ExprModel expr && expr.improperWarning() != null) {
            // run anyway: the formula may be what is being taught (a chain that drifts off), but say so first
            err.println("note: --set density: " + expr.improperWarning());
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new BadInputException("--out " + out + " is a file, not a directory");
        }
        if (Files.isDirectory(out)) {
            try (var entries = Files.list(out)) {
                // a lone stale lock file is allowed, as the session writer allows it
                if (entries.anyMatch(f -> !f.getFileName().toString().equals(workbench.sessions.SessionFiles.LOCK))) {
                    throw new BadInputException("--out " + out + " is not empty; give a new directory");
                }
            }
        }
        String disk = diskNote(out, chains, (long) warmup + draws, model.outputNames().size(),
                sampler.recordsDivergences());
        if (disk != null) {
            err.println("note: " + disk);
        }
        if (seed == null) {
            err.println("seed: " + theSeed);
            err.flush();
        }
        ProgressSink progress = new ProgressSink(err, !noProgress);
        RunOutcome outcome;
        java.io.IOException writeError;
        try (SessionWriter writer = new SessionWriter(out,
                SessionWriter.Options.defaults().withSoftwareVersion(Version.version()).withFaults(writeFaults))) {
            ChainRunner runner = new ChainRunner(config, model, sampler, new TeeSink(writer, progress));
            CountDownLatch done = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                signalled = true;
                System.err.println("\ninterrupted: stopping; the draws so far stay in " + out
                        + " ('workbench resume " + out + "' continues the run)");
                runner.stop();
                try {
                    done.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "stop-on-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                outcome = runner.run();
                if (outcome.status() == RunOutcome.Status.FAILED && outcome.error() != null
                        && outcome.error().startsWith(ChainRunner.OUT_OF_MEMORY) && writer.discardIfNothingStored()) {
                    // a chain ran out before any transition was stored: an empty "failed" session helps nobody
                    throw new CliExit(WorkbenchCli.FAILED, outOfMemoryBeforeAnyDraw(out));
                }
            } catch (BadInputException refused) {
                // a chain refused at its start (no finite start point) before any chain stored a transition: nothing
                // is kept, as for other bad input (exit 2), so the corrected command can use the same --out
                if (writer.discardIfNothingStored()) {
                    throw refused;
                }
                // else the manifest says why, not "ended without reporting an outcome", and summary does not offer a
                // resume that would be refused the same way
                writer.finish(new RunOutcome(RunOutcome.Status.FAILED, 0, 0, 0,
                        REFUSED_AT_START + WorkbenchCli.oneLine(refused.getMessage())));
                if (writer.writeError() != null) {
                    err.println("warning: cannot write the session: " + WorkbenchCli.oneLine(writer.writeError()
                            .getMessage()));
                }
                err.println("note: chains on other threads had stored draws before the refusal; they are kept in " + out
                        + " (give the corrected run another --out)");
                throw refused;
            } catch (OutOfMemoryError oom) {
                // in this thread, while the session's chain buffers were made (a chain's own thread ends the run as
                // failed instead): leave nothing when nothing was stored, else say why the run ended, not "running"
                if (writer.discardIfNothingStored()) {
                    throw new CliExit(WorkbenchCli.FAILED, outOfMemoryBeforeAnyDraw(out));
                } else {
                    try {
                        writer.finish(new RunOutcome(RunOutcome.Status.FAILED, 0, 0, 0,
                                ChainRunner.OUT_OF_MEMORY + " (while the run started)"));
                    } catch (RuntimeException | OutOfMemoryError again) {
                        // the manifest stays "running": summary then says the run did not finish
                    }
                }
                throw oom;
            } finally {
                writer.close();
                done.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the JVM is exiting on Ctrl-C: the hook waits for the close above, then the exit code is 130
                }
            }
            writeError = writer.writeError();
        }
        if (writeError != null) {
            throw new CliExit(WorkbenchCli.FAILED, "error: sampling stopped, cannot write the session: "
                    + WorkbenchCli.oneLine(writeError.getMessage()) + "; the draws stored before it are kept in " + out
                    + " (free space or make it writable, then 'workbench resume " + out + "' completes the run)");
        }
        switch (outcome.status()) {
            case FAILED -> throw new CliExit(WorkbenchCli.FAILED,
                    "error: the run failed: " + outcome.error() + " (draws so far are kept in " + out + ")"
                            + outOfMemoryAdvice(outcome.error(), out));
            case INTERRUPTED -> throw new CliExit(WorkbenchCli.INTERRUPTED,
                    signalled ? null : "interrupted: draws so far are kept in " + out);
            default -> {
            }
        }
        if (!noSummary) {
            try (SessionReader reader = SessionReader.open(out)) {
                if (noProgress) {
                    SummaryCommand.print(outWriter, reader, json);
                } else {
                    SummaryCommand.printTellingProgress(outWriter, err, reader, json);
                }
            } catch (OutOfMemoryError e) {
                // the run itself finished and is stored: its summary (a long session's) needs more heap than the run
                outWriter.flush();
                err.println(summaryOutOfMemory("run", out));
            }
        }
        err.println("stored in " + out);
        return 0;
    }

    /**
     * What to do after a run that ran out of memory in a chain ({@link workbench.core.run.ChainRunner#OUT_OF_MEMORY}):
     * a larger heap for {@code resume}, which continues it; empty for any other failure.
     */
    static String outOfMemoryAdvice(String error, Path out) {
        if (error == null || !error.startsWith(workbench.core.run.ChainRunner.OUT_OF_MEMORY)) {
            return "";
        }
        return "; give Java more with " + Launcher.moreHeap(Launcher.largerHeap(Runtime.getRuntime().maxMemory()))
                + " (within the machine's memory) and 'workbench resume " + out + "' continues the run, or ask for"
                + " less (fewer chains or dimensions) in a new one";
    }

    /** As {@link #outOfMemoryAdvice} after a {@code resume}, whose message says already how to resume again. */
    static String outOfMemoryAdviceOnResume(String error) {
        if (error == null || !error.startsWith(workbench.core.run.ChainRunner.OUT_OF_MEMORY)) {
            return "";
        }
        return "; give Java more with " + Launcher.moreHeap(Launcher.largerHeap(Runtime.getRuntime().maxMemory()))
                + " (within the machine's memory) first";
    }

    /**
     * The warning of a {@code run} or {@code resume} (named by {@code what}) that finished and stored its draws in
     * {@code out} but whose closing summary ran out of memory: it exits 0, the summary left to {@code summary}.
     */
    static String summaryOutOfMemory(String what, Path out) {
        long heap = Runtime.getRuntime().maxMemory();
        return "warning: the " + what + " finished, but its summary ran out of memory (" + (heap >> 20) + " MiB heap):"
                + " 'workbench summary " + out + "' prints it given more (" + Launcher.moreHeap(Launcher.largerHeap(heap))
                + "), or --params for fewer parameters";
    }

    /** A run that ran out of memory before it stored any draw, its session discarded. */
    static String outOfMemoryBeforeAnyDraw(Path out) {
        long heap = Runtime.getRuntime().maxMemory();
        return "error: out of memory (" + (heap >> 20) + " MiB heap) as the run started, before any draw; nothing is"
                + " kept in " + out + "; give Java more with " + Launcher.moreHeap(Launcher.largerHeap(heap))
                + " (within the machine's memory), or ask for less (fewer chains or dimensions)";
    }

    /**
     * The note {@code run} prints before it starts when none of its post-warmup iterations will be a posterior draw
     * (cSGLD whose warmup and draws end inside the exploration of a cycle): summary, evaluate and distill would find
     * nothing after it; null when some iteration is a draw, or the run asks for no draws.
     */
    static String explorationOnlyNote(workbench.core.kernel.Sampler sampler, String samplerId, long warmup, long draws) {
        workbench.core.draws.DrawPhase ph = sampler.drawPhase();
        if (ph.all() || draws <= 0 || ph.count(warmup, warmup + draws) > 0) {
            return null;
        }
        long first = ph.nth(warmup, 0) - warmup + 1;
        return "none of the " + draws + " post-warmup iterations will be a posterior draw: each is a " + samplerId
                + " exploration step (" + ph + ", counted from the chain's start, warmup included), so summary,"
                + " evaluate and distill will find no draws; give --draws " + first + " or more, or a shorter"
                + " cycle_length";
    }

    /**
     * The note {@code run} prints when {@code engine=auto} picked the batched engine: what it means for the draws,
     * and how to pin the engine.
     */
    static String autoBatchedNote(int chains) {
        return "engine=auto chose the batched engine for " + chains + " chains of this size (recorded in the manifest;"
                + " replay and resume use it): its draws equal the plain engine's only up to rounding in the gradient,"
                + " so chain 1 can differ in the last digits from chain 1 of a run with fewer chains, where auto may"
                + " pick plain; --sampler-set engine=plain (or batched) fixes the engine whatever the number of chains";
    }
}
