package workbench.app.cli;

import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import workbench.sessions.SessionFiles;

/**
 * The warning given before a run that would write more than the disk its session goes to has free: the command line's
 * {@code run} prints it as a note, the window shows it in its status bar as the run starts. The run is not refused (a
 * run can be watched and stopped at will): it stops cleanly when the disk fills, its draws kept.
 *
 * @param text the note, one sentence
 * @param drawsAlone whether the draws alone do not fit (else only the divergence trajectories' bound is in question:
 *     "may")
 */
public record DiskNote(String text, boolean drawsAlone) {

    /** What the command line says happens when the disk fills. */
    public static final String CLI_WHEN_FULL = "it will stop when the disk is full, keeping the draws made"
            + " ('workbench resume' continues it once there is room)";

    /** The window's: its sessions folder can be moved for the next run. */
    public static final String WINDOW_WHEN_FULL = "it will stop when the disk is full, keeping the draws made"
            + " (File \u25b8 Sessions folder\u2026 puts the next run on another disk)";

    /**
     * The note for a run writing under {@code out} (which need not exist yet: the free space is read from the nearest
     * folder above it that does), or null when it fits or there is no figure to warn with.
     *
     * @param recordingChains how many of the chains run a sampler that records divergences (their trajectories are
     *     counted up to their bound)
     */
    public static DiskNote of(Path out, int chains, long iterations, int outputs, int recordingChains,
                              String whenFull) {
        return of(out, 1, chains, iterations, outputs, recordingChains, whenFull);
    }

    /** {@link #of(Path, int, long, int, int, String)} for {@code runs} runs side by side, counted together. */
    public static DiskNote of(Path out, int runs, int chains, long iterations, int outputs, int recordingChains,
                              String whenFull) {
        Path probe = out.toAbsolutePath();
        while (probe != null && !Files.exists(probe)) {
            probe = probe.getParent();
        }
        if (probe == null) {
            return null;
        }
        try {
            FileStore store = Files.getFileStore(probe);
            if (store.isReadOnly() || store.getTotalSpace() == 0) {
                // not a disk one writes sessions to (/proc, a read-only mount): "more than the 0 bytes free … will
                // stop when the disk is full" came before the real refusal; the writer says why it cannot write there
                return null;
            }
            return of(runs, chains, iterations, outputs, recordingChains, store.getUsableSpace(), whenFull);
        } catch (java.io.IOException | RuntimeException e) {
            return null; // no figure to warn with
        }
    }

    /**
     * The note for {@code usable} bytes free, or null when the run fits. A chain whose sampler records divergences
     * keeps their integrator trajectories up to {@link SessionFiles#TRAJECTORY_BUDGET} values (64 MiB): counted as
     * "may add up to" on top of the draws, since how often a run diverges is not known before it.
     */
    public static DiskNote of(int chains, long iterations, int outputs, int recordingChains, long usable,
                              String whenFull) {
        return of(1, chains, iterations, outputs, recordingChains, usable, whenFull);
    }

    /** The note for {@code runs} runs side by side (their chains all counted in {@code chains}). */
    static DiskNote of(int runs, int chains, long iterations, int outputs, int recordingChains, long usable,
                       String whenFull) {
        String these = runs == 1 ? "this run" : "these " + runs + " runs";
        int columns = outputs + SessionFiles.STAT_COLUMNS;
        double bytes = (double) chains * iterations * columns * 8;
        double extra = (double) recordingChains * SessionFiles.TRAJECTORY_BUDGET * 8;
        if (bytes > usable) {
            return new DiskNote(String.format(Locale.ROOT, "%s would write about %s (%d chains x %d iterations x %d"
                    + " values x 8 bytes), more than the %s free on the disk %s to%s: %s", these, size(bytes), chains,
                    iterations, columns, size(usable), runs == 1 ? "it goes" : "they go",
                    recordingChains == 0 ? "" : runs == 1 ? ", before its divergence records" : ", before their"
                    + " divergence records", whenFull), true);
        }
        if (!(bytes + extra > usable)) {
            return null;
        }
        return new DiskNote(String.format(Locale.ROOT, "%s %s about %s of draws (%d chains x %d iterations x %d values"
                + " x 8 bytes) and %s divergence records may add up to %s of trajectories (%s per chain at most), more"
                + " together than the %s free on the disk %s to: if they do, %s", these, runs == 1 ? "writes" : "write",
                size(bytes), chains, iterations, columns, runs == 1 ? "its" : "their", size(extra),
                size(extra / recordingChains), size(usable), runs == 1 ? "it goes" : "they go", whenFull), false);
    }

    /** Bytes in decimal units, one decimal ("268.4 MB"). */
    static String size(double bytes) {
        String[] units = {"bytes", "KB", "MB", "GB", "TB", "PB"};
        int u = 0;
        while (bytes >= 1000 && u < units.length - 1) {
            bytes /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    }
}
