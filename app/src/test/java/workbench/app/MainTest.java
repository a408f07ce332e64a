package workbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which arguments open the window on a session and which go to the command line. */
class MainTest {
    @TempDir
    Path tmp;

    @Test
    void aManifestPathOpensTheWindow() {
        String m = tmp.resolve("s").resolve("session.mcmcwb.json").toString();
        assertEquals(Path.of(m), Main.sessionToOpen(new String[] {m}));
        // the file association may pass a manifest under another name
        assertEquals(Path.of("copy.mcmcwb.json"), Main.sessionToOpen(new String[] {"copy.mcmcwb.json"}));
    }

    @Test
    void aSessionDirectoryOpensTheWindowButAnyOtherDirectoryDoesNot() throws Exception {
        Path session = Files.createDirectories(tmp.resolve("run1"));
        Files.writeString(session.resolve("session.mcmcwb.json"), "{}");
        Path other = Files.createDirectories(tmp.resolve("other"));
        assertEquals(session, Main.sessionToOpen(new String[] {session.toString()}));
        assertNull(Main.sessionToOpen(new String[] {other.toString()}));
    }

    @Test
    void subcommandsOptionsAndSeveralArgumentsGoToTheCli() throws Exception {
        Path session = Files.createDirectories(tmp.resolve("run1"));
        Files.writeString(session.resolve("session.mcmcwb.json"), "{}");
        assertNull(Main.sessionToOpen(new String[] {"run"}));
        assertNull(Main.sessionToOpen(new String[] {"--help"}));
        assertNull(Main.sessionToOpen(new String[] {"export", session.toString()}));
        assertNull(Main.sessionToOpen(new String[] {session.toString(), "x.mcmcwb.json"}));
        assertNull(Main.sessionToOpen(new String[] {"draws.csv"}));
        assertNull(Main.sessionToOpen(new String[0]));
        assertNull(Main.sessionToOpen(new String[] {""}));
    }
}
