package workbench.core.samplers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import workbench.core.diagnostics.ParameterSummary;
import workbench.core.diagnostics.RunSummary;
import workbench.core.diagnostics.TruthCheck;
import workbench.core.draws.MemoryDraws;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;

/**
 * The likelihood temperature beta: NUTS on logistic-pima at beta = 0.5 and 0.25 draws from prior x likelihood^beta.
 * Logistic regression is not conjugate, so the tempered truth has no closed form; it is computed here by importance
 * sampling, independently of the model's tempering code and of NUTS: the target is -|theta|^2 / 2 + beta * loglik,
 * with loglik = (the untempered model's log density) + |theta|^2 / 2 (its prior is N(0, 1) on every coefficient),
 * the proposal a multivariate t (7 degrees of freedom) around the target's mode with its Laplace covariance
 * (Newton with a finite-difference Hessian), 40 000 draws, self-normalized weights. The importance-sampling
 * estimates of each coefficient's mean and sd carry their own standard errors (delta method), combined with NUTS's
 * MCSE (posterior's mcse_mean, mcse_sd): every coefficient's mean and sd must lie within 5 combined standard errors.
 * NUTS, 4 chains x 1000 draws each; the MCSE of an sd is about 1.5% of it, of a mean about 1.5% of the sd. (Before:
 * each sd within 15% of sd(beta = 1) / sqrt(beta), which ignores the prior and cannot see a prior tempered along with
 * the likelihood: at beta = 0.5 that moves the means by up to 0.14 sd, 5 to 10 MCSE, and the sds by about 3%.)
 */
class TemperedPosteriorTest {

    private static List<ParameterSummary> nuts(double beta) {
        Map<String, String> mset = Map.of("beta", Double.toString(beta));
        Model m = ModelRegistry.create("logistic-pima", mset);
        Sampler s = SamplerRegistry.create("nuts", Map.of());
        MemoryDraws sink = new MemoryDraws();
        RunConfig cfg = new RunConfig("logistic-pima", mset, "nuts", s.settings().asText(), 4, 1000, 1000, 21, 2, null);
        new ChainRunner(cfg, m, s, sink).run();
        return RunSummary.of(sink, 10).parameters();
    }

    /** log of prior x likelihood^beta from the untempered model, and its gradient into {@code grad}. */
    private static double tempered(Model cold, double beta, double[] theta, double[] grad) {
        double half = 0;
        for (double t : theta) {
            half += 0.5 * t * t;
        }
        double logLik = cold.logDensity(theta, grad) + half;
        for (int j = 0; j < theta.length; j++) {
            grad[j] = -theta[j] + beta * (grad[j] + theta[j]);
        }
        return -half + beta * logLik;
    }

