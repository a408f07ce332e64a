package workbench.core.model;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A model's truth is of its untempered target: a sampler at temperature T != 1 draws from p^(1/T). */
class TruthForSamplerTest {
    private static final Truth T = Truth.analytic(new double[] {0, 0}, new double[] {1, 1});

    @Test
    void aTemperatureOtherThanOneHasNoTruth() {
        assertNull(Truth.forSampler(T, Map.of("step_size", "0.01", "temperature", "0.25")));
        assertNull(Truth.forSampler(T, Map.of("temperature", "2")));
    }

    @Test
    void temperatureOneOrNoneKeepsTheTruth() {
        assertSame(T, Truth.forSampler(T, Map.of("step_size", "0.01", "temperature", "1")));
        assertSame(T, Truth.forSampler(T, Map.of("temperature", "1.0")));
        assertSame(T, Truth.forSampler(T, Map.of("step_size", "0.1")));
        assertSame(T, Truth.forSampler(T, null));
        assertNull(Truth.forSampler(null, Map.of("temperature", "1")));
    }
}
