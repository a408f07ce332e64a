package workbench.sessions;

import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;
import workbench.core.run.RunEvent;

/**
 * The truth a stored session's draws can be compared with: its model's (rebuilt from the manifest's id and
 * settings), or null when the model has none, cannot be rebuilt here (e.g. a data file that has moved), the set
 * is distilled (weighted draws, while tables count each row once) or the event log changes beta during the run
 * (the target moved; the truth is for the target the run started on), or the sampler ran at a posterior
 * {@code temperature} other than 1 (its target is p^(1/T); see {@link Truth#forSampler}).
 */
public final class SessionTruth {
    private SessionTruth() {
    }

    /** The truth for {@code reader}'s session, or null (see the class comment). */
    public static Truth of(SessionReader reader) {
        SessionManifest m = reader.manifest();
        if (m.distilled() != null) {
            return null;
        }
        for (EventRecord e : reader.events()) {
            if (RunEvent.BETA.equals(e.event().kind())) {
                return null;
            }
        }
        return Truth.forSampler(of(m.modelId(), m.modelSettings()), m.samplerSettings());
    }

    /** The truth of model {@code modelId} with {@code settings}, or null (unknown, or the model cannot be built). */
    public static Truth of(String modelId, java.util.Map<String, String> settings) {
        try {
            if (!ModelRegistry.get(modelId).mayKnowTruth()) {
                return null; // a model of the user's data: no need to read the data for a truth it does not have
            }
            return ModelRegistry.create(modelId, settings).truth();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
