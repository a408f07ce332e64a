package workbench.sessions;

import java.nio.file.Path;
import workbench.core.BadInputException;

/** Run as a second process by {@link SessionLockTest}: tries to take a session's lock and says what happened. */
public final class SessionLockProbe {
    private SessionLockProbe() {
    }

    public static void main(String[] args) {
        try (SessionLock l = SessionLock.acquire(Path.of(args[0]))) {
            System.out.println("acquired");
        } catch (BadInputException e) {
            System.out.println("refused: " + e.getMessage());
        }
    }
}
