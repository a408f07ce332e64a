package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.model.PredictiveModel;
import workbench.core.predict.OutOfDistribution;
import workbench.core.predict.PredictiveEvaluation;

/** The comparison table's rules and cells, without the toolkit. */
class EvaluateViewModelTest {

    private static EvaluateViewModel.Row row(String dir, String model, String data, PredictiveModel.Task task,
                                             double[] targets) {
        PredictiveEvaluation.Result m = new PredictiveEvaluation.Result(task, targets.length, 400, -10, 2.5, 3.25,
                0.5, 0.9, Double.NaN, Double.NaN, Double.NaN, 0.004);
        return new EvaluateViewModel.Row(Path.of("/tmp", dir), dir, "map", model, Map.of("data", data), task, 1, targets,
                m, null, null, null, null, null, null, 400);
    }

    @Test
    void rowsOfOneModelAndTestSetOnly() {
        EvaluateViewModel vm = new EvaluateViewModel();
        double[] y = {1, 2, 3};
        assertNull(vm.add(row("a", "bnn-regression", "toy1d", PredictiveModel.Task.REGRESSION, y)));
        assertNull(vm.add(row("b", "bnn-regression", "toy1d", PredictiveModel.Task.REGRESSION, y.clone())));
        assertEquals("a is already in the table", vm.add(row("a", "bnn-regression", "toy1d",
                PredictiveModel.Task.REGRESSION, y)));
        assertEquals("c is a session of bnn-regression (data=boston); the table compares sessions of bnn-regression"
                + " (data=toy1d) on its test set: remove those rows first",
                vm.add(row("c", "bnn-regression", "boston", PredictiveModel.Task.REGRESSION, new double[] {1, 2, 4})));
        assertTrue(vm.add(row("d", "bnn-classification", "moons", PredictiveModel.Task.CLASSIFICATION, y))
                .startsWith("d is a session of bnn-classification (data=moons)"));
        assertEquals(2, vm.rows().size());
        vm.remove(0);
        vm.remove(0);
        assertNull(vm.add(row("d", "bnn-classification", "moons", PredictiveModel.Task.CLASSIFICATION, y)));
    }

    @Test
    void cellsFollowTheColumns() {
        EvaluateViewModel.Row r = row("a", "bnn-regression", "toy1d", PredictiveModel.Task.REGRESSION, new double[] {1, 2});
        List<String> cols = EvaluateViewModel.columns(false);
        List<String> cells = EvaluateViewModel.cells(r);
        assertEquals(cols.size(), cells.size());
        assertEquals(List.of("a", "map", "400", "2.5000", "3.2500", "0.500", "0.900", "\u2013", "2.00", "\u2013"), cells);
        EvaluateViewModel.Row withOod = new EvaluateViewModel.Row(r.dir(), r.name(), r.method(), r.modelId(), r.settings(),
                r.task(), 1, r.testTargets(), r.metrics(), null, null, null, null,
                new OutOfDistribution.Curve(OutOfDistribution.Kind.SHIFT, new double[] {0, 1, 4}, new double[] {2, 3, 5}),
                null, 400);
        assertEquals("2.50", EvaluateViewModel.cells(withOod).get(9));
        // the predictive R-hat's largest value over the test points, beside the metrics
        EvaluateViewModel.Row withRhat = new EvaluateViewModel.Row(r.dir(), r.name(), r.method(), r.modelId(),
                r.settings(), r.task(), 1, r.testTargets(), r.metrics(), null, null, null, null, null, null, 400,
                new workbench.core.predict.PredictiveRhat(1.004, 1.0921, 3, 200, 4, 1000));
        assertEquals("pred. R-hat max", EvaluateViewModel.columns(false).get(7));
        assertEquals("1.092", EvaluateViewModel.cells(withRhat).get(7));
        assertEquals(EvaluateViewModel.columns(true).size(), EvaluateViewModel.cells(
                row("b", "x", "y", PredictiveModel.Task.CLASSIFICATION, new double[] {0, 1})).size());
    }

    /** A blown-up run's NLL of 10^150 filled its table cell with 150 digits: from 10^6 on it is in scientific notation. */
    @Test
    void hugeFiguresAreInScientificNotation() {
        assertEquals("3.0791e+12", EvaluateViewModel.f4(3079122736148.4395));
        assertEquals("2.8613", EvaluateViewModel.f4(2.86130222));
        assertEquals("NaN", EvaluateViewModel.f4(Double.NaN));
    }

