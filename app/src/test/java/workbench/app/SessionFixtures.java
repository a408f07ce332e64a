package workbench.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Stored sessions for tests that damage one: a copy to damage, the stored one left as it was for the others. */
public final class SessionFixtures {
    private SessionFixtures() {
    }

    /**
     * Copies every file of the session folder {@code session} (not its subfolders: a session has none) into the new
     * folder {@code to}, created with its parents; returns {@code to}.
     */
    public static Path copy(Path session, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(session)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }
}
