package workbench.core.model.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.model.DataModel;
import org.apache.commons.rng.UniformRandomProvider;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.model.StochasticModel;
import workbench.core.model.Truth;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * Bayesian logistic regression with standardized predictors: alpha ~ N(0, 1), beta[k] ~ N(0, 1),
 * y[i] ~ Bernoulli(logit^-1(alpha + x[i] . beta)), the likelihood tempered by {@link #beta()}:
 * log p = log prior + beta * log likelihood (constants dropped; at beta = 1 this is Stan's lp__ of
 * {@code logistic_pima.stan}). Two catalog entries: {@code logistic-pima} (the Pima diabetes data,
 * 532 rows, 7 predictors, with a Stan long-run truth) and {@code logistic} (a user CSV, predictors
 * standardized here with the sample sd).
 *
 * <p>As a {@link StochasticModel} it estimates log prior + (N/n) * beta * (batch log likelihood) from
 * batches of n = {@code batch_size} rows (the whole data when n >= N, then exact), drawn without
 * replacement within an epoch from a permutation that is reshuffled with the chain's stream whenever
 * fewer than n rows of it remain (the rest is skipped, so each batch is a uniform n-subset).
 */
public final class LogisticRegression implements DataModel, StochasticModel {
    /** Default rows per minibatch. */
    public static final int DEFAULT_BATCH = 64;

    private final int n;
    private final int k;
    private final double[] x; // column-major: predictor j of row i at x[j * n + i]
    private final double[] y;
    private final double beta;
    private final List<String> names;
    private final List<String> predictors;
    private final Truth truth;
    private final int batch;
    private final Batches batches; // per-chain scratch; null on the shared instance
    /** Per-thread scratch of n values (the linear predictor, then the residuals): no allocation per call. */
    private final ThreadLocal<double[]> scratch;

    /** Per-chain batch state: the epoch's permutation of the rows and where the next batch starts. */
    private static final class Batches {
        final int[] perm;
        int next;
        int start = -1; // first row of the current batch in perm, -1 before the first batch

        Batches(int n) {
            perm = new int[n];
            for (int i = 0; i < n; i++) {
                perm[i] = i;
            }
            next = n; // forces a shuffle at the first batch
        }
    }

    private LogisticRegression(int n, int k, double[] x, double[] y, double beta, List<String> predictors, Truth truth) {
        this(n, k, x, y, beta, predictors, truth, DEFAULT_BATCH, null);
    }

    private LogisticRegression(int n, int k, double[] x, double[] y, double beta, List<String> predictors, Truth truth,
                               int batch, Batches batches) {
        this.batch = Math.min(batch, n);
        this.batches = batches;
        this.n = n;
        this.k = k;
        this.x = x;
        this.y = y;
        this.beta = beta;
        this.predictors = predictors;
        this.names = Names.prefixed("alpha", "beta", k);
        this.truth = truth;
        this.scratch = ThreadLocal.withInitial(() -> new double[n]);
    }

    private static ParamSpec betaSpec() {
        return ParamSpec.positive("beta", 1, 0, 1, "likelihood temperature: log p = log prior + beta * log likelihood, beta in (0, 1] (for a cold posterior, beta > 1 in effect, use the sgld, sghmc or csgld setting temperature < 1)");
    }

    private static ParamSpec batchSpec() {
        return ParamSpec.integer("batch_size", DEFAULT_BATCH, 1, 100_000_000,
                "rows per minibatch for stochastic-gradient samplers (all rows if larger than the data)");
    }

    /** {@code logistic-pima}: the Pima Indians diabetes data shipped with the workbench. */
    public static final ModelFactory PIMA_FACTORY = new ModelFactory() {
        @Override
        public String id() {
            return "logistic-pima";
        }

        @Override
        public String description() {
            return "Bayesian logistic regression, Pima diabetes data (532 rows, 7 standardized predictors)";
        }

        @Override
        public List<ParamSpec> params() {
            return List.of(betaSpec(), batchSpec());
        }

        @Override
        public Model create(ParamValues v) {
            return pima(v.real("beta")).withBatchSize(v.integer("batch_size"));
        }
    };

    /** {@code logistic}: a CSV file given by the user, {@code --set data=PATH --set target=COLUMN}. */
    public static final ModelFactory FACTORY = new ModelFactory() {
        @Override
        public String id() {
            return "logistic";
        }

        /** A model of the user's data: no truth to compare with (and no need to read the file for one). */
        @Override
        public boolean mayKnowTruth() {
            return false;
        }

        /** The CSV path absolute, as {@link ModelFactory#recorded} says. */
        @Override
        public java.util.Map<String, String> recorded(java.util.Map<String, String> settings) {
            return ModelFactory.absoluteDataPath(settings, java.util.Set.of());
        }

        /** The CSV file {@code data} names. */
        @Override
        public java.util.Map<String, java.nio.file.Path> dataFiles(java.util.Map<String, String> settings) {
            return ModelFactory.dataFile(settings, java.util.Set.of());
        }

        @Override
        public String description() {
            return "Bayesian logistic regression on your CSV: a 0/1 target column, all other columns predictors";
        }

        @Override
        public List<ParamSpec> params() {
            return List.of(
                    ParamSpec.text("data", null, "path of a CSV file with a header line; every cell a number"),
                    ParamSpec.text("target", null, "name of the 0/1 outcome column; the other columns are predictors"),
                    betaSpec(),
                    batchSpec());
        }

        @Override
        public Model create(ParamValues v) {
            String owner = "model logistic";
            if (!v.has("data") || v.text("data").isEmpty()) {
                throw new BadInputException(owner + ": setting 'data' is required: the path of a CSV file"
                        + " (on the command line --set data=PATH)");
            }
            if (!v.has("target") || v.text("target").isEmpty()) {
                throw new BadInputException(owner + ": setting 'target' is required: the name of a 0/1 column of the"
                        + " data (on the command line --set target=COLUMN)");
            }
            return fromCsv(v.text("data"), v.text("target"), v.real("beta")).withBatchSize(v.integer("batch_size"));
        }
    };

    private static final class PimaHolder {
        static final LogisticRegression PIMA = loadPima();
    }

    /** The Pima model at likelihood temperature {@code beta}. */
    public static LogisticRegression pima(double beta) {
        return PimaHolder.PIMA.withBeta(beta);
    }

    private static LogisticRegression loadPima() {
        String res = "pima_standardized.csv";
        NumericCsv t;
        try (InputStream raw = LogisticRegression.class.getResourceAsStream(res)) {
            if (raw == null) {
                throw new IllegalStateException("missing resource " + res);
            }
            t = NumericCsv.read(new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8)), "model logistic-pima", res);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        LogisticRegression m = build(t, "y", "model logistic-pima", false, 1.0, null);
        Truth truth = ReferenceTruth.load("logistic_pima_truth.csv", m.parameterNames());
        return new LogisticRegression(m.n, m.k, m.x, m.y, 1.0, m.predictors, truth);
    }

    /** Reads a user CSV; predictors are standardized to mean 0 and sample sd 1. */
    public static LogisticRegression fromCsv(String path, String target, double beta) {
        String owner = "model logistic";
        Path p;
        try {
            p = Path.of(path);
        } catch (InvalidPathException e) {
            throw new BadInputException(owner + ": cannot read data file '" + path + "': invalid path");
        }
        NumericCsv t;
        try (BufferedReader in = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            t = NumericCsv.read(in, owner, path);
        } catch (NoSuchFileException e) {
            // a relative path is read from the working directory: a session made elsewhere (before paths were
            // recorded absolute) needs the command run from the directory it was made in
            throw new BadInputException(owner + ": cannot read data file '" + path + "': no such file"
                    + (p.isAbsolute() ? "" : " in " + Path.of("").toAbsolutePath()
                    + " (a relative path is read from the current directory)"));
        } catch (CharacterCodingException e) {
            throw new BadInputException(owner + ": cannot read data file '" + path + "': not UTF-8 text");
        } catch (IOException e) {
            String why = Files.isDirectory(p) ? "it is a directory" : String.valueOf(e.getMessage());
            throw new BadInputException(owner + ": cannot read data file '" + path + "': " + why);
        }
        return build(t, target, owner, true, beta, null);
    }

    private static LogisticRegression build(NumericCsv t, String target, String owner, boolean standardize,
                                            double beta, Truth truth) {
        int ty = t.column(target, owner);
        int n = t.rows;
        if (n < 2) {
            throw new BadInputException(owner + ": " + t.source + " needs at least 2 data rows, found " + n);
        }
        int cols = t.columns.size();
        int k = cols - 1;
        List<String> predictors = new ArrayList<>(k);
        for (int c = 0; c < cols; c++) {
            if (c != ty) {
                predictors.add(t.columns.get(c));
            }
        }
        double[] y = new double[n];
        double[] x = new double[n * k];
        for (int i = 0; i < n; i++) {
            double v = t.get(i, ty);
            if (v != 0 && v != 1) {
                throw new BadInputException(owner + ": " + t.source + " line " + t.lines[i] + ", column '" + target
                        + "': the target must be 0 or 1, got " + Names.num(v));
            }
            y[i] = v;
            int j = 0;
            for (int c = 0; c < cols; c++) {
                if (c != ty) {
                    x[j++ * n + i] = t.get(i, c);
                }
            }
        }
        if (standardize) {
            for (int j = 0; j < k; j++) {
                double mean = 0;
                for (int i = 0; i < n; i++) {
                    mean += x[j * n + i];
                }
                mean /= n;
                double ss = 0;
                for (int i = 0; i < n; i++) {
                    double d = x[j * n + i] - mean;
                    ss += d * d;
                }
                double sd = Math.sqrt(ss / (n - 1));
                if (!Double.isFinite(mean) || !Double.isFinite(sd)) {
                    // values so large (|x| near 1e308) that the sum or the squares overflow: before, the sd came
                    // out infinite and the whole column silently became 0, i.e. was dropped from the model.
                    // Standardize on the scale of the largest |value| instead; the usual path above is kept for
                    // every other column, so that sessions already made replay bit for bit
                    standardizeScaled(x, j, n, owner + ": " + t.source + ", column '" + predictors.get(j) + "'");
                    continue;
                }
                if (!(sd > 1e-12 * Math.max(1, Math.abs(mean)))) {
                    throw new BadInputException(owner + ": " + t.source + ", column '" + predictors.get(j)
                            + "' is constant; cannot standardize it (remove the column)");
                }
                for (int i = 0; i < n; i++) {
                    x[j * n + i] = (x[j * n + i] - mean) / sd;
                }
            }
        }
        return new LogisticRegression(n, k, x, y, beta, List.copyOf(predictors), truth);
    }

    /**
     * Standardizes column {@code j} (finite values) to mean 0 and sample sd 1 on the scale of its largest |value|,
     * where the plain sums would overflow.
     */
    private static void standardizeScaled(double[] x, int j, int n, String what) {
        workbench.core.model.ScaledMoments m = workbench.core.model.ScaledMoments.of(x, j * n, 1, n);
        double scale = m.scale();
        double mean = m.mean();
        double sd = m.sd();
        if (!(sd > 1e-12 * Math.abs(mean))) {
            throw new BadInputException(what + " is constant; cannot standardize it (remove the column)");
        }
        for (int i = 0; i < n; i++) {
            x[j * n + i] = (x[j * n + i] / scale - mean) / sd;
        }
    }

    /** Number of data rows. */
    public int rows() {
        return n;
    }

    /** Names of the predictor columns, in the order of beta[1..K]. */
    public List<String> predictors() {
        return predictors;
    }

    @Override
    public double beta() {
        return beta;
    }

    @Override
    public LogisticRegression withBeta(double b) {
        if (!(b > 0 && b <= 1)) {
            throw new BadInputException("likelihood temperature 'beta' must be in (0, 1], got " + b);
        }
        return new LogisticRegression(n, k, x, y, b, predictors, truth, batch, null);
    }

    /** The same model with {@code size} rows per minibatch (capped at the number of rows). */
    public LogisticRegression withBatchSize(int size) {
        if (size < 1) {
            throw new BadInputException("batch size must be 1 or more, got " + size);
        }
        return new LogisticRegression(n, k, x, y, beta, predictors, truth, size, null);
    }

    @Override
    public int batchSize() {
        return batch;
    }

    @Override
    public boolean noisy() {
        return batch < n;
    }

    @Override
    public boolean exactLogDensity() {
        return batch >= n;
    }

    /** A copy with its own batch state. */
    @Override
    public LogisticRegression forChain() {
        return new LogisticRegression(n, k, x, y, beta, predictors, truth, batch, new Batches(n));
    }

    private Batches batches() {
        if (batches == null) {
            throw new IllegalStateException("minibatch estimates need the per-chain copy from forChain()");
        }
        return batches;
    }

    @Override
    public void nextBatch(UniformRandomProvider rng) {
        Batches b = batches();
        if (batch >= n) {
            b.start = 0;
            return;
        }
        if (b.next + batch > n) {
            int[] p = b.perm;
            for (int i = n - 1; i > 0; i--) {
                int j = rng.nextInt(i + 1);
                int t = p[i];
                p[i] = p[j];
                p[j] = t;
            }
            b.next = 0;
        }
        b.start = b.next;
        b.next += batch;
    }

    @Override
    public double batchLogDensity(double[] q, double[] grad) {
        Batches b = batches();
        if (b.start < 0) {
            throw new IllegalStateException("nextBatch() was never called");
        }
        double a = q[0];
        double prior = -0.5 * a * a;
        for (int j = 0; j <= k; j++) {
            grad[j] = 0;
        }
        for (int j = 1; j <= k; j++) {
            prior -= 0.5 * q[j] * q[j];
        }
        double ll = 0;
        for (int s = b.start, end = b.start + batch; s < end; s++) {
            int i = b.perm[s];
            double eta = a;
            for (int j = 0, at = i; j < k; j++, at += n) {
                eta += x[at] * q[j + 1];
            }
            // log p(y | eta) = y eta - log(1 + e^eta); one exponential serves both terms
            double e = Math.exp(-Math.abs(eta));
            ll += y[i] * eta - (Math.max(eta, 0) + Names.log1pSmall(e));
            double r = y[i] - (eta >= 0 ? 1 / (1 + e) : e / (1 + e));
            grad[0] += r;
            for (int j = 0, at = i; j < k; j++, at += n) {
                grad[j + 1] += r * x[at];
            }
        }
        double w = beta * n / batch;
        for (int j = 0; j <= k; j++) {
            grad[j] = w * grad[j] - q[j];
        }
        return prior + w * ll;
    }

    @Override
    public int dim() {
        return k + 1;
    }

    @Override
    public List<String> parameterNames() {
        return names;
    }

    /**
     * Column by column: the linear predictor accumulates one predictor column at a time and each gradient
     * entry is one column's dot product with the residuals — loops over contiguous arrays that the JIT
     * vectorizes, where a row-by-row pass over 7 predictors does not.
     */
    @Override
    public double logDensity(double[] q, double[] grad) {
        double[] eta = scratch.get();
        double a = q[0];
        double prior = -0.5 * a * a;
        for (int j = 1; j <= k; j++) {
            prior -= 0.5 * q[j] * q[j];
        }
        java.util.Arrays.fill(eta, a);
        for (int j = 0, off = 0; j < k; j++, off += n) {
            double qj = q[j + 1];
            for (int i = 0; i < n; i++) {
                eta[i] += x[off + i] * qj;
            }
        }
        double ll = 0;
        double g0 = 0;
        for (int i = 0; i < n; i++) {
            double z = eta[i];
            // log p(y | eta) = y eta - log(1 + e^eta); one exponential serves both terms
            double e = Math.exp(-Math.abs(z));
            ll += y[i] * z - (Math.max(z, 0) + Names.log1pSmall(e));
            double r = y[i] - (z >= 0 ? 1 / (1 + e) : e / (1 + e));
            eta[i] = r; // the scratch now holds the residuals
            g0 += r;
        }
        grad[0] = beta * g0 - a;
        for (int j = 0, off = 0; j < k; j++, off += n) {
            grad[j + 1] = beta * dot(eta, x, off, n) - q[j + 1];
        }
        return prior + beta * ll;
    }

    /** Σ r[i]·x[off + i] over i < n, with four partial sums (a fixed order: the result is reproducible). */
    private static double dot(double[] r, double[] x, int off, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int i = 0;
        for (; i + 3 < n; i += 4) {
            s0 += r[i] * x[off + i];
            s1 += r[i + 1] * x[off + i + 1];
            s2 += r[i + 2] * x[off + i + 2];
            s3 += r[i + 3] * x[off + i + 3];
        }
        for (; i < n; i++) {
            s0 += r[i] * x[off + i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The log likelihood alone (untempered), at {@code q}. */
    public double logLikelihood(double[] q) {
        double ll = 0;
        for (int i = 0; i < n; i++) {
            double eta = q[0];
            for (int j = 0, at = i; j < k; j++, at += n) {
                eta += x[at] * q[j + 1];
            }
            ll += y[i] * eta - Names.softplus(eta);
        }
        return ll;
    }

    @Override
    public Truth truth() {
        return beta == 1.0 ? truth : null;
    }
}
