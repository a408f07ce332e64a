package workbench.sessions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.bnn.Nd4jSetup;
import workbench.core.rng.ChainRngs;
import workbench.core.run.RunConfig;
import workbench.core.run.RunEvent;
import workbench.core.run.Schedule;

/**
 * What a re-run of a stored session needs: its configuration from the manifest and the interactive
 * commands (step size, beta, chains added) from its event log, as a {@link Schedule} at the recorded
 * chain and iteration. Other events (adaptation ended, pause, ...) are consequences or notes, not commands.
 */
public final class Replays {
    private Replays() {
    }

    /**
     * Sets ND4J's native threads per op to the count the session recorded ({@link SessionManifest#nd4jThreads}) before
     * its model is built, so that a network on the ND4J engine recomputes its draws bit for bit (a sum split over
     * another number of threads adds in another order and changes their last digits). Returns a note when that changed
     * this process's count, or when it could not (ND4J already set up with another count), and null when nothing was
     * to do (the same count, or a session that did not record it).
     */
    public static String useRecordedNd4jThreads(SessionManifest m) {
        Integer recorded = m.nd4jThreads();
        int now = Nd4jSetup.threads();
        if (recorded == null || recorded == now) {
            return null;
        }
        if (Nd4jSetup.useThreads(recorded)) {
            return "ND4J native threads per op set to " + threadsText(recorded) + " as the session recorded (this"
                    + " process had " + threadsText(now) + "): a neural network's draws on the ND4J engine depend on it";
        }
        return "the session ran with " + threadsText(recorded) + " ND4J native threads per op and this process set up "
                + threadsText(now) + " already: a neural network's recomputed draws may differ in their last digits";
    }

    private static String threadsText(int n) {
        return n > 0 ? Integer.toString(n) : "ND4J's default";
    }

    /** The step-size and beta changes and the chains added of the event log, at their recorded chain and iteration. */
    public static Schedule schedule(List<EventRecord> events) {
        List<Schedule.Entry> out = new ArrayList<>();
        for (EventRecord e : events) {
            String kind = e.event().kind();
            boolean added = RunEvent.CHAIN_ADDED.equals(kind);
            if (RunEvent.STEP_SIZE.equals(kind) || RunEvent.BETA.equals(kind) || added) {
                try {
                    out.add(added ? Schedule.Entry.chainAdded(e.chain(), e.iteration(), e.event().position())
                            : new Schedule.Entry(e.chain(), e.iteration(), kind, e.event().value()));
                } catch (BadInputException bad) {
                    throw new BadInputException(SessionFiles.EVENTS + ": chain " + (e.chain() + 1) + " iteration "
                            + e.iteration() + ": " + bad.getMessage());
                }
            }
        }
        return Schedule.of(out);
    }

    /**
     * The session's sampler for a re-run, on the engine its chains ran on ({@link SessionManifest#engine()}):
     * a session written before samplers had an {@code engine} setting gets {@code engine=plain}, not the
     * setting's default, so its re-run stays bit-identical.
     */
    public static Sampler sampler(SessionManifest m) {
        Map<String, String> s = new LinkedHashMap<>(m.samplerSettings());
        boolean hasEngine = SamplerRegistry.get(m.samplerId()).params().stream()
                .anyMatch(p -> p.name().equals("engine"));
        if (hasEngine) {
            s.put("engine", m.engine());
        }
        return SamplerRegistry.create(m.samplerId(), s);
    }

    /**
     * The session's model for a re-run, rebuilt from the manifest's id and settings; refused in one line when it no
     * longer has the session's outputs (a data file that gained a column, a network of another width): its chains
     * could not be re-run into the stored columns (before, {@code replay} failed with an internal array error, exit 3).
     */
    public static workbench.core.model.Model model(SessionManifest m) {
        workbench.core.model.Model model = workbench.core.model.ModelRegistry.create(m.modelId(), m.modelSettings());
        List<String> now = model.outputNames();
        if (!now.equals(m.names())) {
            List<DataFiles.Change> changed = DataFiles.changes(m);
            String why = changed.isEmpty() ? "" : "; " + changed.get(0).describe();
            throw new BadInputException("model " + m.modelId() + " rebuilt from the manifest has " + now.size()
                    + " outputs, the session " + m.names().size() + firstDifference(m.names(), now) + why
                    + ": its draws cannot be re-run here (restore what the run read, or start a new run)");
        }
        return model;
    }

    private static String firstDifference(List<String> stored, List<String> now) {
        for (int i = 0; i < Math.min(stored.size(), now.size()); i++) {
            if (!stored.get(i).equals(now.get(i))) {
                return " (output " + (i + 1) + " is " + now.get(i) + ", stored " + stored.get(i) + ")";
            }
        }
        return "";
    }

    /**
     * Refuses a distilled set ({@link SessionManifest#distilled()} present): its draws were chosen by
     * {@code distill}, not produced by a sampler, so there is nothing to {@code what} (re-run, resume).
     *
     * @throws BadInputException naming the method and the source session to use instead
     */
    public static void refuseDistilled(SessionManifest m, String what) {
        DistilledFrom d = m.distilled();
        if (d != null) {
            throw new BadInputException("this session is a distilled set (" + d.method() + ", K = " + d.size()
                    + ", from " + d.sourcePath() + "), not a sampler's run; it cannot be " + what
                    + " (use its source session instead)");
        }
    }

    /**
     * The run configuration of the manifest (the chains it started with; added ones come from the
     * schedule) with {@code draws} post-warmup draws per chain and
     * {@code threads} threads (neither changes the draws).
     *
     * @throws BadInputException if the session used a random generator this version does not
     */
    public static RunConfig config(SessionManifest m, int draws, int threads) {
        refuseDistilled(m, "re-run");
        if (!ChainRngs.ALGORITHM.name().equals(m.rngAlgorithm())) {
            throw new BadInputException("the session used the random generator " + m.rngAlgorithm()
                    + "; this version uses " + ChainRngs.ALGORITHM.name() + " and cannot re-run it");
        }
        return new RunConfig(m.modelId(), m.modelSettings(), m.samplerId(), m.samplerSettings(), m.startedChains(),
                m.warmup(), draws, m.seed(), threads, m.init());
    }
}
