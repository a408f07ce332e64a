package workbench.core.kernel;

import java.util.Map;

/**
 * What one transition of one chain did.
 *
 * @param state               the chain's next state (the kept draw)
 * @param accepted            whether the proposal was taken (false: the draw repeats the previous one)
 * @param acceptStat          the acceptance statistic (Metropolis probability, or NUTS's mean over the tree); for a
 *                            sampler without a Metropolis step ({@link Sampler#acceptStep()} not METROPOLIS) 1 for a
 *                            step kept and 0 for one undone, which is no acceptance probability
 * @param energy              the Hamiltonian at the kept point (NaN for samplers without one)
 * @param energyError         H(proposal) - H(start) for Hamiltonian samplers, NaN otherwise
 * @param divergent           H - H0 exceeded the divergence threshold (one-sided), or the density was not finite
 * @param divergence          where it diverged, or null
 * @param stepSize            the step size this transition used
 * @param gradientEvaluations gradient evaluations spent by this transition
 * @param treeDepth           NUTS tree depth (0 for other samplers)
 * @param leapfrogSteps       integrator steps taken
 * @param warmup              whether the transition belongs to warmup
 * @param path                integrator positions of the proposal when a listener asked, else null
 * @param extras              sampler-specific statistics by name (e.g. a tuner's state), possibly empty
 * @param pathFrom            for each point of {@code path}, the index of the point it was integrated from (-1 for
 *                            the first), when the path is not one line in visit order: NUTS grows its trajectory
 *                            forward and backward, so a step may start from the other end; null when every point
 *                            follows the one before it (or there is no path)
 */
public record Transition(ChainState state, boolean accepted, double acceptStat, double energy,
                         double energyError, boolean divergent, Divergence divergence, double stepSize,
                         int gradientEvaluations, int treeDepth, int leapfrogSteps, boolean warmup,
                         double[][] path, Map<String, Double> extras, int[] pathFrom) {

    /** A transition whose path, if any, is one line in visit order. */
    public Transition(ChainState state, boolean accepted, double acceptStat, double energy, double energyError,
                      boolean divergent, Divergence divergence, double stepSize, int gradientEvaluations,
                      int treeDepth, int leapfrogSteps, boolean warmup, double[][] path, Map<String, Double> extras) {
        this(state, accepted, acceptStat, energy, energyError, divergent, divergence, stepSize, gradientEvaluations,
                treeDepth, leapfrogSteps, warmup, path, extras, null);
    }

    /** The same transition marked as warmup or not (the runner decides the phase). */
    public Transition withWarmup(boolean w) {
        return w == warmup ? this : new Transition(state, accepted, acceptStat, energy, energyError, divergent,
                divergence, stepSize, gradientEvaluations, treeDepth, leapfrogSteps, w, path, extras, pathFrom);
    }
}
