package workbench.core.kernel;

import java.util.Map;

/**
 * Whether a sampler has an accept/reject step, and so what its transitions' acceptance statistic
 * ({@link Transition#acceptStat()}, the sessions' and CmdStan CSV's {@code accept_stat__}) means. Each sampler says
 * which through {@link Sampler#acceptStep()}; {@code summary}, the windows and the export ask it here rather than
 * reading meaning into the column.
 *
 * <p>The column itself is written the same way for every sampler, as it always was, so that stored sessions old and
 * new read alike and CmdStan's column stays a number: the acceptance probability for {@link #METROPOLIS}, and for the
 * other two 1 for a step kept and 0 for a step undone. Only for {@link #METROPOLIS} is its mean an acceptance rate.
 */
public enum AcceptStep {
    /**
     * A Metropolis accept/reject step (NUTS: the mean acceptance probability over the tree): the statistic is an
     * acceptance probability and its mean after warmup the acceptance rate.
     */
    METROPOLIS,
    /**
     * No Metropolis step, but a tuner that rejects a step whose energy error is too large and resets the chain's
     * momentum (SMILE, pSMILE): the statistic is 1 for a step kept, 0 for one rejected and reset (or reverted
     * because an estimate was not finite). Its mean is the fraction of steps kept, not an acceptance rate.
     */
    TUNER_RESET,
    /**
     * No accept/reject step at all (unadjusted MCLMC, SGLD, SGHMC, cyclical SGLD, the optimizers): every step
     * is taken, so there is no acceptance to report. The statistic is 1 for a step taken, 0 for one undone
     * because the density or gradient there was not finite (marked divergent, except MILE's Adam steps in warmup).
     */
    NONE;

    /** Whether the mean acceptance statistic is an acceptance rate (only {@link #METROPOLIS}). */
    public boolean hasAcceptance() {
        return this == METROPOLIS;
    }

    /**
     * Why sampler {@code samplerId} has no acceptance rate, in a few words for a label or tooltip ("mclmc has no
     * accept/reject step"); null for {@link #METROPOLIS}.
     */
    public String reason(String samplerId) {
        return switch (this) {
            case METROPOLIS -> null;
            case TUNER_RESET -> samplerId + " has no Metropolis accept/reject step";
            case NONE -> samplerId + " has no accept/reject step";
        };
    }

    /**
     * What the mean of the statistic is for {@link #TUNER_RESET}: "steps kept (not rejected and reset by the
     * tuner)"; null for the others ({@link #METROPOLIS}: the acceptance; {@link #NONE}: nothing worth reporting).
     */
    public String keptLabel() {
        return this == TUNER_RESET ? "steps kept (not rejected and reset by the tuner)" : null;
    }

    /**
     * The accept step of the sampler a stored run names: the registry's sampler {@code samplerId} made from
     * {@code settings} (the manifest's). Settings this build no longer takes are dropped, and if the sampler still
     * cannot be made its defaults are asked. An id this build does not know (draws from another tool, a future
     * sampler), or null, gives {@link #METROPOLIS}: the column is then shown for what it claims to be.
     */
    public static AcceptStep of(String samplerId, Map<String, String> settings) {
        Sampler s = StoredSampler.of(samplerId, settings);
        return s == null ? METROPOLIS : s.acceptStep();
    }
}
