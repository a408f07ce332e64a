package workbench.core.model.catalog;

import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import workbench.core.model.KnownMarginals;
import workbench.core.model.Model;
import workbench.core.model.Truth;
import workbench.core.rng.Normals;

/**
 * A normal with mean 0 and covariance Q diag(s^2) Q^T, Q a random orthogonal matrix (modified Gram-Schmidt on a
 * matrix of standard normals drawn from a fixed seed), as the ill-conditioned Gaussian of the SMILE authors'
 * analytic benchmark. The truth is exact: marginal sds sqrt((Q diag(s^2) Q^T)_ii).
 */
final class RotatedGaussian implements Model, KnownMarginals {
    private final int d;
    private final double[] prec; // Q diag(1 / s^2) Q^T, row-major
    private final double[] marginalSd;
    private final List<String> names;

    RotatedGaussian(double[] s, long seed) {
        d = s.length;
        double[] q = orthogonal(d, seed);
        prec = new double[d * d];
        double[] cov = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                double p = 0;
                double c = 0;
                for (int k = 0; k < d; k++) {
                    double qq = q[i * d + k] * q[j * d + k];
                    p += qq / (s[k] * s[k]);
                    c += qq * s[k] * s[k];
                }
                prec[i * d + j] = p;
                cov[i * d + j] = c;
            }
        }
        marginalSd = new double[d];
        for (int i = 0; i < d; i++) {
            marginalSd[i] = Math.sqrt(cov[i * d + i]);
        }
        names = List.copyOf(Names.vector("x", d));
    }

    /** A d x d orthogonal matrix (row-major): modified Gram-Schmidt on the columns of a standard normal matrix. */
    static double[] orthogonal(int d, long seed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        Normals normals = new Normals();
        double[] a = new double[d * d];
        normals.fill(rng, a);
        for (int j = 0; j < d; j++) {
            for (int k = 0; k < j; k++) {
                double dot = 0;
                for (int i = 0; i < d; i++) {
                    dot += a[i * d + j] * a[i * d + k];
                }
                for (int i = 0; i < d; i++) {
                    a[i * d + j] -= dot * a[i * d + k];
                }
            }
            double norm = 0;
            for (int i = 0; i < d; i++) {
                norm += a[i * d + j] * a[i * d + j];
            }
            norm = Math.sqrt(norm);
            for (int i = 0; i < d; i++) {
                a[i * d + j] /= norm;
            }
        }
        return a;
    }

    @Override
    public Truth truth() {
        return Truth.analytic(new double[d], marginalSd.clone());
    }

    /** Every coordinate of a normal is normal: exactly N(0, marginal sd^2). */
    @Override
    public double marginalDensity(int index, double x) {
        return index >= 0 && index < d ? KnownMarginals.normalDensity(x, 0, marginalSd[index]) : Double.NaN;
    }

    @Override
    public int dim() {
        return d;
    }

    @Override
    public List<String> parameterNames() {
        return names;
    }

    @Override
    public double logDensity(double[] x, double[] grad) {
        double lp = 0;
        for (int i = 0; i < d; i++) {
            double g = 0;
            for (int j = 0; j < d; j++) {
                g -= prec[i * d + j] * x[j];
            }
            grad[i] = g;
            lp += 0.5 * g * x[i];
        }
        return lp;
    }
}
