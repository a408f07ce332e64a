package workbench.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** The version, from the build (filtered resource {@code workbench/app/version.properties}). */
public final class Version implements CommandLine.IVersionProvider {

    public static String version() {
        try (InputStream in = Version.class.getResourceAsStream("/workbench/app/version.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"MCMC Workbench " + version(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                        + System.getProperty("os.name") + " " + System.getProperty("os.arch")};
    }
}
