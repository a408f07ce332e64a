package workbench.core.samplers.sg;

import java.util.Map;
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
import workbench.core.rng.Normals;
import workbench.core.samplers.Steps;

/**
 * SGLD and SGHMC for all chains of a run at once (the batched engine): positions, gradients,
 * momenta and noise as K x d ND4J matrices, the update as row-scaled matrix ops, the gradients from
 * the model's {@link BatchGradient.Evaluator}. The arithmetic of each update is the per-chain
 * samplers' ({@link Sgld}, {@link Sghmc}) in the same order, and chain k draws its normals and its
 * minibatch from its own stream in the same order as there, so chain k's draws equal the per-chain
 * path's up to the summation order inside the gradient. Step sizes are per chain (the runner's
 * commands may change one chain's).
 */
final class BatchedSg implements BatchSampler.BatchChains {
    enum Scheme { SGLD, SGHMC }

    private final Scheme scheme;
    private final int chains;
    private final int d;
    private final double temperature;
    private final double alpha;
    private final double betaHat;
    private final double[] eps;
    private final StochasticModel[] models;
    private final Normals[] normals;
    private final BatchGradient.Evaluator evaluator;
    private final ChainSampler[] views;
    private final INDArray q;
    private final INDArray g;
    private final INDArray x;
    private final INDArray gNew;
    private final INDArray xi;
    private final INDArray p;
    private final INDArray pNew;
    private final INDArray tmp;
    private final INDArray epsCol;
    private final INDArray sdCol;
    private final INDArray keepCol;
    private final double[] qBuf;
    private final double[] gBuf;
    private final double[] xiBuf;
    private final double[] pBuf;
    private final double[] col;
    private final double[] lp;

    BatchedSg(Scheme scheme, Model[] chainModels, double eps, double temperature, double alpha, double betaHat) {
        if (!(chainModels[0] instanceof BatchGradient bg)) {
            throw new BadInputException("engine=batched needs a model with batched gradients (gaussian, "
                    + "bnn-regression, bnn-classification); this model has none");
        }
        this.scheme = scheme;
        this.chains = chainModels.length;
        this.d = chainModels[0].dim();
        this.temperature = temperature;
        this.alpha = alpha;
        this.betaHat = betaHat;
        this.eps = new double[chains];
        this.models = new StochasticModel[chains];
        this.normals = new Normals[chains];
        this.views = new ChainSampler[chains];
        for (int k = 0; k < chains; k++) {
            this.eps[k] = eps;
            this.models[k] = StochasticModel.of(chainModels[k]).forChain();
            this.normals[k] = new Normals();
            this.views[k] = new View(k);
        }
        if (scheme == Scheme.SGHMC) {
            noiseVariance(eps);
        }
        this.evaluator = bg.batchEvaluator(chains);
        q = Nd4jHost.zeros(chains, d);
        g = Nd4jHost.zeros(chains, d);
        x = Nd4jHost.zeros(chains, d);
        gNew = Nd4jHost.zeros(chains, d);
        xi = Nd4jHost.zeros(chains, d);
        p = Nd4jHost.zeros(chains, d);
        pNew = Nd4jHost.zeros(chains, d);
        tmp = Nd4jHost.zeros(chains, d);
        epsCol = Nd4jHost.zeros(chains, 1);
        sdCol = Nd4jHost.zeros(chains, 1);
        keepCol = Nd4jHost.zeros(chains, 1);
        qBuf = new double[chains * d];
        gBuf = new double[chains * d];
        xiBuf = new double[chains * d];
        pBuf = new double[chains * d];
        col = new double[chains];
        lp = new double[chains];
    }

    private double noiseVariance(double e) {
        double v = e * temperature * (2 * alpha - e * temperature * betaHat);
        if (v < 0) {
            throw new BadInputException("sghmc: eps * T * noise_estimate must not exceed 2 * friction (eps "
                    + e + ", T " + temperature + ", noise_estimate " + betaHat + ", friction " + alpha + ")");
        }
        return v;
    }

    @Override
    public ChainSampler chain(int k) {
        return views[k];
    }

    private void column(INDArray target, java.util.function.IntToDoubleFunction f) {
        for (int k = 0; k < chains; k++) {
            col[k] = f.applyAsDouble(k);
        }
        Nd4jHost.put(target, col, chains);
    }

    @Override
    public Transition[] next(UniformRandomProvider[] rngs, ChainState[] states, boolean warmup, boolean withPath) {
        return scheme == Scheme.SGLD ? sgld(rngs, states, withPath) : sghmc(rngs, states, withPath);
    }

