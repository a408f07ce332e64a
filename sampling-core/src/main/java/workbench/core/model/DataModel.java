package workbench.core.model;

/**
 * A model with a likelihood over data: log p = log prior + beta * log likelihood, with the
 * likelihood temperature beta in (0, 1] (1 by default). Beta tempers the likelihood only; it is
 * not a sampler temperature.
 */
public interface DataModel extends Model {

    double beta();

    /** The same model at another likelihood temperature. */
    DataModel withBeta(double beta);
}
