package workbench.core.model.bnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.PredictiveModel;

class BnnDataTest {
    @TempDir
    Path tmp;

    @Test
    void builtInSetsHaveTheDocumentedSplits() {
        BnnData boston = BnnData.regression("boston", null, "t");
        assertEquals(405, boston.trainSize());
        assertEquals(101, boston.testSize());
        assertEquals(12, boston.inputs());
        double mean = 0;
        for (double v : boston.yTrain) {
            mean += v / boston.trainSize();
        }
        assertEquals(0, mean, 1e-12, "standardized training targets");
        assertTrue(boston.ySd > 5 && boston.ySd < 12, "medv sd in $1000s: " + boston.ySd);
        BnnData pima = BnnData.classification("pima", null, "t");
        assertEquals(426, pima.trainSize());
        assertEquals(106, pima.testSize());
        assertEquals(2, pima.classes);
        assertEquals(20, BnnData.toy1d().trainSize());
        assertEquals(200, BnnData.moons().testSize());
        // fixed seeds: the same split every time
        assertEquals(boston.yTest[0], BnnData.regression("boston", null, "t").yTest[0]);
    }

    @Test
    void aCsvWithThreeClassesGivesThreeSoftmaxOutputs() throws Exception {
        StringBuilder sb = new StringBuilder("a,b,label\n");
        for (int i = 0; i < 30; i++) {
            sb.append(i * 0.1).append(',').append(Math.sin(i)).append(',').append(i % 3).append('\n');
        }
        Path p = tmp.resolve("three.csv");
        Files.writeString(p, sb.toString());
        PredictiveModel m = (PredictiveModel) ModelRegistry.create("bnn-classification",
                Map.of("data", p.toString(), "width", "4"));
        assertEquals(3, m.classes());
        assertEquals(6, m.testSize());
        assertEquals(2 * 4 + 4 + 4 * 3 + 3, m.dim());
        double[] out = new double[m.predictionWidth()];
        ((PredictiveModel) m.forChain()).predict(new double[m.dim()], out);
        assertEquals(1.0 / 3, out[0], 1e-12, "zero weights predict uniform probabilities");
    }

    @Test
    void badDataIsOneLineBadInput() throws Exception {
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-regression", Map.of("data", tmp.resolve("none.csv").toString())));
        assertTrue(e.getMessage().endsWith("no such file"), e.getMessage());
        // a relative path (a session recorded before paths were made absolute, opened from elsewhere) names the
        // directory it was looked for in
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-classification", Map.of("data", "no-such-dir/train.csv")));
        assertEquals("model bnn-classification: cannot read data file 'no-such-dir/train.csv': no such file in "
                + Path.of("").toAbsolutePath() + " (a relative path is read from the current directory)", e.getMessage());
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-regression", Map.of("data", "boston", "target", "price")));
        assertTrue(e.getMessage().contains("no column 'price'"), e.getMessage());
        Path p = tmp.resolve("frac.csv");
        Files.writeString(p, "x,y\n1,0\n2,0.5\n3,1\n4,1\n5,0\n");
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-classification", Map.of("data", p.toString())));
        assertTrue(e.getMessage().contains("class label"), e.getMessage());
        // labels 1 and 2 (R's factor codes): not a 3-class problem whose class 0 has no row
        Path oneTwo = tmp.resolve("one-two.csv");
        Files.writeString(oneTwo, "x,y\n1,1\n2,2\n3,1\n4,2\n5,1\n6,2\n");
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-classification", Map.of("data", oneTwo.toString())));
        assertTrue(e.getMessage().contains("class label 0 of 0..2 never occurs") && e.getMessage().contains("subtract 1"),
                e.getMessage());
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-regression", Map.of("width", "0")));
        assertTrue(e.getMessage().contains("'width'"), e.getMessage());
    }

