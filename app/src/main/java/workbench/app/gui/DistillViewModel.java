package workbench.app.gui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.DoubleConsumer;
import workbench.core.BadInputException;
import workbench.core.distill.Distiller;
import workbench.core.distill.Progress;
import workbench.core.distill.Quality;
import workbench.sessions.SessionReader;
import workbench.sessions.distill.SessionDistiller;

/**
 * The Distil dialog's state: the session, the method, the size K and the output folder as typed,
 * each validated to a one-line message (empty when fine, never an exception); then the run itself
 * ({@link #run}, called on a background thread) with its progress, cancellation and result lines.
 * No JavaFX here: plain JUnit tests drive it.
 */
public final class DistillViewModel {
    /** Where a distillation stands. */
    public enum State { EDITING, RUNNING, DONE, CANCELLED, FAILED }

    private final Path session;
    private final String sessionName;
    private final int draws;
    private final int chains;
    private final boolean gradients;
    private final long seed;
    private Distiller.Method method = Distiller.Method.HERDING;
    private String sizeText;
    private String folderText;
    private final AtomicBoolean cancel = new AtomicBoolean();
    private volatile double progress;
    private volatile State state = State.EDITING;
    private volatile SessionDistiller.Outcome outcome;
    private volatile String error = "";

    /**
     * @param session   the session directory
     * @param draws     its post-warmup draws, all chains
     * @param chains    its chains
     * @param gradients whether its model can be rebuilt here (stein and KSD need it)
     * @param seed      the seed of herding's, MMD's and support points' subsamples
     */
    public DistillViewModel(Path session, int draws, int chains, boolean gradients, long seed) {
        this.session = session;
        Path name = session.getFileName();
        this.sessionName = name == null ? "session" : name.toString();
        this.draws = draws;
        this.chains = chains;
        this.gradients = gradients;
        this.seed = seed;
        this.sizeText = Integer.toString(Math.max(2, Math.min(100, draws)));
        Path parent = session.toAbsolutePath().getParent();
        this.folderText = (parent == null ? session.toAbsolutePath() : parent).resolve("distilled").toString();
    }

    /** Reads what the dialog needs from a stored session (headers only, not every draw). */
    public static DistillViewModel forSession(Path session) {
        try (SessionReader r = SessionReader.open(session, SessionReader.Verify.LAZY)) {
            // said at once, as distill itself would say it after the user picked a method and a folder
            workbench.sessions.Replays.refuseDistilled(r.manifest(), "distilled again");
            long n = SessionDistiller.postWarmupDraws(r);
            if (n < 2) {
                throw new BadInputException("the session has " + n + " post-warmup draws; distilling needs at least 2");
            }
            return new DistillViewModel(r.directory(), (int) Math.min(Integer.MAX_VALUE, n), r.chains(),
                    SessionDistiller.model(r.manifest()) != null, 1);
        }
    }

    /** One line in plain words on what a method does. */
    public static String describe(Distiller.Method m) {
        switch (m) {
            case THIN:
                return "Keep every k-th draw: instant, the baseline to beat.";
            case STEIN:
                return "Pick draws that best match the target's gradients (lowest KSD); can correct a biased run.";
            case HERDING:
                return "Pick draws one by one so the set's kernel mean tracks all the draws (low MMD).";
            case SUPPORT:
                return "Move K new points to where they best cover the draws (energy distance); slowest.";
            default:
                throw new IllegalArgumentException(m.toString());
        }
    }

    public Path session() {
        return session;
    }

    /** The post-warmup draws available (the largest K). */
    public int draws() {
        return draws;
    }

    public boolean gradients() {
        return gradients;
    }

    public Distiller.Method method() {
        return method;
    }

    public void setMethod(Distiller.Method m) {
        if (m != null) {
            method = m;
        }
    }

    /** Why the chosen method cannot run on this session, or empty. */
    public String methodError() {
        return method == Distiller.Method.STEIN && !gradients
                ? "stein needs the model's gradients, and this session's model cannot be rebuilt here"
                : "";
    }

    public String sizeText() {
        return sizeText;
    }

