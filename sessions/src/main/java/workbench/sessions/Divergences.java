package workbench.sessions;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Byte layout of one divergence record (big-endian; see FORMAT.md): magic "WBDV", record index,
 * iteration, dimension, flags (bit 0: momentum present, bit 1: trajectory present), trajectory rows,
 * energy error, CRC32 of those 36 bytes, then position, momentum, trajectory as float64, then a CRC32
 * of everything before it.
 */
final class Divergences {
    static final int MAGIC = 0x57424456; // "WBDV"
    static final int HEADER = 40;
    static final int HAS_MOMENTUM = 1;
    static final int HAS_TRAJECTORY = 2;
    /** The largest dimension a record is read with, or the session's parameter count where that is larger. */
    static final int MAX_DIM = 1 << 20;
    static final int MAX_TRAJECTORY = 1 << 16;

    private Divergences() {
    }

    /**
     * The trajectory values (rows × dimension) of a record with trajectory {@code trajectory} that a chain whose
     * records hold {@code stored} of them already may keep within {@code budget} (null: no bound, as in sessions written
     * before the bound): its own count where it fits, -1 where it is stored without it, 0 where it has none. The
     * writer, the verifier of a re-run and resume apply this one rule, in each chain's order of records.
     */
    static long keptTrajectoryValues(long stored, double[][] trajectory, Long budget) {
        if (trajectory == null) {
            return 0;
        }
        long values = trajectory.length == 0 ? 0 : (long) trajectory.length * trajectory[0].length;
        return budget == null || stored + values <= budget ? values : -1;
    }

    static long length(int dim, int flags, int rows) {
        long values = dim + ((flags & HAS_MOMENTUM) != 0 ? dim : 0) + (long) rows * dim;
        return HEADER + 8 * values + 4;
    }

    /** Encodes one record into a new buffer, ready to write. */
    static ByteBuffer encode(int index, long iteration, double[] position, double[] momentum, double energyError,
                             double[][] trajectory) {
        int dim = position.length;
        if (momentum != null && momentum.length != dim) {
            throw new IllegalArgumentException("divergence momentum has " + momentum.length + " values, position " + dim);
        }
        int rows = trajectory == null ? 0 : trajectory.length;
        for (int r = 0; r < rows; r++) {
            if (trajectory[r].length != dim) {
                throw new IllegalArgumentException("divergence trajectory row " + r + " has " + trajectory[r].length
                        + " values, position " + dim);
            }
        }
        int flags = (momentum != null ? HAS_MOMENTUM : 0) | (trajectory != null ? HAS_TRAJECTORY : 0);
        ByteBuffer out = ByteBuffer.allocate((int) length(dim, flags, rows));
        out.putInt(MAGIC).putInt(index).putLong(iteration).putInt(dim).putInt(flags).putInt(rows)
                .putDouble(energyError);
        out.putInt((int) RecordScanner.crc(out, 0, 36));
        for (double v : position) {
            out.putDouble(v);
        }
        if (momentum != null) {
            for (double v : momentum) {
                out.putDouble(v);
            }
        }
        for (int r = 0; r < rows; r++) {
            for (double v : trajectory[r]) {
                out.putDouble(v);
            }
        }
        CRC32 crc = new CRC32();
        crc.update(out.array(), 0, out.position());
        out.putInt((int) crc.getValue());
        out.flip();
        return out;
    }

    /** Decodes a whole record (checksums already verified). */
    static DivergenceRecord decode(int chain, ByteBuffer b) {
        long iteration = b.getLong(8);
        int dim = b.getInt(16);
        int flags = b.getInt(20);
        int rows = b.getInt(24);
        double energyError = b.getDouble(28);
        b.position(HEADER);
        double[] position = new double[dim];
        for (int i = 0; i < dim; i++) {
            position[i] = b.getDouble();
        }
        double[] momentum = null;
        if ((flags & HAS_MOMENTUM) != 0) {
            momentum = new double[dim];
            for (int i = 0; i < dim; i++) {
                momentum[i] = b.getDouble();
            }
        }
        double[][] trajectory = null;
        if ((flags & HAS_TRAJECTORY) != 0) {
            trajectory = new double[rows][dim];
            for (int r = 0; r < rows; r++) {
                for (int i = 0; i < dim; i++) {
                    trajectory[r][i] = b.getDouble();
                }
            }
        }
        return new DivergenceRecord(chain, iteration, position, momentum, energyError, trajectory);
    }
}
