package workbench.core.model;

import java.util.List;

/**
 * A model that answers every question by asking another one ({@link #delegate()}): the base of views that change one
 * thing about a model (its density, its noise) and keep the rest, which override what they change. {@link #forChain}
 * is left to each view, which must wrap the delegate's own copy.
 */
public interface ForwardingModel extends Model {

    /** The model asked. */
    Model delegate();

    @Override
    default int dim() {
        return delegate().dim();
    }

    @Override
    default List<String> parameterNames() {
        return delegate().parameterNames();
    }

    @Override
    default List<String> derivedNames() {
        return delegate().derivedNames();
    }

    @Override
    default double logDensity(double[] q, double[] grad) {
        return delegate().logDensity(q, grad);
    }

    @Override
    default void toOutput(double[] q, double[] out) {
        delegate().toOutput(q, out);
    }

    @Override
    default void toUnconstrained(double[] constrained, double[] q) {
        delegate().toUnconstrained(constrained, q);
    }

    @Override
    default int outputDim() {
        return delegate().outputDim();
    }

    @Override
    default List<String> outputNames() {
        return delegate().outputNames();
    }

    @Override
    default Truth truth() {
        return delegate().truth();
    }

    @Override
    default double[] plotBox() {
        return delegate().plotBox();
    }
}
