package workbench.sessions.io;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where one chain of a {@link DrawTable} came from.
 *
 * @param file the file read
 * @param sourceId the chain's id there: CmdStan's {@code id} setting (or the file's position, from 1,
 *     when absent); the {@code chain} column's value in a long CSV
 * @param warmupSkipped warmup rows found in the file and left out
 * @param config CmdStan's {@code key = value} settings from the comments before the header
 *     (first occurrence of each key, {@code (Default)} removed); empty for a long CSV
 * @param stepSize CmdStan's adapted step size, NaN when the file has none
 * @param inverseMetric the diagonal of CmdStan's adapted inverse mass matrix (empty when absent or dense)
 */
public record ChainInfo(Path file, long sourceId, int warmupSkipped, Map<String, String> config,
                        double stepSize, double[] inverseMetric) {

    public ChainInfo {
        config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
        inverseMetric = inverseMetric.clone();
    }

    @Override
    public double[] inverseMetric() {
        return inverseMetric.clone();
    }
}
