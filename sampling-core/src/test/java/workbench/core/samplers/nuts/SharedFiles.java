package workbench.core.samplers.nuts;

import java.nio.file.Files;
import java.nio.file.Path;

/** Finds files of the read-only shared reference folder by walking up from the working directory. */
final class SharedFiles {
    private SharedFiles() {
    }

    /** The file at {@code relative} inside the nearest "shared" folder above the cwd, or null. */
    static Path find(String relative) {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            Path candidate = dir.resolve("shared").resolve(relative);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
            dir = dir.getParent();
        }
        return null;
    }
}
