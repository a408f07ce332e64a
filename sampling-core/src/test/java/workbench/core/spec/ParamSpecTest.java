package workbench.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
