package workbench.core.model.catalog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.model.DataModel;
import workbench.core.model.ModelRegistry;
import workbench.core.model.Truth;

class LogisticRegressionTest {
    @TempDir
    Path tmp;

    private final LogisticRegression pima = LogisticRegression.pima(1.0);

    @Test
    void pimaShape() {
        assertEquals(532, pima.rows());
        assertEquals(8, pima.dim());
        assertEquals(List.of("alpha", "beta[1]", "beta[2]", "beta[3]", "beta[4]", "beta[5]", "beta[6]", "beta[7]"),
                pima.parameterNames());
        assertEquals(List.of("npreg", "glu", "bp", "skin", "bmi", "ped", "age"), pima.predictors());
        assertTrue(pima instanceof DataModel);
    }

    @Test
    void logDensityEqualsStanLpOnReferenceDraws() throws IOException {
        List<String[]> rows = StanReference.draws(
                ModelChecks.shared().resolve("reference/stan/logistic_pima_draws.csv.gz"), 100);
        assertEquals("alpha", rows.get(0)[2]);
        assertEquals("lp__", rows.get(0)[10]);
        for (String[] row : rows.subList(1, rows.size())) {
            double[] q = new double[8];
            for (int i = 0; i < 8; i++) {
                q[i] = Double.parseDouble(row[2 + i]);
            }
            double stanLp = Double.parseDouble(row[10]);
            assertEquals(stanLp, pima.logDensity(q, new double[8]), 1e-9 * Math.abs(stanLp));
        }
    }

    /** Log likelihood written as sum y log p + (1 - y) log(1 - p) over the shared CSV. */
    private static double directLogLik(List<double[]> data, double[] q) {
        double ll = 0;
        for (double[] r : data) {
            double eta = q[0];
            for (int j = 1; j < 8; j++) {
                eta += q[j] * r[j];
            }
            double p = 1 / (1 + Math.exp(-eta));
            ll += r[0] == 1 ? Math.log(p) : Math.log(1 - p);
        }
        return ll;
    }

    private static List<double[]> sharedPima() throws IOException {
        List<String> lines = Files.readAllLines(ModelChecks.shared().resolve("data/pima_standardized.csv"));
        assertEquals("y,npreg,glu,bp,skin,bmi,ped,age", lines.get(0));
        return lines.subList(1, lines.size()).stream()
                .map(l -> java.util.Arrays.stream(l.split(",")).mapToDouble(Double::parseDouble).toArray()).toList();
    }

    @Test
    void temperedDensityIsPriorPlusBetaTimesLikelihood() throws IOException {
        List<double[]> data = sharedPima();
        DataModel half = pima.withBeta(0.5);
        assertEquals(0.5, half.beta());
        assertEquals(1.0, pima.beta());
        assertNull(half.truth(), "the truth is for beta = 1 only");
        Random r = new Random(5);
        for (int k = 0; k < 5; k++) {
            double[] q = new double[8];
            double prior = 0;
            for (int i = 0; i < 8; i++) {
                q[i] = 0.7 * r.nextGaussian();
                prior += -0.5 * q[i] * q[i];
            }
            double ll = directLogLik(data, q);
            assertEquals(prior + 0.5 * ll, half.logDensity(q, new double[8]), 1e-9);
            assertEquals(prior + ll, pima.logDensity(q, new double[8]), 1e-9);
            assertEquals(ll, pima.logLikelihood(q), 1e-9);
        }
        assertThrows(BadInputException.class, () -> pima.withBeta(0));
        assertThrows(BadInputException.class, () -> pima.withBeta(1.5));
    }

    @Test
    void stableForLargeLinearPredictors() {
        double[] q = {400, 300, 0, 0, 0, 0, 0, 0};
        double[] g = new double[8];
        double lp = pima.logDensity(q, g);
        assertTrue(Double.isFinite(lp), "lp " + lp);
        for (double v : g) {
            assertTrue(Double.isFinite(v));
        }
    }

