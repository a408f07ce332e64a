package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command answers --help (exit 0, its usage) and is listed in the top-level help with a whole sentence. */
class HelpTest {

    @Test
    void everyCommandAnswersHelp() {
        Map<String, CommandLine> commands = WorkbenchCli.commandLine().getSubcommands();
        assertTrue(commands.size() >= 10, commands.keySet().toString());
        for (String name : commands.keySet()) {
            if (name.equals("help")) {
                continue;
            }
            for (String flag : new String[] {"--help", "-h"}) {
                CliHarness h = CliHarness.run(name, flag);
                assertEquals(0, h.code, name + " " + flag + ": " + h.err);
                assertTrue(h.out.startsWith("Usage: workbench " + name), name + " " + flag + ":\n" + h.out);
            }
        }
    }

    @Test
    void theCommandListGivesWholeSentences() {
        for (Map.Entry<String, CommandLine> e : WorkbenchCli.commandLine().getSubcommands().entrySet()) {
            String[] d = e.getValue().getCommandSpec().usageMessage().description();
            assertTrue(d.length > 0, e.getKey());
            String first = d[0].strip();
            assertTrue(first.endsWith("."), e.getKey() + "'s line in 'workbench --help' stops mid-sentence: " + first);
        }
    }

    @Test
    void everyParagraphOfACommandsDescriptionIsWholeSentences() {
        // each element of a description array is a paragraph: one split mid-sentence to wrap the source line
        // printed "... at their recorded chain and iteration. --out DIR2" and "stores the re-run; ..." on two lines
        for (Map.Entry<String, CommandLine> e : WorkbenchCli.commandLine().getSubcommands().entrySet()) {
            if (e.getKey().equals("help")) {
                continue; // picocli's own
            }
            for (String paragraph : e.getValue().getCommandSpec().usageMessage().description()) {
                String p = paragraph.strip();
                assertTrue(p.endsWith(".") || p.endsWith(".)"),
                        e.getKey() + " --help breaks a sentence across paragraphs: " + p);
            }
        }
    }

    @Test
    void runHelpGivesTheNetworksDefaultStart() {
        // README: without --init a chain starts uniform(-2, 2) on the unconstrained scale, except a network (bnn-*),
        // which starts LeCun-normal per layer (ChainRunner); the help must not state the first default for every model
        CliHarness h = CliHarness.run("run", "--help");
        assertEquals(0, h.code, h.err);
        String flat = h.out.replaceAll("\\s+", " ");
        assertTrue(flat.contains("uniform(-2, 2) on the unconstrained scale"), flat);
        assertTrue(flat.contains("bnn-*") && flat.contains("LeCun-normal per layer"), flat);
    }
}
