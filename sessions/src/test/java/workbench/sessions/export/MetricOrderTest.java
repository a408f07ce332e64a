package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The inverse metric in a CmdStan export follows the columns' order: a network's {@code w1[1,1], w1[1,2], b1[1],
 * w1[2,1], w1[2,2], b1[2], sigma} are written {@code w1.1.1, w1.2.1, w1.1.2, w1.2.2, b1.1, b1.2, sigma}, and so is the
 * metric (before, it stayed in the model's order under the reordered columns). A derived output after the parameters
 * does not count.
 */
class MetricOrderTest {
    private static final List<String> NAMES = List.of("w1[1,1]", "w1[1,2]", "b1[1]", "w1[2,1]", "w1[2,2]", "b1[2]",
            "sigma", "derived");

    @Test
    void aDiagonalMetricFollowsTheColumns() {
        double[] metric = {11, 12, 1, 21, 22, 2, 7};
        // the columns: w1[1,1], w1[2,1], w1[1,2], w1[2,2], b1[1], b1[2], sigma
        assertArrayEquals(new double[] {11, 21, 12, 22, 1, 2, 7},
                CmdStanCsvExport.inCmdStanOrder(metric, false, NAMES));
    }

    @Test
    void aDenseMetricIsPermutedOnBothAxes() {
        List<String> names = List.of("a[1,1]", "a[1,2]", "a[2,1]");
        // entry (i, j) = 10 i + j in the model's order
        double[] metric = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                metric[i * 3 + j] = 10 * i + j;
            }
        }
        // CmdStan's order: a[1,1], a[2,1], a[1,2] = model coordinates 0, 2, 1
        assertArrayEquals(new double[] {0, 2, 1, 20, 22, 21, 10, 12, 11},
                CmdStanCsvExport.inCmdStanOrder(metric, true, names));
    }

    @Test
    void oneDimensionalContainersKeepTheirOrder() {
        double[] metric = {1, 2, 3, 4};
        assertArrayEquals(metric, CmdStanCsvExport.inCmdStanOrder(metric, false,
                List.of("mu", "tau", "theta_tilde[1]", "theta_tilde[2]", "theta[1]", "theta[2]")));
    }
}
