package workbench.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import workbench.core.kernel.SamplerFactory;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelFactory;
import workbench.core.model.ModelRegistry;

/**
 * README.md's command table, model table and sampler table against the code, so that neither drifts silently: every
 * option a command row names exists on that command with the default the row gives, every option a command has is
 * named in its row, every command has a row, and the tables list exactly the catalog's model and sampler ids.
 */
class ReadmeReferenceTest {
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");
    private static final Pattern OPTION = Pattern.compile("--[a-z][a-z-]*");
    private static final Pattern DEFAULT = Pattern.compile("\\[(--[a-z][a-z-]*) (\\d+)\\]");

    @Test
    void theCommandTableNamesEveryOptionWithItsDefault() throws IOException {
        Map<String, CommandLine> commands = WorkbenchCli.commandLine().getSubcommands();
        Map<String, List<String>> rows = commandRows(commands.keySet());

        Set<String> missingRows = new TreeSet<>(commands.keySet());
        missingRows.remove("help");
        missingRows.removeAll(rows.keySet());
        assertTrue(missingRows.isEmpty(), "README's command table has no row for " + missingRows);

        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, List<String>> row : rows.entrySet()) {
            CommandLine.Model.CommandSpec spec = commands.get(row.getKey()).getCommandSpec();
            Set<String> named = new LinkedHashSet<>();
            for (String segment : row.getValue()) {
                Matcher m = OPTION.matcher(segment);
                while (m.find()) {
                    named.add(m.group());
                }
                Matcher d = DEFAULT.matcher("[" + segment + "]");
                while (d.find()) {
                    OptionSpec option = spec.findOption(d.group(1));
                    if (option != null && !d.group(2).equals(option.defaultValue())) {
                        problems.add(row.getKey() + " " + d.group(1) + ": README gives the default " + d.group(2)
                                + ", the command " + option.defaultValue());
                    }
                }
            }
            for (String name : named) {
                if (spec.findOption(name) == null) {
                    problems.add(row.getKey() + ": README names " + name + ", which the command does not have");
                }
            }
            for (OptionSpec option : spec.options()) {
                if (option.usageHelp() || option.versionHelp()) {
                    continue;
                }
                if (!named.contains(option.longestName())) {
                    problems.add(row.getKey() + ": the command's " + option.longestName() + " is missing from its README row");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void theModelAndSamplerTablesListTheCatalog() throws IOException {
        Set<String> models = new TreeSet<>();
        for (ModelFactory f : ModelRegistry.all()) {
            models.add(f.id());
        }
        Set<String> samplers = new TreeSet<>();
        for (SamplerFactory f : SamplerRegistry.all()) {
            samplers.add(f.id());
        }
        assertEquals(models, tableIds("## Models"), "README's Models table against ModelRegistry");
        assertEquals(samplers, tableIds("## Samplers"), "README's Samplers table against SamplerRegistry");
    }

    /** The backticked segments of the first cell of each row of the table under "## Command line", by command. */
    private static Map<String, List<String>> commandRows(Set<String> commands) throws IOException {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (String line : section("## Command line")) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String cell = firstCell(line);
            String command = null;
            Matcher m = CODE.matcher(cell);
            while (m.find()) {
                String segment = m.group(1).replace("\\|", "|");
                String first = segment.split(" ", 2)[0];
                if (commands.contains(first)) {
                    command = first;
                }
                assertTrue(command != null, "a README command row starts with no command: " + cell);
                rows.computeIfAbsent(command, k -> new ArrayList<>()).add(segment);
            }
        }
        return rows;
    }

    /** The backticked ids in the first cell of each row of the first table under the heading. */
    private static Set<String> tableIds(String heading) throws IOException {
        Set<String> ids = new TreeSet<>();
        boolean inTable = false;
        for (String line : section(heading)) {
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            if (!line.startsWith("| `")) {
                continue;
            }
            Matcher m = CODE.matcher(firstCell(line));
            while (m.find()) {
                ids.add(m.group(1));
            }
        }
        assertTrue(!ids.isEmpty(), "no table under " + heading + " in README.md");
        return ids;
    }

    /** The first cell of a Markdown table row, where {@code \|} inside it is not a cell boundary. */
    private static String firstCell(String row) {
        int i = 1;
        while (i < row.length() && !(row.charAt(i) == '|' && row.charAt(i - 1) != '\\')) {
            i++;
        }
        return row.substring(1, i);
    }

    /** The lines of README.md from the heading to the next heading of the same level. */
    private static List<String> section(String heading) throws IOException {
        List<String> lines = Files.readAllLines(readme(), StandardCharsets.UTF_8);
        int start = lines.indexOf(heading);
        assertTrue(start >= 0, "README.md has no heading " + heading);
        List<String> out = new ArrayList<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
            out.add(lines.get(i));
        }
        return out;
    }

    private static Path readme() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("README.md");
            if (Files.isRegularFile(p) && Files.isDirectory(dir.resolve("app"))) {
                return p;
            }
        }
        throw new AssertionError("README.md not found above " + Path.of("").toAbsolutePath());
    }
}
