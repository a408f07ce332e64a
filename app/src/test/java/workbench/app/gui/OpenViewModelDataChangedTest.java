package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.cli.WorkbenchCli;

/**
 * Opening a session whose data file was edited or removed since the run says so on the status line, as a warning
 * ({@code workbench summary} notes it too): the draws shown are the stored ones, but the views that read the data
 * again read it as it is now, and {@code resume} refuses.
 */
class OpenViewModelDataChangedTest {
    @TempDir
    Path tmp;

    private static String rows(int n) {
        StringBuilder rows = new StringBuilder("a,b,y\n");
        for (int i = 0; i < n; i++) {
            rows.append(i % 7).append(',').append((i * 3) % 5).append(',').append(i % 2).append('\n');
        }
        return rows.toString();
    }

    @Test
    void aChangedOrMissingDataFileIsOnTheStatusLine() throws Exception {
        Path csv = tmp.resolve("train.csv");
        Files.writeString(csv, rows(30));
        Path s = tmp.resolve("s");
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), "run",
                "--no-progress", "--no-summary", "--out", s.toString(), "--model", "bnn-classification", "--set",
                "data=" + csv, "--set", "width=3", "--sampler", "sgld", "--chains", "1", "--warmup", "10", "--draws",
                "10", "--seed", "1", "--threads", "1");
        assertEquals(0, code, err.toString());

        OpenViewModel.Result same = new OpenViewModel().openSession(s);
        assertFalse(same.error() || same.damaged(), same.message());
        assertFalse(same.message().contains("data file"), same.message());

        Files.writeString(csv, rows(31));
        OpenViewModel.Result edited = new OpenViewModel().openSession(s);
        assertFalse(edited.error(), edited.message());
        assertTrue(edited.damaged(), "shown as a warning: " + edited.message());
        assertTrue(edited.message().contains("; data file train.csv changed since the run"), edited.message());

        Files.delete(csv);
        OpenViewModel.Result gone = new OpenViewModel().openSession(s);
        assertFalse(gone.error(), "the stored draws still open: " + gone.message());
        assertTrue(gone.damaged() && gone.message().contains("; data file train.csv is missing now"), gone.message());
    }
}
