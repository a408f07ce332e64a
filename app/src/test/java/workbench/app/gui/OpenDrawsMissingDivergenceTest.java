package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File ▸ Open draws reads {@code divergent__} as {@code diagnose} does: an {@code NA} there is refused in the status
 * line (naming file, line and value) instead of showing the draw as not divergent, and nothing is shown.
 */
class OpenDrawsMissingDivergenceTest {

    @Test
    void aMissingDivergenceFlagIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path csv = Files.writeString(dir.resolve("merged.csv"),
                "chain,draw,x,divergent__\n1,1,0.1,0\n1,2,0.3,1\n1,3,-0.2,NA\n1,4,0.0,0\n");
        OpenViewModel vm = new OpenViewModel();
        OpenViewModel.Result r = vm.openDraws(List.of(csv));
        assertTrue(r.error(), r.message());
        assertFalse(r.message().contains("\n"), r.message());
        assertTrue(r.message().contains("merged.csv, line 4: column 'divergent__' has 'NA', a missing value"),
                r.message());
        assertNull(vm.shown());

        Files.writeString(csv, "chain,draw,x,divergent__\n1,1,0.1,0\n1,2,0.3,1\n1,3,-0.2,0\n1,4,0.0,0\n");
        OpenViewModel.Result ok = vm.openDraws(List.of(csv));
        assertFalse(ok.error(), ok.message());
        assertEquals(4, ok.shown().buffer().size(0));
    }
}
