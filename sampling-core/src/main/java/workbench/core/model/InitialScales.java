package workbench.core.model;

/**
 * A model that knows how a random start for an optimizer should be scaled, coordinate by coordinate
 * (a neural network: per layer, from the fan-in). {@code deep-ensemble} draws each member's start from
 * N(0, diag(scale²)) on the unconstrained scale when no {@code init_scale} is given.
 */
public interface InitialScales {

    /** The standard deviation of a random start for each unconstrained coordinate (0: start at 0). */
    double[] initialScales();

    /** A one-line description of the rule, e.g. for the sampler's documentation and messages. */
    String initialScalesRule();
}
