package workbench.core.model;

import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.Pointer;
import org.nd4j.linalg.api.buffer.DataType;
import org.nd4j.linalg.api.concurrency.AffinityManager;
import org.nd4j.linalg.api.ndarray.INDArray;
import org.nd4j.linalg.factory.Nd4j;

/**
 * Copies between Java arrays and standalone float64 ND4J arrays through their host pointers, without
 * allocating, and keeps ND4J's host/device bookkeeping right (no-ops on the CPU backend; on a GPU the
 * device copy is refreshed before the next op reads it).
 */
public final class Nd4jHost {
    private Nd4jHost() {
    }

    /** A new standalone float64 array of this shape in C (row-major) order, zero-filled. */
    public static INDArray zeros(long... shape) {
        workbench.core.model.bnn.Nd4jSetup.init();
        return Nd4j.create(DataType.DOUBLE, shape, 'c');
    }

    /** The host pointer of a standalone array (no view, offset 0). */
    public static DoublePointer pointer(INDArray a) {
        if (a.offset() != 0 || a.isView() || a.dataType() != DataType.DOUBLE) {
            throw new IllegalStateException("expected a standalone float64 array");
        }
        Pointer p = a.data().pointer();
        return p instanceof DoublePointer d ? d : new DoublePointer(p);
    }

    /** Writes {@code src[0..n)} into the first n elements (buffer order) of {@code a}. */
    public static void put(INDArray a, double[] src, int n) {
        pointer(a).position(0).put(src, 0, n);
        Nd4j.getAffinityManager().tagLocation(a, AffinityManager.Location.HOST);
    }

    /** Reads the first n elements (buffer order) of {@code a} into {@code dst[0..n)}. */
    public static void get(INDArray a, double[] dst, int n) {
        Nd4j.getAffinityManager().ensureLocation(a, AffinityManager.Location.HOST);
        pointer(a).position(0).get(dst, 0, n);
    }
}
