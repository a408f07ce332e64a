package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An export killed while writing ({@code kill -9}) left its hidden temporary file beside the target for good; the next
 * export to that name removes those of processes that no longer run, and nothing else.
 */
class OutputFilesTest {
    @Test
    void aKilledExportsTemporaryFileIsRemovedByTheNextOne(@TempDir Path dir) throws Exception {
        long gone = 999_999_999L; // above any Linux pid_max: no such process
        long running = ProcessHandle.current().pid();
        Path stale = Files.writeString(dir.resolve(".x.csv." + gone + "-abc.tmp"), "partial");
        Path live = Files.writeString(dir.resolve(".x.csv." + running + "-def.tmp"), "being written");
        Path noPid = Files.writeString(dir.resolve(".x.csv.k3j2h1.tmp"), "older name form");
        Path other = Files.writeString(dir.resolve(".y.csv." + gone + "-abc.tmp"), "another target's");
        OutputFiles.write(dir.resolve("x.csv"), out -> out.write("a,b\n1,2\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals("a,b\n1,2\n", Files.readString(dir.resolve("x.csv")));
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live) && Files.exists(noPid) && Files.exists(other));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(".x.csv." + running + "-def.tmp", ".x.csv.k3j2h1.tmp", ".y.csv." + gone + "-abc.tmp",
                    "x.csv"), s.map(p -> p.getFileName().toString()).sorted().toList(), "its own temporary file gone too");
        }
    }

    /**
     * A killed export's process id taken by a later process: the file's last write predates that process's start, so
     * the file is stale; the same id on a file written after the process started is a running writer's and stays.
     */
    @Test
    void aReusedProcessIdDoesNotKeepAStaleFile(@TempDir Path dir) throws Exception {
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            long pid = other.pid();
            Path stale = Files.writeString(dir.resolve(".x.csv." + pid + "-abc.tmp"), "the killed writer's");
            Files.setLastModifiedTime(stale, FileTime.from(Instant.parse("2000-01-01T00:00:00Z")));
            Path live = Files.writeString(dir.resolve(".x.csv." + pid + "-def.tmp"), "written by it");
            Files.setLastModifiedTime(live, FileTime.from(Instant.now().plusSeconds(5)));
            OutputFiles.write(dir.resolve("x.csv"), out -> out.write("a\n".getBytes(StandardCharsets.UTF_8)));
            assertFalse(Files.exists(stale), "written in 2000 by a process that started now: stale");
            assertTrue(Files.exists(live));
        } finally {
            other.destroyForcibly();
        }
    }
}
