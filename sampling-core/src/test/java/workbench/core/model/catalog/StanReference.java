package workbench.core.model.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/** Reads the Stan reference files in the shared folder for the tests (a few regexes, no JSON library). */
final class StanReference {
    private StanReference() {
    }

    /** variable -> {mean, sd, mcse_mean, mcse_sd} from a Stan summary JSON. */
    static Map<String, double[]> summary(Path json) throws IOException {
        String text = Files.readString(json);
        Map<String, double[]> out = new LinkedHashMap<>();
        String[] chunks = text.split("\"variable\":");
        for (int c = 1; c < chunks.length; c++) {
            String ch = chunks[c];
            Matcher name = Pattern.compile("\\s*\"([^\"]+)\"").matcher(ch);
            name.lookingAt();
            out.put(name.group(1), new double[] {num(ch, "mean"), num(ch, "sd"), num(ch, "mcse_mean"), num(ch, "mcse_sd")});
        }
        return out;
    }

    private static double num(String chunk, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":\\s*([-+0-9.eE]+)").matcher(chunk);
        if (!m.find()) {
            throw new IllegalStateException("no " + key);
        }
        return Double.parseDouble(m.group(1));
    }

    /** A numeric array field of a small JSON file, e.g. "y": [28, 8, ...]. */
    static double[] array(Path json, String key) throws IOException {
        Matcher m = Pattern.compile("\"" + key + "\":\\s*\\[([^\\]]*)\\]").matcher(Files.readString(json));
        if (!m.find()) {
            throw new IllegalStateException("no " + key);
        }
        return Arrays.stream(m.group(1).split(",")).mapToDouble(s -> Double.parseDouble(s.trim())).toArray();
    }

    /** The header and the first {@code max} rows of a gzipped draws CSV. */
    static List<String[]> draws(Path gz, int max) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null && rows.size() <= max) {
                rows.add(line.split(","));
            }
        }
        return rows;
    }
}
