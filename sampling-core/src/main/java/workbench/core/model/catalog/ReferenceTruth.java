package workbench.core.model.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import workbench.core.model.Truth;

/**
 * Truth from a long reference run, shipped as a class-path CSV {@code variable,mean,sd,mcse_mean,mcse_sd}
 * (generated from the Stan long-run summaries: 4 chains x 10 000 draws).
 */
final class ReferenceTruth {
    private ReferenceTruth() {
    }

    /** The rows for {@code names}, in that order. A missing row is a packaging error. */
    static Truth load(String resource, List<String> names) {
        Map<String, double[]> rows = new HashMap<>();
        try (InputStream raw = ReferenceTruth.class.getResourceAsStream(resource)) {
            if (raw == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader in = new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8));
            String line = in.readLine(); // header
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                String[] p = line.split(",");
                rows.put(p[0], new double[] {Double.parseDouble(p[1]), Double.parseDouble(p[2]),
                        Double.parseDouble(p[3]), Double.parseDouble(p[4])});
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int n = names.size();
        double[] mean = new double[n];
        double[] sd = new double[n];
        double[] meanMcse = new double[n];
        double[] sdMcse = new double[n];
        for (int i = 0; i < n; i++) {
            double[] r = rows.get(names.get(i));
            if (r == null) {
                throw new IllegalStateException(resource + " has no row for " + names.get(i));
            }
            mean[i] = r[0];
            sd[i] = r[1];
            meanMcse[i] = r[2];
            sdMcse[i] = r[3];
        }
        return new Truth(mean, sd, meanMcse, sdMcse);
    }
}
