package workbench.core.model.bnn;

/** Hidden-layer nonlinearity of a {@link Mlp}. */
public enum Activation {
    TANH, RELU;

    double apply(double z) {
        return this == TANH ? Math.tanh(z) : Math.max(z, 0);
    }

    /** Derivative expressed through the activation value a = apply(z). */
    double derivativeAt(double a) {
        return this == TANH ? 1 - a * a : (a > 0 ? 1 : 0);
    }
}
