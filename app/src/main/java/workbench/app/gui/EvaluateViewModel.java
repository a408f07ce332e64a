package workbench.app.gui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import workbench.app.cli.SessionNotes;
import workbench.core.BadInputException;
import workbench.core.model.InputPredictiveModel;
import workbench.core.model.Model;
import workbench.core.model.ModelRegistry;
import workbench.core.model.PredictiveModel;
import workbench.core.predict.OutOfDistribution;
import workbench.core.predict.PredictiveCurves;
import workbench.core.predict.PredictiveDraws;
import workbench.core.predict.PredictiveEvaluation;
import workbench.core.predict.PredictiveRhat;
import workbench.core.predict.Reliability;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;

/**
 * State of the Evaluate predictions window: one row per session of the same predictive model on
 * the same test set, each with the metrics of {@link PredictiveEvaluation} (all post-warmup draws; a
 * distilled set's rows weighted by their weights) and the plot data (at most {@link #PLOT_DRAWS} draws,
 * thinned evenly, or resampled by weight for a weighted set: {@link PredictiveDraws#thin}): the predictive band
 * (1-input regression) or decision map (2-input classification) in the data's units, calibration,
 * and the out-of-distribution curves. {@link #compute} is the slow part (call it off the FX thread);
 * {@link #add} and {@link #remove} are cheap.
 */
final class EvaluateViewModel {
    /** After the session's name in the table when its run did not finish. */
    static final String UNFINISHED_MARK = "(unfinished)";
    /** After the session's name in the table when some of its evaluated draws came from divergent transitions. */
    static final String DIVERGED_MARK = "(divergent draws)";