    private Transition[] sgld(UniformRandomProvider[] rngs, ChainState[] states, boolean withPath) {
        for (int k = 0; k < chains; k++) {
            System.arraycopy(states[k].position(), 0, qBuf, k * d, d);
            System.arraycopy(states[k].gradient(), 0, gBuf, k * d, d);
            for (int i = 0; i < d; i++) {
                xiBuf[k * d + i] = normals[k].next(rngs[k]);
            }
            models[k].nextBatch(rngs[k]);
        }
        Nd4jHost.put(q, qBuf, chains * d);
        Nd4jHost.put(g, gBuf, chains * d);
        Nd4jHost.put(xi, xiBuf, chains * d);
        column(epsCol, k -> eps[k]);
        column(sdCol, k -> Math.sqrt(2 * temperature * eps[k]));
        // x = q + eps * g + sd * xi, row by row
        x.assign(g).muliColumnVector(epsCol).addi(q);
        tmp.assign(xi).muliColumnVector(sdCol);
        x.addi(tmp);
        evaluator.evaluate(models, x, gNew, lp);
        Nd4jHost.get(x, qBuf, chains * d);
        Nd4jHost.get(gNew, gBuf, chains * d);
        Transition[] out = new Transition[chains];
        for (int k = 0; k < chains; k++) {
            double[] xk = java.util.Arrays.copyOfRange(qBuf, k * d, (k + 1) * d);
            double[] gk = java.util.Arrays.copyOfRange(gBuf, k * d, (k + 1) * d);
            double[][] path = withPath ? new double[][] {states[k].position().clone(), xk.clone()} : null;
            if (!SgChain.finite(lp[k], gk)) {
                out[k] = new Transition(states[k], false, 0, Double.NaN, Double.NaN, true, null, eps[k], 1, 0, 1,
                        false, path, Map.of());
            } else {
                out[k] = new Transition(new ChainState(xk, lp[k], gk), true, 1, Double.NaN, Double.NaN, false, null,
                        eps[k], 1, 0, 1, false, path, Map.of());
            }
        }
        return out;
    }

    private Transition[] sghmc(UniformRandomProvider[] rngs, ChainState[] states, boolean withPath) {
        double[] h0 = new double[chains];
        double[][] p0 = new double[chains][];
        for (int k = 0; k < chains; k++) {
            System.arraycopy(states[k].position(), 0, qBuf, k * d, d);
            double[] pk = states[k].momentum();
            if (pk == null) {
                pk = new double[d];
                double s = Math.sqrt(temperature);
                for (int i = 0; i < d; i++) {
                    pk[i] = s * normals[k].next(rngs[k]);
                }
            }
            p0[k] = pk;
            System.arraycopy(pk, 0, pBuf, k * d, d);
            h0[k] = -states[k].logDensity() + 0.5 * SgChain.dot(pk, pk);
            models[k].nextBatch(rngs[k]);
        }
        Nd4jHost.put(q, qBuf, chains * d);
        Nd4jHost.put(p, pBuf, chains * d);
        column(epsCol, k -> eps[k]);
        // x = q + eps * p
        x.assign(p).muliColumnVector(epsCol).addi(q);
        evaluator.evaluate(models, x, gNew, lp);
        Nd4jHost.get(x, qBuf, chains * d);
        Nd4jHost.get(gNew, gBuf, chains * d);
        boolean[] ok = new boolean[chains];
        for (int k = 0; k < chains; k++) {
            ok[k] = Double.isFinite(lp[k]);
            for (int i = 0; ok[k] && i < d; i++) {
                ok[k] = Double.isFinite(gBuf[k * d + i]);
            }
            // the momentum noise is drawn only when the step is taken, as on the per-chain path
            for (int i = 0; i < d; i++) {
                xiBuf[k * d + i] = ok[k] ? normals[k].next(rngs[k]) : 0;
            }
        }
        Nd4jHost.put(xi, xiBuf, chains * d);
        column(keepCol, k -> 1 - alpha * eps[k]);
        column(sdCol, k -> ok[k] ? Math.sqrt(noiseVariance(eps[k])) : 0);
        // p' = (1 - alpha eps) p + eps g + sd xi, row by row
        pNew.assign(p).muliColumnVector(keepCol);
        tmp.assign(gNew).muliColumnVector(epsCol);
        pNew.addi(tmp);
        tmp.assign(xi).muliColumnVector(sdCol);
        pNew.addi(tmp);
        Nd4jHost.get(pNew, pBuf, chains * d);
        Transition[] out = new Transition[chains];
        for (int k = 0; k < chains; k++) {
            double[] xk = java.util.Arrays.copyOfRange(qBuf, k * d, (k + 1) * d);
            double[][] path = withPath ? new double[][] {states[k].position().clone(), xk.clone()} : null;
            if (!ok[k]) {
                ChainState kept = new ChainState(states[k].position(), states[k].logDensity(), states[k].gradient(),
                        p0[k]);
                out[k] = new Transition(kept, false, 0, h0[k], Double.NaN, true, null, eps[k], 1, 0, 1, false, path,
                        Map.of());
                continue;
            }
            double[] gk = java.util.Arrays.copyOfRange(gBuf, k * d, (k + 1) * d);
            double[] pk = java.util.Arrays.copyOfRange(pBuf, k * d, (k + 1) * d);
            double h = -lp[k] + 0.5 * SgChain.dot(pk, pk);
            out[k] = new Transition(new ChainState(xk, lp[k], gk, pk), true, 1, h, h - h0[k], false, null, eps[k], 1,
                    0, 1, false, path, Map.of());
        }
        return out;
    }

    /** Chain k's step size and model; its transitions are made by the batch. */
    private final class View implements ChainSampler {
        private final int k;

        View(int k) {
            this.k = k;
        }

        @Override
        public Transition next(UniformRandomProvider rng, ChainState state, boolean warmup, boolean withPath) {
            throw new IllegalStateException("a chain of the batched engine advances with the batch");
        }

        @Override
        public double stepSize() {
            return eps[k];
        }

        @Override
        public void setStepSize(double e) {
            Steps.check(e);
            if (scheme == Scheme.SGHMC) {
                Sghmc.checkFriction("sghmc", alpha, e);
                noiseVariance(e);
            }
            eps[k] = e;
        }

        @Override
        public boolean adapting() {
            return false;
        }

        @Override
        public void setModel(Model m) {
            ChainSampler.requireDimension(m, d);
            models[k] = StochasticModel.of(m).forChain();
        }
    }
}
