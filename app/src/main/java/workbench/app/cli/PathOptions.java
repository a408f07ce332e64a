package workbench.app.cli;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Path options and parameters refuse an empty or blank path: {@code Path.of("")} is the working directory, so
 * {@code --out ''} read as "--out  is not empty" or " already exists" (the working directory), and {@code summary ''}
 * as "session.mcmcwb.json: no such file".
 */
final class PathOptions {
    private PathOptions() {
    }

    static void register(CommandLine cl) {
        cl.registerConverter(Path.class, s -> {
            if (s.isBlank()) {
                throw new CommandLine.TypeConversionException("an empty path ('" + s + "'): give a file or folder");
            }
            try {
                return Path.of(s);
            } catch (InvalidPathException e) {
                throw new CommandLine.TypeConversionException("'" + WorkbenchCli.oneLine(s) + "' is not a path: "
                        + e.getReason());
            }
        });
    }
}
