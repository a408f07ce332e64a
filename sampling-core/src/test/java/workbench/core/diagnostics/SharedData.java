package workbench.core.diagnostics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Finds the read-only /shared reference folder and reads its long-CSV draw sets. */
final class SharedData {
    private SharedData() {
    }

    /** Walks up from the working directory to the first folder holding {@code shared/<relative>}. */
    static Path find(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared").resolve(relative);
            if (Files.exists(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("shared/" + relative + " not found above " + Path.of("").toAbsolutePath());
    }

    /** Reads a {@code chain,draw,value} CSV into {@code [chain][draw]}, chains and draws 1-based in the file. */
    static double[][] readLongCsv(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!lines.get(0).trim().equals("chain,draw,value")) {
            throw new IllegalStateException("unexpected header in " + file + ": " + lines.get(0));
        }
        TreeMap<Integer, TreeMap<Integer, Double>> chains = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            chains.computeIfAbsent(Integer.parseInt(f[0].trim()), k -> new TreeMap<>())
                    .put(Integer.parseInt(f[1].trim()), Double.parseDouble(f[2].trim()));
        }
        List<double[]> out = new ArrayList<>();
        for (TreeMap<Integer, Double> chain : chains.values()) {
            double[] d = new double[chain.size()];
            int i = 0;
            for (var e : chain.entrySet()) {
                if (e.getKey() != i + 1) {
                    throw new IllegalStateException("draws not numbered 1..n in " + file);
                }
                d[i++] = e.getValue();
            }
            out.add(d);
        }
        return out.toArray(new double[0][]);
    }
}
