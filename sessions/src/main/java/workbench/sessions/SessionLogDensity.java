package workbench.sessions;

import workbench.core.kernel.Sampler;
import workbench.core.kernel.StoredSampler;
import workbench.core.model.ModelRegistry;

/**
 * What a stored session's {@code lp__} is: under a stochastic-gradient sampler on a data model in batches, the
 * minibatch estimate the sampler worked with (log prior + N/n x the batch's log-likelihood), which varies from draw to
 * draw far more than the log density (sgld on logistic-pima: sd 35 against 2), not the log density Stan's
 * {@code lp__} is. Asked of the sampler ({@link Sampler#recordsEstimatedLogDensity}) and of the model rebuilt from
 * the manifest (a distilled set's manifest names its source's, whose {@code lp__} its rows keep).
 */
public final class SessionLogDensity {
    private SessionLogDensity() {
    }

    /**
     * One line saying that {@code m}'s {@code lp__} is a minibatch estimate (or may be one, when the model cannot be
     * rebuilt here to tell), or null when it is the log density.
     */
    public static String estimateNote(SessionManifest m) {
        if (m.distilled() != null && "support".equals(m.distilled().method())) {
            // support points are new points, not picked draws: their lp__ is the model's log density at each (as
            // EXPORT.md says), which the source sampler's note misstated as its minibatch estimate
            return null;
        }
        Sampler s = StoredSampler.of(m.samplerId(), m.samplerSettings());
        if (s == null || !s.recordsBatchLogDensity()) {
            return null;
        }
        boolean estimate;
        try {
            estimate = s.recordsEstimatedLogDensity(ModelRegistry.create(m.modelId(), m.modelSettings()));
        } catch (RuntimeException e) {
            return "under " + m.samplerId() + " lp__ is the model's minibatch estimate (log prior + N/n x the batch's"
                    + " log-likelihood) where its batches are smaller than its data; the model could not be rebuilt here"
                    + " to tell (" + e.getMessage() + ")";
        }
        if (!estimate) {
            return null;
        }
        // map and deep-ensemble repeat their last Adam step's estimate as every draw: constant within a chain
        boolean repeated = "map".equals(m.samplerId()) || "deep-ensemble".equals(m.samplerId());
        return "lp__ is " + m.samplerId() + "'s minibatch estimate (log prior + N/n x the batch's log-likelihood), not"
                + " the log density: " + (repeated ? "that of its last Adam step's batch, repeated in every draw"
                : "it varies from draw to draw far more than the log density");
    }
}
