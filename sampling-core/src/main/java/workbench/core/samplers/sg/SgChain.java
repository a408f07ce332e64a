package workbench.core.samplers.sg;

import workbench.core.kernel.ChainSampler;
import workbench.core.model.Model;
import workbench.core.model.StochasticModel;
import workbench.core.rng.Normals;
import workbench.core.samplers.Metropolis;
import workbench.core.samplers.Steps;

/**
 * The per-chain part shared by the stochastic-gradient samplers: the chain's own copy of the model
 * as a {@link StochasticModel} (a deterministic model is used with exact gradients), the step size and
 * a normal generator on the chain's stream.
 */
abstract class SgChain implements ChainSampler {
    protected StochasticModel model;
    protected double stepSize;
    protected final Normals normals = new Normals();

    SgChain(Model model, double stepSize) {
        this.model = StochasticModel.of(model).forChain();
        this.stepSize = stepSize;
    }

    @Override
    public double stepSize() {
        return stepSize;
    }

    @Override
    public void setStepSize(double eps) {
        Steps.check(eps);
        stepSize = eps;
    }

    @Override
    public boolean adapting() {
        return false;
    }

    @Override
    public void setModel(Model m) {
        ChainSampler.requireDimension(m, model.dim());
        model = StochasticModel.of(m).forChain();
    }

    /** Whether {@code lp} and every entry of {@code v} are finite. */
    static boolean finite(double lp, double[] v) {
        return Double.isFinite(lp) && Metropolis.allFinite(v);
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
