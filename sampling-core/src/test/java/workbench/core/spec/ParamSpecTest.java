package workbench.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import workbench.core.kernel.SamplerRegistry;

/** What the window writes in the empty field of an optional setting. */
class ParamSpecTest {
    private static String unset(String sampler, String setting) {
        return SamplerRegistry.get(sampler).params().stream().filter(p -> p.name().equals(setting)).findFirst()
                .orElseThrow().unsetLabel();
    }

    @Test
    void anEmptyOptionalFieldSaysWhatItMeans() {
        assertEquals("auto", unset("mclmc", "L"), "mclmc tunes L");
        assertEquals("none", unset("smile", "L"), "smile has no refresh unless L is set");
        assertEquals("run start", unset("map", "init_scale"));
        assertEquals("sampled", ParamSpec.optionalPositive("sigma", 0, 1,
                "fixed noise sd (unset: sampled, with log sigma ~ N(0, 1))").unsetLabel());
    }

    @Test
    void anOpenIntervalSaysSoAndRefusesItsEnds() {
        ParamSpec p = SamplerRegistry.get("nuts").params().stream().filter(q -> q.name().equals("adapt_delta"))
                .findFirst().orElseThrow();
        assertEquals("in (0, 1)", p.rangeText(), "what samplers and the window say is what is refused");
        assertEquals(0.99, (double) p.parse("nuts", "0.99"));
        for (String bad : new String[] {"1", "1.0", "0", "1.5"}) {
            var e = assertThrows(workbench.core.BadInputException.class, () -> p.parse("nuts", bad));
            assertTrue(e.getMessage().contains("must be in (0, 1)"), e.getMessage());
        }
    }
}
