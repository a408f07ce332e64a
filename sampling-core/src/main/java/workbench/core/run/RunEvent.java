package workbench.core.run;

/**
 * An interactive change or a notable moment of a run, recorded with the chain and iteration at
 * which it took effect (the first transition that saw it).
 *
 * @param kind   what happened (see the constants)
 * @param value  the new value where there is one (step size, beta), else NaN
 * @param detail free text for people (may be empty)
 */
public record RunEvent(String kind, double value, String detail) {
    public static final String STEP_SIZE = "step_size";
    public static final String BETA = "beta";
    public static final String PAUSE = "pause";
    public static final String RESUME = "resume";
    public static final String ADAPTATION_ENDED = "adaptation_ended";
    public static final String CHAIN_ADDED = "chain_added";
    public static final String INIT_RETRY = "init_retry";
}