    /** Lower Cholesky factor of a symmetric positive definite matrix. */
    private static double[][] cholesky(double[][] a) {
        int d = a.length;
        double[][] l = new double[d][d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i][j];
                for (int k = 0; k < j; k++) {
                    s -= l[i][k] * l[j][k];
                }
                l[i][j] = i == j ? Math.sqrt(s) : s / l[j][j];
            }
        }
        return l;
    }

    /** {mean, sd, se of mean, se of sd} per coordinate, rows; and the importance sampling ESS last. */
    private static double[][] importanceTruth(Model cold, double beta, int draws, long seed) {
        int d = cold.dim();
        double[] g = new double[d];
        double[] gp = new double[d];
        double[] gm = new double[d];
        double[] mode = new double[d];
        double[][] precision = new double[d][d];
        // Newton to the mode; the precision is minus the Hessian, by central differences of the gradient
        for (int it = 0; it < 50; it++) {
            tempered(cold, beta, mode, g);
            double h = 1e-5;
            for (int j = 0; j < d; j++) {
                double[] up = mode.clone();
                double[] down = mode.clone();
                up[j] += h;
                down[j] -= h;
                tempered(cold, beta, up, gp);
                tempered(cold, beta, down, gm);
                for (int i = 0; i < d; i++) {
                    precision[i][j] = -(gp[i] - gm[i]) / (2 * h);
                }
            }
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < i; j++) {
                    double s = 0.5 * (precision[i][j] + precision[j][i]);
                    precision[i][j] = s;
                    precision[j][i] = s;
                }
            }
            double[][] l = cholesky(precision);
            // step = precision^-1 g
            double[] u = new double[d];
            for (int i = 0; i < d; i++) {
                double s = g[i];
                for (int k = 0; k < i; k++) {
                    s -= l[i][k] * u[k];
                }
                u[i] = s / l[i][i];
            }
            double[] step = new double[d];
            for (int i = d - 1; i >= 0; i--) {
                double s = u[i];
                for (int k = i + 1; k < d; k++) {
                    s -= l[k][i] * step[k];
                }
                step[i] = s / l[i][i];
            }
            double size = 0;
            for (int i = 0; i < d; i++) {
                mode[i] += step[i];
                size = Math.max(size, Math.abs(step[i]));
            }
            if (size < 1e-12) {
                break;
            }
        }
        double[][] l = cholesky(precision);
        // proposal theta = mode + L^-T z / sqrt(w), z ~ N(0, I), w ~ chi2(nu) / nu: multivariate t with scale
        // precision^-1; its log density is -(nu + d)/2 log(1 + |z|^2 / (w nu)) up to a constant
        int nu = 7;
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] theta = new double[draws][d];
        double[] logW = new double[draws];
        double maxLogW = Double.NEGATIVE_INFINITY;
        double[] z = new double[d];
        for (int s = 0; s < draws; s++) {
            double z2 = 0;
            for (int i = 0; i < d; i++) {
                z[i] = rng.nextGaussian();
                z2 += z[i] * z[i];
            }
            double chi = 0;
            for (int k = 0; k < nu; k++) {
                double e = rng.nextGaussian();
                chi += e * e;
            }
            double w = chi / nu;
            double[] t = theta[s];
            for (int i = d - 1; i >= 0; i--) {
                double v = z[i];
                for (int k = i + 1; k < d; k++) {
                    v -= l[k][i] * t[k];
                }
                t[i] = v / l[i][i];
            }
            for (int i = 0; i < d; i++) {
                t[i] /= Math.sqrt(w);
            }
            for (int i = 0; i < d; i++) {
                t[i] += mode[i];
            }
            logW[s] = tempered(cold, beta, t, g) + 0.5 * (nu + d) * Math.log1p(z2 / (w * nu));
            maxLogW = Math.max(maxLogW, logW[s]);
        }
        double sumW = 0;
        double sumW2 = 0;
        double[] w = new double[draws];
        for (int s = 0; s < draws; s++) {
            w[s] = Math.exp(logW[s] - maxLogW);
            sumW += w[s];
            sumW2 += w[s] * w[s];
        }
        double[][] out = new double[d + 1][];
        for (int i = 0; i < d; i++) {
            double mean = 0;
            for (int s = 0; s < draws; s++) {
                mean += w[s] * theta[s][i];
            }
            mean /= sumW;
            double var = 0;
            for (int s = 0; s < draws; s++) {
                double e = theta[s][i] - mean;
                var += w[s] * e * e;
            }
            var /= sumW;
            // delta method for self-normalized importance sampling: Var = sum w^2 (f - E f)^2 / (sum w)^2
            double vMean = 0;
            double vVar = 0;
            for (int s = 0; s < draws; s++) {
                double e = theta[s][i] - mean;
                vMean += w[s] * w[s] * e * e;
                vVar += w[s] * w[s] * (e * e - var) * (e * e - var);
            }
            double sd = Math.sqrt(var);
            out[i] = new double[] {mean, sd, Math.sqrt(vMean) / sumW, Math.sqrt(vVar) / sumW / (2 * sd)};
        }
        out[d] = new double[] {sumW * sumW / sumW2};
        return out;
    }

    @Test
    void nutsDrawsTheTemperedPosterior() {
        Model cold = ModelRegistry.create("logistic-pima", Map.of());
        int d = cold.dim();
        for (double beta : new double[] {0.5, 0.25}) {
            double[][] truth = importanceTruth(cold, beta, 40_000, 5);
            List<ParameterSummary> got = nuts(beta);
            assertEquals(d, got.size());
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                    "beta %s: importance sampling ESS %.0f of 40000%n", beta, truth[d][0]));
            double worst = 0;
            for (int j = 0; j < d; j++) {
                ParameterSummary p = got.get(j);
                double zMean = TruthCheck.standardErrors(p.mean(), p.mcseMean(), truth[j][0], truth[j][2]);
                double zSd = TruthCheck.standardErrors(p.sd(), p.mcseSd(), truth[j][1], truth[j][3]);
                out.append(String.format(Locale.ROOT, "  %-12s mean %.4f vs %.4f (z %+.2f)  sd %.4f vs %.4f (z %+.2f;"
                        + " mcse %.4f, truth se %.4f)%n", p.name(), p.mean(), truth[j][0], zMean, p.sd(), truth[j][1],
                        zSd, p.mcseSd(), truth[j][3]));
                worst = Math.max(worst, Math.max(Math.abs(zMean), Math.abs(zSd)));
            }
            System.out.print(out);
            assertTrue(truth[d][0] > 10_000, "the proposal fits the tempered posterior poorly:\n" + out);
            assertTrue(worst < TruthCheck.MAX_SE, "NUTS at beta " + beta + " is off the tempered posterior:\n" + out);
        }
    }
}