    /**
     * A column of values near 1e307: its plain sum (and sum of squares) overflows, so it used to standardize to NaN and
     * every start point had a non-finite log density ("no start point … give one with --init", which cannot help).
     * Standardized on the scale of its largest value, it has mean 0 and sd 1 on the training rows, and the raw value is
     * still mean + scale * (the model's value).
     */
    @Test
    void aColumnOfHugeValuesIsStandardizedToFiniteValues() throws Exception {
        Path p = tmp.resolve("bigpos.csv");
        Random r = new Random(3);
        StringBuilder sb = new StringBuilder("a,b,y\n");
        StringBuilder labels = new StringBuilder("a,b,label\n");
        for (int i = 0; i < 60; i++) {
            double a = 1e307 * (1 + 0.1 * r.nextDouble());
            double b = r.nextGaussian();
            sb.append(String.format(Locale.ROOT, "%.6e,%.4f,%.4f%n", a, b, r.nextGaussian()));
            labels.append(String.format(Locale.ROOT, "%.6e,%.4f,%d%n", a, b, i % 2));
        }
        Files.writeString(p, sb.toString());
        // a as a predictor of a regression (target b) and of a classification, and as the regression's target
        BnnData xReg = BnnData.regression(p.toString(), "b", "t");
        assertStandardized(xReg.xTrain, xReg.p, 0, xReg.trainSize(), "regression input a");
        assertFinite(xReg.xTest, "regression test inputs");
        assertTrue(Double.isFinite(xReg.xMean[0]) && Double.isFinite(xReg.xScale[0]) && xReg.xScale[0] > 0,
                xReg.xMean[0] + " " + xReg.xScale[0]);
        double raw = xReg.xMean[0] + xReg.xScale[0] * xReg.xTrain[0];
        assertTrue(raw > 1e307 && raw < 1.1e307, "back to the data's units: " + raw);
        BnnData yReg = BnnData.regression(p.toString(), "a", "t");
        assertStandardized(yReg.yTrain, 1, 0, yReg.trainSize(), "regression target a");
        assertTrue(Double.isFinite(yReg.yMean) && Double.isFinite(yReg.ySd) && yReg.ySd > 0, yReg.yMean + " " + yReg.ySd);
        Path c = tmp.resolve("bigpos-class.csv");
        Files.writeString(c, labels.toString());
        BnnData cls = BnnData.classification(c.toString(), "label", "t");
        assertStandardized(cls.xTrain, cls.p, 0, cls.trainSize(), "classification input a");
        // the model built on it has a finite log density and gradient where a chain starts
        for (String[] model : new String[][] {{"bnn-regression", p.toString(), "b"}, {"bnn-regression", p.toString(), "a"},
                {"bnn-classification", c.toString(), "label"}}) {
            Model m = ModelRegistry.create(model[0], Map.of("data", model[1], "target", model[2]));
            double[] q = new double[m.dim()];
            Random s = new Random(1);
            for (int i = 0; i < q.length; i++) {
                q[i] = 0.3 * s.nextGaussian();
            }
            double[] g = new double[m.dim()];
            double lp = m.logDensity(q, g);
            assertTrue(Double.isFinite(lp), String.join(" ", model) + ": log density " + lp);
            assertFinite(g, String.join(" ", model) + ": gradient");
        }
    }

    /**
     * Values so spread that their sd itself is beyond the largest double (±1.79e308) cannot be given back in the data's
     * units from a finite scale: refused, naming the file and the column, rather than run on infinite numbers.
     */
    @Test
    void aColumnTooSpreadToStandardizeIsRefusedByName() throws Exception {
        Path p = tmp.resolve("spread.csv");
        Files.writeString(p, "a,y\n1.79e308,1\n-1.79e308,2\n1.79e308,3\n-1.79e308,4\n1.79e308,5\n-1.79e308,6\n");
        BadInputException e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-regression", Map.of("data", p.toString(), "target", "y")));
        assertTrue(e.getMessage().startsWith("data " + p + ", column 'a': ") && e.getMessage().contains("rescale"),
                e.getMessage());
        e = assertThrows(BadInputException.class,
                () -> ModelRegistry.create("bnn-regression", Map.of("data", p.toString(), "target", "a")));
        assertTrue(e.getMessage().startsWith("data " + p + ", column 'a': ") && e.getMessage().contains("rescale"),
                e.getMessage());
    }

    private static void assertStandardized(double[] v, int p, int k, int rows, String what) {
        double mean = 0;
        for (int i = 0; i < rows; i++) {
            mean += v[i * p + k] / rows;
        }
        double ss = 0;
        for (int i = 0; i < rows; i++) {
            ss += (v[i * p + k] - mean) * (v[i * p + k] - mean);
        }
        assertEquals(0, mean, 1e-9, what + ": mean");
        assertEquals(1, Math.sqrt(ss / (rows - 1)), 1e-9, what + ": sd");
    }

    private static void assertFinite(double[] v, String what) {
        for (double x : v) {
            assertTrue(Double.isFinite(x), what + ": " + java.util.Arrays.toString(v));
        }
    }
}
