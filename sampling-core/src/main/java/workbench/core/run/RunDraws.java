package workbench.core.run;

import java.util.List;
import java.util.Map;
import workbench.core.draws.DrawPhase;
import workbench.core.draws.DrawSource;
import workbench.core.draws.Stat;
import workbench.core.kernel.AcceptStep;

/**
 * A run as its views read it: the draws and per-transition statistics ({@link DrawSource}), and what the views draw
 * over them: the divergences with where they happened, the run's events, each chain's latest proposals with their
 * integrator paths, the energy errors, the samplers' own statistics ({@link Extra}) and what the sampler is. The views
 * (module {@code viz}) take this interface, never a concrete store: the live buffer implements it while chains run,
 * and a stored session is read into one by the app.
 *
 * <p>Every method may be called from the FX thread while samplers write: implementations answer from what they hold
 * at that moment, without waiting for a sampler.
 */
public interface RunDraws extends DrawSource {

    /**
     * A divergence at {@code iteration} of {@code chain}, on the output scale: {@code position} where the energy
     * error crossed the threshold (the draw itself when that is not known), {@code start} where the divergent
     * transition began (the chain's previous draw; Stan's and ArviZ's place for it), and the trajectory between
     * (null when not recorded). {@code crossingKnown} false: the crossing was not recorded (draws from another tool,
     * e.g. CmdStan's {@code divergent__} column, or a session whose model cannot be rebuilt here), and
     * {@code position} is the draw flagged divergent.
     */
    record DivergenceMark(int chain, long iteration, double[] position, double[] start, double energyError,
                                 double[][] trajectory, boolean warmup, boolean crossingKnown) {
        /** Where to mark it: the transition's start, or where the energy error crossed the threshold. */
        public double[] at(boolean atStart) {
            return atStart ? start : position;
        }
    }

    /** A run event as it took effect at {@code iteration} of {@code chain}. */
    record EventMark(int chain, long iteration, RunEvent event) {
    }

    /**
     * One proposal: where the chain stood, where it was proposed to go, whether it went, and the
     * integrator path between (output scale; null when paths were not recorded).
     *
     * @param to       the new draw when the chain moved (NUTS picks it among its trajectory's points: it is seldom the
     *                 trajectory's last point); when it did not, the refused proposal (HMC's, a random walk's: the
     *                 path's end), or null where there was no single proposal (a NUTS tree that kept its start)
     * @param pathFrom for each point of {@code path}, the index of the point its step started from (-1 for the
     *                 first); null when each follows the one before it
     */
    record Proposal(long iteration, double[] from, double[] to, boolean accepted, double[][] path,
                           long arrivedNanos, int[] pathFrom) {
        /** The index of the path point that point {@code i} was integrated from (-1 for the first). */
        public int stepFrom(int i) {
            return pathFrom == null ? i - 1 : pathFrom[i];
        }
    }

    /**
     * The divergences as one moment saw them: {@code total} so far ({@link #divergenceCount()}), {@code inWarmup} of
     * them in warmup ({@link #warmupDivergenceCount()}), and the latest {@code marks} ({@link #divergences()}), read
     * together so that the marks are exactly those counted. A window reads one per refresh and hands it to every view
     * that shows a count, so none runs ahead of its status bar while a run goes on.
     */
    record Divergences(long total, long inWarmup, List<DivergenceMark> marks) {
        public Divergences {
            marks = List.copyOf(marks);
        }
    }

    /**
     * The sampler-specific statistics ({@link workbench.core.kernel.Transition#extras()}) a run keeps per iteration
     * for chains whose sampler reports any of them (SMILE's tuner, the MCLMC family's phase and L, cyclical SGLD's
     * phase); {@link RunDraws#extra} reads NaN for a key a transition lacks.
     */
    enum Extra {
        /** Tuning phase code ({@code workbench.core.samplers.mclmc.Phase}; csgld: 0 explore, 1 sample). */
        PHASE("phase"),
        /** MCLMC's trajectory length L. */
        L("L"),
        /** SMILE's rejections so far. */
        REJECTIONS("tuner_rejections"),
        /** Shape of SMILE's fitted Gamma. */
        TUNER_SHAPE("tuner_shape"),
        /** Scale of SMILE's fitted Gamma. */
        TUNER_SCALE("tuner_scale"),
        /** Quantile q(alpha/3): |dE| below it grows the step size. */
        TUNER_LOWER("tuner_lower_threshold"),
        /** Quantile q(1 - 2 alpha/3): |dE| above it shrinks the step size. */
        TUNER_UPPER("tuner_upper_threshold"),
        /** Reset quantile: |dE| above it is rejected. */
        TUNER_RESET("tuner_reset_threshold");

        private final String key;

        Extra(String key) {
            this.key = key;
        }

        /** The key in {@link workbench.core.kernel.Transition#extras()}. */
        public String key() {
            return key;
        }
    }

    /** The run's description, or null for draws read back (or before the start). */
    RunInfo info();

    /** How the run ended, or null while it runs (and for draws read back). */
    RunOutcome outcome();

    /** Whether the run has started (or the draws were read back). */
    boolean started();

    /** Whether the draws were read back (a session or files) rather than made by a live run. */
    boolean loaded();

