package workbench.sessions;

/**
 * Thrown by a {@link SessionVerifier} or {@link SessionResume} that stops a re-run at the first
 * value it does not reproduce; the runner then ends the run as failed.
 */
public final class SessionMismatchException extends RuntimeException {
    private final transient Mismatch mismatch;

    public SessionMismatchException(Mismatch mismatch) {
        super("the re-run differs from the stored session at " + mismatch.message(), null, false, false);
        this.mismatch = mismatch;
    }

    public Mismatch mismatch() {
        return mismatch;
    }
}
