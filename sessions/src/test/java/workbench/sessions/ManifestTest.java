package workbench.sessions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import workbench.core.BadInputException;

class ManifestTest {
    @TempDir
    Path tmp;
    Path dir;
    Path manifest;
    String json;

    @BeforeEach
    void write() throws Exception {
        dir = tmp.resolve("s");
        new SyntheticRun(2, 5, 20, 2).write(dir, SessionWriter.Options.defaults());
        manifest = dir.resolve(SessionFiles.MANIFEST);
        json = Files.readString(manifest);
    }

    private BadInputException refused(String newJson) throws Exception {
        Files.writeString(manifest, newJson);
        BadInputException e = assertThrows(BadInputException.class, () -> SessionReader.open(dir));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e;
    }

    @Test
    void newerFormatVersionIsRefusedNamingTheVersion() throws Exception {
        BadInputException e = refused(json.replace("\"format_version\" : 1", "\"format_version\" : 99"));
        assertTrue(e.getMessage().contains("format_version 99"), e.getMessage());
        assertTrue(e.getMessage().contains("reads format_version 1"), e.getMessage());
    }

    @Test
    void versionIsCheckedBeforeTheOtherFields() throws Exception {
        BadInputException e = refused("{\"format_version\": 2, \"something\": \"else\"}");
        assertTrue(e.getMessage().contains("format_version 2"), e.getMessage());
    }

    @Test
    void malformedJsonIsOneLineNamingTheFile() throws Exception {
        BadInputException e = refused(json.substring(0, json.length() / 2) + "\n,,}");
        assertTrue(e.getMessage().startsWith(manifest + ": not valid JSON at line "), e.getMessage());
    }

    @Test
    void missingFieldIsNamed() throws Exception {
        BadInputException e = refused(json.replace("\"seed\" :", "\"sead\" :"));
        assertEquals(manifest + ": field 'seed' is missing or not an integer", e.getMessage());
    }

    @Test
    void missingManifestIsNamed() throws Exception {
        Files.delete(manifest);
        BadInputException e = assertThrows(BadInputException.class, () -> SessionReader.open(dir));
        assertTrue(e.getMessage().contains("no such file"), e.getMessage());
        e = assertThrows(BadInputException.class, () -> SessionReader.open(tmp.resolve("nowhere")));
        assertTrue(e.getMessage().contains("no such session directory"), e.getMessage());
        Path gone = tmp.resolve("gone").resolve("session.mcmcwb.json");
        e = assertThrows(BadInputException.class, () -> SessionReader.open(gone));
        assertEquals(gone + ": no such session manifest", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"../outside.draws", "/etc/passwd", "sub/chain-1.draws", "..", "a\\\\b.draws", "..draws"})
    void pathsInTheManifestCannotEscapeTheDirectory(String evil) throws Exception {
        Files.writeString(tmp.resolve("outside.draws"), "x");
        BadInputException e = refused(json.replace("\"chain-1.draws\"", "\"" + evil + "\""));
        assertTrue(e.getMessage().contains("not a plain file name") || e.getMessage().contains("outside"), e.getMessage());
        // the manifest's whole path, not its bare name: which session of several is damaged
        assertTrue(e.getMessage().startsWith(manifest + ": "), e.getMessage());
    }

    @Test
    void eventsFileCannotEscapeEither() throws Exception {
        BadInputException e = refused(json.replace("\"events.jsonl\"", "\"../events.jsonl\""));
        assertTrue(e.getMessage().contains("events file"), e.getMessage());
    }

    /**
     * A data file named as the lock file, the manifest, a temporary file, or two data files under one name: a resume
     * would append records to them (its own lock file: on Linux opening that drops the lock) or mix two chains.
     */
    @Test
    void dataFilesCannotBeTheSessionsOtherFilesOrEachOther() throws Exception {
        BadInputException e = refused(json.replace("\"chain-2.divergences\"", "\"writer.lock\""));
        assertTrue(e.getMessage().startsWith(manifest + ": 'writer.lock' is named as a data file, but that name is the"
                + " session's own lock file"), e.getMessage());
        e = refused(json.replace("\"events.jsonl\"", "\"session.mcmcwb.json\""));
        assertTrue(e.getMessage().contains("the session's own manifest"), e.getMessage());
        e = refused(json.replace("\"chain-1.draws\"", "\"x.tmp\""));
        assertTrue(e.getMessage().contains("the session's temporary files'"), e.getMessage());
        e = refused(json.replace("\"chain-2.draws\"", "\"chain-1.draws\""));
        assertTrue(e.getMessage().endsWith("'chain-1.draws' is named as two data files"), e.getMessage());
        // as a case-insensitive file system sees them
        e = refused(json.replace("\"chain-2.divergences\"", "\"Writer.Lock.\""));
        assertTrue(e.getMessage().contains("the session's own lock file"), e.getMessage());
        e = refused(json.replace("\"chain-2.draws\"", "\"Chain-1.draws\""));
        assertTrue(e.getMessage().endsWith("'Chain-1.draws' is named as two data files"), e.getMessage());
    }
}
