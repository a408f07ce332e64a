package workbench.sessions;

import java.nio.file.Path;

/** Writes a {@link SyntheticRun} session for tests in other packages. */
public final class SyntheticSession {
    private final SyntheticRun run;

    public SyntheticSession(int chains, int warmup, int draws, int outputs) {
        run = new SyntheticRun(chains, warmup, draws, outputs);
    }

    /** Writes the whole run to {@code dir} with default options. */
    public void write(Path dir) throws InterruptedException {
        run.write(dir, SessionWriter.Options.defaults());
    }

    /** The value written for output {@code j} at {@code iteration} of 0-based {@code chain}. */
    public double value(int chain, long iteration, int j) {
        return run.value(chain, iteration, j);
    }
}
