package workbench.sessions.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** Finds a Python 3 that can import numpy, and runs scripts with it. */
final class PythonNumpy {
    private static String found;
    private static boolean searched;

    private PythonNumpy() {
    }

    /** A python executable with numpy, or null when there is none. */
    static synchronized String find() {
        if (searched) {
            return found;
        }
        searched = true;
        Set<String> candidates = new LinkedHashSet<>();
        String env = System.getenv("PYTHON");
        if (env != null && !env.isBlank()) {
            candidates.add(env);
        }
        candidates.add("python3");
        candidates.add("/usr/bin/python3");
        candidates.add("/usr/local/bin/python3");
        candidates.add("python");
        for (String c : candidates) {
            try {
                Process p = new ProcessBuilder(c, "-c", "import numpy").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    found = c;
                    return c;
                }
            } catch (IOException | InterruptedException e) {
                // not this one
            }
        }
        return null;
    }

    /** Runs {@code script} with the arguments; returns its standard output lines, failing on a non-zero exit. */
    static List<String> run(Path dir, String script, String... args) throws IOException, InterruptedException {
        Path file = dir.resolve("check.py");
        Files.writeString(file, script);
        List<String> cmd = new ArrayList<>(List.of(find(), file.toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("python failed (exit " + p.exitValue() + "):\n" + out);
        }
        return out.lines().toList();
    }
}
