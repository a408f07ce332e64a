package workbench.core.model.catalog;

import java.util.Arrays;
import java.util.List;
import org.nd4j.linalg.api.ndarray.INDArray;
import workbench.core.model.BatchGradient;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Nd4jHost;
import workbench.core.model.StochasticModel;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/** Independent normals with mean 0 and the given sds: {@code gaussian} (all sd 1) and {@code gaussian-illcond}. */
public final class Gaussian implements Model, KnownMarginals, BatchGradient {
    private final double[] sd;
    private final double[] prec; // 1 / sd^2
    private final List<String> names;

    /** A diagonal normal with mean 0 and standard deviations {@code sd}. */
    public Gaussian(double[] sd) {
        this.sd = sd.clone();
        this.prec = new double[sd.length];
        for (int i = 0; i < sd.length; i++) {
            prec[i] = 1.0 / (sd[i] * sd[i]);
        }
        this.names = List.copyOf(Names.vector("x", sd.length));
    }

    /** Standard normal in {@code dim} dimensions. */
    public static Gaussian standard(int dim) {
        double[] sd = new double[dim];
        Arrays.fill(sd, 1.0);
        return new Gaussian(sd);
    }

    /** Ill-conditioned normal: sd_i = 10^(-2 + 4 (i-1) / (dim-1)), from 0.01 to 100. */
    public static Gaussian illConditioned(int dim) {
        double[] sd = new double[dim];
        for (int i = 0; i < dim; i++) {
            sd[i] = Math.pow(10, -2 + 4.0 * i / (dim - 1));
        }
        return new Gaussian(sd);
    }

    public static final ModelFactory FACTORY = ModelFactory.of("gaussian",
            "Standard normal in dim dimensions",
            List.of(ParamSpec.integer("dim", 100, 1, 100_000, "dimension")),
            v -> standard(v.integer("dim")));

    public static final ModelFactory ILLCOND_FACTORY = new ModelFactory() {
        @Override
        public String id() {
            return "gaussian-illcond";
        }

        @Override
        public String description() {
            return "Ill-conditioned normal: independent, sds spaced log-evenly from 0.01 to 100";
        }

        @Override
        public List<ParamSpec> params() {
            return List.of(ParamSpec.integer("dim", 100, 2, 100_000, "dimension"));
        }

        @Override
        public Model create(ParamValues v) {
            return illConditioned(v.integer("dim"));
        }
    };

    @Override
    public int dim() {
        return sd.length;
    }

    @Override
    public List<String> parameterNames() {
        return names;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double lp = 0;
        for (int i = 0; i < prec.length; i++) {
            double g = -prec[i] * q[i];
            grad[i] = g;
            lp += g * q[i];
        }
        return 0.5 * lp;
    }

    /** One multiply-add per coordinate. */
    @Override
    public long workPerChain() {
        return sd.length;
    }

    /** Gradient -prec * q and log density for all chains by ND4J row ops (the chains' models are not consulted). */
    @Override
    public BatchGradient.Evaluator batchEvaluator(int chains) {
        int d = sd.length;
        INDArray negPrec = Nd4jHost.zeros(1, d);
        double[] np = new double[d];
        for (int i = 0; i < d; i++) {
            np[i] = -prec[i];
        }
        Nd4jHost.put(negPrec, np, d);
        INDArray tmp = Nd4jHost.zeros(chains, d);
        INDArray sums = Nd4jHost.zeros(chains);
        double[] host = new double[chains];
        return (StochasticModel[] models, INDArray q, INDArray grad, double[] lp) -> {
            grad.assign(q).muliRowVector(negPrec);
            tmp.assign(grad).muli(q);
            tmp.sum(sums, 1);
            Nd4jHost.get(sums, host, chains);
            for (int k = 0; k < chains; k++) {
                lp[k] = 0.5 * host[k];
            }
        };
    }

    @Override
    public Truth truth() {
        return Truth.analytic(new double[sd.length], sd);
    }

    /** Every coordinate is exactly N(0, sd[i]^2). */
    @Override
    public double marginalDensity(int index, double x) {
        return index >= 0 && index < sd.length ? KnownMarginals.normalDensity(x, 0, sd[index]) : Double.NaN;
    }

    /** Box for the first two coordinates (3.5 sd each way); null in 1-D. */
    @Override
    public double[] plotBox() {
        if (sd.length < 2) {
            return null;
        }
        return new double[] {-3.5 * sd[0], 3.5 * sd[0], -3.5 * sd[1], 3.5 * sd[1]};
    }
}
