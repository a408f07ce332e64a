package workbench.app.cli;

import java.util.List;

/** The subcommands, in the order help lists them. */
final class Commands {
    private Commands() {
    }

    static List<Object> all() {
        return List.of(
                new ListCommands.Models(),
                new ListCommands.Samplers(),
                new DiagnoseCommand(),
                new DistillCommand(),
                new ExportCommand(),
                new RunCommand(),
                new ResumeCommand(),
                new ReplayCommand(),
                new SummaryCommand(),
                new EvaluateCommand());
    }
}
