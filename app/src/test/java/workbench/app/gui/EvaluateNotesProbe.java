package workbench.app.gui;

import java.nio.file.Path;
import java.util.List;

/** The Evaluate window's note lines for one session, for tests outside this package. */
public final class EvaluateNotesProbe {
    private EvaluateNotesProbe() {
    }

    public static List<String> notes(Path dir) {
        return EvaluateViewModel.notes(List.of(EvaluateViewModel.compute(dir)));
    }
}
