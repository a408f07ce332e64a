package workbench.app.cli;

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
}
