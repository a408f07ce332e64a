package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.WriteFaults;

/**
 * An export reaches the disk before it gets its name: the temporary file is forced, then moved into place. Before, it
 * was moved without being forced, so a power cut soon after could leave the named file empty or partly zero.
 */
class OutputFilesDurabilityTest {
    @TempDir
    Path tmp;

    @AfterEach
    void noFaults() {
        OutputFiles.faults = WriteFaults.NONE;
    }

    @Test
    void theContentIsForcedBeforeTheMove() throws IOException {
        List<WriteFaults.Op> ops = new ArrayList<>();
        OutputFiles.faults = (file, op, bytes) -> ops.add(op);
        Path target = tmp.resolve("draws.csv");
        byte[] body = "chain,draw,x\n1,1,0.5\n".getBytes(StandardCharsets.UTF_8);
        OutputFiles.write(target, out -> out.write(body));
        assertEquals(List.of(WriteFaults.Op.CREATE, WriteFaults.Op.FORCE, WriteFaults.Op.RENAME), ops);
        assertArrayEquals(body, Files.readAllBytes(target));
    }

    /** An fsync that fails (an I/O error of the disk) fails the export in one line and leaves nothing behind. */
    @Test
    void aFailedForceWritesNothing() throws IOException {
        OutputFiles.faults = (file, op, bytes) -> {
            if (op == WriteFaults.Op.FORCE) {
                throw new IOException("Input/output error");
            }
        };
        Path target = tmp.resolve("draws.csv");
        IOException e = assertThrows(IOException.class, () -> OutputFiles.write(target, out -> out.write(1)));
        assertTrue(e.getMessage().startsWith("cannot write " + target + ": ") && e.getMessage().contains("Input/output error")
                && e.getMessage().endsWith("(nothing was written; free space, make the folder writable or choose another"
                + " --out)"), e.getMessage());
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
