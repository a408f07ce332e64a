package workbench.core.draws;

/** Per-transition statistics kept beside the draws, in the order of CmdStan's sampler columns. */
public enum Stat {
    LOG_DENSITY("lp__"),
    ACCEPT_STAT("accept_stat__"),
    STEP_SIZE("stepsize__"),
    TREE_DEPTH("treedepth__"),
    LEAPFROG_STEPS("n_leapfrog__"),
    DIVERGENT("divergent__"),
    ENERGY("energy__"),
    ENERGY_ERROR("energy_error__"),
    GRADIENT_EVALUATIONS("gradient_evaluations__"),
    ACCEPTED("accepted__");

    private final String column;

    Stat(String column) {
        this.column = column;
    }

    /** The column name in CmdStan-style output. */
    public String column() {
        return column;
    }
}
