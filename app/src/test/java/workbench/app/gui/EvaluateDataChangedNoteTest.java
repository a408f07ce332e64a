package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.app.cli.WorkbenchCli;

/** The Evaluate window's notes say, as {@code workbench evaluate} does, that a session's data file changed since the run. */
class EvaluateDataChangedNoteTest {
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
    void aChangedDataFileIsAmongTheWindowsNotes() throws Exception {
        Path csv = tmp.resolve("train.csv");
        Files.writeString(csv, rows(30));
        Path s = tmp.resolve("s");
        java.io.StringWriter err = new java.io.StringWriter();
        int code = WorkbenchCli.execute(new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err),
                "run", "--no-progress", "--no-summary", "--out", s.toString(), "--model", "bnn-classification", "--set",
                "data=" + csv, "--set", "width=3", "--sampler", "sgld", "--chains", "1", "--warmup", "10", "--draws",
                "10", "--seed", "1", "--threads", "1");
        assertEquals(0, code, err.toString());
        assertEquals(List.of(), EvaluateViewModel.notes(List.of(EvaluateViewModel.compute(s))));
        Files.writeString(csv, rows(31));
        List<String> notes = EvaluateViewModel.notes(List.of(EvaluateViewModel.compute(s)));
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("s: data file " + csv + " (setting 'data') changed since the run: recorded "),
                notes.get(0));
        assertTrue(notes.get(0).endsWith("; these metrics use the file as it is now"), notes.get(0));
    }
}
