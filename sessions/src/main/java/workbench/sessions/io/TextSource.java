package workbench.sessions.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayInputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import workbench.core.BadInputException;

/**
 * A text file read line by line under {@link ReadLimits}: checks that the file exists, is readable,
 * is not too big, not empty and not binary; decodes strict UTF-8; accepts LF, CRLF and CR line ends;
 * counts lines from 1 and builds one-line error messages that name the file and the line.
 */
final class TextSource implements AutoCloseable {
    private static final int SNIFF_BYTES = 8192;

    private final Path path;
    private final String label;
    private final ReadLimits limits;
    private final InputStream in;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final ByteBuffer bytes = ByteBuffer.allocate(16384).flip();
    private boolean inputDone;
    private boolean badText;
    private final char[] buf = new char[16384];
    private int pos;
    private int len;
    private boolean eof;
    private boolean pendingCr;
    /** The line last returned ended at the end of the file, without a line end. */
    private boolean unterminated;
    private long line;

    private TextSource(Path path, ReadLimits limits, InputStream in) {
        this.path = path;
        this.label = path.toString();
        this.limits = limits;
        this.in = in;
    }

    static TextSource open(Path path, ReadLimits limits) {
        String label = path.toString();
        if (!Files.exists(path)) {
            throw new BadInputException(label + ": file not found");
        }
        if (Files.isDirectory(path)) {
            throw new BadInputException(label + ": is a directory, not a file");
        }
        if (!Files.isRegularFile(path)) {
            throw new BadInputException(label + ": not a regular file");
        }
        if (!Files.isReadable(path)) {
            throw new BadInputException(label + ": cannot read the file (permission denied)");
        }
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            throw new BadInputException(label + ": cannot read the file (" + reason(e) + ")", e);
        }
        if (size == 0) {
            throw new BadInputException(label + ": empty file");
        }
        if (size > limits.maxFileBytes()) {
            throw new BadInputException(label + ": file is too big (" + size + " bytes; at most "
                    + limits.maxFileBytes() + " are read)");
        }
        InputStream in = null;
        try {
            in = Files.newInputStream(path);
            byte[] head = in.readNBytes(SNIFF_BYTES);
            if (head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b) {
                // gzip (a .csv.gz, whatever its name): read through it, the size limit on what it unpacks to
                InputStream packed = new SequenceInputStream(new ByteArrayInputStream(head), in);
                in = new Bounded(new java.util.zip.GZIPInputStream(packed, 65536), label, limits.maxFileBytes());
                head = in.readNBytes(SNIFF_BYTES);
                if (head.length == 0) {
                    throw new BadInputException(label + ": empty file (gzip holding nothing)");
                }
            }
            sniff(label, head);
            InputStream rest = new SequenceInputStream(new ByteArrayInputStream(head), in);
            TextSource src = new TextSource(path, limits, rest);
            src.skipBom();
            return src;
        } catch (AccessDeniedException e) {
            closeQuietly(in);
            throw new BadInputException(label + ": cannot read the file (permission denied)", e);
        } catch (NoSuchFileException e) {
            closeQuietly(in);
            throw new BadInputException(label + ": file not found", e);
        } catch (IOException e) {
            closeQuietly(in);
            throw new BadInputException(label + ": cannot read the file (" + reason(e) + ")", e);
        } catch (RuntimeException e) {
            closeQuietly(in);
            throw e;
        }
    }

    /**
     * What a gzip file unpacks to, refused once it passes the size limit (a small file can unpack to far more
     * than the limit allows).
     */
    private static final class Bounded extends java.io.FilterInputStream {
        private final String label;
        private final long max;
        private long count;

        Bounded(InputStream in, String label, long max) {
            super(in);
            this.label = label;
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                counted(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int k = super.read(b, off, len);
            if (k > 0) {
                counted(k);
            }
            return k;
        }

        private void counted(int k) {
            count += k;
            if (count > max) {
                throw new BadInputException(label + ": file is too big once unpacked (gzip; more than " + max
                        + " bytes; at most " + max + " are read)");
            }
        }
    }

    /** Refuses binary content: NUL bytes or invalid UTF-8 among the first bytes. */
    private static void sniff(String label, byte[] head) {
        if (utf16(head)) {
            // Excel's "Unicode text" and PowerShell's default: NUL bytes between the ASCII ones
            throw new BadInputException(label + ": UTF-16 text, not UTF-8; save it as UTF-8 (e.g. \"CSV UTF-8\") and"
                    + " open it again");
        }
        long lineNo = 1;
        for (byte b : head) {
            if (b == 0) {
                throw new BadInputException(label + ", line " + lineNo + ": binary file (NUL byte), not a CSV text file");
            }
            if (b == '\n') {
                lineNo++;
            }
        }
        CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(head);
        CharBuffer out = CharBuffer.allocate(head.length + 1);
        CoderResult r = d.decode(in, out, false);
        if (r.isError()) {
            long at = 1;
            for (int i = 0; i < in.position(); i++) {
                if (head[i] == '\n') {
                    at++;
                }
            }
            throw new BadInputException(label + ", line " + at + ": binary file (invalid UTF-8), not a CSV text file;"
                    + " if it is text in another encoding (Latin-1, Windows-1252), save it as UTF-8");
        }
        // an incomplete multi-byte character at the end of the sniffed bytes is fine (underflow)
    }

    /** A UTF-16 byte-order mark, or NUL in every other byte of the first ASCII-looking pairs. */
    static boolean utf16(byte[] head) {
        if (head.length >= 2 && ((head[0] == (byte) 0xFF && head[1] == (byte) 0xFE)
                || (head[0] == (byte) 0xFE && head[1] == (byte) 0xFF))) {
            return true;
        }
        int pairs = Math.min(head.length / 2, 64);
        if (pairs < 2) {
            return false;
        }
        int evenNul = 0;
        int oddNul = 0;
        for (int i = 0; i < pairs; i++) {
            byte a = head[2 * i];
            byte b = head[2 * i + 1];
            if (a == 0 && b > 0) {
                evenNul++;
            } else if (b == 0 && a > 0) {
                oddNul++;
            }
        }
        return evenNul == pairs || oddNul == pairs;
    }

    private void skipBom() throws IOException {
        if (fill() && buf[pos] == '\uFEFF') {
            pos++;
        }
    }

    private boolean fill() throws IOException {
        if (pos < len) {
            return true;
        }
        if (eof) {
            return false;
        }
        while (true) {
            if (badText) {
                // every character before the bad bytes has been handed out: the error is on this line
                throw error(line + 1, "invalid UTF-8 text (binary data, or another encoding such as Latin-1: save"
                        + " the file as UTF-8)");
            }
            CharBuffer out = CharBuffer.wrap(buf);
            CoderResult r = decoder.decode(bytes, out, inputDone);
            if (r.isError()) {
                badText = true;
            }
            if (out.position() > 0) {
                pos = 0;
                len = out.position();
                return true;
            }
            if (badText) {
                continue;
            }
            if (inputDone) {
                eof = true;
                return false;
            }
            bytes.compact();
            int k = in.read(bytes.array(), bytes.position(), bytes.remaining());
            if (k < 0) {
                inputDone = true;
            } else {
                bytes.position(bytes.position() + k);
            }
            bytes.flip();
        }
    }

    /** The next line without its line end, or null at the end of the file. */
    String nextLine() {
        try {
            StringBuilder sb = null;
            while (true) {
                if (!fill()) {
                    if (sb == null) {
                        return null;
                    }
                    line++;
                    unterminated = true;
                    return sb.toString();
                }
                if (pendingCr) {
                    pendingCr = false;
                    if (buf[pos] == '\n') {
                        pos++;
                        continue;
                    }
                }
                int start = pos;
                while (pos < len && buf[pos] != '\n' && buf[pos] != '\r') {
                    pos++;
                }
                int chunk = pos - start;
                int have = sb == null ? 0 : sb.length();
                if ((long) have + chunk > limits.maxLineChars()) {
                    throw error(line + 1, "line is too long (more than " + limits.maxLineChars() + " characters)");
                }
                if (pos < len) {
                    char end = buf[pos++];
                    pendingCr = end == '\r';
                    line++;
                    if (sb == null) {
                        return new String(buf, start, chunk);
                    }
                    sb.append(buf, start, chunk);
                    return sb.toString();
                }
                if (sb == null) {
                    sb = new StringBuilder(Math.max(16, chunk * 2));
                }
                sb.append(buf, start, chunk);
            }
        } catch (IOException e) {
            throw new BadInputException(label + ": cannot read the file (" + reason(e) + ")", e);
        }
    }

    /**
     * For a row that does not parse: when it is the file's last line and has no line end, what that means (a file cut
     * short while it was written, as a killed run or a full disk leaves it); otherwise "".
     */
    String cutShort() {
        return unterminated ? "; the file ends inside this row, without a line end: it was cut short while being"
                + " written (a killed run or a full disk?)" : "";
    }

    /** Number of the line last returned by {@link #nextLine()} (1-based; 0 before the first). */
    long lineNumber() {
        return line;
    }

    Path path() {
        return path;
    }

    String label() {
        return label;
    }

    ReadLimits limits() {
        return limits;
    }

    BadInputException error(long lineNo, String problem) {
        return new BadInputException(label + ", line " + lineNo + ": " + problem);
    }

    BadInputException error(String problem) {
        return error(line, problem);
    }

    @Override
    public void close() {
        closeQuietly(in);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // nothing more to do for a file we only read
            }
        }
    }

    private static String reason(IOException e) {
        if (e instanceof java.io.EOFException) {
            // java.util.zip's "Unexpected end of ZLIB input stream": a gzip file cut short
            return "its gzip data ends early: the file was cut short, e.g. by a killed run or a full disk";
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : Csv.clip(m.replace('\n', ' '));
    }
}
