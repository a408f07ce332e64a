package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.BadInputException;

/** The manifest's {@code data_files}: a data file's size and SHA-256, kept through writing and reading, and compared. */
class DataFingerprintTest {
    @TempDir
    Path tmp;

    @Test
    void theFingerprintIsTheSizeAndSha256OfTheBytes() throws Exception {
        Path f = tmp.resolve("abc.csv");
        Files.writeString(f, "abc");
        DataFingerprint d = DataFingerprint.of("data", f);
        assertEquals(3, d.bytes());
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", d.sha256());
        assertEquals("3 bytes, sha256 ba7816bf8f01…", d.shortText());
    }

    @Test
    void aManifestKeepsItsDataFilesAndTheirChangesAreFound() throws Exception {
        Path csv = tmp.resolve("train.csv");
        Files.writeString(csv, "x,y\n1,0\n2,1\n");
        Path dir = tmp.resolve("s");
        new SyntheticRun(1, 2, 5, 2).write(dir, SessionWriter.Options.defaults());
        Path manifest = dir.resolve(SessionFiles.MANIFEST);
        SessionManifest m = ManifestJson.read(manifest).withDataFiles(List.of(DataFingerprint.of("data", csv)));
        Files.write(manifest, ManifestJson.write(m));
        SessionManifest read = ManifestJson.read(manifest);
        assertEquals(m.dataFiles(), read.dataFiles());
        assertTrue(DataFiles.changes(read).isEmpty());
        DataFiles.refuseChanged(read, dir);

        Files.writeString(csv, "x,y\n1,0\n2,0\n");
        List<DataFiles.Change> changed = DataFiles.changes(read);
        assertEquals(1, changed.size());
        assertEquals("data file " + csv + " (setting 'data') changed since the run: recorded 12 bytes, sha256 "
                + read.dataFiles().get(0).sha256().substring(0, 12) + "…, now 12 bytes, sha256 "
                + DataFingerprint.of("data", csv).sha256().substring(0, 12) + "…", changed.get(0).describe());
        BadInputException e = assertThrows(BadInputException.class, () -> DataFiles.refuseChanged(read, dir));
        assertTrue(e.getMessage().startsWith("cannot resume " + dir + ": data file " + csv), e.getMessage());
        assertTrue(e.getMessage().contains("restore the file as it was to resume, or start a new run"), e.getMessage());

        Files.delete(csv);
        assertTrue(DataFiles.changes(read).get(0).missing());
        assertTrue(DataFiles.changes(read).get(0).describe().contains("is missing now (the run read 12 bytes"));
    }

    @Test
    void aManifestWithoutDataFilesIsReadAndNotChecked() throws Exception {
        Path dir = tmp.resolve("old");
        new SyntheticRun(1, 2, 5, 2).write(dir, SessionWriter.Options.defaults());
        Path manifest = dir.resolve(SessionFiles.MANIFEST);
        ObjectNode root = (ObjectNode) ManifestJson.MAPPER.readTree(manifest.toFile());
        assertFalse(root.has("data_files"), "a model without a data file records none");
        SessionManifest m = ManifestJson.read(manifest);
        assertTrue(m.dataFiles().isEmpty());
        assertTrue(DataFiles.changes(m).isEmpty());
    }

    @Test
    void aDataFilesEntryWithoutAHashIsRefused() throws Exception {
        Path dir = tmp.resolve("bad");
        new SyntheticRun(1, 2, 5, 2).write(dir, SessionWriter.Options.defaults());
        Path manifest = dir.resolve(SessionFiles.MANIFEST);
        ObjectNode root = (ObjectNode) ManifestJson.MAPPER.readTree(manifest.toFile());
        ObjectNode d = root.putArray("data_files").addObject();
        d.put("setting", "data").put("path", "/x.csv").put("bytes", 3).put("sha256", "abc");
        Files.write(manifest, ManifestJson.MAPPER.writeValueAsBytes(root));
        BadInputException e = assertThrows(BadInputException.class, () -> ManifestJson.read(manifest));
        assertEquals(manifest + ": 'data_files' entry for '/x.csv': 'sha256' is not 64 hex digits", e.getMessage());
    }
}
