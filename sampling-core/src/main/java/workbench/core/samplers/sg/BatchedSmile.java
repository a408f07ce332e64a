package workbench.core.samplers.sg;

import org.apache.commons.rng.UniformRandomProvider;
import org.nd4j.linalg.api.ndarray.INDArray;
import workbench.core.BadInputException;
import workbench.core.kernel.BatchSampler;
import workbench.core.kernel.ChainSampler;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Transition;
import workbench.core.model.BatchGradient;
import workbench.core.model.Model;
import workbench.core.model.Nd4jHost;
import workbench.core.model.StochasticModel;
import workbench.core.samplers.mclmc.Isokinetic;

/**
 * SMILE and pSMILE for all chains of a run at once (the batched engine): each chain is a {@link Smile.Chain}
 * run in its stages ({@code begin}, {@code evaluated}, {@code finish}), and the two target evaluations of each
 * integrator step are made for every chain in one call of the model's {@link BatchGradient.Evaluator}. The
 * momentum and position updates, the tuner and the preconditioner stay per chain on {@code double[]} (their cost
 * is small next to a network's gradient), so chain k's arithmetic and its draws from its own stream are the
 * per-chain path's, and its draws equal that path's up to the summation order inside the gradient.
 */
final class BatchedSmile implements BatchSampler.BatchChains {
    private final Smile.Chain[] chains;
    private final BatchGradient.Evaluator evaluator;
    private final StochasticModel[] models;
    private final int d;
    private final INDArray q;
    private final INDArray g;
    private final double[] qBuf;
    private final double[] gBuf;
    private final double[] lp;
    private final boolean[] pending;

    BatchedSmile(Smile.Chain[] chains, BatchGradient bg) {
        this.chains = chains;
        this.d = chains[0].point().dim();
        this.evaluator = bg.batchEvaluator(chains.length);
        this.models = new StochasticModel[chains.length];
        int k = chains.length;
        q = Nd4jHost.zeros(k, d);
        g = Nd4jHost.zeros(k, d);
        qBuf = new double[k * d];
        gBuf = new double[k * d];
        lp = new double[k];
        pending = new boolean[k];
    }

    /** The batched engine over {@code chains}; {@code model} (the chains' model) must offer batched gradients. */
    static BatchedSmile of(Smile.Chain[] chains, Model model) {
        if (!(model instanceof BatchGradient bg)) {
            throw new BadInputException("engine=batched needs a model with batched gradients (gaussian, "
                    + "bnn-regression, bnn-classification); this model has none");
        }
        return new BatchedSmile(chains, bg);
    }

    @Override
    public ChainSampler chain(int k) {
        return chains[k];
    }

    @Override
    public Transition[] next(UniformRandomProvider[] rngs, ChainState[] states, boolean warmup, boolean withPath) {
        int n = chains.length;
        boolean any = false;
        for (int k = 0; k < n; k++) {
            pending[k] = chains[k].begin(rngs[k], states[k], warmup, withPath);
            any |= pending[k];
        }
        while (any) {
            for (int k = 0; k < n; k++) {
                // a chain whose step has ended (a non-finite estimate) rides along; its row's result is ignored
                models[k] = chains[k].model;
                System.arraycopy(chains[k].point().x, 0, qBuf, k * d, d);
            }
            Nd4jHost.put(q, qBuf, n * d);
            evaluator.evaluate(models, q, g, lp);
            Nd4jHost.get(g, gBuf, n * d);
            any = false;
            for (int k = 0; k < n; k++) {
                if (!pending[k]) {
                    continue;
                }
                Isokinetic.Point p = chains[k].point();
                p.logDensity = lp[k];
                System.arraycopy(gBuf, k * d, p.g, 0, d);
                pending[k] = chains[k].evaluated();
                any |= pending[k];
            }
        }
        Transition[] out = new Transition[n];
        for (int k = 0; k < n; k++) {
            out[k] = chains[k].finish(rngs[k]);
        }
        return out;
    }
}
