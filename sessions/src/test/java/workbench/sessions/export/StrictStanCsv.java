package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a CmdStan CSV file against the rules of cmdstanpy's strict reader as listed in
 * shared/docs/formats.md: required config keys; header with divergent__ and treedepth__; warmup
 * rows only when saved, ⌈num_warmup/thin⌉ of them; the adaptation block line by line for the
 * metric named; ⌈num_samples/thin⌉ draw rows of header width whose divergent__ and treedepth__
 * cells are integers; the timing comments.
 */
final class StrictStanCsv {
    private StrictStanCsv() {
    }

    /** Config keys ("key = value" comments before the header, "(Default)" removed; the last wins). */
    static Map<String, String> check(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        int i = 0;
        Map<String, String> cfg = new HashMap<>();
        while (i < lines.size() && lines.get(i).startsWith("#")) {
            String t = lines.get(i).replace("(Default)", "").replaceFirst("^[#\\s]+", "");
            String[] kv = t.split("=", -1);
            if (kv.length == 2) {
                cfg.put(kv[0].strip(), kv[1].strip());
            }
            i++;
        }
        for (String key : List.of("metric", "max_depth", "save_warmup", "thin", "num_samples", "num_warmup")) {
            assertTrue(cfg.containsKey(key), file + ": config key " + key + " missing");
        }
        long thin = Long.parseLong(cfg.get("thin"));
        long samples = Long.parseLong(cfg.get("num_samples"));
        long warmup = Long.parseLong(cfg.get("num_warmup"));
        boolean saveWarmup = Long.parseLong(cfg.get("save_warmup")) == 1;
        Long.parseLong(cfg.get("max_depth"));
        List<String> header = List.of(lines.get(i++).split(","));
        int div = header.indexOf("divergent__");
        int depth = header.indexOf("treedepth__");
        assertTrue(div >= 0 && depth >= 0, "divergent__ and treedepth__ in the header");
        int warmRows = 0;
        while (!lines.get(i).startsWith("#")) {
            warmRows++;
            i++;
        }
        assertEquals(saveWarmup ? (warmup + thin - 1) / thin : 0, warmRows, file + ": warmup rows");
        assertEquals("# Adaptation terminated", lines.get(i++));
        String step = lines.get(i++);
        assertTrue(step.startsWith("# Step size = "), step);
        Double.parseDouble(step.substring("# Step size = ".length()).replace("nan", "NaN"));
        switch (cfg.get("metric")) {
            case "diag_e" -> {
                assertEquals("# Diagonal elements of inverse mass matrix:", lines.get(i++));
                for (String v : lines.get(i++).replaceFirst("^[#\\s]+", "").split(",")) {
                    Double.parseDouble(v.strip());
                }
            }
            case "dense_e" -> {
                assertEquals("# Elements of inverse mass matrix:", lines.get(i++));
                int k = lines.get(i).split(",").length;
                for (int r = 0; r < k; r++) {
                    assertEquals(k, lines.get(i++).split(",").length);
                }
            }
            case "unit_e" -> assertEquals("# No free parameters for unit metric", lines.get(i++));
            default -> throw new AssertionError("metric " + cfg.get("metric"));
        }
        int rows = 0;
        while (i < lines.size() && !lines.get(i).isEmpty() && !lines.get(i).startsWith("#")) {
            String[] cells = lines.get(i++).split(",", -1);
            assertEquals(header.size(), cells.length, file + ": row width");
            Long.parseLong(cells[div]);
            Long.parseLong(cells[depth]);
            rows++;
        }
        assertEquals((samples + thin - 1) / thin, rows, file + ": draw rows");
        assertTrue(lines.subList(i, lines.size()).stream().anyMatch(l -> l.startsWith("#  Elapsed Time: ")),
                "timing comments");
        return cfg;
    }
}
