package workbench.sessions;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Byte layout of one draws chunk (big-endian; see FORMAT.md): magic "WBDR", chunk index, first
 * iteration, rows, columns, warmup rows, CRC32 of those 28 bytes, rows x columns float64 row-major,
 * CRC32 of everything before it.
 */
final class DrawChunks {
    static final int MAGIC = 0x57424452; // "WBDR"
    static final int HEADER = 32;

    private DrawChunks() {
    }

    static long length(int rows, int cols) {
        return HEADER + 8L * rows * cols + 4;
    }

    /** Encodes a chunk into {@code out} (cleared first), ready to write. */
    static void encode(ByteBuffer out, int index, long first, int rows, int cols, int warmupRows, double[] data) {
        out.clear();
        out.putInt(MAGIC).putInt(index).putLong(first).putInt(rows).putInt(cols).putInt(warmupRows);
        out.putInt((int) RecordScanner.crc(out, 0, 28));
        int n = rows * cols;
        for (int i = 0; i < n; i++) {
            out.putDouble(data[i]);
        }
        CRC32 crc = new CRC32();
        crc.update(out.array(), out.arrayOffset(), out.position());
        out.putInt((int) crc.getValue());
        out.flip();
    }
}
