package workbench.sessions;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import workbench.core.BadInputException;
import workbench.core.draws.Stat;

/**
 * Names and constants of the on-disk session format (see {@code sessions/FORMAT.md}). File names
 * number chains from 1, as people do; the Java API numbers them from 0.
 */
public final class SessionFiles {
    /** The format version this code writes and the only one it reads. */
    public static final int FORMAT_VERSION = 1;
    /** The manifest's file name; the desktop file association uses the {@link #MANIFEST_SUFFIX}. */
    public static final String MANIFEST = "session.mcmcwb.json";
    /** How a manifest's name ends. */
    public static final String MANIFEST_SUFFIX = ".mcmcwb.json";
    /** The event log: one JSON object per line, appended and flushed as events arrive. */
    public static final String EVENTS = "events.jsonl";
    /** The writer's lock file ({@link SessionLock}); not part of the stored data. */
    public static final String LOCK = "writer.lock";
    /** Name of the column holding the warmup flag, after the {@link #STATS} columns. */
    public static final String WARMUP_COLUMN = "warmup__";
    /** Transition statistics stored after the output values of each row, in this order, then {@link #WARMUP_COLUMN}. */
    public static final List<Stat> STATS = List.of(Stat.LOG_DENSITY, Stat.ACCEPT_STAT, Stat.STEP_SIZE,
            Stat.TREE_DEPTH, Stat.LEAPFROG_STEPS, Stat.DIVERGENT, Stat.ENERGY, Stat.ENERGY_ERROR,
            Stat.GRADIENT_EVALUATIONS, Stat.ACCEPTED);
    /** Columns after the outputs: the statistics plus the warmup flag. */
    public static final int STAT_COLUMNS = STATS.size() + 1;
    /** Rows per draws chunk unless a writer is told otherwise. */
    public static final int DEFAULT_CHUNK_ROWS = 256;
    /** Most rows one chunk may hold. */
    public static final int MAX_CHUNK_ROWS = 65_536;
    /**
     * The most trajectory values (rows × parameters) one chain's divergence records hold together in a new session
     * (64 MiB of doubles, the most one record holds): past it a chain's records are stored without their trajectory
     * (FORMAT.md). Each divergence of HMC or NUTS carries one, and an HMC run on {@code funnel} dim 200 past its
     * stability limit wrote 120.5 MB of them in one chain beside its 3.4 MB of draws (73.6 MB with the bound). The
     * session's manifest records the bound it was written with ({@code divergence_trajectory_budget}).
     */
    public static final long TRAJECTORY_BUDGET = 1L << 23;
    /** Most float64 values one chunk may hold (256 MiB of payload). */
    public static final long MAX_CHUNK_VALUES = 1L << 25;

    private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

    private SessionFiles() {
    }

    /** The draws file of a chain (0-based {@code chain}): {@code chain-1.draws} for chain 0. */
    public static String drawsFile(int chain) {
        return "chain-" + (chain + 1) + ".draws";
    }

    /** The divergences file of a chain (0-based {@code chain}): {@code chain-1.divergences} for chain 0. */
    public static String divergencesFile(int chain) {
        return "chain-" + (chain + 1) + ".divergences";
    }

    /**
     * Resolves a file name read from a manifest inside {@code dir}, refusing anything that is not a
     * plain file name (separators, "..", absolute paths, odd characters): a session never points
     * outside its directory.
     */
    public static Path resolveInside(Path dir, String name, String what) {
        if (name == null || !PLAIN_NAME.matcher(name).matches() || name.contains("..")) {
            throw new BadInputException(dir.resolve(MANIFEST) + ": " + what + " '" + clip(name)
                    + "' is not a plain file name inside the session directory");
        }
        Path base = dir.toAbsolutePath().normalize();
        Path p = base.resolve(name).normalize();
        if (!base.equals(p.getParent())) {
            throw new BadInputException(dir.resolve(MANIFEST) + ": " + what + " '" + clip(name) + "' points outside the session directory");
        }
        return p;
    }

    /**
     * Forces a folder's entries (a name just given by a rename) to disk where the platform can (Linux can; elsewhere
     * opening a folder fails and the name is left to the file system's own schedule).
     */
    public static void syncDirectory(Path dir) {
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(dir,
                java.nio.file.StandardOpenOption.READ)) {
            ch.force(true);
        } catch (java.io.IOException | UnsupportedOperationException e) {
            // not possible on this platform: the file itself is on disk already
        }
    }

    static String clip(String s) {
        if (s == null) {
            return "null";
        }
        String one = s.replaceAll("\\s+", " ");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }
}
