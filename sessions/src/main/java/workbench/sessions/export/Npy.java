package workbench.sessions.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * NumPy {@code .npy} format 1.0: magic {@code \x93NUMPY}, version 1.0, a little-endian uint16
 * header length, a Python-literal dict header padded with spaces and ended by {@code \n} so the
 * data starts at a multiple of 64 bytes, then the raw little-endian data in C order.
 */
final class Npy {
    private Npy() {
    }

    /** Writes the header for an array of {@code descr} (e.g. {@code <f8}) and {@code shape}. */
    static void header(OutputStream out, String descr, long... shape) throws IOException {
        StringBuilder sh = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            sh.append(i == 0 ? "" : ", ").append(shape[i]);
        }
        if (shape.length == 1) {
            sh.append(',');
        }
        sh.append(')');
        StringBuilder dict = new StringBuilder("{'descr': '").append(descr).append("', 'fortran_order': False, 'shape': ")
                .append(sh).append(", }");
        int total = 10 + dict.length() + 1;
        int pad = (64 - total % 64) % 64;
        dict.append(" ".repeat(pad)).append('\n');
        byte[] h = dict.toString().getBytes(StandardCharsets.US_ASCII);
        if (h.length > 65535) {
            throw new IllegalArgumentException("npy header too long");
        }
        out.write(new byte[] {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (byte) (h.length & 0xff), (byte) (h.length >>> 8)});
        out.write(h);
    }

    /** Writes one little-endian float64. */
    static void f8(OutputStream out, double v) throws IOException {
        long b = Double.doubleToRawLongBits(v);
        for (int k = 0; k < 8; k++) {
            out.write((int) (b >>> (8 * k)));
        }
    }

    /** Writes one little-endian int64. */
    static void i8(OutputStream out, long v) throws IOException {
        for (int k = 0; k < 8; k++) {
            out.write((int) (v >>> (8 * k)));
        }
    }

    /** A whole 1-D array of strings as {@code <U n} (UTF-32LE, zero-padded to the longest). */
    static void strings(OutputStream out, List<String> values) throws IOException {
        int width = 1;
        for (String s : values) {
            width = Math.max(width, s.codePointCount(0, s.length()));
        }
        header(out, "<U" + width, values.size());
        for (String s : values) {
            int[] cps = s.codePoints().toArray();
            for (int i = 0; i < width; i++) {
                int cp = i < cps.length ? cps[i] : 0;
                out.write(cp);
                out.write(cp >>> 8);
                out.write(cp >>> 16);
                out.write(cp >>> 24);
            }
        }
    }
}
