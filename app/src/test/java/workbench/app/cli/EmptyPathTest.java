package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An empty path is refused as one: it is the working directory to Java, so {@code run --out ''} said "--out  is not
 * empty", {@code export --out ''} " already exists" and {@code summary ''} "session.mcmcwb.json: no such file".
 */
class EmptyPathTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "run --model banana --sampler nuts --out ''|option '--out'",
            "summary ''|positional parameter at index 0 (DIR)",
            "export ' ' --format csv --out x.csv|positional parameter at index 0 (DIR)",
            "distill s --method thin --size 5 --out ''|option '--out'",
            "diagnose ''|positional parameter at index 0..* (FILE)"})
    void anEmptyPathIsRefusedAsOne(String command, String what) {
        java.util.List<String> args = new java.util.ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("'([^']*)'|(\\S+)").matcher(command);
        while (m.find()) {
            args.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        CliHarness r = CliHarness.run(args.toArray(String[]::new));
        assertEquals(2, r.code, r.out + r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: Invalid value for " + what + ": an empty path ("), line);
    }
}
