import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * Copies jars into a folder without their module descriptors, so that jdeps analyses every jar as plain class-path
 * code (with the descriptors it insists on resolving each module's requirements and stops at the first one missing).
 * Run by package.sh as a single-file program: {@code java StripModuleInfo.java OUT_DIR JAR...}.
 */
public final class StripModuleInfo {
    private StripModuleInfo() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: java StripModuleInfo.java OUT_DIR JAR...");
            System.exit(2);
        }
        Path out = Files.createDirectories(Path.of(args[0]));
        for (int i = 1; i < args.length; i++) {
            Path jar = Path.of(args[i]);
            try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar));
                 ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(out.resolve(jar.getFileName())))) {
                for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    String name = e.getName();
                    if (name.equals("module-info.class") || name.endsWith("/module-info.class")) {
                        continue;
                    }
                    zip.putNextEntry(new ZipEntry(name));
                    copy(in, zip);
                    zip.closeEntry();
                }
            }
        }
    }

    private static void copy(InputStream in, OutputStream out) throws IOException {
        in.transferTo(out);
    }
}