    @Test
    void aMissingFolderIsOneLine() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> EvaluateViewModel.compute(Path.of("/nonexistent/evaluate-me")));
        assertEquals("/nonexistent/evaluate-me: no such session directory", e.getMessage());
    }
    @Test
    void aDistilledSetIsEvaluatedWithItsWeights(@org.junit.jupiter.api.io.TempDir Path tmp) {
        java.io.PrintWriter quiet = new java.io.PrintWriter(java.io.Writer.nullWriter());
        Path s = tmp.resolve("mala");
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(quiet, quiet, "run", "--no-progress", "--out", s.toString(),
                "--model", "bnn-classification", "--set", "data=moons", "--set", "width=6", "--sampler", "mala",
                "--chains", "2", "--warmup", "200", "--draws", "200", "--seed", "4"));
        Path d = tmp.resolve("stein");
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(quiet, quiet, "distill", s.toString(), "--method", "stein",
                "--size", "300", "--out", d.toString()));
        EvaluateViewModel.Row r = EvaluateViewModel.compute(d);
        assertTrue(r.metrics().weighted());
        assertTrue(r.metrics().effectiveDraws() < r.metrics().draws(), "repeated rows: " + r.metrics());
        assertTrue(EvaluateViewModel.cells(r).get(2).matches("\\d+ weighted \\(eff\\. \\d+\\)"),
                EvaluateViewModel.cells(r).get(2));
        // the same metrics as the CLI's (one PredictiveEvaluation over the weighted rows)
        try (workbench.sessions.SessionReader reader = workbench.sessions.SessionReader.open(d)) {
            PredictiveModel pm = (PredictiveModel) ((PredictiveModel) workbench.core.model.ModelRegistry.create(
                    "bnn-classification", reader.manifest().runConfig().modelSettings())).forChain();
            PredictiveEvaluation.Result e = PredictiveEvaluation.evaluate(pm, reader);
            assertEquals(e.nll(), r.metrics().nll(), 0);
            assertEquals(e.brier(), r.metrics().brier(), 0);
        }
        // plots: 2000 draws chosen by weight
        assertEquals(EvaluateViewModel.PLOT_DRAWS, r.plotDraws());
    }

    /** A chain whose draws file was emptied is left out of the row's metrics, and its notes say so (as the CLI's). */
    @Test
    void aChainWithoutDrawsIsLeftOutAndSaid(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        java.io.PrintWriter quiet = new java.io.PrintWriter(java.io.Writer.nullWriter());
        Path s = tmp.resolve("two");
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(quiet, quiet, "run", "--no-progress", "--no-summary",
                "--out", s.toString(), "--model", "bnn-regression", "--sampler", "nuts", "--chains", "2", "--warmup", "30",
                "--draws", "30", "--seed", "4"));
        java.nio.file.Files.write(s.resolve("chain-2.draws"), new byte[0]);
        EvaluateViewModel.Row r = EvaluateViewModel.compute(s);
        assertEquals(30, r.metrics().draws(), "chain 1's draws only");
        assertTrue(EvaluateViewModel.notes(java.util.List.of(r)).contains("two: left out: chain 2 has no post-warmup draws"
                + " (chain-2.draws holds no draws); the metrics use chain 1"), EvaluateViewModel.notes(java.util.List.of(r))
                .toString());
    }

    /**
     * A session of another model is refused before its evaluation (it was evaluated in full, some 20 s for a network,
     * then refused): with its draws file corrupt, the refusal is still the model's, not the damage an evaluation
     * would meet first.
     */
    @Test
    void aSessionOfAnotherModelIsRefusedBeforeItIsEvaluated(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        java.io.PrintWriter quiet = new java.io.PrintWriter(java.io.Writer.nullWriter());
        Path moons = tmp.resolve("moons");
        assertEquals(0, workbench.app.cli.WorkbenchCli.execute(quiet, quiet, "run", "--no-progress", "--no-summary",
                "--out", moons.toString(), "--model", "bnn-classification", "--set", "data=moons", "--set", "width=3",
                "--sampler", "sgld", "--chains", "1", "--warmup", "10", "--draws", "10", "--seed", "4"));
        java.nio.file.Files.write(moons.resolve("chain-1.draws"), new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        List<EvaluateViewModel.Row> table = List.of(row("toy", "bnn-regression", "toy1d",
                PredictiveModel.Task.REGRESSION, new double[] {1, 2, 3}));
        workbench.core.BadInputException e = org.junit.jupiter.api.Assertions.assertThrows(
                workbench.core.BadInputException.class, () -> EvaluateViewModel.compute(moons, table));
        assertEquals("moons is a session of bnn-classification (data=moons); the table compares sessions of"
                + " bnn-regression (data=toy1d) on its test set: remove those rows first", e.getMessage());
        // alone, the same session meets its damage
        workbench.core.BadInputException alone = org.junit.jupiter.api.Assertions.assertThrows(
                workbench.core.BadInputException.class, () -> EvaluateViewModel.compute(moons));
        assertTrue(!alone.getMessage().contains("is a session of"), alone.getMessage());
    }

    @Test
    void anUnfinishedSessionsNoteNamesTheWindowsWayToContinueIt() {
        String cli = "the run was interrupted before it ended; these metrics cover 300 of 2000 iterations stored per"
                + " chain; 'workbench resume /s' completes it";
        org.junit.jupiter.api.Assertions.assertEquals(cli + " (in the main window: File \u25b8 Open session, then Run"
                + " \u25b8 Continue the shown session)", EvaluateViewModel.continuedInTheWindow(cli));
        String writing = "the run is still being written by another process (pid 7); these metrics cover 300 so far";
        org.junit.jupiter.api.Assertions.assertEquals(writing, EvaluateViewModel.continuedInTheWindow(writing));
        org.junit.jupiter.api.Assertions.assertNull(EvaluateViewModel.continuedInTheWindow(null));
    }
}
