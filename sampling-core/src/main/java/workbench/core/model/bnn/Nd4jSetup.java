package workbench.core.model.bnn;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One-time ND4J settings for the BNN engines: float64 by default, and one native thread per op
 * (system property {@code workbench.nd4j.threads}, default 1). Chains already run in parallel on
 * their own threads; letting every op fan out to OpenMP threads as well oversubscribes the cores,
 * and on a busy 2-core machine made each gradient 20 to 50 times slower (docs/bnn-benchmarks.md).
 */
public final class Nd4jSetup {
    private static volatile boolean done;

    private Nd4jSetup() {
    }

    /** Applies the settings once; cheap afterwards. The first call loads ND4J (0.3 to 2 s). */
    public static void init() {
        if (done) {
            return;
        }
        synchronized (Nd4jSetup.class) {
            if (done) {
                return;
            }
            Nd4j.setDefaultDataTypes(DataType.DOUBLE, DataType.DOUBLE);
            int threads = Integer.getInteger("workbench.nd4j.threads", 1);
            if (threads > 0) {
                Nd4j.getEnvironment().setMaxThreads(threads);
                Nd4j.getEnvironment().setMaxMasterThreads(threads);
                Nd4j.factory().blas().setMaxThreads(threads);
            }
            done = true;
        }
    }
}
