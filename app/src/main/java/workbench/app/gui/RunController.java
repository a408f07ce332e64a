package workbench.app.gui;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.model.Model;
import workbench.core.run.ChainRunner;
import workbench.core.run.DrawSink;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;
import workbench.core.run.TeeSink;
import workbench.core.spec.ParamSpec;
import workbench.app.cli.DiskNote;
import workbench.app.cli.Launcher;
import workbench.app.cli.Version;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionResume;
import workbench.sessions.SessionWriter;
import workbench.viz.LiveBuffer;

/**
 * Drives one run at a time for the window: starts a {@link ChainRunner} on a background thread
 * writing into a {@link LiveBuffer}, and turns the buttons into runner commands — run (at the chosen
 * speed), pause, step (exactly one transition per chain), run N draws, reset, step size and beta.
 *
 * <p>Below full speed the runner is kept paused and a ticker hands out permits ({@link
 * ChainRunner#advance}) at the chosen rate, only when the previous grant is used up, so a slow
 * sampler is never queued behind. No JavaFX here: the window polls {@link #status()} each frame.
 *
 * <p>Every run is also written, draw by draw, into a new session directory under the sessions
 * folder ({@link #defaultSessionsRoot()}), through a {@link SessionWriter} teed after the buffer, so
 * interactive changes land in its event log. A storage failure ends the run as failed; the buffer
 * keeps the draws made so far.
 */
public final class RunController {
    /** Rates at or above this (transitions per second per chain) mean full speed. */
    public static final double FULL_SPEED = 5000;
    /** Below this rate the integrator path is recorded and drawn step by step. */
    public static final double PATH_SPEED = 60;
    /** Iterations each chain's ring keeps for the views. */
    public static final int BUFFER_CAPACITY = 50_000;
    /** The smallest step size that can be set by hand. */
    public static final double MIN_STEP_SIZE = 1e-12;
    /** The largest step size that can be set by hand. */
    public static final double MAX_STEP_SIZE = 1e6;
    /** The largest N of "Run N" (transitions per chain). */
    public static final long MAX_RUN_COUNT = 100_000_000;

    /** System property overriding {@link #samplerThreads()} (a positive integer). */
    public static final String THREADS_PROPERTY = "workbench.gui.threads";

    /** System property naming the folder new sessions are written under. */
    public static final String SESSIONS_DIR_PROPERTY = "workbench.sessions.dir";

    /** What the run is doing. */
    public enum State { IDLE, RUNNING, PAUSED, FINISHED, FAILED }

