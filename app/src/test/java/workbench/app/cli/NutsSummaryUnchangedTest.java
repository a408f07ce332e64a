package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/**
 * Leaving cSGLD's exploration steps out of the summaries changes nothing for the other samplers: a NUTS session's
 * {@code summary}, text and JSON, is byte for byte what the build before that change printed (the resources were
 * written by it for this very run; only the wall-clock times, which differ from run to run, are left out), and its
 * posterior view is the session itself. (Since then the JSON has gained, on purpose, {@code sampling_by_chain} under
 * {@code divergences}: the resource has that one line added by hand.)
 */
class NutsSummaryUnchangedTest {

    @TempDir
    Path tmp;

    private static String resource(String name) throws Exception {
        try (InputStream in = NutsSummaryUnchangedTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String withoutTimes(String s) {
        return s.lines().filter(l -> !l.startsWith("time: ") && !l.contains("_seconds\" :"))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    @Test
    void nutsSummaryIsByteIdenticalToBefore() throws Exception {
        Path dir = tmp.resolve("nuts");
        CliHarness r = CliHarness.run("run", "--no-progress", "--model", "gaussian", "--set", "dim=2", "--sampler",
                "nuts", "--chains", "2", "--warmup", "100", "--draws", "200", "--seed", "4", "--out", dir.toString());
        assertEquals(0, r.code, r.err);
        CliHarness text = CliHarness.run("summary", dir.toString());
        assertEquals(0, text.code, text.err);
        assertEquals(resource("nuts-summary-before.txt"), withoutTimes(text.out));
        CliHarness json = CliHarness.run("summary", "--json", dir.toString());
        assertEquals(0, json.code, json.err);
        assertEquals(resource("nuts-summary-before.json"), withoutTimes(json.out));
        try (SessionReader reader = SessionReader.open(dir)) {
            assertSame(reader, reader.posterior());
        }
    }
}
