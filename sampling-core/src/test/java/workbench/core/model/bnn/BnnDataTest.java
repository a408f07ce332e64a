package workbench.core.model.bnn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;
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
}
