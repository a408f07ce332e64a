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
    /** The count {@link #init} applied (0: ND4J's own default); meaningful once {@link #done}. */
    private static volatile int applied;

    private Nd4jSetup() {
    }

    /**
     * ND4J's native threads per op in this process: the count set up, or before that the one {@link #init} will set
     * (the property, default 1, at most {@link #MAX_THREADS}; 0, or less given, leaves ND4J's own default, all cores).
     * A network's draws on the ND4J engine depend on it in their last digits (a sum split over threads adds in another
     * order), so a session records it and a re-run uses the recorded count. Reading it does not load ND4J.
     */
    public static int threads() {
        return done ? applied : fromProperty();
    }

    /** Most native threads per op taken from the property (a larger value is taken as this many). */
    public static final int MAX_THREADS = 1024;

    /** The property's count: 0 for ND4J's own default (0 or less given), at most {@link #MAX_THREADS}. */
    private static int fromProperty() {
        int t = Integer.getInteger(THREADS_PROPERTY, 1);
        return t <= 0 ? 0 : Math.min(t, MAX_THREADS);
    }

    /**
     * Makes {@link #init} set {@code n} native threads per op, as a re-run of a session that recorded {@code n} must;
     * false (and nothing changes) when ND4J is already set up in this process with another count.
     */
    public static synchronized boolean useThreads(int n) {
        if (n < 0 || n > MAX_THREADS) {
            throw new IllegalArgumentException("ND4J threads " + n + " not within 0.." + MAX_THREADS);
        }
        if (done) {
            return applied == n;
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
            int threads = fromProperty();
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
