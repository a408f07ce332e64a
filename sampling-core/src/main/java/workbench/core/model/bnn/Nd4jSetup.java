package workbench.core.model.bnn;

import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.factory.Nd4j;

/**
 * One-time ND4J settings for the BNN engines: float64 by default, and one native thread per op
 * (system property {@value #THREADS_PROPERTY}, default 1). Chains already run in parallel on
 * their own threads; letting every op fan out to OpenMP threads as well oversubscribes the cores,
 * and on a busy 2-core machine made each gradient 20 to 50 times slower (docs/bnn-benchmarks.md).
 */
public final class Nd4jSetup {
    /** The system property that sets ND4J's native threads per op. */
    public static final String THREADS_PROPERTY = "workbench.nd4j.threads";
    private static volatile boolean done;
    /** The count {@link #init} applied (0 or less: ND4J's own default); meaningful once {@link #done}. */
    private static volatile int applied;

    private Nd4jSetup() {
    }

    /**
     * ND4J's native threads per op in this process: the count set up, or before that the one {@link #init} will set
     * (the property, default 1; 0 or less leaves ND4J's own default, all cores). A network's draws on the ND4J engine
     * depend on it in their last digits (a sum split over threads adds in another order), so a session records it and a
     * re-run uses the recorded count. Reading it does not load ND4J.
     */
    public static int threads() {
        return done ? applied : Integer.getInteger(THREADS_PROPERTY, 1);
    }

    /**
     * Makes {@link #init} set {@code n} native threads per op, as a re-run of a session that recorded {@code n} must;
     * false (and nothing changes) when ND4J is already set up in this process with another count.
     */
    public static synchronized boolean useThreads(int n) {
        if (done) {
            return applied == n || (applied <= 0 && n <= 0);
        }
        System.setProperty(THREADS_PROPERTY, Integer.toString(n));
        return true;
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
            int threads = Integer.getInteger(THREADS_PROPERTY, 1);
            applied = threads;
            if (threads > 0) {
                Nd4j.getEnvironment().setMaxThreads(threads);
                Nd4j.getEnvironment().setMaxMasterThreads(threads);
                Nd4j.factory().blas().setMaxThreads(threads);
            }
            done = true;
        }
    }
}
