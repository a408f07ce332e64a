package workbench.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;

/** {@code models} and {@code samplers}: what can be picked, with settings and defaults. */
final class ListCommands {
    private ListCommands() {
    }

    @Command(name = "models", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "List the models: ids, descriptions, settings with defaults.")
    static final class Models implements Callable<Integer> {
        @Option(names = "--json", description = "Print JSON instead of a table.")
        boolean json;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            print(spec.commandLine().getOut(), ModelRegistry.all(), json, "--set");
            return 0;
        }
    }

    @Command(name = "samplers", mixinStandardHelpOptions = true, versionProvider = Version.class, description = "List the samplers: ids, descriptions, settings with defaults.")
    static final class Samplers implements Callable<Integer> {
        @Option(names = "--json", description = "Print JSON instead of a table.")
        boolean json;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            print(spec.commandLine().getOut(), SamplerRegistry.all(), json, "--sampler-set");
            return 0;
        }
    }

    static void print(PrintWriter out, List<? extends Described> items, boolean json, String flag) throws Exception {
        if (json) {
            ObjectMapper mapper = new ObjectMapper();
            ArrayNode arr = mapper.createArrayNode();
            for (Described d : items) {
                ObjectNode o = arr.addObject();
                o.put("id", d.id());
                o.put("description", d.description());
                ArrayNode ps = o.putArray("settings");
                for (ParamSpec p : d.params()) {
                    ObjectNode po = ps.addObject();
                    po.put("name", p.name());
                    po.put("kind", p.kind().name().toLowerCase(java.util.Locale.ROOT));
                    po.put("default", p.defaultValue());
                    po.put("allowed", p.rangeText());
                    po.put("description", p.description());
                }
            }
            out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(arr));
            return;
        }
        for (Described d : items) {
            out.printf("%-26s %s%n", d.id(), d.description());
            for (ParamSpec p : d.params()) {
                // a text setting without a default is required unless its description says what unset means
                String def = p.defaultValue() == null
                        ? (p.kind() == ParamSpec.Kind.TEXT && !p.description().contains("(unset:") ? "required" : "optional")
                        : "default " + p.defaultValue();
                out.printf("    %s %s=…  (%s; %s) %s%n", flag, p.name(), def, p.rangeText(), p.description());
            }
        }
    }
}
