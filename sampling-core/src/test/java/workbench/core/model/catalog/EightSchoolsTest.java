package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.model.Truth;

class EightSchoolsTest {
    private final EightSchoolsCentered centered = new EightSchoolsCentered();
    private final EightSchoolsNoncentered noncentered = new EightSchoolsNoncentered();

    @Test
    void dataMatchTheSharedFile() throws IOException {
        Path json = ModelChecks.shared().resolve("data/eight_schools.json");
        assertArrayEquals(StanReference.array(json, "y"), EightSchools.Y, 0);
        assertArrayEquals(StanReference.array(json, "sigma"), EightSchools.SIGMA, 0);
    }

    @Test
    void names() {
        List<String> c = centered.outputNames();
        assertEquals(10, centered.dim());
        assertEquals(List.of("mu", "tau", "theta[1]", "theta[2]", "theta[3]", "theta[4]", "theta[5]", "theta[6]",
                "theta[7]", "theta[8]"), c);
        assertEquals(18, noncentered.outputDim());
        assertEquals("theta_tilde[1]", noncentered.parameterNames().get(2));
        assertEquals("theta_tilde[8]", noncentered.parameterNames().get(9));
        assertEquals("theta[1]", noncentered.derivedNames().get(0));
        assertEquals("theta[8]", noncentered.outputNames().get(17));
    }

    private static double logNormal(double x, double m, double s) {
        double z = (x - m) / s;
        return -0.5 * z * z - Math.log(s) - 0.5 * Math.log(2 * Math.PI);
    }

    /** Full log posterior density of (mu, tau, theta) with the log tau Jacobian, written from the textbook densities. */
    private static double handCentered(double mu, double tau, double[] theta) {
        double lp = logNormal(mu, 0, 5) + Math.log(2 / (Math.PI * 5 * (1 + (tau / 5) * (tau / 5)))) + Math.log(tau);
        for (int j = 0; j < 8; j++) {
            lp += logNormal(theta[j], mu, tau) + logNormal(EightSchools.Y[j], theta[j], EightSchools.SIGMA[j]);
        }
        return lp;
    }

    private static double handNoncentered(double mu, double tau, double[] tilde) {
        double lp = logNormal(mu, 0, 5) + Math.log(2 / (Math.PI * 5 * (1 + (tau / 5) * (tau / 5)))) + Math.log(tau);
        for (int j = 0; j < 8; j++) {
            lp += logNormal(tilde[j], 0, 1) + logNormal(EightSchools.Y[j], mu + tau * tilde[j], EightSchools.SIGMA[j]);
        }
        return lp;
    }

    private static double[] point(double mu, double tau, double[] v) {
        double[] q = new double[10];
        q[0] = mu;
        q[1] = Math.log(tau);
        System.arraycopy(v, 0, q, 2, 8);
        return q;
    }

    @Test
    void logDensityMatchesTheTextbookFormulaUpToOneConstant() {
        Random r = new Random(8);
        double offC = Double.NaN;
        double offN = Double.NaN;
        for (int k = 0; k < 6; k++) {
            double mu = 5 * r.nextGaussian();
            double tau = Math.exp(r.nextGaussian());
            double[] v = new double[8];
            for (int j = 0; j < 8; j++) {
                v[j] = 3 * r.nextGaussian();
            }
            double dc = centered.logDensity(point(mu, tau, v), new double[10]) - handCentered(mu, tau, v);
            double dn = noncentered.logDensity(point(mu, tau, v), new double[10]) - handNoncentered(mu, tau, v);
            if (k == 0) {
                offC = dc;
                offN = dn;
            }
            assertEquals(offC, dc, 1e-9);
            assertEquals(offN, dn, 1e-9);
        }
        // Stan drops: log(2/(pi 5)) for half-Cauchy, log(5) + 0.5 log(2 pi) for mu, 0.5 log(2 pi) + log sigma per y,
        // 0.5 log(2 pi) per theta (the log tau of theta ~ N(mu, tau) is kept).
        double sumLogSigma = 0;
        for (double s : EightSchools.SIGMA) {
            sumLogSigma += Math.log(s);
        }
        double dropped = Math.log(2 / (Math.PI * 5)) - Math.log(5) - 17 * 0.5 * Math.log(2 * Math.PI) - sumLogSigma;
        assertEquals(-dropped, offC, 1e-9);
        assertEquals(-dropped, offN, 1e-9);
    }