    public void setSizeText(String text) {
        sizeText = text == null ? "" : text;
    }

    /** K when the text is a whole number from 2 to the number of draws. */
    public OptionalInt size() {
        return sizeError().isEmpty() ? OptionalInt.of(Integer.parseInt(sizeText.trim())) : OptionalInt.empty();
    }

    /** What is wrong with the typed K, or empty. */
    public String sizeError() {
        String t = sizeText.trim();
        String range = "give a whole number from 2 to " + draws;
        if (t.isEmpty()) {
            return "K is empty: " + range;
        }
        if (!t.matches("[+-]?\\d+")) {
            return "K must be a whole number: " + range;
        }
        long k;
        try {
            k = Long.parseLong(t);
        } catch (NumberFormatException e) {
            return "K is far too large: " + range;
        }
        if (k < 2) {
            return "K must be at least 2";
        }
        if (k > draws) {
            return "K must be at most " + draws + ", the post-warmup draws";
        }
        return "";
    }

    public String folderText() {
        return folderText;
    }

    public void setFolderText(String text) {
        folderText = text == null ? "" : text;
    }

    /** What is wrong with the typed output folder, or empty (a missing folder is created). */
    public String folderError() {
        String t = folderText.trim();
        if (t.isEmpty()) {
            return "give a folder to write the distilled set to";
        }
        Path p;
        try {
            p = Path.of(t);
        } catch (InvalidPathException e) {
            return "not a usable folder name: " + e.getReason();
        }
        if (Files.exists(p) && !Files.isDirectory(p)) {
            return p + " is a file, not a folder";
        }
        return "";
    }

    /** Whether every field is valid and nothing is running. */
    public boolean canRun() {
        return state != State.RUNNING && methodError().isEmpty() && sizeError().isEmpty() && folderError().isEmpty();
    }

    /**
     * The session directory the run will write (a distilled set: one chain, a weight per row, see
     * {@code sessions/FORMAT.md}): {@code <session>-<method>-<K>} in the folder, with {@code -2},
     * {@code -3}, … added when that name is taken.
     */
    public Path outputFile() {
        Path dir = Path.of(folderText.trim());
        String base = sessionName + "-" + method.id() + "-" + size().orElse(0);
        Path f = dir.resolve(base);
        for (int i = 2; Files.exists(f); i++) {
            f = dir.resolve(base + "-" + i);
        }
        return f;
    }

