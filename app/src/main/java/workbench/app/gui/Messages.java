package workbench.app.gui;

/**
 * Makes a message fit the window's one-line status and error labels: control, line- and
 * paragraph-separator and format characters (which a typed or read value may carry into the
 * message it is quoted in) become spaces, and a longer text keeps its start and its end, cut to
 * {@link #MAX_LENGTH} characters in all.
 */
final class Messages {
    /** The longest refusal or error a view-model hands to the window (status lines: {@link #MAX_STATUS_LENGTH}). */
    static final int MAX_LENGTH = 300;

    private Messages() {
    }

    /**
     * The longest status line: an export's, around a path the user chose, or an opened session's, with its damage.
     * The status bar shows such a line cut in its middle and its tooltip the whole of it, so it must not be cut to
     * {@link #MAX_LENGTH} (an export line to a long path lost the middle of the path there).
     */
    static final int MAX_STATUS_LENGTH = 5000;

    /**
     * {@code msg} as the window says it: the command line's advice to {@link workbench.sessions.IoErrors#ANOTHER_OUT}
     * becomes {@code instead} (the window's own control, e.g. "choose another folder in the Output folder field");
     * null stays null.
     */
    static String forWindow(String msg, String instead) {
        return msg == null ? null : msg.replace(workbench.sessions.IoErrors.ANOTHER_OUT, instead);
    }

    /** {@code msg} on one line of at most {@link #MAX_LENGTH} characters; null stays null. */
    static String oneLine(String msg) {
        return oneLine(msg, MAX_LENGTH);
    }

    /** {@code msg} on one line of at most {@code max} characters (at least 20); null stays null. */
    static String oneLine(String msg, int max) {
        if (msg == null) {
            return null;
        }
        String m = msg;
        if (m.length() > max) {
            // the start names the field or file, the end usually says what is wrong: keep both
            int head = max / 2;
            int tail = max - head - 5;
            if (Character.isHighSurrogate(m.charAt(head - 1))) {
                head--;
            }
            int from = m.length() - tail;
            if (Character.isLowSurrogate(m.charAt(from))) {
                from++;
            }
            m = m.substring(0, head) + " ... " + m.substring(from);
        }
        StringBuilder sb = new StringBuilder(m.length());
        for (int i = 0; i < m.length(); i++) {
            char c = m.charAt(i);
            int type = Character.getType(c);
            boolean odd = Character.isISOControl(c) || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.FORMAT;
            sb.append(odd ? ' ' : c);
        }
        return sb.toString();
    }
}