    /** A snapshot for the status bar. */
    public record Status(State state, long transitions, double drawsPerSecond, double gradientsPerSecond,
                         String message) {
    }

    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "run-ticker");
        t.setDaemon(true);
        return t;
    });
    private volatile ChainRunner runner;
    private volatile LiveBuffer buffer;
    private volatile Thread thread;
    private volatile State state = State.IDLE;
    private volatile String message = "";
    private volatile Path sessionsRoot;
    /** Makes the sink that stores a run in the given new directory (a SessionWriter; tests inject faults). */
    private final java.util.function.Function<Path, DrawSink> storage;
    /** Cleared by the run's own thread (compare-and-set) when its session is gone: a new run may have replaced it. */
    private final java.util.concurrent.atomic.AtomicReference<Path> session =
            new java.util.concurrent.atomic.AtomicReference<>();
    private volatile DrawSink writer;
    private volatile Model model;
    private volatile Sampler sampler;
    private volatile String cappedNote;
    private volatile DiskNote diskNote;
    private volatile RunConfig config;
    private ScheduledFuture<?> tick;
    private double speed = 30;
    private boolean held;
    private double pendingStepSize = Double.NaN;
    private double stepSizeSet = Double.NaN;
    private long runCount = 100;
    private boolean stepSizeByHand;
    private final StatusRates rates = new StatusRates();

    /**
     * Writes what the current run's session writer holds in memory to its files now (a paused run's last transitions
     * would otherwise wait up to the flush interval), so that a reader sees all of them. It does not wait for the disk
     * (called on the FX thread); the writer's background flusher forces them.
     */
    public void flushSession() {
        if (writer instanceof SessionWriter sw) {
            sw.flushNow();
        } else if (writer instanceof SessionResume res) {
            res.flushNow();
        }
    }

    /** A controller writing sessions under {@link #defaultSessionsRoot()}. */
    public RunController() {
        this(defaultSessionsRoot());
    }

    /** A controller writing each run's session under {@code sessionsRoot}. */
    public RunController(Path sessionsRoot) {
        this(sessionsRoot, dir -> new SessionWriter(dir,
                SessionWriter.Options.defaults().withSoftwareVersion(Version.version())));
    }

    /** A controller storing each run through {@code storage} (closed at the run's end if AutoCloseable). */
    RunController(Path sessionsRoot, java.util.function.Function<Path, DrawSink> storage) {
        this.sessionsRoot = sessionsRoot;
        this.storage = storage;
    }

    /**
     * The folder sessions go to: the system property {@value #SESSIONS_DIR_PROPERTY} if set, else
     * {@code $XDG_DATA_HOME/mcmc-workbench/sessions} ({@code ~/.local/share/...} by default).
     */
    public static Path defaultSessionsRoot() {
        String p = System.getProperty(SESSIONS_DIR_PROPERTY);
        if (p != null && !p.isBlank()) {
            return Paths.get(p);
        }
        String xdg = System.getenv("XDG_DATA_HOME");
        Path data = xdg != null && !xdg.isBlank() ? Paths.get(xdg)
                : Paths.get(System.getProperty("user.home"), ".local", "share");
        return data.resolve("mcmc-workbench").resolve("sessions");
    }

    /**
     * Sampler threads for a run in the window: the system property {@value #THREADS_PROPERTY} if set,
     * else one less than the available cores (at least 1), so that the window and its renderer keep
     * a core at full speed. The draws do not depend on it (chains are interleaved on the threads).
     */
    public static int samplerThreads() {
        Integer p = Integer.getInteger(THREADS_PROPERTY);
        if (p != null && p >= 1) {
            return p;
        }
        return Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    }

    /** A new, not yet existing directory {@code <yyyyMMdd-HHmmss>-<model>-<sampler>[-k]} under the root. */
    static Path newSessionDir(Path root, String model, String sampler, LocalDateTime now) {
        String base = now.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + safe(model) + "-" + safe(sampler);
        Path dir = root.resolve(base);
        for (int k = 2; Files.exists(dir); k++) {
            dir = root.resolve(base + "-" + k);
        }
        return dir;
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * Starts a new run from {@code setup} (replacing any) when its fields are all valid; returns
     * the first problem (one line) and starts nothing otherwise, or null when the run started.
     */
    public String start(SetupViewModel setup, boolean paused) {
        List<String> problems = setup.problems();
        if (!problems.isEmpty()) {
            return problems.get(0);
        }
        try {
            // fewer sampler threads than cores, so the window keeps one (each thread interleaves its chains)
            RunConfig config = setup.config(samplerThreads());
            Model m = setup.createModel();
            Sampler s = setup.createSampler();
            // refused before a session directory is made
            s.check(m);
            workbench.core.run.ChainRunner.requireHeap(s, m, config.chains());
            double pending = pendingStepSize();
            if (pending > s.maxStepSize()) {
                return "the step size set by hand (" + ParamSpec.fmt(pending) + ") is above the"
                        + " largest " + s.id() + " takes, " + ParamSpec.fmt(s.maxStepSize())
                        + ": type a smaller one in the step-size box";
            }
            workbench.core.run.RunEngine.choose(s, m, config.chains());
            start(config, m, s, paused);
            return null;
        } catch (BadInputException e) {
            String msg = Messages.oneLine(Launcher.withHeapSetting(e.getMessage()));
            return msg.startsWith("cannot create session directory")
                    ? msg + " (File \u25b8 Sessions folder\u2026 chooses another)" : msg;
        }
    }

    /** Starts a new run (replacing any); {@code paused}: it waits for Run, Step or Run N. */
    public synchronized void start(RunConfig config, Model model, Sampler sampler, boolean paused) {
        Path dir = newSessionDir(sessionsRoot, config.modelId(), config.samplerId(), LocalDateTime.now());
        // read before the writer makes its folder (a statfs: quick on the FX thread)
        DiskNote note = DiskNote.of(dir, config.chains(), (long) config.warmup() + config.draws(),
                model.outputNames().size(), sampler.recordsDivergences() ? config.chains() : 0,
                DiskNote.WINDOW_WHEN_FULL);
        launch(config, model, sampler, paused, dir, note, null);
    }

    /**
     * Continues the stored session in {@code dir} (stopped, interrupted, failed or crashed) in this window, as {@code
     * workbench resume} does ({@link SessionResume}): every chain runs again from its start with the session's seed and
     * recorded step-size and temperature changes, its stored iterations are recomputed and checked bit for bit (shown
     * as they come, at the chosen speed), then new ones are appended to the same files up to the run's draws. Until
     * every chain is past its stored iterations a step size or temperature set by hand is refused (it would break the
     * recomputation), and a continued run takes no added chains at all (resume could not continue it again). Returns
     * the one-line refusal (nothing started, the session untouched), or null when it started.
     */
    public String resumeSession(Path dir, boolean paused) {
        return resumeSession(dir, null, paused);
    }

    /**
     * As {@link #resumeSession(Path, boolean)}, to {@code draws} post-warmup draws per chain (null: the session's), as
     * {@code workbench resume --draws}: more extends a finished session.
     */
    public String resumeSession(Path dir, Integer draws, boolean paused) {
        Resumption p = prepareResume(dir, draws);
        if (p.refusal() != null) {
            return p.refusal();
        }
        startResume(p, paused);
        return null;
    }

    /**
     * A stored session opened to be continued ({@link #prepareResume}): its {@link SessionResume} (holding the
     * session's lock), the run and what it needs; or, with everything else null, why not.
     */
    public record Resumption(SessionResume res, RunConfig config, Model model, Sampler sampler, DiskNote note,
                             String refusal) {
        public static Resumption refused(String why) {
            return new Resumption(null, null, null, null, null, why);
        }

        /** Lets the session go without continuing it (its lock released, its files untouched). */
        public void discard() {
            if (res != null) {
                res.close();
            }
        }
    }

    /**
     * The slow half of {@link #resumeSession}, for any thread (the window's is not one: opening checks the checksum of
     * every stored chunk, seconds for a session of gigabytes, and a network's model takes as long to build): opens
     * the session to continue it and builds its model and sampler. Start it with {@link #startResume}, or
     * {@link Resumption#discard} it.
     */
    public Resumption prepareResume(Path dir, Integer draws) {
        Thread writing = thread;
        Path own = session.get();
        if (writing != null && own != null && dir.toAbsolutePath().normalize().equals(own.toAbsolutePath().normalize())) {
            // this controller's run that has just ended: its thread closes the session (and lets its lock go) last
            awaitEnd(writing);
        }
        SessionResume res;
        try {
            res = SessionResume.open(dir, draws,
                    SessionWriter.Options.defaults().withSoftwareVersion(Version.version()));
        } catch (BadInputException e) {
            return Resumption.refused(continueRefusal(e.getMessage()));
        } catch (RuntimeException e) {
            return Resumption.refused(Messages.oneLine("cannot continue " + dir + ": " + e));
        }
        try {
            SessionManifest m = res.stored().manifest();
            if (res.complete()) {
                res.close();
                return Resumption.refused(Messages.oneLine("nothing to continue: every chain of "
                        + res.stored().directory().getFileName() + " holds its " + m.warmup() + " warmup and "
                        + res.draws() + " draws, and the run finished"));
            }
            workbench.sessions.Replays.useRecordedNd4jThreads(m);
            Model model = workbench.sessions.Replays.model(m);
            Sampler s = workbench.sessions.Replays.sampler(m);
            RunConfig cfg = res.config(Math.max(1, Math.min(samplerThreads(), m.chains())));
            s.check(model);
            ChainRunner.requireHeap(s, model, cfg.chains());
            long fewest = Long.MAX_VALUE;
            for (int c = 0; c < m.chains(); c++) {
                fewest = Math.min(fewest, res.storedLength(c));
            }
            long total = (long) cfg.warmup() + cfg.draws();
            DiskNote note = DiskNote.of(res.stored().directory(), cfg.chains(), Math.max(0, total - fewest),
                    model.outputNames().size(), s.recordsDivergences() ? cfg.chains() : 0, DiskNote.WINDOW_WHEN_FULL);
            return new Resumption(res, cfg, model, s, note, null);
        } catch (BadInputException e) {
            res.close();
            return Resumption.refused(continueRefusal(Launcher.withHeapSetting(e.getMessage())));
        } catch (RuntimeException e) {
            res.close();
            return Resumption.refused(Messages.oneLine("cannot continue " + dir + ": " + e));
        }
    }

    /** Continues a session {@link #prepareResume} opened (replacing any run). */
    public synchronized void startResume(Resumption p, boolean paused) {
        if (p.refusal() != null) {
            throw new IllegalArgumentException("a refused resumption: " + p.refusal());
        }
        launch(p.config(), p.model(), p.sampler(), paused, p.res().stored().directory(), p.note(), p.res());
    }

    /** A refusal to continue a session, in the window's words (the command line's "cannot resume"). */
    static String continueRefusal(String message) {
        String m = String.valueOf(message);
        String ours = " is being written by another process (pid " + ProcessHandle.current().pid() + ")";
        int at = m.indexOf(ours);
        if (at >= 0) {
            // the lock is this process's: a run of this window or of a Compare panel
            m = m.substring(0, at) + " is being written by a run in this workbench (this window or Compare); let it end"
                    + " (or reset it) before continuing the session";
            return Messages.oneLine(m.startsWith("session ") ? "cannot continue: " + m : m);
        }
        m = m.startsWith("cannot resume ") ? "cannot continue " + m.substring("cannot resume ".length())
                : "cannot continue: " + m;
        m = m.endsWith("; give a larger --draws") ? m.substring(0, m.length() - "--draws".length())
                + "number of draws in the setup pane" : m;
        return Messages.oneLine(withoutInitAdvice(m));
    }

    /** The stored session the current run continues ({@link #resumeSession}); null for a new run. */
    private volatile SessionResume resumed;

    /** Whether the current (or last) run continues a stored session ({@link #resumeSession}). */
    public boolean continuesSession() {
        return resumed != null;
    }

    /**
     * While a continued session's chains recompute their stored iterations, the status bar's "recomputing 4472 of
     * 45897" (the chain furthest from the end of its stored ones); null otherwise.
     */
    public String recomputingNote() {
        SessionResume res = resumed;
        if (res == null || (state != State.RUNNING && state != State.PAUSED)) {
            return null;
        }
        int far = res.recomputingChain();
        if (far < 0) {
            return null;
        }
        for (int c = far + 1; c < config.chains(); c++) {
            if (res.storedLength(c) - res.made(c) > res.storedLength(far) - res.made(far)) {
                far = c;
            }
        }
        return "recomputing " + res.made(far) + " of " + res.storedLength(far);
    }

    /**
     * Null when the run may take a change the stored run did not make; else why not: a continued session still
     * recomputing its stored iterations.
     */
    private String recomputing(String what) {
        SessionResume res = resumed;
        int c = res == null || (state != State.RUNNING && state != State.PAUSED) ? -1 : res.recomputingChain();
        if (c < 0) {
            return null;
        }
        return what + " not set: the continued session is still recomputing its stored iterations (chain " + (c + 1)
                + ": " + res.made(c) + " of " + res.storedLength(c) + "), which must match the stored draws bit for"
                + " bit; set it once every chain is past them";
    }

    /**
     * Starts {@code config} (replacing any run) storing into {@code dir}: a new session made by {@link #storage}, or
     * the stored one {@code res} continues.
     */
    private synchronized void launch(RunConfig config, Model model, Sampler sampler, boolean paused, Path dir,
                                     DiskNote note, SessionResume res) {
        // the previous run is told to stop but not waited for here (on the FX thread: a NUTS transition on a
        // network can take seconds, and the window froze that long); the new run's thread waits for it instead
        Thread previous = stopRunner();
        LiveBuffer b = new LiveBuffer(BUFFER_CAPACITY);
        this.config = config;
        this.diskNote = note;
        // the writer creates the directory; a BadInputException names why it cannot
        DrawSink w = res != null ? res : storage.apply(dir);
        this.writer = w;
        this.resumed = res;
        // the buffer first: when storage fails, the draw is still shown
        ChainRunner r = res != null ? new ChainRunner(config, model, sampler, new TeeSink(b, w), res.schedule())
                : new ChainRunner(config, model, sampler, new TeeSink(b, w));
        r.pause();
        if (res == null && !Double.isNaN(pendingStepSize)) {
            r.setStepSize(pendingStepSize);
            stepSizeByHand = true;
        } else {
            stepSizeByHand = false;
        }
        r.setRecordPaths(speed < PATH_SPEED);
        this.buffer = b;
        this.runner = r;
        this.session.set(dir);
        this.model = model;
        this.sampler = sampler;
        this.cappedNote = sampler.cappedNote(config.warmup());
        this.message = "";
        this.held = paused;
        this.state = paused ? State.PAUSED : State.RUNNING;
        rates.reset(System.nanoTime());
        Thread t = new Thread(() -> {
            try {
                awaitEnd(previous);
                RunOutcome o = r.run();
                String msg = o.error() == null ? "" : withoutInitAdvice(storageNote(o.error())) + outOfMemoryAdvice(o.error());
                String differs = res == null ? null : notReproduced(res);
                finished(r, differs != null || o.status() == RunOutcome.Status.FAILED ? State.FAILED : State.FINISHED,
                        differs != null ? differs : withDroppedAdds(msg, r.addsDropped()));
            } catch (BadInputException e) {
                // refused at its start (no finite start point) before any chain stored a transition: the session
                // goes, as on the command line, rather than stay in the sessions folder as a failed run without draws
                String why = e.getMessage();
                why = withoutInitAdvice(why);
                if (w instanceof SessionWriter sw && sw.discardIfNothingStored()) {
                    session.compareAndSet(dir, null);
                    why += "; nothing was stored, so no session is kept";
                } else if (w instanceof SessionWriter sw) {
                    // chains on other threads stored draws first: the manifest says why the run ended, as the command
                    // line's does (before: "the run ended without reporting an outcome", and summary offered a
                    // resume that would be refused the same way)
                    sw.finish(new RunOutcome(RunOutcome.Status.FAILED, 0, 0, 0,
                            RunOutcome.REFUSED_AT_START + Messages.oneLine(e.getMessage(), Integer.MAX_VALUE)));
                    why += "; the draws other chains stored first are kept in the session";
                }
                finished(r, State.FAILED, why);
            } catch (UncheckedIOException e) {
                forgetRemoved(w, dir);
                finished(r, State.FAILED, "storage error, sampling stopped: " + e.getMessage());
            } catch (RuntimeException | Error e) {
                forgetRemoved(w, dir);
                String differs = res == null ? null : notReproduced(res);
                finished(r, State.FAILED, differs != null ? differs : "run failed: " + e);
            } finally {
                if (w instanceof AutoCloseable c) {
                    try {
                        c.close();
                    } catch (Exception e) {
                        finished(r, State.FAILED, "storage error: " + e.getMessage());
                    }
                }
                forgetRemoved(null, dir);
            }
        }, "chain-runner");
        t.setDaemon(true);
        this.thread = t;
        t.start();
        if (!paused) {
            applySpeed();
        }
    }

    /**
     * Waits up to {@link #STOP_WAIT_MS} for a stopped run's thread to end (its transition in progress finishes and
     * its session is closed), on the thread that needs it ended: the next run's, or {@link #shutdown}'s.
     */
    private static void awaitEnd(Thread t) {
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(STOP_WAIT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Closes {@code w} (when a session writer: a second close does nothing) and, when that left no folder at
     * {@code dir} (a writer whose start failed removes what it made), stops naming it as the session: the status bar,
     * the title and File's actions named a folder that was not there. Before the run is said to have ended, so that
     * whoever sees it ended sees no session.
     */
    private void forgetRemoved(DrawSink w, Path dir) {
        if (w instanceof SessionWriter sw) {
            try {
                sw.close();
            } catch (RuntimeException e) {
                // the run has failed already, and its message says why; the close adds nothing to it
            }
        }
        if (!java.nio.file.Files.isDirectory(dir)) {
            session.compareAndSet(dir, null);
        }
    }

    /**
     * What to do after a run that ran out of memory ({@link ChainRunner#OUT_OF_MEMORY}): its draws are kept in the
     * session; empty for any other failure.
     */
    static String outOfMemoryAdvice(String error) {
        if (error == null || !error.startsWith(ChainRunner.OUT_OF_MEMORY)) {
            return "";
        }
        return "; the draws so far are kept in the session; start the workbench with more memory ("
                + workbench.app.cli.Launcher.moreHeap(workbench.app.cli.Launcher.largerHeap(
                        Runtime.getRuntime().maxMemory())) + ") or ask for fewer chains or dimensions";
    }

    /**
     * A refusal's advice to give start values with {@code --init} ({@link ChainRunner}'s "; give one with --init", the
     * first step-size search's "(give another with --init)") in the window's words: it has no start-values field.
     */
    static String withoutInitAdvice(String why) {
        if (why == null) {
            return null;
        }
        return why.replace("; give one with --init", "; the command line gives start values (workbench run --init \u2026)")
                .replace("(give another with --init)", "(the command line gives start values: workbench run --init \u2026)");
    }

    /**
     * Why a continued session ended unchanged: its recomputation did not reproduce a stored draw ({@link
     * SessionResume#finish} has put the session back as it was); null when it did.
     */
    private static String notReproduced(SessionResume res) {
        workbench.sessions.Mismatch mm = res.mismatch();
        if (mm == null) {
            return null;
        }
        SessionManifest m = res.stored().manifest();
        // whole (the status bar cuts it to fit and its tooltip holds all of it): the first difference is the point
        return Messages.oneLine("cannot continue " + res.stored().directory().getFileName() + ": recomputing it does"
                + " not reproduce the stored draws (first difference at " + mm.message() + "); it was probably made by"
                + " another software version or platform (it records version " + m.softwareVersion() + ", this is "
                + Version.version() + "); the session is left as it was", Messages.MAX_STATUS_LENGTH);
    }

    /** How long the next run (or {@link #shutdown}) waits for a stopped run's thread before going on without it. */
    static final long STOP_WAIT_MS = 2000;

    /**
     * Called on the run's thread when it ends. Takes no lock: {@link #shutdown} joins this thread while holding the
     * controller's monitor, and (having cleared {@code runner} first) is not affected.
     */
    private void finished(ChainRunner r, State s, String msg) {
        if (r != runner) {
            return;
        }
        endState = s;
        message = msg;
        endedRunner = r;
        state = s;
        ticker.execute(() -> {
            synchronized (this) {
                if (r == runner) {
                    cancelTick();
                }
            }
        });
    }

    /**
     * The run's end message, and that {@code dropped} chains added by a click as chain 1 made its last transition were
     * not started: the click was answered "chain N added" and the chain never came, without a word.
     */
    static String withDroppedAdds(String msg, int dropped) {
        if (dropped <= 0) {
            return msg;
        }
        String note = (dropped == 1 ? "the chain added" : dropped + " chains added")
                + " as the run ended did not start (chain 1 had made its last transition)";
        return msg.isEmpty() ? note : msg + "; " + note;
    }

    /** A runner error that came from the session writer gets said as such. */
    private String storageNote(String error) {
        Path d = session.get();
        boolean storage = error.contains("UncheckedIOException") || (d != null && error.contains(d.toString()));
        return storage && !error.startsWith("storage error") ? "storage error, sampling stopped: " + error : error;
    }

    /**
     * The run that has ended and how (set by {@link #finished} before its state, without the lock): Pause, Go on or
     * Step, which check the state and then write theirs under the lock, could overwrite a FINISHED written between the
     * two (Pause as the last transition ended: "paused", then Go on: "running" with no run left to end it, the frame
     * loop spinning until Reset). Each puts it back after writing.
     */
    private volatile ChainRunner endedRunner;
    private volatile State endState;

    /** After a write of {@code state} under the lock: the run's end, if it came meanwhile, stands. */
    private void keepEnd() {
        if (runner != null && endedRunner == runner) {
            state = endState;
            cancelTick();
        }
    }

    /** Runs on (from paused) at the chosen speed. */
    public synchronized void resume() {
        if (runner == null || state != State.PAUSED) {
            return;
        }
        held = false;
        state = State.RUNNING;
        runner.setRecordPaths(speed < PATH_SPEED);
        applySpeed();
        keepEnd();
    }

    /** Holds every chain after its current transition. */
    public synchronized void pause() {
        if (runner == null || state != State.RUNNING) {
            return;
        }
        held = true;
        cancelTick();
        runner.pause();
        state = State.PAUSED;
        keepEnd();
    }

    /**
     * Exactly {@code n} more transitions per chain, then hold. Needs a started run. A single step records its
     * integrator path at any speed (Step is how a lecture looks at one transition; at full speed it showed the
     * dot jump with no trajectory); Run N records paths only below {@link #PATH_SPEED}, as a run does.
     */
    public synchronized void advance(long n) {
        if (runner == null || (state != State.PAUSED && state != State.RUNNING)) {
            return;
        }
        held = true;
        cancelTick();
        runner.pause();
        state = State.PAUSED;
        runner.setRecordPaths(speed < PATH_SPEED || n == 1);
        runner.advance(n);
        keepEnd();
    }

    /** Stops the run and forgets its draws (not waiting for its thread: it ends after its transition in progress). */
    public synchronized void reset() {
        stopRunner();
        buffer = null;
        session.set(null);
        state = State.IDLE;
        message = "";
        // a step size set during the run was that run's: the next run starts from the sampler's setting (one set
        // before a run is kept for the next, and applied at its start)
        stepSizeByHand = !Double.isNaN(pendingStepSize);
        stepSizeSet = pendingStepSize;
    }

    /** Tells the run to stop, without waiting for it; returns its thread (null when none) for whoever must wait. */
    private Thread stopRunner() {
        cancelTick();
        ChainRunner r = runner;
        runner = null;
        if (r != null) {
            r.stop();
        }
        Thread t = thread;
        thread = null;
        return t;
    }

    /** Transitions per second per chain; {@link #FULL_SPEED} or more: as fast as it goes. */
    public synchronized void setSpeed(double perSecond) {
        this.speed = Math.max(0.2, perSecond);
        if (runner != null) {
            runner.setRecordPaths(speed < PATH_SPEED);
            if (state == State.RUNNING && !held) {
                applySpeed();
            }
        }
    }

    public synchronized double speed() {
        return speed;
    }

    private void applySpeed() {
        cancelTick();
        ChainRunner r = runner;
        if (speed >= FULL_SPEED) {
            r.resume();
            return;
        }
        r.pause();
        long periodMs = Math.max(16, Math.round(1000 / speed));
        long perTick = Math.max(1, Math.round(speed * periodMs / 1000.0));
        // under the lock and only while still the current tick: a tick in flight when Step or Pause cancelled it
        // (cancel does not stop one already running) granted its transitions after theirs, so Step gave 1 + perTick
        // per chain (17 at 1000 a second) and Pause let perTick more through. The callers hold the lock, so the
        // first tick waits until this one is recorded in `tick`.
        java.util.concurrent.atomic.AtomicReference<ScheduledFuture<?>> self = new java.util.concurrent.atomic.AtomicReference<>();
        tick = ticker.scheduleAtFixedRate(() -> {
            synchronized (this) {
                if (tick == null || tick != self.get()) {
                    return;
                }
                if (r.idle()) {
                    r.advance(perTick);
                }
            }
        }, 0, periodMs, TimeUnit.MILLISECONDS);
        self.set(tick);
    }

    private void cancelTick() {
        if (tick != null) {
            tick.cancel(false);
            tick = null;
        }
    }

    /**
     * A step size for every chain from its next transition on; ends adaptation for this run. Before
     * a run it is kept and applied at the start. Throws BadInputException for a bad value.
     */
    public synchronized void setStepSize(double eps) {
        if (!(eps >= MIN_STEP_SIZE && eps <= MAX_STEP_SIZE)) {
            throw new BadInputException("step size must be in [1e-12, 1e6], got " + eps);
        }
        ChainRunner r = runner;
        String busy = recomputing("step size");
        if (busy != null) {
            throw new BadInputException(busy);
        }
        if (r != null && (state == State.RUNNING || state == State.PAUSED)) {
            r.setStepSize(eps); // refuses one above the sampler's own ceiling; nothing changes then
            stepSizeSet = eps;
            stepSizeByHand = true;
        } else {
            stepSizeSet = eps;
            pendingStepSize = eps;
        }
    }

    /**
     * The step size typed in the window: a plain decimal number in [1e-12, 1e6] (and at most the running
     * sampler's own ceiling, 10 for SMILE), applied as by {@link #setStepSize}. Returns the message when it is
     * not one (the step size in effect stays), else null.
     */
    public String setStepSizeText(String text) {
        String t = text == null ? "" : text.strip();
        double v = Double.NaN;
        if (t.length() <= 40 && ParamSpec.isDecimal(t)) {
            v = Double.parseDouble(t);
        }
        if (Double.isNaN(v)) {
            return Messages.oneLine("step size must be a number, got '" + clip(t) + "'");
        }
        if (!(v >= MIN_STEP_SIZE && v <= MAX_STEP_SIZE)) {
            return Messages.oneLine("step size must be in [1e-12, 1e6], got " + clip(t));
        }
        try {
            setStepSize(v);
        } catch (BadInputException e) {
            return Messages.oneLine(e.getMessage());
        }
        return null;
    }

    /** The step size last set by hand (and not cleared since); NaN when none. */
    public synchronized double stepSizeSet() {
        return stepSizeSet;
    }

    /**
     * The N of "Run N" as typed: a whole number from 1 to {@value #MAX_RUN_COUNT}. Returns the
     * message when it is not one (the N in effect stays), else null.
     */
    public synchronized String setRunCount(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.matches("\\+?[0-9]{1,18}")) {
            return Messages.oneLine("Run N needs a whole number from 1 to " + MAX_RUN_COUNT + ", got '" + clip(t) + "'");
        }
        long n = Long.parseLong(t);
        if (n < 1 || n > MAX_RUN_COUNT) {
            return Messages.oneLine("Run N needs a whole number from 1 to " + MAX_RUN_COUNT + ", got " + clip(t));
        }
        runCount = n;
        return null;
    }

    /** The N in effect for "Run N" (100 until one is set). */
    public synchronized long runCount() {
        return runCount;
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }

    private synchronized double pendingStepSize() {
        return pendingStepSize;
    }

    /**
     * Forgets a step size set by hand before a run: the next run adapts its own. With no run (idle) nothing is set
     * by hand any more; a finished or failed run keeps saying whether its own step size was.
     */
    public synchronized void clearPendingStepSize() {
        pendingStepSize = Double.NaN;
        stepSizeSet = Double.NaN;
        if (state == State.IDLE) {
            stepSizeByHand = false;
        }
    }

    /** Whether the user set the step size by hand in this run (adaptation ended). */
    public boolean stepSizeByHand() {
        return stepSizeByHand;
    }

    /** The most chains a run in the window may have, those added by clicks included. */
    public static final int MAX_CHAINS = 16;

    /**
     * Starts a new chain at {@code position} (constrained scale, one value per parameter) in the
     * running or paused run; returns its number (1-based).
     *
     * @throws BadInputException when no run is going, the run has {@link #MAX_CHAINS} chains, or the
     *                           point is no valid start point
     */
    public synchronized int addChain(double[] position) {
        ChainRunner r = runner;
        if (r == null || (state != State.RUNNING && state != State.PAUSED)) {
            throw new BadInputException("no run is going: a click (or Enter on the plot) adds a chain to a running or paused run");
        }
        if (resumed != null) {
            throw new BadInputException("a continued session takes no added chains ('workbench resume' could not"
                    + " continue it again); no chain added");
        }
        int n = r.chainCount();
        if (n >= MAX_CHAINS) {
            throw new BadInputException("the run has " + n + " chains, the most the window runs (" + MAX_CHAINS
                    + "); no chain added");
        }
        return r.addChain(position, MAX_CHAINS) + 1;
    }

    /**
     * A new likelihood temperature for the running chains (data models).
     *
     * @throws BadInputException while a continued session recomputes its stored iterations (nothing changes)
     */
    public synchronized void setBeta(double beta) {
        String busy = recomputing("\u03b2");
        if (busy != null) {
            throw new BadInputException(busy);
        }
        ChainRunner r = runner;
        if (r != null && (state == State.RUNNING || state == State.PAUSED)) {
            r.setBeta(beta);
        }
    }

    public LiveBuffer buffer() {
        return buffer;
    }

    /** The model the current (or last) run samples; null before the first run. */
    public Model model() {
        return model;
    }

    /**
     * The sentence saying which setting the current (or last) run caps by its warmup (mile's {@code optimizer_steps}:
     * at most half of it), as {@code run} prints it before it starts; null when none is, or before the first run.
     */
    public String cappedNote() {
        return cappedNote;
    }

    /**
     * The warning that the current (or last) run would write more than the disk its session goes to has free, as
     * {@code run} prints it before it starts ({@link DiskNote}); null when it fits, or before the first run.
     */
    public DiskNote diskNote() {
        return diskNote;
    }

    /** The current (or last) run's configuration; null before the first run. */
    public RunConfig config() {
        return config;
    }

    /** The sampler the current (or last) run uses; null before the first run. */
    public Sampler sampler() {
        return sampler;
    }

    /** The directory the current (or last) run's session is written to; null before the first run. */
    public Path session() {
        return session.get();
    }

    /** The folder new sessions go under. */
    public Path sessionsRoot() {
        return sessionsRoot;
    }

    /**
     * Stores the next runs' sessions under {@code root} (File \u25b8 Sessions folder); the folder is made if missing.
     * Returns null, or one line saying why it cannot be used (then nothing changes).
     */
    public String setSessionsRoot(Path root) {
        String why = writableFolder(root);
        if (why == null) {
            sessionsRoot = root;
        }
        return why;
    }

    /** Null when {@code dir} is, or can be made, a folder this process can write into; else why not, in a line. */
    static String writableFolder(Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            // the exception's own text was the path alone ("cannot use /a/b for sessions: /a/b")
            return "cannot use " + dir + " for sessions: " + Messages.oneLine(workbench.sessions.IoErrors.describe(e));
        } catch (SecurityException e) {
            return "cannot use " + dir + " for sessions: " + Messages.oneLine(String.valueOf(e.getMessage()));
        }
        if (!java.nio.file.Files.isWritable(dir)) {
            return "cannot use " + dir + " for sessions: not writable";
        }
        return null;
    }

    public State state() {
        return state;
    }

    /** The session of the run going on (running or paused), or null when none is (any thread). */
    public Path sessionGoingOn() {
        State s = state;
        return s == State.RUNNING || s == State.PAUSED ? session.get() : null;
    }

    /** Whether the runner is paused with no transitions outstanding (a step has completed). */
    public boolean settled() {
        ChainRunner r = runner;
        return r == null || state != State.PAUSED || r.idle();
    }

    /** The status line's numbers; rates are averaged over about a second, longer while a transition is slower ({@link StatusRates}). */
    public synchronized Status status() {
        LiveBuffer b = buffer;
        long n = b == null ? 0 : b.totalTransitions();
        long g = b == null ? 0 : b.totalGradients();
        rates.update(System.nanoTime(), n, g, state == State.RUNNING);
        return new Status(state, n, rates.drawsPerSecond(), rates.gradientsPerSecond(), message);
    }

    /** Stops everything; the controller is not used after. */
    public synchronized void shutdown() {
        DrawSink w = writer;
        Thread t = stopRunner();
        awaitEnd(t); // the window is closing: let the run's session be closed first
        if (t != null && t.isAlive() && w instanceof SessionWriter sw) {
            // a transition longer than the wait (a network's NUTS tree): the process ends without it, and the session
            // said "running" for ever after; it now says it was stopped, its draws before that transition kept (the
            // transition's own write, if it comes before the exit, is refused by the closed files)
            try {
                sw.finish(new workbench.core.run.RunOutcome(workbench.core.run.RunOutcome.Status.INTERRUPTED,
                        Double.NaN, Double.NaN, Double.NaN, null));
                sw.close();
            } catch (RuntimeException e) {
                // failing already: the files hold what could be written
            }
        } else if (t != null && t.isAlive() && w instanceof SessionResume res) {
            // the same for a continued session (one still recomputing is left as it was, but for its status)
            try {
                res.finish(new workbench.core.run.RunOutcome(workbench.core.run.RunOutcome.Status.INTERRUPTED,
                        Double.NaN, Double.NaN, Double.NaN, null));
                res.close();
            } catch (RuntimeException e) {
                // failing already: the files hold what could be written
            }
        }
        ticker.shutdownNow();
    }
}
