package workbench.core.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A target distribution. The sampler sees only the unconstrained scale: {@link #logDensity}
 * takes an unconstrained point and returns the log density there (up to an additive constant,
 * log-Jacobian of the transforms included) and writes its gradient. Draws are reported on the
 * constrained scale through {@link #toOutput}, followed by the derived quantities the model declares.
 *
 * <p>Implementations are immutable. {@link #logDensity} must not allocate; a model that needs
 * scratch space returns a private copy from {@link #forChain()}, and each chain uses its own.
 */
public interface Model {

    /** Dimension of the unconstrained space. */
    int dim();

    /** Names of the parameters, one per unconstrained coordinate, 1-based for vectors: {@code x[1]}. */
    List<String> parameterNames();

    /** Names of derived quantities reported after the parameters (e.g. {@code theta[j]}); empty by default. */
    default List<String> derivedNames() {
        return List.of();
    }

    /**
     * Log density at the unconstrained point {@code q}, with {@code grad} (length {@link #dim()})
     * overwritten by its gradient. May return NaN or -infinity outside the support; the samplers
     * treat a non-finite value as a rejection.
     */
    double logDensity(double[] q, double[] grad);

    /** Writes the constrained parameters followed by the derived quantities into {@code out}. */
    default void toOutput(double[] q, double[] out) {
        System.arraycopy(q, 0, out, 0, dim());
    }

    /** Maps constrained parameter values (length {@link #dim()}) to the unconstrained scale; used by {@code --init}. */
    default void toUnconstrained(double[] constrained, double[] q) {
        System.arraycopy(constrained, 0, q, 0, dim());
    }

    /** Length of the output row: parameters then derived quantities. */
    default int outputDim() {
        return dim() + derivedNames().size();
    }

    /** Names of the output row. */
    default List<String> outputNames() {
        List<String> names = new ArrayList<>(parameterNames());
        names.addAll(derivedNames());
        return names;
    }

    /** The known truth for the output row (analytic or from a long reference run), or null if unknown. */
    default Truth truth() {
        return null;
    }

    /** Default plotting box {xmin, xmax, ymin, ymax} for 2-D models, or null. */
    default double[] plotBox() {
        return null;
    }

    /** A copy for the exclusive use of one chain (models with scratch space); {@code this} by default. */
    default Model forChain() {
        return this;
    }
}