    @Test
    void truthIsTheLongRunSummary() throws IOException {
        Map<String, double[]> s = StanReference.summary(
                ModelChecks.shared().resolve("reference/stan/logistic_pima_longrun_summary.json"));
        Truth t = pima.truth();
        List<String> names = pima.outputNames();
        for (int i = 0; i < 8; i++) {
            assertArrayEquals(s.get(names.get(i)), new double[] {t.mean()[i], t.sd()[i], t.meanMcse()[i], t.sdMcse()[i]}, 0);
        }
        assertEquals(-0.984202136361844, t.mean()[0], 0);
    }

    @Test
    void userCsvIsStandardizedLikeThePimaData() throws IOException {
        // pima_raw.csv with type Yes/No turned into 0/1 and the row number dropped
        List<String> raw = Files.readAllLines(ModelChecks.shared().resolve("data/pima_raw.csv"));
        assertEquals("row,npreg,glu,bp,skin,bmi,ped,age,type", raw.get(0));
        StringBuilder sb = new StringBuilder("npreg,glu,bp,skin,bmi,ped,age,diabetes\n");
        for (String line : raw.subList(1, raw.size())) {
            String[] p = line.split(",");
            sb.append(String.join(",", java.util.Arrays.copyOfRange(p, 1, 8)))
                    .append(p[8].equals("Yes") ? ",1" : ",0").append('\n');
        }
        Path csv = tmp.resolve("pima.csv");
        Files.writeString(csv, sb.toString());
        LogisticRegression user = (LogisticRegression) ModelRegistry.create("logistic",
                Map.of("data", csv.toString(), "target", "diabetes", "beta", "0.8"));
        assertEquals(pima.parameterNames(), user.parameterNames());
        assertEquals(pima.predictors(), user.predictors());
        assertEquals(0.8, user.beta());
        LogisticRegression pima08 = pima.withBeta(0.8);
        Random r = new Random(9);
        for (int k = 0; k < 4; k++) {
            double[] q = new double[8];
            for (int i = 0; i < 8; i++) {
                q[i] = r.nextGaussian();
            }
            double[] g1 = new double[8];
            double[] g2 = new double[8];
            assertEquals(pima08.logDensity(q, g1), user.logDensity(q, g2), 1e-9);
            assertArrayEquals(g1, g2, 1e-9);
        }
    }

    private String error(String content, String target) throws IOException {
        Path p = tmp.resolve("bad.csv");
        Files.writeString(p, content);
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("logistic", Map.of("data", p.toString(), "target", target)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith("model logistic: "), e.getMessage());
        return e.getMessage();
    }

    @Test
    void brokenCsvFilesGiveOneLineErrors() throws IOException {
        String bad = tmp.resolve("bad.csv").toString();
        assertEquals("model logistic: " + bad + " line 3, column 'x2': not a finite number: 'abc'",
                error("y,x1,x2\n1,2,3\n0,1,abc\n", "y"));
        assertEquals("model logistic: " + bad + " line 2, column 'x1': not a finite number: 'NA'",
                error("y,x1,x2\n1,NA,3\n0,1,2\n", "y"));
        assertEquals("model logistic: " + bad + " has no column 'outcome' (columns: y, x1, x2)",
                error("y,x1,x2\n1,2,3\n0,1,2\n", "outcome"));
        assertEquals("model logistic: " + bad + " line 4, column 'y': the target must be 0 or 1, got 2",
                error("y,x1\n1,2\n0,1\n2,5\n", "y"));
        assertEquals("model logistic: " + bad + " line 3, column 'y': the target must be 0 or 1, got 0.5",
                error("y,x1\n1,2\n0.5,1\n", "y"));
        assertEquals("model logistic: " + bad + " needs at least 2 data rows, found 1",
                error("y,x1\n1,2\n\n", "y"));
        assertEquals("model logistic: " + bad + " line 3: expected 3 cells, found 2",
                error("y,x1,x2\n1,2,3\n0,1\n", "y"));
        assertEquals("model logistic: " + bad + " is empty (expected a header line)", error("", "y"));
        assertEquals("model logistic: " + bad + ", column 'x2' is constant; cannot standardize it (remove the column)",
                error("y,x1,x2\n1,2,3\n0,1,3\n1,5,3\n", "y"));
    }

