package workbench.app.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import workbench.sessions.SessionReader;
import workbench.sessions.export.ExportDamage;
import workbench.sessions.export.ExportFormat;
import workbench.sessions.export.ExportSelection;

/** {@code export DIR --format F --out PATH}: a session's draws as CmdStan CSV, NumPy .npz or long CSV. */
@Command(name = "export", mixinStandardHelpOptions = true, description = {
        "Export a session's draws as cmdstan-csv (a directory of chain-K.csv files for rstan, cmdstanpy, ArviZ), "
                + "npz (one NumPy .npz file) or csv (one long CSV chain,draw,<params>, as 'diagnose' reads).",
        "Post-warmup draws by default. Never overwrites a file."})
final class ExportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "Session directory (or its .mcmcwb.json file).")
    Path session;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "cmdstan-csv, npz or csv.")
    String format;

    @Option(names = "--out", required = true, paramLabel = "PATH",
            description = "A directory for cmdstan-csv (created if absent), a new file for npz and csv.")
    Path out;

    @Option(names = "--params", paramLabel = "A,B,...",
            description = "Outputs to export, separated by commas outside brackets: a name (theta[1], w1[2,3] or theta.1),"
                    + " theta for all its elements, or a glob with * and ? (w1[*,1], w2*); may be repeated, as for"
                    + " summary; default all.")
    java.util.List<String> params;

    @Option(names = "--chains", paramLabel = "1,3,...", description = "Chains to export (1-based); default all.")
    String chains;

    @Option(names = "--draws", paramLabel = "FROM:TO",
            description = "Post-warmup draws to export, 1-based and inclusive; default all.")
    String draws;

    @Option(names = "--warmup", description = "Also write every warmup iteration, before the draws.")
    boolean warmup;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ExportFormat f = ExportFormat.of(format);
        PrintWriter err = spec.commandLine().getErr();
        try (SessionReader reader = SessionReader.open(session)) {
            ExportSelection sel = ExportSelection.parse(reader, params == null ? null : String.join(",", params), chains,
                    draws, warmup);
            requireIntactChains(reader, sel, err);
            if (sel.draws() == 0) {
                boolean cut = false;
                for (int c : sel.chains()) {
                    cut |= reader.warmup(c) > sel.warmup();
                }
                err.println("note: no post-warmup draws in some chain (" + ExportSelection.whyNoDraws(reader)
                        + "); exporting the "
                        + "warmup iterations only" + (cut ? ", the first " + sel.warmup() + " of each chain (as many as "
                        + "the shortest chain holds)" : ""));
            } else if (draws == null && sel.cutsChains(reader)) {
                err.println("note: chains have unequal lengths; exporting the latest " + sel.draws()
                        + " post-warmup draws of each (as summary and diagnose use them)");
            }
            List<Path> files = f.write(reader, sel, out);
            PrintWriter o = spec.commandLine().getOut();
            for (Path p : files) {
                o.println(p);
            }
            err.println("exported " + sel.chains().length + " chain(s) x " + sel.rows() + " rows"
                    + (sel.warmup() > 0 ? " (" + sel.warmup() + " warmup)" : "") + " of "
                    + sel.params().length + " output(s) as " + f.id());
        }
        return 0;
    }

    /**
     * Refuses a selected chain whose draws file is corrupt before its end, naming the intact chains that
     * {@code --chains} can export; damage to what the export does not read (the event log, a divergences file) is a
     * {@code warning:} line, as in {@code summary}, and a torn tail dropped (a cut-off draws chunk or divergence
     * record) a {@code note:} line, as there (before, a cut-off divergence record was not said at all). Before, any
     * damage refused the whole export: a corrupt chunk in chain 1 or a damaged {@code events.jsonl} left no way to
     * export the intact chains' draws. The window's export asks the same {@link ExportDamage}.
     */
    static void requireIntactChains(SessionReader reader, ExportSelection sel, PrintWriter err) {
        ExportDamage damage = ExportDamage.of(reader);
        damage.requireIntact(sel, intact -> "export the intact chains with --chains " + intact);
        WorkbenchCli.printCapped(err, "note", damage.torn(), "torn ends dropped");
        WorkbenchCli.printCapped(err, "warning", damage.unread(), "damaged files");
        String cut = reader.cutAfterFinishing();
        if (cut != null) {
            err.println("warning: " + cut);
        }
    }
}
