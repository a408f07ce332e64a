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
    void aFolderNamedLikeACommandDoesNotShadowTheCommand() throws Exception {
        // a session directory called "models" in the working directory: `workbench models` still lists the models
        Path models = Files.createDirectories(Path.of("models").toAbsolutePath());
        try {
            Files.writeString(models.resolve("session.mcmcwb.json"), "{}");
            assertNull(Main.sessionToOpen(new String[] {"models"}));
            assertNull(Main.notASession(new String[] {"models"}));
            assertEquals(models, Main.sessionToOpen(new String[] {models.toString()}));
        } finally {
            Files.deleteIfExists(models.resolve("session.mcmcwb.json"));
            Files.deleteIfExists(models);
        }
    }

    @Test
    void aDirectoryThatIsNotASessionIsOneLineSayingSo() throws Exception {
        Path other = Files.createDirectories(tmp.resolve("runs"));
        assertEquals("error: " + other + " is not a session directory (it holds no session.mcmcwb.json) and not a"
                + " command (see 'workbench --help')", Main.notASession(new String[] {other.toString()}));
        Path session = Files.createDirectories(tmp.resolve("run1"));
        Files.writeString(session.resolve("session.mcmcwb.json"), "{}");
        assertNull(Main.notASession(new String[] {session.toString()}));
        assertNull(Main.notASession(new String[] {"run"}));
        assertNull(Main.notASession(new String[] {tmp.resolve("missing").toString()}));
        assertNull(Main.notASession(new String[] {"summary", other.toString()}));
    }

    @Test
    void hintsNameTheLauncherInUse() {
        String before = System.getProperty("jpackage.app-path");
        Throwable display = new java.lang.reflect.InvocationTargetException(
                new UnsupportedOperationException("Unable to open DISPLAY"));
        try {
            System.clearProperty("jpackage.app-path");
            org.junit.jupiter.api.Assertions.assertTrue(GuiLauncher.cannotOpen(display).endsWith(
                    "(xvfb-run ./workbench)"), GuiLauncher.cannotOpen(display));
            assertEquals("WORKBENCH_JAVA_OPTS=-Xmx4g", workbench.app.cli.Launcher.moreHeap("-Xmx4g"));
            // more than the heap that ran out: twice it, at least 4 GiB (6028 MiB ran out: -Xmx12g, not -Xmx4g)
            assertEquals("-Xmx12g", workbench.app.cli.Launcher.largerHeap(6028L << 20));
            assertEquals("-Xmx4g", workbench.app.cli.Launcher.largerHeap(1L << 30));
            assertEquals("-Xmx5g", workbench.app.cli.Launcher.largerHeap(2L << 30 | 1));
            // the installed launcher: on PATH as `workbench`, and deaf to WORKBENCH_JAVA_OPTS
            System.setProperty("jpackage.app-path", "/opt/workbench/bin/workbench");
            org.junit.jupiter.api.Assertions.assertTrue(GuiLauncher.cannotOpen(display).endsWith(
                    "(xvfb-run workbench)"), GuiLauncher.cannotOpen(display));
            assertEquals("JAVA_TOOL_OPTIONS=-Xmx4g", workbench.app.cli.Launcher.moreHeap("-Xmx4g"));
        } finally {
            if (before == null) {
                System.clearProperty("jpackage.app-path");
            } else {
                System.setProperty("jpackage.app-path", before);
            }
        }
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
