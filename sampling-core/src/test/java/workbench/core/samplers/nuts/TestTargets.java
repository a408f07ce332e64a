package workbench.core.samplers.nuts;

import java.util.ArrayList;
import java.util.List;
import workbench.core.model.Model;

/** Analytic targets for the sampler tests. */
final class TestTargets {
    private TestTargets() {
    }

    static List<String> names(int d) {
        List<String> n = new ArrayList<>();
        for (int i = 1; i <= d; i++) {
            n.add("x[" + i + "]");
        }
        return n;
    }

    /** Independent normals, mean {@code mu}, sd {@code sd}. */
    static final class DiagNormal implements Model {
        final double[] mu;
        final double[] sd;
        private final double[] prec;

        DiagNormal(double[] mu, double[] sd) {
            this.mu = mu;
            this.sd = sd;
            prec = new double[sd.length];
            for (int i = 0; i < sd.length; i++) {
                prec[i] = 1 / (sd[i] * sd[i]);
            }
        }

        static DiagNormal standard(int d) {
            double[] sd = new double[d];
            java.util.Arrays.fill(sd, 1);
            return new DiagNormal(new double[d], sd);
        }

        @Override
        public int dim() {
            return mu.length;
        }

        @Override
        public List<String> parameterNames() {
            return names(mu.length);
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            double lp = 0;
            for (int i = 0; i < q.length; i++) {
                double r = q[i] - mu[i];
                grad[i] = -prec[i] * r;
                lp -= 0.5 * prec[i] * r * r;
            }
            return lp;
        }
    }

    /** A 2-D normal with mean mu, sds s1, s2 and correlation rho. */
    static final class Correlated2d implements Model {
        final double[] mu;
        final double[] sd;
        private final double p11;
        private final double p12;
        private final double p22;

        Correlated2d(double[] mu, double s1, double s2, double rho) {
            this.mu = mu;
            this.sd = new double[] {s1, s2};
            double det = s1 * s1 * s2 * s2 * (1 - rho * rho);
            p11 = s2 * s2 / det;
            p22 = s1 * s1 / det;
            p12 = -rho * s1 * s2 / det;
        }

        @Override
        public int dim() {
            return 2;
        }

        @Override
        public List<String> parameterNames() {
            return names(2);
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            double a = q[0] - mu[0];
            double b = q[1] - mu[1];
            grad[0] = -(p11 * a + p12 * b);
            grad[1] = -(p12 * a + p22 * b);
            return -0.5 * (p11 * a * a + 2 * p12 * a * b + p22 * b * b);
        }
    }

    /** Neal's funnel: v ~ N(0, 3), x[i] ~ N(0, exp(v / 2)), centred (divergent for NUTS). */
    static final class Funnel implements Model {
        private final int d;

        Funnel(int d) {
            this.d = d;
        }

        @Override
        public int dim() {
            return d;
        }

        @Override
        public List<String> parameterNames() {
            return names(d);
        }

        @Override
        public double logDensity(double[] q, double[] grad) {
            double v = q[0];
            double lp = -v * v / 18.0;
            double gv = -v / 9.0;
            double ev = Math.exp(-v);
            for (int i = 1; i < d; i++) {
                double x = q[i];
                lp += -0.5 * x * x * ev - 0.5 * v;
                gv += 0.5 * x * x * ev - 0.5;
                grad[i] = -x * ev;
            }
            grad[0] = gv;
            return lp;
        }
    }
}
