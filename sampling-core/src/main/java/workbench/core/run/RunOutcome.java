package workbench.core.run;

/**
 * How a run ended.
 *
 * @param status        finished, interrupted (stopped by the user) or failed
 * @param wallSeconds   elapsed time
 * @param warmupSeconds sum over chains of time spent in warmup transitions
 * @param samplingSeconds sum over chains of time spent in sampling transitions
 * @param error         the failure's message, or null
 */
public record RunOutcome(Status status, double wallSeconds, double warmupSeconds, double samplingSeconds, String error) {
    public enum Status { FINISHED, INTERRUPTED, FAILED }

    /**
     * How the error of a run refused at its start begins (a chain without a finite start point after chains on other
     * threads had stored draws): the command line and the window write it, and {@code summary} reads it to say that a
     * resume would be refused the same way.
     */
    public static final String REFUSED_AT_START = "refused at the start: ";
}
