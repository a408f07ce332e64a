package workbench.core.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A run's settings keep the order they were given in: the manifest and evaluate's header list them in that order.
 * Before, RunConfig copied them with Map.copyOf, whose iteration order is salted per JVM, so the same session's
 * settings came out in a different order from one command to the next.
 */
class RunConfigOrderTest {

    @Test
    void settingsKeepTheirOrderAndStayUnmodifiable() {
        Map<String, String> model = new LinkedHashMap<>();
        Map<String, String> sampler = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String k = "k" + (char) ('z' - i) + i;
            keys.add(k);
            model.put(k, Integer.toString(i));
            sampler.put(k, Integer.toString(2 * i));
        }
        RunConfig c = new RunConfig("m", model, "s", sampler, 1, 1, 1, 1, 1, null);
        assertEquals(keys, new ArrayList<>(c.modelSettings().keySet()));
        assertEquals(keys, new ArrayList<>(c.samplerSettings().keySet()));
        assertEquals(model, c.modelSettings());
        model.put("later", "x");
        assertEquals(12, c.modelSettings().size(), "a copy, not a view");
        assertThrows(UnsupportedOperationException.class, () -> c.modelSettings().put("a", "b"));
        Map<String, String> withNull = new LinkedHashMap<>();
        withNull.put("a", null);
        assertThrows(NullPointerException.class, () -> new RunConfig("m", withNull, "s", Map.of(), 1, 1, 1, 1, 1, null));
    }
}
