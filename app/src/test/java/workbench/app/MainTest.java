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

    @Test
    void aWindowThatCannotOpenIsOneLineNamingTheCauseAndTheRemedy() {
        // what JavaFX throws on a machine without GTK 3, wrapped as reflection and Application.launch wrap it
        Throwable gtk = new java.lang.reflect.InvocationTargetException(new RuntimeException(
                new UnsupportedOperationException("Unable to load glass GTK library.")));
        String line = GuiLauncher.cannotOpen(gtk);
        org.junit.jupiter.api.Assertions.assertTrue(line.contains("Unable to load glass GTK library")
                && line.contains("apt-get install libgtk-3-0") && !line.contains("\n"), line);
        Throwable display = new java.lang.reflect.InvocationTargetException(
                new UnsupportedOperationException("Unable to open DISPLAY"));
        org.junit.jupiter.api.Assertions.assertTrue(GuiLauncher.cannotOpen(display).contains("xvfb-run"));
        Throwable bare = new java.lang.reflect.InvocationTargetException(new IllegalStateException());
        assertEquals("workbench: cannot open the window: IllegalStateException; the commands work without a window:"
                + " workbench --help", GuiLauncher.cannotOpen(bare));
    }
}
