package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import javafx.scene.control.Label;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import workbench.app.cli.WorkbenchCli;
import workbench.sessions.export.ExportFormat;

/**
 * File ▸ Export draws exported a damaged session without a word: the intact prefix of a chain corrupt in the middle
 * went out beside the other chains, every chain cut to that prefix's length, under a plain "exported" line. The
 * command line's {@code export} refuses such a chain naming the intact ones; the window, which has no chain
 * selection, leaves it out and says so in its status line, with any cut and the damage it does not read.
 */
class ExportDamagedFxTest extends WindowFxBase {
    @TempDir
    Path tmp;

    private Path session(int chains) {
        return TestSessions.run(tmp.resolve("s"), "--model", "gaussian", "--set", "dim=2", "--sampler", "rwm",
                "--chains", String.valueOf(chains), "--warmup", "50", "--draws", "3000", "--seed", "4");
    }

    private static void corruptMiddle(Path file) throws Exception {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(f.length() / 2);
            f.write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1, 2, 3, 4});
        }
    }

    private String export(FxRobot robot, Path s, Path out) {
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        robot.interact(() -> window.exportSession(s, ExportFormat.CSV, out));
        waitUntil("the export's line", 60, () -> !msg.getText().startsWith("exporting"));
        assertEquals(Messages.oneLine(msg.getText(), Messages.MAX_STATUS_LENGTH), msg.getText());
        return msg.getText();
    }

    private boolean warned(FxRobot robot) {
        return robot.lookup("#statusMessage").queryAs(Label.class).getStyleClass().contains("status-error");
    }

    @Test
    void aCorruptChainIsLeftOutAndSaid(FxRobot robot) throws Exception {
        Path s = session(3);
        corruptMiddle(s.resolve("chain-1.draws"));
        Path out = tmp.resolve("draws.csv");
        String m = export(robot, s, out);
        assertTrue(m.startsWith("exported 2 of 3 chains \u00d7 3000 draws as csv to " + out + "; left out chain 1"
                + " (chain-1.draws: "), m);
        assertTrue(m.contains("corrupt") && m.endsWith(")"), m);
        assertFalse(m.contains("cut to"), m);
        assertTrue(warned(robot), m);
        List<String> lines = Files.readAllLines(out);
        // chains 2 and 3 whole: not cut to chain 1's prefix, and none of chain 1's rows
        assertEquals(1 + 2 * 3000, lines.size(), m);
        assertTrue(lines.subList(1, lines.size()).stream().allMatch(l -> l.startsWith("2,") || l.startsWith("3,")));
    }

    @Test
    void chainsCutToTheShortestAndAnUnreadEventLogAreSaid(FxRobot robot) throws Exception {
        Path s = session(2);
        Path draws = s.resolve("chain-2.draws");
        try (FileChannel ch = FileChannel.open(draws, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() / 2); // a torn final chunk: dropped when read, the chain shorter
        }
        Files.writeString(s.resolve("events.jsonl"), "garbage{\n");
        Path out = tmp.resolve("cut.csv");
        String m = export(robot, s, out);
        long rows = Files.readAllLines(out).size() - 1;
        assertTrue(rows > 0 && rows < 2 * 3000, m);
        assertTrue(m.startsWith("exported 2 chain(s) \u00d7 " + rows / 2 + " draws as csv to " + out + "; "
                + cliNotes(s).get(0) + "; cut to the latest " + rows / 2 + " post-warmup draws of each chain (chains"
                + " of unequal length; the longest holds 3000); events.jsonl: line 1 is not a valid event"), m);
        assertTrue(m.endsWith(" (the export does not read it)"), m);
        assertTrue(warned(robot), m);
    }

    /** The {@code note:} lines {@code workbench export} prints for {@code s}, without their "note: ". */
    private List<String> cliNotes(Path s) {
        StringWriter err = new StringWriter();
        int code = WorkbenchCli.execute(new PrintWriter(new StringWriter()), new PrintWriter(err), "export",
                s.toString(), "--format", "csv", "--out", tmp.resolve("cli-" + System.nanoTime() + ".csv").toString());
        assertEquals(0, code, err.toString());
        return err.toString().lines().filter(l -> l.startsWith("note: ")).map(l -> l.substring(6)).toList();
    }

    /**
     * A chain's torn tail (its last chunk cut off by a crash) is said as the command line's {@code export} says it in
     * its {@code note:} line, not in red: the draws before it are whole and exported. Before, the window said nothing.
     */
    @Test
    void aTornTailIsSaidAsTheCommandLineSaysIt(FxRobot robot) throws Exception {
        Path s = session(1);
        Path draws = s.resolve("chain-1.draws");
        try (FileChannel ch = FileChannel.open(draws, StandardOpenOption.WRITE)) {
            ch.truncate(ch.size() - 10);
        }
        List<String> notes = cliNotes(s);
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("chain-1.draws: recovered ") && notes.get(0).contains("torn"), notes.get(0));
        Path out = tmp.resolve("torn.csv");
        String m = export(robot, s, out);
        long rows = Files.readAllLines(out).size() - 1;
        assertTrue(rows > 0 && rows < 3000, m);
        assertEquals("exported 1 chain(s) \u00d7 " + rows + " draws as csv to " + out + "; " + notes.get(0), m);
        assertFalse(warned(robot), m);
    }

    @Test
    void anUndamagedSessionExportsWithoutANote(FxRobot robot) throws Exception {
        Path s = session(2);
        Path out = tmp.resolve("whole.csv");
        String m = export(robot, s, out);
        assertEquals("exported 2 chain(s) \u00d7 3000 draws as csv to " + out, m);
        assertFalse(warned(robot), m);
    }

    @Test
    void noIntactChainIsRefusedAndNothingIsWritten(FxRobot robot) throws Exception {
        Path s = session(1);
        corruptMiddle(s.resolve("chain-1.draws"));
        Path out = tmp.resolve("none.csv");
        String m = export(robot, s, out);
        assertTrue(m.startsWith("chain-1.draws: ") && m.endsWith("; no chain of this session is intact: nothing exported"),
                m);
        assertTrue(warned(robot), m);
        assertFalse(Files.exists(out));
    }

    /**
     * An empty (not corrupt) chain: the window has no --chains, so its refusal names what does export the others (the
     * command line with --chains) instead of the command line's "(--chains picks the others)".
     */
    @Test
    void anEmptyChainIsRefusedSayingWhatExportsTheOthers(FxRobot robot) throws Exception {
        Path s = session(3);
        Files.write(s.resolve("chain-2.draws"), new byte[0]);
        Path out = tmp.resolve("empty.csv");
        String m = export(robot, s, out);
        assertEquals("chain 2 holds no draws; nothing to export (the window exports every chain; 'workbench export " + s
                + " --chains 1,3 --out FILE' exports the others)", m);
        assertFalse(m.contains("--chains picks"), m);
        assertTrue(warned(robot), m);
        assertFalse(Files.exists(out));
    }

    /**
     * A line longer than the room beside the status bar's figures (a long output path, then the chain left out and
     * why) goes on a line of its own above them, wrapped, and is shown whole; the tooltip holds it too. Cut at its end,
     * the "left out chain 1 (...)" part was lost at 1600 pixels; cut in its middle beside the figures, ~50 of its
     * characters showed at 1280.
     */
    @Test
    void aLongLineIsShownWholeAboveTheFigures(FxRobot robot) throws Exception {
        Path s = session(3);
        corruptMiddle(s.resolve("chain-1.draws"));
        Path dir = tmp.resolve("a-folder-with-a-rather-long-name-for-exports").resolve("and-another-one-inside-it");
        Files.createDirectories(dir);
        Path out = dir.resolve("draws-of-the-damaged-session.csv");
        String m = export(robot, s, out);
        assertTrue(m.contains(" to " + out + "; left out chain 1 ("), "the whole line, path and all: " + m);
        assertTrue(m.length() > Messages.MAX_LENGTH, m);
        Label msg = robot.lookup("#statusMessage").queryAs(Label.class);
        Label draws = robot.lookup("#statusDraws").queryAs(Label.class);
        WaitForAsyncUtils.waitForFxEvents();
        waitUntil("the line above the figures", () -> onFx(() -> msg.localToScene(msg.getLayoutBounds()).getMaxY()
                <= draws.localToScene(draws.getLayoutBounds()).getMinY() + 1));
        String shown = onFx(() -> robot.from(msg).lookup(".text").queryAs(javafx.scene.text.Text.class).getText());
        assertEquals(m, shown, "shown whole");
        assertEquals(m, onFx(() -> msg.getTooltip().getText()));
    }
}
