package workbench.sessions.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import workbench.core.BadInputException;

/** Whatever a truth file holds, reading it gives a truth or one clear line naming the file, never another failure. */
class TruthFilePropertyTest {
    private static final String GOOD = "\"variable\",\"mean\",\"sd\",\"mcse_mean\",\"mcse_sd\"\n"
            + "\"mu\",4.38,3.30,0.017,0.017\n\"tau\",3.59,3.18,0.019,0.024\n";

    @Provide
    Arbitrary<String> damaged() {
        Arbitrary<Integer> at = Arbitraries.integers().between(0, GOOD.length() - 1);
        Arbitrary<String> junk = Arbitraries.strings().withChars("\",\n\r-+.eE0123456789NAnai \u00e9\u0000x")
                .ofMaxLength(12);
        Arbitrary<String> replaced = at.flatMap(i -> junk.map(j -> GOOD.substring(0, i) + j
                + GOOD.substring(Math.min(GOOD.length(), i + 1 + j.length() % 3))));
        Arbitrary<String> truncated = at.map(i -> GOOD.substring(0, i));
        return Arbitraries.oneOf(replaced, truncated);
    }

    @Property(tries = 500)
    void aTruthOrOneLineNamingTheFile(@ForAll("damaged") String content) throws Exception {
        Path f = Files.createTempFile("truth", ".csv");
        try {
            Files.writeString(f, content);
            try {
                TruthFile.Read r = TruthFile.read(f, List.of("mu", "tau"));
                assertEquals(2, r.truth().mean().length);
                for (int i = 0; i < 2; i++) {
                    double sd = r.truth().sd()[i];
                    assertTrue(Double.isNaN(sd) || (sd >= 0 && Double.isFinite(sd)), "sd " + sd);
                    assertFalse(Double.isInfinite(r.truth().mean()[i]));
                }
            } catch (BadInputException e) {
                String m = e.getMessage();
                assertTrue(m.startsWith(f.toString()), m);
                assertFalse(m.contains("\n"), m);
            }
        } finally {
            Files.deleteIfExists(f);
        }
    }
}
