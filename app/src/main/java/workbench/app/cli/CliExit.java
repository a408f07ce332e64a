package workbench.app.cli;

/** Ends a command with an exit code and an optional one-line message on standard error. */
public final class CliExit extends RuntimeException {
    private final int code;

    public CliExit(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public int code() {
        return code;
    }
}