    /**
     * The notes of the rows whose run did not finish or whose files lost a torn tail, one line each
     * ({@code <name>: <what happened>; these metrics cover …}), as {@code workbench evaluate} prints them after
     * {@code note:}, in its order; empty when every run finished intact.
     */
    static List<String> notes(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            for (String n : r.recovery()) {
                out.add(r.name() + ": " + n);
            }
            if (r.unfinished() != null) {
                out.add(r.name() + ": " + r.unfinished());
            }
        }
        return out;
    }

    /**
     * The warnings of the rows whose evaluated draws include divergent transitions (a run that blew up: its metrics
     * describe where its chains stuck), one line each ({@code <name>: <count> of <n> post-warmup transitions
     * diverged …}), as {@code workbench evaluate} prints them after {@code warning:}; empty when none has any.
     */
    static List<String> warnings(List<Row> rows) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.diverged() != null) {
                out.add(r.name() + ": " + r.diverged());
            }
        }
        return out;
    }

    /** Most draws used for the grids, calibration and OOD curves. */
    static final int PLOT_DRAWS = 2000;
    /** Grid points of the regression band. */
    static final int BAND_GRID = 160;
    /** Grid points per axis of the decision map. */
    static final int MAP_GRID = 70;
    /** Central-interval levels of the band. */
    static final double[] BAND_LEVELS = {0.5, 0.9};
    /** Nominal levels of the coverage-calibration curve. */
    static final double[] COVERAGE_LEVELS = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99};
    /** Move sizes of the OOD check, in training-input sd. */
    static final double[] OOD_SIZES = {0, 0.5, 1, 1.5, 2, 3, 4};
    /** Seed of the OOD noise (the same noise for every session, so curves compare). */
    static final long OOD_SEED = 20_240_611L;

    /** The predictive band of a 1-input regression, x in the data's units. */
    record BandPlot(double[] x, PredictiveCurves.Band band, double[] trainX, double[] trainY, double[] testX,
                    double[] testY) {
    }

    /** The decision map of a 2-input classification, grid and points in the data's units. */
    record MapPlot(double[] x0, double[] x1, PredictiveCurves.ClassMap map, double[] trainX, double[] trainY) {
    }

    /**
     * One evaluated session.
     *
     * @param band  null unless a 1-input regression
     * @param map   null unless a 2-input classification
     * @param bins  reliability bins (classification) or null
     * @param coverage coverage curve (regression) or null
     * @param plotDraws draws the plots used
     * @param rhat  R-hat of the predictions at the test points (convergence in function space), or null
     * @param recovery what was dropped on opening (a torn final chunk), and the run's capped-setting note, one line
     *                 each, as {@code workbench evaluate} prints after {@code note:}; empty for an intact session
     * @param unfinished null for a finished run or a distilled set, else one line saying the run did not finish
     *                   (killed, still being written, interrupted, failed) and what the metrics cover:
     *                   {@code workbench evaluate}'s last {@code note:}
     * @param diverged null unless some evaluated draws came from divergent transitions: the line
     *                 {@code workbench evaluate} prints after {@code warning:} ({@link SessionNotes#diverged})
     */
    record Row(Path dir, String name, String method, String modelId, Map<String, String> settings,
               PredictiveModel.Task task, int inputs, double[] testTargets, PredictiveEvaluation.Result metrics,
               BandPlot band, MapPlot map, Reliability.Bins bins, Reliability.Coverage coverage,
               OutOfDistribution.Curve shift, OutOfDistribution.Curve noise, int plotDraws, PredictiveRhat rhat,
               List<String> recovery, String unfinished, String diverged) {

        /** A row without divergent draws. */
        Row(Path dir, String name, String method, String modelId, Map<String, String> settings,
            PredictiveModel.Task task, int inputs, double[] testTargets, PredictiveEvaluation.Result metrics,
            BandPlot band, MapPlot map, Reliability.Bins bins, Reliability.Coverage coverage,
            OutOfDistribution.Curve shift, OutOfDistribution.Curve noise, int plotDraws, PredictiveRhat rhat,
            List<String> recovery, String unfinished) {
            this(dir, name, method, modelId, settings, task, inputs, testTargets, metrics, band, map, bins, coverage,
                    shift, noise, plotDraws, rhat, recovery, unfinished, null);
        }

        /** A row of a finished run. */
        Row(Path dir, String name, String method, String modelId, Map<String, String> settings,
            PredictiveModel.Task task, int inputs, double[] testTargets, PredictiveEvaluation.Result metrics,
            BandPlot band, MapPlot map, Reliability.Bins bins, Reliability.Coverage coverage,
            OutOfDistribution.Curve shift, OutOfDistribution.Curve noise, int plotDraws, PredictiveRhat rhat) {
            this(dir, name, method, modelId, settings, task, inputs, testTargets, metrics, band, map, bins, coverage,
                    shift, noise, plotDraws, rhat, List.of(), null);
        }

        /** A row without a predictive R-hat (a single draw per chain, a distilled set). */
        Row(Path dir, String name, String method, String modelId, Map<String, String> settings,
            PredictiveModel.Task task, int inputs, double[] testTargets, PredictiveEvaluation.Result metrics,
            BandPlot band, MapPlot map, Reliability.Bins bins, Reliability.Coverage coverage,
            OutOfDistribution.Curve shift, OutOfDistribution.Curve noise, int plotDraws) {
            this(dir, name, method, modelId, settings, task, inputs, testTargets, metrics, band, map, bins, coverage,
                    shift, noise, plotDraws, null, List.of(), null);
        }

        /** The model and its data as one line, e.g. {@code bnn-regression (data=toy1d)}. */
        String modelLine() {
            String data = settings.get("data");
            return modelId + (data == null ? "" : " (data=" + data + ")");
        }

        boolean classification() {
            return task == PredictiveModel.Task.CLASSIFICATION;
        }
    }

    private final List<Row> rows = new ArrayList<>();

    List<Row> rows() {
        return List.copyOf(rows);
    }

    /**
     * Adds an evaluated session; refuses (with one line saying why) a session already in the table
     * or one whose model or test set differs from the first row's.
     *
     * @return null when added, else the message
     */
    String add(Row r) {
        String why = refusal(rows, r.dir(), r.name(), r.modelId(), r.task(), r.testTargets(), r.modelLine());
        if (why != null) {
            return why;
        }
        rows.add(r);
        return null;
    }

    /**
     * Why a session cannot join {@code rows} (already there, or another model or test set than the first row's), or
     * null. Asked before its evaluation too ({@link #compute(Path, List)}), from what the model alone gives.
     */
    static String refusal(List<Row> rows, Path dir, String name, String modelId, PredictiveModel.Task task,
                          double[] testTargets, String modelLine) {
        for (Row o : rows) {
            if (o.dir().toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize())) {
                return name + " is already in the table";
            }
        }
        if (!rows.isEmpty()) {
            Row first = rows.get(0);
            if (!first.modelId().equals(modelId) || first.task() != task
                    || !Arrays.equals(first.testTargets(), testTargets)) {
                return name + " is a session of " + modelLine + "; the table compares sessions of "
                        + first.modelLine() + " on its test set: remove those rows first";
            }
        }
        return null;
    }

    void remove(int i) {
        rows.remove(i);
    }

    /**
     * Reads a session and computes its metrics and plot data.
     *
     * @throws BadInputException (one line) when it is not a session, its model has no test set to
     *                           predict, or it has no post-warmup draws
     */
    static Row compute(Path dir) {
        return compute(dir, List.of());
    }

    /**
     * As {@link #compute(Path)}, refusing at once a session that cannot join {@code table} (the rows as they were when
     * it was asked for): before, a session of another model was evaluated in full (some 20 s for a network) and only
     * then refused.
     */
    static Row compute(Path dir, List<Row> table) {
        try (SessionReader reader = SessionReader.open(dir, SessionReader.Verify.LAZY)) {
            SessionManifest m = reader.manifest();
            String name = reader.directory().getFileName() == null ? dir.toString()
                    : reader.directory().getFileName().toString();
            String modelId = m.runConfig().modelId();
            Map<String, String> settings = new TreeMap<>(m.runConfig().modelSettings());
            Model model;
            try {
                model = ModelRegistry.create(modelId, settings);
            } catch (BadInputException e) {
                throw new BadInputException(name + ": " + e.getMessage());
            }
            if (!(model instanceof PredictiveModel pm0)) {
                throw new BadInputException(name + " is a session of model " + modelId
                        + ", which has no held-out test set to predict (use bnn-regression or bnn-classification)");
            }
            PredictiveModel pm = (PredictiveModel) pm0.forChain();
            if (!table.isEmpty()) {
                String data = settings.get("data");
                String why = refusal(table, reader.directory(), name, modelId, pm.task(), Reliability.testLabels(pm),
                        modelId + (data == null ? "" : " (data=" + data + ")"));
                if (why != null) {
                    throw new BadInputException(why);
                }
            }
            PredictiveEvaluation.Result metrics;
            double[][] qs;
            PredictiveRhat rhat;
            String leftOut = null;
            try {
                String explorationOnly = reader.explorationOnly();
                if (explorationOnly != null) {
                    throw new BadInputException("no posterior draws to evaluate: " + explorationOnly);
                }
                // a chain without posterior draws (its file emptied, missing, corrupt from the start) is left out and
                // said among the row's notes, as evaluate on the command line does
                workbench.core.draws.DrawSource post = reader.posterior();
                workbench.sessions.TableChains tc = workbench.sessions.TableChains.of(reader);
                if (!tc.leftOut().isEmpty() && !tc.kept().isEmpty()) {
                    post = new workbench.core.draws.ChainSubset(post, tc.kept().stream().mapToInt(Integer::intValue)
                            .toArray());
                    leftOut = tc.leftOutLine("the metrics use");
                }
                metrics = PredictiveEvaluation.evaluate(pm, post);
                rhat = PredictiveRhat.of(pm, post);
                qs = PredictiveDraws.thin(pm, post, PLOT_DRAWS);
            } catch (BadInputException e) {
                throw new BadInputException(name + ": " + e.getMessage());
            }
            double[] targets = Reliability.testLabels(pm);
            boolean classification = pm.task() == PredictiveModel.Task.CLASSIFICATION;
            Reliability.Bins bins = null;
            Reliability.Coverage coverage = null;
            if (classification) {
                bins = Reliability.bins(Reliability.testProbabilities(pm, qs), pm.classes(), targets,
                        PredictiveEvaluation.ECE_BINS);
            } else {
                coverage = Reliability.coverage(Reliability.testPit(pm, qs), COVERAGE_LEVELS);
            }
            BandPlot band = null;
            MapPlot map = null;
            OutOfDistribution.Curve shift = null;
            OutOfDistribution.Curve noise = null;
            int inputs = 0;
            if (pm instanceof InputPredictiveModel im) {
                inputs = im.inputs();
                if (!classification && inputs == 1) {
                    band = band(im, qs);
                } else if (classification && inputs == 2) {
                    map = map(im, qs);
                }
                shift = OutOfDistribution.curve(im, qs, OutOfDistribution.Kind.SHIFT, OOD_SIZES, OOD_SEED);
                noise = OutOfDistribution.curve(im, qs, OutOfDistribution.Kind.NOISE, OOD_SIZES, OOD_SEED);
            }
            // a distilled set names its distillation too ("nuts → herding K=100"), not only the source's sampler
            return new Row(reader.directory(), name, workbench.sessions.DistilledFrom.methodOf(m), modelId, settings, pm.task(), inputs,
                    targets, metrics, band, map, bins, coverage, shift, noise, qs.length, rhat,
                    withLeftOut(withCapped(SessionNotes.recovery(reader), m), leftOut),
                    continuedInTheWindow(SessionNotes.unfinished(reader, "these metrics")),
                    SessionNotes.diverged(reader));
        }
    }

    /**
     * The notes on opening and the run's capped-setting note ({@link SessionNotes#capped}: an optimizer that took no
     * Adam step, mile's capped optimizer steps), as {@code workbench evaluate} prints them after {@code note:}.
     */
    private static List<String> withLeftOut(List<String> notes, String leftOut) {
        if (leftOut == null) {
            return notes;
        }
        List<String> out = new ArrayList<>(notes);
        out.add(leftOut);
        return out;
    }

    private static List<String> withCapped(List<String> recovery, workbench.sessions.SessionManifest m) {
        String capped = SessionNotes.capped(m);
        if (capped == null) {
            return recovery;
        }
        List<String> out = new ArrayList<>(recovery);
        out.add(capped.substring(capped.indexOf(": ") + 2)); // the row's name leads the line, not the sampler's
        return out;
    }

    private static BandPlot band(InputPredictiveModel m, double[][] qs) {
        double[] train = m.trainInputs();
        double[] all = concat(train, m.testInputs());
        double[] grid = PredictiveCurves.span(all, 1, 0, 0.4, BAND_GRID);
        PredictiveCurves.Band b = PredictiveCurves.band(m, qs, grid, BAND_LEVELS);
        double[] testY = new double[m.testSize()];
        for (int i = 0; i < testY.length; i++) {
            testY[i] = m.testTarget(i);
        }
        return new BandPlot(raw(m, grid, 1, 0), b, raw(m, train, 1, 0), m.trainTargets(), raw(m, m.testInputs(), 1, 0),
                testY);
    }

    private static MapPlot map(InputPredictiveModel m, double[][] qs) {
        double[] train = m.trainInputs();
        double[] all = concat(train, m.testInputs());
        double[] g0 = PredictiveCurves.span(all, 2, 0, 0.15, MAP_GRID);
        double[] g1 = PredictiveCurves.span(all, 2, 1, 0.15, MAP_GRID);
        PredictiveCurves.ClassMap map = PredictiveCurves.classMap(m, qs, g0, g1);
        double[] rawTrain = new double[train.length];
        for (int i = 0; i < train.length; i++) {
            int k = i % 2;
            rawTrain[i] = m.inputMean(k) + m.inputScale(k) * train[i];
        }
        return new MapPlot(raw(m, g0, 1, 0), raw(m, g1, 1, 1), map, rawTrain, m.trainTargets());
    }

    /** Column values (every p-th from 0, which stand for input k) in the data's units. */
    private static double[] raw(InputPredictiveModel m, double[] xs, int p, int k) {
        double[] out = new double[xs.length / p];
        for (int i = 0; i < out.length; i++) {
            out[i] = m.inputMean(k) + m.inputScale(k) * xs[i * p];
        }
        return out;
    }

    private static double[] concat(double[] a, double[] b) {
        double[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** The table's columns for the task, e.g. method, draws, nll, rmse, ... */
    static List<String> columns(boolean classification) {
        return classification
                ? List.of("session", "method", "draws", "nll", "accuracy", "brier", "ece", "pred. R-hat max",
                        "latency ms/pt", "OOD ratio (4 sd)")
                : List.of("session", "method", "draws", "nll", "rmse", "coverage 50%", "coverage 90%", "pred. R-hat max",
                        "latency ms/pt", "OOD ratio (4 sd)");
    }

    /** The cells of a row under {@link #columns}. */
    static List<String> cells(Row r) {
        PredictiveEvaluation.Result e = r.metrics();
        String draws = e.weighted()
                ? String.format(Locale.ROOT, "%d weighted (eff. %.0f)", e.draws(), e.effectiveDraws())
                : String.valueOf(e.draws());
        // a run that did not finish is marked where the eye starts (the line under the table says how and what to do)
        // so is one whose draws include divergent transitions (the warning line under the table says how many)
        String name = r.name() + (r.unfinished() == null ? "" : " " + UNFINISHED_MARK)
                + (r.diverged() == null ? "" : " " + DIVERGED_MARK);
        List<String> c = new ArrayList<>(List.of(name, r.method(), draws, f4(e.nll())));
        if (r.classification()) {
            c.addAll(List.of(f4(e.accuracy()), f4(e.brier()), f4(e.ece())));
        } else {
            c.addAll(List.of(f4(e.rmse()), f3(e.coverage50()), f3(e.coverage90())));
        }
        // the largest R-hat over the test points of the predictions (a net's weights have none worth reading)
        c.add(r.rhat() == null || Double.isNaN(r.rhat().max()) ? "\u2013" : f3(r.rhat().max()));
        c.add(String.format(Locale.ROOT, "%.3g", e.latencyMs()));
        c.add(r.shift() == null ? "\u2013" : String.format(Locale.ROOT, "%.2f", oodRatio(r.shift())));
        return c;
    }

    /** Uncertainty at the largest move over that at no move (above 1: the method grows less sure away from the data). */
    static double oodRatio(OutOfDistribution.Curve c) {
        double[] u = c.uncertainty();
        return u[u.length - 1] / u[0];
    }

    /** Four decimals, or scientific notation from 10^6 on (a blown-up run's NLL of 10^150 was 150 digits wide). */
    static String f4(double v) {
        return String.format(Locale.ROOT, Double.isFinite(v) && Math.abs(v) >= 1e6 ? "%.4e" : "%.4f", v);
    }

    private static String f3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * The command line's "'workbench resume DIR' completes it" with the window's way beside it (the main window's File ▸
     * Open session, then Run ▸ Continue the shown session); null stays null.
     */
    static String continuedInTheWindow(String unfinished) {
        if (unfinished == null || !unfinished.endsWith("' completes it")) {
            return unfinished;
        }
        return unfinished + " (in the main window: File \u25b8 Open session, then Run \u25b8 " + MainWindow.CONTINUE_ITEM
                + ")";
    }
}
