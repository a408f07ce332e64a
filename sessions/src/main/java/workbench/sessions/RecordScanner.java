package workbench.sessions;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32;
import workbench.core.BadInputException;

/**
 * Walks an append-only file of checksummed records (draws chunks or divergence records). Each record
 * starts with a 4-byte magic, ends its header with a CRC32 of the header and ends itself with a CRC32
 * of everything before it. A damaged tail (a partial record, a zero-filled tail, or a final record
 * that fails its checksum) is what an interrupted append leaves and is dropped; damage before the
 * final record is corruption and ends the scan with an error. Memory use is bounded by one block.
 */
final class RecordScanner {
    private static final int BLOCK = 1 << 20;

    /** A header that does not fit what comes before it (wrong index, iteration, width). */
    static final class Inconsistent extends Exception {
        Inconsistent(String message) {
            super(message, null, false, false);
        }
    }

    /** What the caller knows about its record type. */
    interface Records {
        /** The record's total length from its header (positioned at 0, CRC already checked). */
        long lengthOf(int index, ByteBuffer header) throws Inconsistent;

        /**
         * The bytes of a record whose checksum is being checked, block by block before the result is known:
         * {@code block} from its position to its limit (read them by index, without moving it), starting {@code at}
         * bytes into the record (a multiple of 8); the record's trailing checksum is not among them. Lets a caller
         * read values in the pass that checks them; nothing by default.
         */
        default void data(ByteBuffer block, long at) {
        }

        /** A record that passed every check. */
        void accept(int index, long offset, ByteBuffer header);
    }

    /**
     * @param records how many records were accepted
     * @param torn    why a damaged tail was dropped, or null
     * @param error   corruption before the tail, or null
     */
    record Result(int records, String torn, BadInputException error) {
    }

    private RecordScanner() {
    }

    static Result scan(FileChannel ch, String file, String unit, int magic, int headerLen, Records records,
                       boolean verifyAll) throws IOException {
        long size = ch.size();
        long pos = 0;
        int index = 0;
        ByteBuffer header = ByteBuffer.allocate(headerLen);
        while (pos < size) {
            long remaining = size - pos;
            if (remaining < headerLen) {
                return new Result(index, unit + " " + index + ": only " + remaining + " of at least " + headerLen
                        + " bytes present", null);
            }
            header.clear();
            readFully(ch, header, pos);
            header.flip();
            boolean headerOk = header.getInt(0) == magic
                    && (int) crc(header, 0, headerLen - 4) == header.getInt(headerLen - 4);
            if (!headerOk) {
                if (allZero(ch, pos, size)) {
                    return new Result(index, unit + " " + index + ": zero-filled tail of " + remaining + " bytes", null);
                }
                String why = header.getInt(0) != magic ? "bad magic number" : "its header fails its checksum";
                return new Result(index, null, corrupt(file, unit, index, pos, why));
            }
            long length;
            try {
                length = records.lengthOf(index, header);
            } catch (Inconsistent e) {
                return new Result(index, null, corrupt(file, unit, index, pos, e.getMessage()));
            }
            if (length > remaining) {
                return new Result(index, unit + " " + index + ": only " + remaining + " of " + length
                        + " bytes present", null);
            }
            boolean last = length == remaining;
            if (last || verifyAll) {
                if (!checksumOk(ch, pos, length, records)) {
                    if (last) {
                        return new Result(index, unit + " " + index + " fails its checksum", null);
                    }
                    return new Result(index, null, corrupt(file, unit, index, pos, "its data fails its checksum"));
                }
            }
            records.accept(index, pos, header);
            pos += length;
            index++;
        }
        return new Result(index, null, null);
    }

    static BadInputException corrupt(String file, String unit, int index, long offset, String why) {
        return new BadInputException(file + ": " + unit + " " + index + " (byte offset " + offset + ") is corrupt: " + why);
    }

    /** Whether the CRC32 stored in the last 4 bytes of [pos, pos+length) matches the bytes before it. */
    static boolean checksumOk(FileChannel ch, long pos, long length) throws IOException {
        return checksumOk(ch, pos, length, null);
    }

    /** As {@link #checksumOk(FileChannel, long, long)}, showing each block read to {@code data} (if not null). */
    private static boolean checksumOk(FileChannel ch, long pos, long length, Records data) throws IOException {
        CRC32 crc = new CRC32();
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min(BLOCK, length));
        long p = pos;
        long end = pos + length - 4;
        while (p < end) {
            buf.clear();
            buf.limit((int) Math.min(buf.capacity(), end - p));
            readFully(ch, buf, p);
            buf.flip();
            if (data != null) {
                data.data(buf, p - pos);
            }
            p += buf.remaining();
            crc.update(buf);
        }
        ByteBuffer tail = ByteBuffer.allocate(4);
        readFully(ch, tail, end);
        return (int) crc.getValue() == tail.getInt(0);
    }

    static long crc(ByteBuffer b, int from, int to) {
        CRC32 crc = new CRC32();
        crc.update(b.array(), b.arrayOffset() + from, to - from);
        return crc.getValue();
    }

    private static boolean allZero(FileChannel ch, long pos, long size) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate((int) Math.min(BLOCK, size - pos));
        long p = pos;
        while (p < size) {
            buf.clear();
            buf.limit((int) Math.min(buf.capacity(), size - p));
            readFully(ch, buf, p);
            buf.flip();
            while (buf.hasRemaining()) {
                if (buf.get() != 0) {
                    return false;
                }
            }
            p += buf.limit();
        }
        return true;
    }

    static void readFully(FileChannel ch, ByteBuffer buf, long pos) throws IOException {
        long p = pos;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, p);
            if (n < 0) {
                throw new EOFException("unexpected end of file at byte " + p);
            }
            p += n;
        }
    }

    static void writeFully(FileChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            ch.write(buf);
        }
    }
}
