package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opening a session whose data file was edited or removed since the run says so on the status line, as a warning
 * ({@code workbench summary} notes it too): the draws shown are the stored ones, but the views that read the data
 * again read it as it is now, and {@code resume} refuses.
 */
class OpenViewModelDataChangedTest {
    @TempDir
    Path tmp;

    @Test
    void aChangedOrMissingDataFileIsOnTheStatusLine() throws Exception {
        Path csv = tmp.resolve("train.csv");
        Path s = DataFileSessions.classifierRun(csv, tmp.resolve("s"));

        OpenViewModel.Result same = new OpenViewModel().openSession(s);
        assertFalse(same.error() || same.damaged(), same.message());
        assertFalse(same.message().contains("data file"), same.message());

        Files.writeString(csv, DataFileSessions.rows(31));
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
