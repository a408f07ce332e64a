package workbench.sessions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A data file a run read, as the manifest's {@code data_files} records it: the model setting that named it, its
 * path as recorded, and its size and SHA-256 when the run started.
 *
 * @param setting the model setting naming the file (e.g. {@code data})
 * @param path    the file, as the setting gives it (absolute)
 * @param bytes   its size in bytes
 * @param sha256  its SHA-256, 64 lower-case hex digits
 */
public record DataFingerprint(String setting, String path, long bytes, String sha256) {
    /** Hex digits of the hash a message shows. */
    static final int SHOWN_HEX = 12;

    /** The fingerprint of {@code file} as it is now, recorded under {@code setting}. */
    public static DataFingerprint of(String setting, Path file) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        long bytes = 0;
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                sha.update(buf, 0, n);
                bytes += n;
            }
        }
        return new DataFingerprint(setting, file.toString(), bytes, HexFormat.of().formatHex(sha.digest()));
    }

    /** Whether {@code other} has the same content (size and hash). */
    public boolean sameContent(DataFingerprint other) {
        return bytes == other.bytes && sha256.equalsIgnoreCase(other.sha256);
    }

    /** Size and the start of the hash, as messages show them: {@code 1234 bytes, sha256 0a1b2c3d4e5f…}. */
    public String shortText() {
        return bytes + " bytes, sha256 " + sha256.substring(0, Math.min(SHOWN_HEX, sha256.length())) + "…";
    }
}
