package workbench.app.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import workbench.sessions.DataFiles;
import workbench.sessions.SessionReader;

/** The notes the CLI prints about a session, for the windows that show the same words. */
public final class SessionNotes {
    private SessionNotes() {
    }

    /**
     * A run that did not finish, in the one line {@code workbench summary} and {@code evaluate} print after
     * {@code note:} (killed or crashed, still being written, interrupted, failed; what {@code what} covers and what
     * to do); null for a finished session or a distilled set.
     *
     * @param what what covers the stored draws: "this summary", "these metrics"
     */
    public static String unfinished(SessionReader reader, String what) {
        String u = SummaryCommand.unfinished(reader, what);
        return u == null ? null : WorkbenchCli.oneLine(u);
    }

    /**
     * The data files of the session's model that changed (or went missing) since the run, one line each as
     * {@code workbench evaluate} prints them after {@code note:}; empty when none did, or the session recorded none.
     */
    public static List<String> dataChanged(SessionReader reader) {
        return DataFiles.changes(reader.manifest()).stream().map(SessionNotes::dataNote).toList();
    }

    /**
     * The setting the session's run capped by its warmup, as {@code run} said before it started ("mile:
     * optimizer_steps 200 is more than half the warmup (200): 100 Adam steps are used; …"), or null when none was
     * (or for a distilled set: its points were not sampled with these settings).
     */
    public static String capped(workbench.sessions.SessionManifest m) {
        if (m.distilled() != null) {
            return null;
        }
        workbench.core.kernel.Sampler s = workbench.core.kernel.StoredSampler.of(m.samplerId(), m.samplerSettings());
        String note = s == null ? null : s.cappedNote(m.warmup());
        return note == null ? null : m.samplerId() + ": " + note;
    }

    /**
     * The recorded sampler settings as a header shows them: a setting the run capped by its warmup reads
     * "200 (100 used)" (before, mile's header said optimizer_steps=200 of a run that took 100 Adam steps).
     */
    static java.util.Map<String, String> shownSettings(String samplerId, java.util.Map<String, String> recorded,
                                                       int warmup) {
        workbench.core.kernel.Sampler s = workbench.core.kernel.StoredSampler.of(samplerId, recorded);
        if (s == null || s.cappedNote(warmup) == null) {
            return recorded;
        }
        java.util.Map<String, String> applied = s.appliedSettings(warmup);
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        recorded.forEach((k, v) -> out.put(k, applied.containsKey(k) && !applied.get(k).equals(v)
                ? v + " (" + applied.get(k) + " used)" : v));
        return out;
    }

    /** One changed data file, as {@code workbench evaluate} notes it. */
    static String dataNote(DataFiles.Change c) {
        return c.describe() + "; these metrics use the file as it is now";
    }

    /**
     * What opening the session noted ({@link SessionReader#recovery()}: a torn tail dropped), then
     * {@link #dataChanged}: the notes {@code workbench evaluate} prints before its metrics, in its order.
     */
    public static List<String> recovery(SessionReader reader) {
        List<String> out = new ArrayList<>(reader.recovery());
        out.addAll(dataChanged(reader));
        return List.copyOf(out);
    }

    /**
     * The JSON field {@code data_changed} of {@code summary} and {@code evaluate}: per changed data file its
     * {@code setting}, {@code path}, {@code missing}, {@code recorded_bytes}, {@code recorded_sha256}, and {@code bytes},
     * {@code sha256} as it is now (null when missing).
     */
    static void putDataChanged(ObjectNode o, List<DataFiles.Change> changes) {
        ArrayNode changed = o.putArray("data_changed");
        for (DataFiles.Change c : changes) {
            ObjectNode d = changed.addObject();
            d.put("setting", c.recorded().setting());
            d.put("path", c.recorded().path());
            d.put("missing", c.missing());
            d.put("recorded_bytes", c.recorded().bytes());
            d.put("recorded_sha256", c.recorded().sha256());
            if (c.missing()) {
                d.putNull("bytes");
                d.putNull("sha256");
            } else {
                d.put("bytes", c.now().bytes());
                d.put("sha256", c.now().sha256());
            }
        }
    }

    /**
     * The warning for evaluated draws that came from divergent transitions ("12 of 900 post-warmup transitions
     * diverged (1.3%) …"), counted over the draws the metrics use (for csgld its sampling-phase draws); null when none
     * did, and for a distilled set. Most samplers undo a step whose density or gradient is not finite, so a chain that
     * blew up repeats its last finite point and the metrics are of that point, not of the posterior.
     */
    public static String diverged(SessionReader reader) {
        if (reader.manifest().distilled() != null) {
            return null;
        }
        workbench.core.draws.DrawSource post = reader.posterior();
        long draws = 0;
        long diverged = 0;
        for (int c = 0; c < post.chains(); c++) {
            for (long i = Math.max(post.warmup(c), post.first(c)); i < post.size(c); i++) {
                draws++;
                if (post.stat(c, i, workbench.core.draws.Stat.DIVERGENT) > 0) {
                    diverged++;
                }
            }
        }
        if (diverged == 0) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%d of %d post-warmup transitions diverged (%s): the metrics are of draws"
                + " that may not describe the posterior (where a step was undone, its draw repeats the last finite one);"
                + " 'workbench summary %s' says what to change", diverged, draws, Report.percent(100.0 * diverged / draws),
                reader.directory());
    }
}