    @Test
    void unreadableFilesAndMissingSettings() {
        Path missing = tmp.resolve("nope.csv");
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("logistic", Map.of("data", missing.toString(), "target", "y")));
        assertEquals("model logistic: cannot read data file '" + missing + "': no such file", e.getMessage());
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("logistic", Map.of("data", tmp.toString(), "target", "y")));
        assertTrue(e.getMessage().startsWith("model logistic: cannot read data file '" + tmp + "'"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> ModelRegistry.create("logistic", Map.of("target", "y")));
        assertTrue(e.getMessage().contains("'data'"), e.getMessage());
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("logistic", Map.of("data", missing.toString())));
        assertTrue(e.getMessage().contains("'target'"), e.getMessage());
    }

    @Test
    void smallCsvByHand() throws IOException {
        Path p = tmp.resolve("small.csv");
        Files.writeString(p, "x,\"y\"\n1,1\n3,0\n\n5,1\n");
        LogisticRegression m = LogisticRegression.fromCsv(p.toString(), "y", 1.0);
        assertEquals(3, m.rows());
        // x standardized: mean 3, sample sd 2 -> -1, 0, 1
        double a = 0.2;
        double b = -0.7;
        double hand = -0.5 * (a * a + b * b) + logSig(a - b) + logSig(-(a)) + logSig(a + b);
        assertEquals(hand, m.logDensity(new double[] {a, b}, new double[2]), 1e-12);
    }

    /**
     * Predictors near the largest double: the sum of squares (and, for values of one sign, the sum) overflows.
     * Before, the sd came out infinite and the column silently became all 0 (dropped from the model), or, with an
     * infinite mean, it was called "constant".
     */
    @Test
    void hugePredictorsAreStandardizedNotDropped() throws IOException {
        double a = 0.2;
        double b = -0.7;
        // x = 1e308, -1e308, 0: mean 0, sample sd 1e308 -> 1, -1, 0
        Path p = tmp.resolve("huge.csv");
        Files.writeString(p, "x,y\n1e308,1\n-1e308,0\n0,1\n");
        LogisticRegression m = LogisticRegression.fromCsv(p.toString(), "y", 1.0);
        double hand = -0.5 * (a * a + b * b) + logSig(a + b) + logSig(-(a - b)) + logSig(a);
        assertEquals(hand, m.logDensity(new double[] {a, b}, new double[2]), 1e-12);
        // x = 1.5e308, 1.6e308, 1.7e308: the sum overflows too; standardized -1, 0, 1
        Path q = tmp.resolve("huge-one-sign.csv");
        Files.writeString(q, "x,y\n1.5e308,1\n1.6e308,0\n1.7e308,1\n");
        LogisticRegression m2 = LogisticRegression.fromCsv(q.toString(), "y", 1.0);
        double hand2 = -0.5 * (a * a + b * b) + logSig(a - b) + logSig(-a) + logSig(a + b);
        assertEquals(hand2, m2.logDensity(new double[] {a, b}, new double[2]), 1e-9);
        // a huge constant column is still refused as constant
        Path c = tmp.resolve("huge-constant.csv");
        Files.writeString(c, "x,y\n1.7e308,1\n1.7e308,0\n1.7e308,1\n");
        BadInputException e = assertThrows(BadInputException.class,
                () -> LogisticRegression.fromCsv(c.toString(), "y", 1.0));
        assertTrue(e.getMessage().endsWith("column 'x' is constant; cannot standardize it (remove the column)"),
                e.getMessage());
    }

    private static double logSig(double z) {
        return -Math.log1p(Math.exp(-z));
    }
}
