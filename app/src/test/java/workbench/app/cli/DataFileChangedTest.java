package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.sessions.SessionReader;

/**
 * A session of a model with {@code data=PATH} recorded only the path: a file edited or replaced after the run was
 * read again by resume (continuing the draws on other data), replay, evaluate and the Evaluate window without a word.
 * The manifest now records the file's size and SHA-256; resume refuses a changed file, the others say so.
 */
class DataFileChangedTest {
    @TempDir
    Path tmp;
    Path csv;
    Path session;

    @BeforeEach
    void run() throws Exception {
        csv = tmp.resolve("train.csv");
        Files.writeString(csv, rows(30));
        session = tmp.resolve("s");
        CliHarness r = CliHarness.run("run", "--no-progress", "--no-summary", "--out", session.toString(), "--model",
                "bnn-classification", "--set", "data=" + csv, "--set", "width=3", "--sampler", "sgld", "--chains",
                "1", "--warmup", "10", "--draws", "10", "--seed", "1", "--threads", "1");
        assertEquals(0, r.code, r.err);
    }

    private static String rows(int n) {
        StringBuilder rows = new StringBuilder("a,b,y\n");
        for (int i = 0; i < n; i++) {
            rows.append(i % 7).append(',').append((i * 3) % 5).append(',').append(i % 2).append('\n');
        }
        return rows.toString();
    }

    private Path manifest() {
        return session.resolve("session.mcmcwb.json");
    }

    /** The file changed: one more row (still valid data). */
    private void change() throws Exception {
        Files.writeString(csv, rows(31));
    }

