package workbench.sessions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.model.ModelRegistry;

/**
 * The data files a session's model reads from its settings ({@code logistic}, {@code bnn-*} with
 * {@code data=PATH}): fingerprinted when the run starts, and compared with the files as they are when a command reads
 * them again. A session recorded before fingerprints existed (or of a model that reads no file) has none and is not
 * checked.
 */
public final class DataFiles {
    private DataFiles() {
    }

    /**
     * A recorded data file that is not as it was: {@code now} is its fingerprint today, or null when it is missing
     * (or unreadable).
     */
    public record Change(DataFingerprint recorded, DataFingerprint now) {
        /** Whether the file is gone (or cannot be read). */
        public boolean missing() {
            return now == null;
        }

        /**
         * One line: which file, what the session recorded and what is there now, e.g. {@code data file /d/train.csv
         * (setting 'data') changed since the run: recorded 1234 bytes, sha256 0a1b2c3d4e5f…, now 1240 bytes, sha256
         * 9f8e7d6c5b4a…}.
         */
        public String describe() {
            String file = "data file " + recorded.path() + " (setting '" + recorded.setting() + "')";
            return missing() ? file + " is missing now (the run read " + recorded.shortText() + ")"
                    : file + " changed since the run: recorded " + recorded.shortText() + ", now " + now.shortText();
        }
    }

    /**
     * The fingerprints of the data files model {@code modelId} reads with {@code settings}, in setting order; a file
     * that cannot be read is left out (the model refuses it when it reads it).
     */
    public static List<DataFingerprint> fingerprint(String modelId, Map<String, String> settings) {
        List<DataFingerprint> out = new ArrayList<>();
        for (Map.Entry<String, Path> e : ModelRegistry.dataFiles(modelId, settings).entrySet()) {
            try {
                if (Files.isRegularFile(e.getValue())) {
                    out.add(DataFingerprint.of(e.getKey(), e.getValue()));
                }
            } catch (IOException | SecurityException unreadable) {
                // not recorded: the model's own read of the file says what is wrong with it
            }
        }
        return List.copyOf(out);
    }

    /** The recorded data files of {@code m} that are not as recorded now; empty when none (or none recorded). */
    public static List<Change> changes(SessionManifest m) {
        List<Change> out = new ArrayList<>();
        for (DataFingerprint f : m.dataFiles()) {
            DataFingerprint now;
            try {
                now = DataFingerprint.of(f.setting(), Path.of(f.path()));
            } catch (IOException | InvalidPathException | SecurityException e) {
                now = null;
            }
            if (now == null || !now.sameContent(f)) {
                out.add(new Change(f, now));
            }
        }
        return out;
    }

    /**
     * The notes a command that reads the data again prints after {@code note:}, one per changed file, ending with
     * what that means for it ({@code consequence}, e.g. "these metrics use the file as it is now").
     */
    public static List<String> notes(SessionManifest m, String consequence) {
        List<String> out = new ArrayList<>();
        for (Change c : changes(m)) {
            out.add(c.describe() + "; " + consequence);
        }
        return out;
    }

    /**
     * Refuses to continue session {@code dir} on data other than its draws were made from.
     *
     * @throws BadInputException naming the first changed file, what was recorded and what is there now, and what to do
     */
    public static void refuseChanged(SessionManifest m, Path dir) {
        List<Change> changes = changes(m);
        if (!changes.isEmpty()) {
            Change c = changes.get(0);
            throw new BadInputException("cannot resume " + dir + ": " + c.describe() + (changes.size() > 1
                    ? " (and " + (changes.size() - 1) + " more)" : "") + "; its draws were made from the recorded"
                    + " content: restore the file " + (c.missing() ? "" : "as it was ") + "to resume, or start a new"
                    + " run with 'workbench run' on the data as it is now (the stored draws are left as they are)");
        }
    }
}