    /** Sizes of every chain, read once. */
    long[] sizes();

    /** Names of the output columns that are model parameters (not derived quantities). */
    List<String> parameterNames();

    /**
     * Which draw a divergence is, as {@code workbench summary --divergences} numbers it: the post-warmup draw number
     * (1-based, counted from the end of the chain's warmup), or in warmup the 1-based iteration with "(warmup)".
     */
    default String drawLabel(DivergenceMark d) {
        return d.warmup() ? (d.iteration() + 1) + " (warmup)" : Long.toString(d.iteration() + 1 - warmup(d.chain()));
    }

    /** Transitions of all chains so far. */
    long totalTransitions();

    /** Gradient evaluations of all chains so far. */
    long totalGradients();

    /** The divergences now: counts and marks read at one moment ({@link Divergences}). */
    Divergences divergenceSnapshot();

    /**
     * The latest divergences in the order they happened (an implementation may keep only the latest few thousand;
     * the session on disk keeps every one). The same list is returned until another divergence arrives, so views
     * may ask every frame.
     */
    List<DivergenceMark> divergences();

    /** Divergences so far, all of them (also those no longer in {@link #divergences()}). */
    long divergenceCount();

    /** Of {@link #divergenceCount()}, those in warmup, all of them. */
    long warmupDivergenceCount();

    /** Run events so far, in the order they took effect. */
    List<EventMark> events();

    /** The latest proposals of a chain, oldest first (empty for draws read back). */
    List<Proposal> recentProposals(int chain);

    /**
     * Whether transitions have come in and not one carried an energy error or a divergence: those of a sampler
     * without a Hamiltonian energy (the random walk, MALA, SGLD, cSGLD) or draws read without one.
     */
    default boolean withoutEnergy() {
        return started() && totalTransitions() > 0 && energyErrorCount() == 0 && divergenceCount() == 0;
    }

    /** How many energy errors are kept so far. */
    int energyErrorCount();

    /**
     * Copies energy errors {@code from}, {@code from + 1}, … into {@code dst} (as many as fit and exist) and returns
     * how many it copied; lets a view read only what is new, in bounded chunks.
     */
    int copyEnergyErrors(int from, double[] dst);

    /** A copy of every kept energy error (Hamiltonian samplers; empty for others). */
    double[] energyErrors();

    /** The step size of a chain's latest transition (NaN before the first). */
    double lastStepSize(int chain);

    /** Whether an event ended step-size adaptation (the step size was set by hand). */
    boolean adaptationEnded();

    /** Values of one stat for a chain's kept iterations from {@code from} on. */
    default double[] statSeries(int chain, Stat stat, long from) {
        long lo = Math.max(from, first(chain));
        long hi = size(chain);
        double[] out = new double[(int) Math.max(0, hi - lo)];
        for (long i = lo; i < hi; i++) {
            out[(int) (i - lo)] = stat(chain, i, stat);
        }
        return out;
    }

    /**
     * A sampler-specific statistic of a chain's iteration ({@link #first(int)} to size - 1); NaN when the chain's
     * transitions did not report it.
     */
    double extra(int chain, long iteration, Extra x);

    /** Whether any transition so far reported sampler-specific statistics. */
    boolean hasExtras();

    /** The running sampler's id, or null for draws read back (or before the start). */
    String samplerId();

    /** The sampler's id, live or as the stored session said; null when unknown (another tool's files). */
    String samplerIdOrStored();

    /**
     * Which post-warmup iterations are posterior draws: the running sampler's
     * ({@link workbench.core.kernel.Sampler#drawPhase}), a stored session's, or all of them when nobody said.
     */
    DrawPhase drawPhase();

    /**
     * The draws as the diagnostics table reads them: the posterior draws ({@link DrawPhase#posterior}), and for a
     * stored session without the chains its table leaves out ({@link #leftOutOfTable}).
     */
    DrawSource posterior();

    /** The chains the diagnostics table leaves out (0-based, each with why); empty when none. */
    Map<Integer, String> leftOutOfTable();

    /**
     * Whether the draws' sampler has an accept/reject step, so what {@link Stat#ACCEPT_STAT} means; {@link
     * AcceptStep#METROPOLIS} when nobody said (draws from files, before the start).
     */
    AcceptStep acceptStep();

    /**
     * Whether the draws' divergences are energy errors past 1000
     * ({@link workbench.core.kernel.Sampler#divergesOnEnergy}: HMC, NUTS, adjusted MCLMC) rather than steps whose
     * density or gradient went non-finite (every other sampler); true when nobody said (draws from another tool, whose
     * {@code divergent__} is Stan's).
     */
    boolean divergesOnEnergy();

    /**
     * Whether the running sampler picks each new draw among its trajectory's points (NUTS); false for draws read
     * back.
     */
    boolean picksFromTrajectory();

    /** Whether the running sampler's moves use the gradient; true when no sampler runs (draws read back). */
    boolean samplerUsesGradient();

    /**
     * Why {@link Stat#ACCEPT_STAT} is not an acceptance rate here ("mclmc has no accept/reject step"), or null when it
     * is one.
     */
    default String acceptNote() {
        String id = samplerIdOrStored();
        return acceptStep().reason(id == null ? "this sampler" : id);
    }
}