    @Test
    void theRunRecordsTheFilesSizeAndSha256() throws Exception {
        JsonNode d = new ObjectMapper().readTree(manifest().toFile()).get("data_files").get(0);
        byte[] bytes = Files.readAllBytes(csv);
        assertEquals("data", d.get("setting").asText());
        assertEquals(csv.toString(), d.get("path").asText());
        assertEquals(bytes.length, d.get("bytes").asLong());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)),
                d.get("sha256").asText());
    }

    @Test
    void resumeRefusesAChangedFileInOneLineAndLeavesTheDrawsAsTheyWere() throws Exception {
        byte[] draws = Files.readAllBytes(session.resolve("chain-1.draws"));
        byte[] manifest = Files.readAllBytes(manifest());
        change();
        CliHarness r = CliHarness.run("resume", session.toString(), "--draws", "20", "--no-progress");
        assertEquals(2, r.code, r.err);
        String line = r.oneErrorLine();
        assertTrue(line.startsWith("error: cannot resume " + session + ": data file " + csv
                + " (setting 'data') changed since the run: recorded " + rows(30).length() + " bytes, sha256 "), line);
        assertTrue(line.contains(", now " + Files.size(csv) + " bytes, sha256 "), line);
        assertTrue(line.contains("restore the file as it was to resume, or start a new run"), line);
        assertArrayEquals(draws, Files.readAllBytes(session.resolve("chain-1.draws")));
        assertArrayEquals(manifest, Files.readAllBytes(manifest()));

        Files.writeString(csv, rows(30)); // restored: the resume goes on
        CliHarness ok = CliHarness.run("resume", session.toString(), "--draws", "20", "--no-progress");
        assertEquals(0, ok.code, ok.err);
    }

    /**
     * A file with more columns since the run makes a net of another size: evaluate says so and what to do, where it
     * said only "the draws have 14 columns, the model needs 17".
     */
    @Test
    void evaluateOnAFileWithOtherColumnsSaysTheFileChanged() throws Exception {
        StringBuilder wider = new StringBuilder("a,b,c,y\n");
        for (int i = 0; i < 30; i++) {
            wider.append(i % 7).append(',').append((i * 3) % 5).append(',').append(i % 3).append(',').append(i % 2)
                    .append('\n');
        }
        Files.writeString(csv, wider);
        CliHarness e = CliHarness.run("evaluate", session.toString());
        assertEquals(2, e.code, e.out + e.err);
        assertFalse(e.err.contains("Exception"), e.err);
        String line = e.err.strip().lines().reduce((a, b) -> b).orElse(""); // after the note that the file changed
        assertTrue(line.startsWith("error: the model built on the data file as it is now has ") && line.endsWith(
                ": its data file changed since the run (the note above says how); restore the file the run used to"
                        + " evaluate these draws"), line);
    }

    @Test
    void evaluateNotesAChangedFileInTextAndJson() throws Exception {
        CliHarness same = CliHarness.run("evaluate", session.toString());
        assertEquals(0, same.code, same.err);
        assertFalse(same.err.contains("note:"), same.err);
        change();
        CliHarness e = CliHarness.run("evaluate", session.toString());
        assertEquals(0, e.code, e.err);
        assertTrue(e.err.contains("note: data file " + csv + " (setting 'data') changed since the run: recorded "),
                e.err);
        assertTrue(e.err.contains("; these metrics use the file as it is now"), e.err);
        CliHarness j = CliHarness.run("evaluate", session.toString(), "--json");
        assertEquals(0, j.code, j.err);
        JsonNode out = new ObjectMapper().readTree(j.out);
        JsonNode d = out.get("data_changed").get(0);
        assertEquals(csv.toString(), d.get("path").asText());
        assertFalse(d.get("missing").asBoolean());
        assertEquals(Files.size(csv), d.get("bytes").asLong());
        assertTrue(out.get("notes").get(0).asText().startsWith("data file " + csv), out.toString());
    }

    @Test
    void theEvaluateWindowsNotesCarryIt() throws Exception {
        change();
        try (SessionReader r = SessionReader.open(session)) {
            assertEquals(1, SessionNotes.recovery(r).size());
            assertTrue(SessionNotes.recovery(r).get(0).startsWith("data file " + csv + " (setting 'data') changed"));
        }
    }

    @Test
    void replayAndSummaryNoteAChangedFile() throws Exception {
        change();
        CliHarness s = CliHarness.run("summary", session.toString());
        assertEquals(0, s.code, s.err);
        assertTrue(s.err.contains("note: data file " + csv + " (setting 'data') changed since the run"), s.err);
        JsonNode sj = new ObjectMapper().readTree(CliHarness.run("summary", session.toString(), "--json").out);
        assertEquals(csv.toString(), sj.get("data_changed").get(0).get("path").asText(), sj.toString());
        assertEquals(Files.size(csv), sj.get("data_changed").get(0).get("bytes").asLong());
        CliHarness r = CliHarness.run("replay", session.toString(), "--check", "--no-progress");
        assertTrue(r.err.contains("note: data file " + csv + " (setting 'data') changed since the run"), r.err);
        assertTrue(r.err.contains("the replay reads the file as it is now"), r.err);
    }

    @Test
    void aMissingFileIsNotedAndEvaluateStaysAClearError() throws Exception {
        Files.delete(csv);
        CliHarness s = CliHarness.run("summary", session.toString());
        assertEquals(0, s.code, s.err);
        assertTrue(s.err.contains("note: data file " + csv + " (setting 'data') is missing now (the run read "), s.err);
        JsonNode sj = new ObjectMapper().readTree(CliHarness.run("summary", session.toString(), "--json").out);
        assertTrue(sj.get("data_changed").get(0).get("missing").asBoolean(), sj.toString());
        assertTrue(sj.get("data_changed").get(0).get("sha256").isNull(), sj.toString());
        CliHarness e = CliHarness.run("evaluate", session.toString());
        assertEquals(2, e.code, e.err);
        assertTrue(e.err.contains("error: model bnn-classification: cannot read data file '" + csv + "': no such file"),
                e.err);
    }

    @Test
    void aSessionRecordedBeforeFingerprintsIsNotChecked() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(manifest().toFile());
        root.remove("data_files");
        Files.write(manifest(), json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root));
        change();
        CliHarness s = CliHarness.run("summary", session.toString());
        assertEquals(0, s.code, s.err);
        assertFalse(s.err.contains("note:"), s.err);
        assertFalse(json.readTree(CliHarness.run("summary", session.toString(), "--json").out).has("data_changed"));
        CliHarness e = CliHarness.run("evaluate", session.toString(), "--json");
        assertEquals(0, e.code, e.err);
        assertFalse(json.readTree(e.out).has("data_changed"), e.out);
        assertFalse(e.err.contains("note:"), e.err);
    }
}
