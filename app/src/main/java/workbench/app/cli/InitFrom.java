package workbench.app.cli;

import java.nio.file.Path;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.sessions.SessionReader;

/**
 * {@code run --init-from DIR}: per-chain start points from the last draws of another session's chains,
 * e.g. the members of a {@code deep-ensemble} run, so that sampling chains start where optimization ended.
 */
final class InitFrom {
    private InitFrom() {
    }

    /**
     * {@code chains} x d initial values on the constrained scale: chain k at the last stored draw of chain
     * k mod K of the session in {@code dir}, whose first d columns must be the model's parameters by name.
     */
    static double[] read(Path dir, Model model, int chains) {
        int d = model.dim();
        List<String> names = model.parameterNames();
        try (SessionReader r = SessionReader.open(dir)) {
            List<String> cols = r.names();
            if (cols.size() < d || !cols.subList(0, d).equals(names)) {
                throw new BadInputException("--init-from " + dir + ": its draws are not of this model's " + d
                        + " parameters (" + r.manifest().modelId() + ", columns " + cols.size() + ")");
            }
            // a damaged chain keeps its draws before the damage, and its last intact draw is not where it ended:
            // chains were started there without a word (and an emptied chain's turn went to another chain)
            for (int c = 0; c < r.chains(); c++) {
                if (r.chainError(c) != null) {
                    throw new BadInputException("--init-from " + dir + ": " + r.chainError(c).getMessage()
                            + "; its chains would start where the damage cut them, not where they ended: start from a"
                            + " session whose draws are intact");
                }
            }
            String cut = r.cutAfterFinishing();
            if (cut != null) {
                throw new BadInputException("--init-from " + dir + ": " + cut);
            }
            int k = 0;
            int[] from = new int[r.chains()];
            for (int c = 0; c < r.chains(); c++) {
                if (r.size(c) > r.first(c)) {
                    from[k++] = c;
                }
            }
            if (k == 0) {
                throw new BadInputException("--init-from " + dir + ": the session has no draws");
            }
            if ((long) chains * d > Integer.MAX_VALUE - 8) {
                // the start values are one array: 1024 chains of a 2 million-parameter net overflowed its size
                throw new BadInputException("--init-from " + dir + ": " + chains + " chains x " + d + " parameters are"
                        + " more start values than one array holds (" + (Integer.MAX_VALUE - 8) + "); ask for fewer"
                        + " chains");
            }
            double[] init = new double[chains * d];
            for (int c = 0; c < chains; c++) {
                int src = from[c % k];
                long last = r.size(src) - 1;
                for (int i = 0; i < d; i++) {
                    init[c * d + i] = r.value(src, last, i);
                }
            }
            return init;
        }
    }
}