    @Test
    void logDensityEqualsStanLpOnReferenceDraws() throws IOException {
        Path gz = ModelChecks.shared().resolve("reference/stan/eight_schools_noncentered_draws.csv.gz");
        List<String[]> rows = StanReference.draws(gz, 200);
        List<String> header = List.of(rows.get(0));
        int lpCol = header.indexOf("lp__");
        assertEquals("mu", header.get(2));
        assertEquals("theta[1]", header.get(12));
        for (String[] row : rows.subList(1, rows.size())) {
            double[] c = new double[10];
            for (int i = 0; i < 10; i++) {
                c[i] = Double.parseDouble(row[2 + i]);
            }
            double[] q = new double[10];
            noncentered.toUnconstrained(c, q);
            double stanLp = Double.parseDouble(row[lpCol]);
            assertEquals(stanLp, noncentered.logDensity(q, new double[10]), 1e-9 * (1 + Math.abs(stanLp)));
            // derived theta as Stan reports it
            double[] out = new double[18];
            noncentered.toOutput(q, out);
            for (int j = 0; j < 8; j++) {
                assertEquals(Double.parseDouble(row[12 + j]), out[10 + j], 1e-9);
            }
            assertEquals(c[1], out[1], 1e-12);
            // the centred model at theta = mu + tau theta_tilde differs by the Jacobian of the reparameterisation
            double[] qc = q.clone();
            System.arraycopy(out, 10, qc, 2, 8);
            double lpc = centered.logDensity(qc, new double[10]);
            assertEquals(stanLp - 8 * q[1], lpc, 1e-9 * (1 + Math.abs(stanLp)));
        }
    }

    @Test
    void truthIsTheLongRunSummary() throws IOException {
        Map<String, double[]> s = StanReference.summary(
                ModelChecks.shared().resolve("reference/stan/eight_schools_noncentered_longrun_summary.json"));
        checkTruth(noncentered.truth(), noncentered.outputNames(), s);
        checkTruth(centered.truth(), centered.outputNames(), s);
        assertEquals(4.37644497218524, centered.truth().mean()[0], 0);
        assertEquals(3.18228960168588, centered.truth().sd()[1], 0);
    }

    private static void checkTruth(Truth t, List<String> names, Map<String, double[]> s) {
        assertEquals(names.size(), t.mean().length);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double[] row = s.get(names.get(i));
            assertArrayEquals(row, new double[] {t.mean()[i], t.sd()[i], t.meanMcse()[i], t.sdMcse()[i]}, 0, names.get(i));
            assertTrue(t.meanMcse()[i] > 0);
            seen.add(names.get(i));
        }
        assertEquals(names, seen);
    }

    @Test
    void initRefusesNonPositiveTau() {
        double[] c = new double[10];
        c[1] = -1;
        assertThrows(BadInputException.class, () -> centered.toUnconstrained(c, new double[10]));
        c[1] = 2;
        double[] q = new double[10];
        noncentered.toUnconstrained(c, q);
        assertEquals(Math.log(2), q[1], 1e-15);
    }

    @Test
    void stableForExtremeLogTau() {
        double[] q = new double[10];
        q[1] = 300;
        double[] g = new double[10];
        assertTrue(Double.isFinite(noncentered.logDensity(q, g)));
        q[1] = 400; // (tau/5)^2 = e^800 / 25 overflows unless the half-Cauchy term is computed stably
        double lp = centered.logDensity(q, g);
        assertTrue(Double.isFinite(lp), "lp " + lp);
        assertEquals(-2 + 1 - 8, g[1], 1e-9);
    }
}