    /**
     * Distills on the calling thread (a background thread: it takes seconds to minutes), feeding
     * {@code onProgress} fractions 0 to 1. Ends in {@link State#DONE}, {@link State#CANCELLED}
     * (after {@link #cancel}) or {@link State#FAILED} with {@link #error()} set; never throws.
     *
     * @return the outcome, or null when cancelled or failed
     */
    public SessionDistiller.Outcome run(DoubleConsumer onProgress) {
        if (!canRun()) {
            String why = !methodError().isEmpty() ? methodError() : !sizeError().isEmpty() ? sizeError() : folderError();
            error = why.isEmpty() ? "already running" : why;
            return null;
        }
        cancel.set(false);
        progress = 0;
        outcome = null;
        error = "";
        state = State.RUNNING;
        int k = size().getAsInt();
        Progress p = Progress.of(f -> {
            progress = f;
            if (onProgress != null) {
                onProgress.accept(f);
            }
        }, cancel::get);
        try {
            Path dir = Path.of(folderText.trim());
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                // the exception's own text was the folder's path alone
                error = "cannot create the output folder " + dir + ": " + workbench.sessions.IoErrors.describe(e) + " ("
                        + OTHER_FOLDER + ")";
                state = State.FAILED;
                return null;
            }
            outcome = SessionDistiller.run(session, method, k, seed, outputFile(), p);
            state = State.DONE;
            return outcome;
        } catch (CancellationException e) {
            state = State.CANCELLED;
            return null;
        } catch (BadInputException e) {
            error = Messages.forWindow(e.getMessage(), OTHER_FOLDER);
        } catch (IOException e) {
            String m = Messages.forWindow(String.valueOf(e.getMessage()), OTHER_FOLDER);
            // the distiller's own words already say "cannot write the distilled set in …"
            error = m.startsWith("cannot ") ? m : "could not write the distilled set: " + m;
        } catch (OutOfMemoryError e) {
            long heap = Runtime.getRuntime().maxMemory();
            error = "distillation ran out of memory (a " + (heap >> 20) + " MiB heap): choose a smaller size K, or start"
                    + " the workbench with more (" + workbench.app.cli.Launcher.moreHeap(
                            workbench.app.cli.Launcher.largerHeap(heap)) + ")";
        } catch (RuntimeException e) {
            error = "distillation failed: " + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName());
        }
        state = State.FAILED;
        return null;
    }

    /** The window's words for the command line's "choose another --out". */
    static final String OTHER_FOLDER = "change the Output folder";

    /** Asks a running {@link #run} to stop; it ends in {@link State#CANCELLED} at its next progress step. */
    public void cancel() {
        cancel.set(true);
    }

    public State state() {
        return state;
    }

    /** The fraction done of the last or current run, 0 to 1. */
    public double progress() {
        return progress;
    }

    /** The last run's outcome, or null. */
    public SessionDistiller.Outcome outcome() {
        return outcome;
    }

    /** The last run's error, or empty. */
    public String error() {
        return error;
    }

    /** What the dialog shows under the bar: the outcome's figures, "cancelled", or the error. */
    public List<String> resultLines() {
        List<String> out = new ArrayList<>();
        switch (state) {
            case CANCELLED:
                out.add("Cancelled; nothing was written.");
                break;
            case FAILED:
                out.add(error);
                break;
            case DONE:
                SessionDistiller.Outcome o = outcome;
                Distiller.Result r = o.result();
                Quality.Figures last = r.last();
                // support points are new points fitted to the draws, not picked from them (as distill prints it)
                out.add(String.format(Locale.ROOT, r.method().id().equals("support")
                        ? "%s: %d new points standing for %d post-warmup draws (%d chain%s pooled) in %.2f s"
                        : "%s: %d of %d post-warmup draws (%d chain%s pooled) in %.2f s", r.method().id(), r.size(), o.draws(), o.chains(), o.chains() == 1 ? "" : "s", r.seconds()));
                boolean exact = r.basis() == null || r.basis().exact();
                out.add(String.format(Locale.ROOT, "MMD\u00b2 = %.4g%s (unbiased, so it can dip below 0; RBF kernel, bandwidth"
                        + " %.4g on the %s draws standardized by mean absolute deviation%s)", last.mmd2(),
                        exact ? "" : String.format(Locale.ROOT, " \u00b1 %.2g", last.mmd2Se()), r.bandwidth(),
                        o.gradients() ? "unconstrained" : "constrained", r.basis() == null ? "" : "; " + r.basis().describe()));
                out.add(o.gradients() && !Double.isNaN(last.ksd())
                        ? String.format(Locale.ROOT, "KSD = %.4g (IMQ Stein kernel)", last.ksd())
                        : "KSD: not available (no gradients for this model here)");
                if (r.curve().size() > 1) {
                    StringBuilder sb = new StringBuilder("MMD\u00b2 along K:");
                    for (Quality.Figures f : r.curve()) {
                        sb.append(String.format(Locale.ROOT, "  %d: %.3g", f.size(), f.mmd2()));
                    }
                    out.add(sb.toString());
                }
                for (String warning : o.warnings()) {
                    out.add("warning: " + warning);
                }
                for (String note : o.notes()) {
                    out.add("note: " + note);
                }
                if (o.rows() < r.size()) {
                    out.add(o.rows() + " distinct draws: a draw picked more than once is one row weighing count/K");
                }
                out.add("Written: " + o.out());
                break;
            default:
                break;
        }
        return out;
    }

    @Override
    public String toString() {
        return "DistillViewModel[" + session + ", " + method.id() + ", K=" + sizeText + ", " + state + "]";
    }

    /** Chains of the session (for the dialog's header). */
    public int chains() {
        return chains;
    }
}
