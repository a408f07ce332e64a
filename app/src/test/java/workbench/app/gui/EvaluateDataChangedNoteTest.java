package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Evaluate window's notes say, as {@code workbench evaluate} does, that a session's data file changed since the run. */
class EvaluateDataChangedNoteTest {
    @TempDir
    Path tmp;

    @Test
    void aChangedDataFileIsAmongTheWindowsNotes() throws Exception {
        Path csv = tmp.resolve("train.csv");
        Path s = DataFileSessions.classifierRun(csv, tmp.resolve("s"));
        assertEquals(List.of(), EvaluateViewModel.notes(List.of(EvaluateViewModel.compute(s))));
        Files.writeString(csv, DataFileSessions.rows(31));
        List<String> notes = EvaluateViewModel.notes(List.of(EvaluateViewModel.compute(s)));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("s: data file " + csv + " (setting 'data') changed since the run: recorded "),
                notes.get(0));
        assertTrue(notes.get(0).endsWith("; these metrics use the file as it is now"), notes.get(0));
    }
}
