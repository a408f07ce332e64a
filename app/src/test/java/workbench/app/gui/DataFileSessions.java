package workbench.app.gui;

import java.nio.file.Files;
import java.nio.file.Path;

/** A small {@code bnn-classification} session on a data file of the test's own, to edit or remove afterwards. */
final class DataFileSessions {
    private DataFileSessions() {
    }

    /** {@code n} rows of a two-feature, two-class CSV ({@code a,b,y}). */
    static String rows(int n) {
        StringBuilder rows = new StringBuilder("a,b,y\n");
        for (int i = 0; i < n; i++) {
            rows.append(i % 7).append(',').append((i * 3) % 5).append(',').append(i % 2).append('\n');
        }
        return rows.toString();
    }

    /** Writes 30 rows to {@code csv} and runs one short SGLD chain on them into {@code session}. */
    static Path classifierRun(Path csv, Path session) throws Exception {
        Files.writeString(csv, rows(30));
        return TestSessions.run(session, "--model", "bnn-classification", "--set", "data=" + csv, "--set", "width=3",
                "--sampler", "sgld", "--chains", "1", "--warmup", "10", "--draws", "10", "--seed", "1", "--threads", "1");
    }
}
