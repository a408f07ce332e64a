package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.VPos;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.draws.Stat;
import workbench.core.kernel.AcceptStep;
import workbench.core.run.RunDraws;
import workbench.core.run.RunEvent;

/**
 * A trace over iterations of one output coordinate or one transition statistic, per chain, each
 * pixel column reduced to the min..max of the iterations it covers, kept incrementally
 * ({@link TraceBins}: a refresh reads only the new draws) and drawn as one path per chain. Warmup is
 * shaded and every run event (step size set by hand, beta changed, adaptation ended) is marked with a
 * dashed line at the iteration where it took effect. A chain added during the run is marked
 * ("+chain N") at chain 1's iteration when it started; its own trace counts from its own start, so it
 * begins at iteration 0 like the others. The iterations of divergent transitions are a rug of short ticks along the
 * plot's bottom edge ({@link #setShowDivergences}), one thin row per chain where there is room, read from the buffer's
 * divergence marks as the projection reads them: solid {@link Palette#DIVERGENCE} after warmup,
 * {@link #WARMUP_DIVERGENCE lighter} in warmup.
 */
public final class TraceView extends CanvasView {
    private static final double LEFT = 58;
    private static final double RIGHT = 10;
    private static final double TOP = 20;
    private static final double BOTTOM = 34;
    /** The length of a divergence tick at the normal text size. */
    static final double RUG_TICK = 7;
    /** The height of one chain's row of the divergence rug at the normal text size: a 4-px tick and a 1-px gap. */
    static final double RUG_ROW = 5;
    /** Rows lower than this many pixels (a 3-px tick) are not drawn: all chains share one row then. */
    static final double RUG_ROW_MIN = 4;
    /** The width of the chain-coloured mark right of each chain's rug row: within the 10-px right margin. */
    static final double RUG_MARK = 6;
    /**
     * A warmup divergence's tick: the divergence colour lightened (the projection draws those hollow), so the ones
     * after warmup, which bias the draws, stand out.
     */
    public static final Color WARMUP_DIVERGENCE = Palette.DIVERGENCE.interpolate(Color.WHITE, 0.55);

    private RunDraws buffer;
    private int param = -1;
    private Stat stat;
    private String title = "";
    private boolean logScale;
    private boolean showLegend = true;
    private boolean showDivergences = true;
    /** Shade the tuning stages of chain 1 (samplers that report them) instead of warmup. */
    private boolean showPhases;
    /** Said above the plot of a buffer loaded from disk (e.g. that the tuner state is only kept live), or null. */
    private String loadedNote;
    /** Let the sampler pick what this view shows ({@link #setSamplerSpecific}). */
    private boolean samplerSpecific;
    private Stat baseStat;
    private String baseTitle = "";
    private boolean baseLog;
    /** The extra statistic shown instead of {@link #stat}, or null. */
    private RunDraws.Extra extra;
    /**
     * Why the statistic does not apply to the shown sampler, said in place of a trace (an acceptance statistic for a
     * sampler without an accept/reject step, which would otherwise draw a flat 1), or null.
     */
    private String notApplicable;
    private long lastVersion = -1;
    private boolean dirty = true;
    private final TraceBins bins = new TraceBins();
    private int binCols = -1;

    public TraceView() {
        setMinSize(150, 90);
        getChildren().add(fold.tipArea());
        // once Tab has reached the trace, L folds or unfolds its legend as a click on it does, and a screen reader says
        // what the trace shows; a view drawn without a legend takes no focus ({@link #setShowLegend})
        setFocusTraversable(true);
        focusedProperty().addListener((o, was, now) -> dirty = true);
        addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, this::keyPressed);
        setOnMouseClicked(e -> {
            if (e.getButton() == javafx.scene.input.MouseButton.PRIMARY && e.isStillSincePress()
                    && fold.contains(e.getX(), e.getY())) {
                // a click on the legend folds it to one small box (a small window) or unfolds it, as the projection's
                setLegendFolded(!fold.folded());
                refresh();
                e.consume();
            }
        });
    }

    /**
     * L folds or unfolds the legend, as the projection's L does (the trace has no view of its own to zoom, pan or fit:
     * it always shows every iteration kept); with Ctrl, Alt or Meta the key is left to the window's accelerators.
     */
    private void keyPressed(javafx.scene.input.KeyEvent e) {
        if (e.isShortcutDown() || e.isControlDown() || e.isAltDown() || e.isMetaDown()
                || e.getCode() != javafx.scene.input.KeyCode.L) {
            return;
        }
        setLegendFolded(!fold.folded());
        refresh();
        e.consume();
    }

    public void setBuffer(RunDraws buffer) {
        this.buffer = buffer;
        this.counted = null;
        bins.reset();
        dirty = true;
    }

    /**
     * The divergences to mark and count, as the caller read them ({@link RunDraws#divergenceSnapshot}) of the buffer
     * shown, so that the legend says what the caller's status bar says; null (and after {@link #setBuffer}): the
     * buffer's own, read at each redraw.
     */
    public void setDivergences(RunDraws.Divergences divergences) {
        if (!java.util.Objects.equals(divergences, counted)) {
            counted = divergences;
            dirty = true;
        }
    }

    /** The divergences given by {@link #setDivergences}, or null: the buffer's own. */
    private RunDraws.Divergences counted;

    /** Shows output coordinate {@code param}. */
    public void showParam(int param) {
        bins.reset();
        this.param = param;
        this.stat = null;
        dirty = true;
    }

    /** The output coordinate shown (-1 while a transition statistic is). */
    public int param() {
        return param;
    }

    /** Shows a transition statistic, optionally on a log scale. */
    public void showStat(Stat stat, String title, boolean logScale) {
        bins.reset();
        this.stat = stat;
        this.param = -1;
        this.title = title;
        this.logScale = logScale;
        this.extra = null;
        this.baseStat = stat;
        this.baseTitle = title;
        this.baseLog = logScale;
        dirty = true;
    }

    /**
     * Draws the mean of each bucket of iterations (at least {@link TraceBins#MEAN_MIN_BUCKET}) instead of its
     * min-max range: for statistics that jump between 0 and 1 every transition, such as an acceptance.
     */
    public void setBucketMeans(boolean on) {
        bucketMeans = on;
        bins.setMeanMode(on);
        dirty = true;
    }

    /**
     * Shades the tuning stages of chain 1 ({@link TuningPhases}: the MCLMC family, csgld) behind the
     * traces, with a legend naming them, where the run reports them (instead of shading warmup).
     */
    public void setShowPhases(boolean show) {
        this.showPhases = show;
        dirty = true;
    }

    /**
     * A statistic view that shows what matters for the running sampler instead of its statistic where
     * that does not apply: SMILE's rejections so far, the MCLMC family's trajectory length L.
     */
    public void setSamplerSpecific(boolean on) {
        this.samplerSpecific = on;
        dirty = true;
    }

    /** A line shown above the plot when the buffer was loaded from disk rather than live (null: none). */
    public void setLoadedNote(String note) {
        this.loadedNote = note;
        dirty = true;
    }

    /** The extra statistic shown instead of the stat (sampler-specific view), or null. */
    public RunDraws.Extra shownExtra() {
        return extra;
    }

    /** Whether each bucket's mean is drawn ({@link #setBucketMeans}). */
    private boolean bucketMeans;
    /** The title as last drawn: {@link #shownTitle()} shortened to the view's width ({@link #fitTitle}). */
    private String drawnTitle = "";

    /** The title as last drawn, shortened where the view is narrow (for tests). */
    public String drawnTitle() {
        return drawnTitle;
    }

    /**
     * The title {@code full} shortened to fit {@code room} pixels at the label font times {@code ts}: whole where it
     * fits, else without its closing parenthesis (" (mean per bucket of iterations)"), said shortly as " (bucket
     * means)" where the view draws bucket means; the shortest when none fits. {@code suffix} (" (log10)") is kept.
     * On a 1280 x 720 screen the acceptance view, a third of the window, cut its title to "... mean per bucket of".
     */
    static String fitTitle(String full, String suffix, double room, double ts, boolean bucketMeans) {
        java.util.List<String> tries = new java.util.ArrayList<>();
        tries.add(full + suffix);
        int open = full.lastIndexOf(" (");
        if (open > 0 && full.endsWith(")")) {
            String head = full.substring(0, open);
            if (bucketMeans) {
                tries.add(head + " (bucket means)" + suffix);
            }
            tries.add(head + suffix);
        }
        if (full.endsWith(": does not apply")) {
            tries.add(full.substring(0, full.length() - "does not apply".length()) + "n/a"); // "acceptance: n/a"
        }
        return PlotArea.firstFitting(tries, room, ts);
    }

    /** Least height of the plot under the stages' legend (times the text scale): below it the legend is left out. */
    static final double MIN_PLOT = 50;
    /** Whether the last paint left the stages' legend out for want of height. */
    private boolean phaseLegendLeftOut;

    /** Whether the last paint left the tuning stages' legend out for want of height (tests). */
    public boolean phaseLegendLeftOut() {
        return phaseLegendLeftOut;
    }

    /** The lines said in place of a trace that does not apply, as last drawn (tests). */
    private List<String> shownNote = List.of();

    /** The lines said in place of a statistic that does not apply, as last drawn (tests). */
    public List<String> drawnNote() {
        return shownNote;
    }

    /** What {@link #drawnTitle} was fitted for: the title, its suffix, the room, the text size, bucket means. */
    private String fitLabel;
    private String fitSuffix;
    private double fitRoom = Double.NaN;
    private double fitScale = Double.NaN;
    private boolean fitMeans;

    /** {@link #fitTitle}, measured again only when the title, the room or the text size changed (not every paint). */
    private String fittedTitle(String label, String suffix, double room, double ts) {
        if (!label.equals(fitLabel) || !suffix.equals(fitSuffix) || room != fitRoom || ts != fitScale
                || bucketMeans != fitMeans) {
            fitLabel = label;
            fitSuffix = suffix;
            fitRoom = room;
            fitScale = ts;
            fitMeans = bucketMeans;
            drawnTitle = fitTitle(label, suffix, room, ts, bucketMeans);
        }
        return drawnTitle;
    }

    /** The x axis's label's forms, longest first: plain, warmup shaded, tuning stages shaded. */
    private static final List<List<String>> X_LABELS = List.of(List.of("iteration"),
            List.of("iteration (shaded: warmup)", "iteration"),
            List.of("iteration (shaded: stages of chain 1; line: end of warmup)", "iteration (shaded: chain 1's stages)",
                    "iteration"));

    /**
     * The x axis's label for {@code shading} (0: none, 1: warmup shaded, 2: tuning stages shaded), in the longest form
     * that fits {@code room} pixels at the label font times {@code ts}; the shortest when none does. At 1280 x 720 a
     * MILE run's trace (about 310 pixels) cut the stages' form to "iteration (shaded: stages of chain 1; line: end of
     * wa".
     */
    static String fitXLabel(int shading, double room, double ts) {
        return PlotArea.firstFitting(X_LABELS.get(shading), room, ts);
    }

    /** The x axis's label as last drawn ({@link #fitXLabel}), for tests. */
    private String drawnXLabel = "";
    private int xLabelShading = -1;
    private double xLabelRoom = Double.NaN;
    private double xLabelScale = Double.NaN;

    /** The x axis's label as last drawn, shortened where the view is narrow (for tests). */
    public String drawnXLabel() {
        return drawnXLabel;
    }

    /** {@link #fitXLabel}, measured again only when the shading, the room or the text size changed. */
    private String fittedXLabel(int shading, double room, double ts) {
        if (shading != xLabelShading || room != xLabelRoom || ts != xLabelScale) {
            xLabelShading = shading;
            xLabelRoom = room;
            xLabelScale = ts;
            drawnXLabel = fitXLabel(shading, room, ts);
        }
        return drawnXLabel;
    }

    /** The title of what is shown now. */
    public String shownTitle() {
        return title;
    }

    /** Iterations per drawn bucket now (0 before the first draw). */
    public long shownBucketSize() {
        return bins.used() == 0 ? 0 : bins.bucketSize();
    }

    /** Why the statistic does not apply to the shown draws' sampler (drawn instead of a trace), or null. */
    public String notApplicable() {
        return notApplicable;
    }

    /** The statistic shown now (HMC's leapfrog steps in the tree-depth view), or null while a coordinate is. */
    public Stat shownStat() {
        return stat;
    }

    /**
     * Samplers whose transition is one step (stochastic-gradient, Metropolis, MALA, an optimizer's): nothing to show
     * in a tree-depth view. rwm, mala and the optimizers drew a flat 0 under "tree depth (NUTS) / leapfrog steps".
     */
    static final java.util.Set<String> SINGLE_STEP = java.util.Set.of("sgld", "sghmc", "csgld", "rwm", "mala", "map",
            "deep-ensemble", "laplace-diag");

    /**
     * Samplers with a fixed number of leapfrog steps and no tree: the tree-depth view shows the leapfrog steps each
     * transition took (HMC's tree depth is 0, and the view drew a flat 0 under "tree depth (NUTS) / leapfrog steps";
     * a divergent trajectory stops early, so its transitions show as dips).
     */
    static final java.util.Set<String> LEAPFROG = java.util.Set.of("hmc");

    /** Picks the sampler-specific statistic for the buffer's sampler; restarts the bins when it changes. */
    private void resolve() {
        if (baseStat == Stat.ACCEPT_STAT) {
            resolveAcceptance();
            return;
        }
        if (!samplerSpecific || baseStat == null) {
            return;
        }
        String id = buffer == null || !buffer.hasExtras() ? null : buffer.samplerId();
        RunDraws.Extra x = null;
        String t = baseTitle;
        boolean log = baseLog;
        Stat st = baseStat;
        String sampler = buffer == null ? null : buffer.samplerIdOrStored();
        if (id != null && TunerFit.SAMPLERS.contains(id)) {
            x = RunDraws.Extra.REJECTIONS;
            t = "rejections so far (SMILE tuner)";
            log = false;
        } else if (id != null && TuningPhases.MCLMC.contains(id)) {
            x = RunDraws.Extra.L;
            t = "trajectory length L";
            log = false;
        } else if (baseStat == Stat.TREE_DEPTH && sampler != null && LEAPFROG.contains(sampler)) {
            st = Stat.LEAPFROG_STEPS;
            t = "leapfrog steps (" + sampler + " has no tree)";
            log = false;
        }
        String na = null;
        if (x == null && st == baseStat && sampler != null && SINGLE_STEP.contains(sampler)) {
            // a flat 0 under "tree depth (NUTS) / leapfrog steps" reads as a fault: say there is none, and draw no
            // line (a flat 0 under "none" still read as one), as the acceptance view does for a sampler without one
            t = "tree depth: none for " + sampler + " (single steps)";
            na = sampler + " takes one step per iteration";
        }
        if (x != extra || !t.equals(title) || st != stat || !java.util.Objects.equals(na, notApplicable)) {
            extra = x;
            title = t;
            logScale = log;
            stat = st;
            notApplicable = na;
            bins.reset();
        }
    }

    /** Iterations at least in a bucket of the steps-kept trace (SMILE's tuner). */
    public static final int KEPT_BUCKET = 256;
    /** The acceptance view's title for a sampler whose tuner rejects and resets (SMILE). */
    public static final String KEPT_TITLE = "steps kept, not rejected and reset (share per \u2265 " + KEPT_BUCKET + ")";

    /**
     * The acceptance statistic as the buffer's sampler means it ({@link RunDraws#acceptStep}): an acceptance rate
     * (Metropolis), the fraction of steps SMILE's tuner kept, or nothing to show where there is no accept/reject
     * step (unadjusted MCLMC, SGLD, ...), whose statistic is 1 for every step taken.
     */
    private void resolveAcceptance() {
        AcceptStep a = buffer == null ? AcceptStep.METROPOLIS : buffer.acceptStep();
        String t = baseTitle;
        String na = null;
        if (a == AcceptStep.NONE) {
            t = "acceptance: does not apply";
            na = buffer.acceptNote();
        } else if (a == AcceptStep.TUNER_RESET) {
            t = KEPT_TITLE;
        }
        // SMILE keeps about 98% of its steps: buckets of 16 could only read 1 or 15/16, a comb; 256 resolve the rate
        bins.setMeanMinBucket(a == AcceptStep.TUNER_RESET ? KEPT_BUCKET : TraceBins.MEAN_MIN_BUCKET);
        if (!t.equals(title) || !java.util.Objects.equals(na, notApplicable)) {
            title = t;
            notApplicable = na;
            bins.reset();
        }
    }

    /**
     * Names the chains in a legend (default on). A view with neither that nor the divergence rug draws no legend, so it
     * takes no focus: the keyboard could do nothing there (the step size, acceptance and tree-depth traces).
     */
    public void setShowLegend(boolean show) {
        this.showLegend = show;
        setFocusTraversable(showLegend || showDivergences);
        dirty = true;
    }

    /** Marks the iterations of divergent transitions with a rug of ticks along the plot's bottom edge (default on). */
    public void setShowDivergences(boolean show) {
        this.showDivergences = show;
        setFocusTraversable(showLegend || showDivergences);
        dirty = true;
    }

    @Override
    protected void resized() {
        dirty = true;
    }

    public boolean refresh() {
        long v = buffer == null ? -2 : buffer.version();
        if (!dirty && v == lastVersion) {
            return false;
        }
        dirty = false;
        lastVersion = v;
        draw();
        return true;
    }

    private double read(int c, long i) {
        double v = extra != null ? buffer.extra(c, i, extra) : stat != null ? buffer.stat(c, i, stat)
                : buffer.value(c, i, param);
        return logScale ? (v > 0 ? Math.log10(v) : Double.NaN) : v;
    }

    /** What an empty view says. */
    public static final String NO_DRAWS = "no draws yet";

    private void draw() {
        paint(pen, canvas.getWidth(), canvas.getHeight());
        fold.placeTip(); // over the folded box, a tooltip saying what it hides
        if (isFocused()) { // on the screen only, never in an export (which paints the view again)
            pen.setStroke(ProjectionView.FOCUS);
            pen.setLineWidth(2);
            pen.setLineDashes();
            pen.strokeRect(1, 1, canvas.getWidth() - 2, canvas.getHeight() - 2);
        }
    }

    /** Paints the view at the given size with the given pen: the screen, or an SVG file. */
    public void paint(Pen g, double w, double h) {
        resolve();
        fold.clearBounds();
        plotRect = null;
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        // the margins that hold the lettering grow with it (View > Larger text); the same at the normal size
        double ts = g.textScale();
        double left = LEFT * ts;
        double top0 = TOP * ts;
        double bottom = BOTTOM * ts;
        String label = stat != null ? title : buffer != null && param >= 0 && param < buffer.names().size()
                ? "trace of " + buffer.names().get(param) : "trace";
        g.setFill(Palette.INK);
        g.setFont(PlotArea.LABEL_FONT);
        g.setTextAlign(TextAlignment.LEFT);
        g.setTextBaseline(VPos.TOP);
        String suffix = logScale ? " (log10)" : "";
        if (w < left + RIGHT + 20 || h < top0 + bottom + 10) {
            // no room for the plot (a small window with large text): the title still says what goes here
            double x = Math.min(left, 4);
            drawnTitle = fittedTitle(label, suffix, w - x, ts);
            g.fillText(drawnTitle, x, 2);
            return;
        }
        drawnTitle = fittedTitle(label, suffix, w - left - 2, ts);
        g.fillText(drawnTitle, left, 2);
        if (buffer == null || !buffer.started()) {
            // as the energy charts say "no transitions yet": an empty white box read as a view that failed
            g.setFont(PlotArea.TICK_FONT);
            g.setFill(Color.rgb(110, 110, 110));
            g.fillText(NO_DRAWS, left, top0 + 6);
            return;
        }
        if (stat == null && (param < 0 || param >= buffer.names().size())) {
            return;
        }
        if (notApplicable != null) {
            // a flat 1 would read as "every proposal accepted": say why there is nothing to draw
            g.setFont(PlotArea.TICK_FONT);
            g.setFill(Color.rgb(110, 110, 110));
            // wrapped to the view's width (about a third of the window's): three fixed lines were cut at 16 px text
            String why = baseStat == Stat.ACCEPT_STAT
                    ? ": every step is taken, so there is no acceptance rate to show"
                    : ": there is no trajectory, so no tree depth or leapfrog steps to show";
            List<String> lines = PlotArea.wrap(notApplicable + why, w - left - 4, ts, PlotArea.TICK_FONT);
            shownNote = lines;
            for (int k = 0; k < lines.size(); k++) {
                g.fillText(lines.get(k), left, top0 + 6 + 15 * ts * k);
            }
            return;
        }
        double top = top0;
        if (loadedNote != null && buffer.loaded()) {
            g.setFont(PlotArea.TICK_FONT);
            g.setFill(Color.rgb(110, 110, 110));
            g.fillText(loadedNote, left, top0);
            top += 15 * ts;
        }
        int chains = buffer.chains();
        long lo = Long.MAX_VALUE;
        long hi = 0;
        for (int c = 0; c < chains; c++) {
            lo = Math.min(lo, buffer.first(c));
            hi = Math.max(hi, buffer.size(c));
        }
        if (hi <= lo) {
            return;
        }
        double plotW = w - left - RIGHT;
        int cols = Math.max(1, (int) plotW);
        if (cols != binCols) {
            bins.reset();
            binCols = cols;
        }
        long[] firsts = new long[chains];
        long[] sizes = new long[chains];
        for (int c = 0; c < chains; c++) {
            firsts[c] = buffer.first(c);
            sizes[c] = buffer.size(c);
        }
        bins.update(firsts, sizes, lo, hi, cols, this::read);
        double span = Math.max(1, hi - lo);
        double ymin = Double.POSITIVE_INFINITY;
        double ymax = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < chains; c++) {
            for (int s = 0; s < bins.used(); s++) {
                double a = bins.min(c, s);
                if (!Double.isNaN(a) && bins.start(s) + bins.bucketSize() > lo) {
                    ymin = Math.min(ymin, a);
                    ymax = Math.max(ymax, bins.max(c, s));
                }
            }
        }
        if (!(ymax >= ymin)) {
            g.setFont(PlotArea.TICK_FONT);
            g.fillText("no values (this sampler does not report it)", left, top0 + 6);
            return;
        }
        if (ymax - ymin < 1e-12) {
            ymin -= 0.5;
            ymax += 0.5;
        }
        double pad = (ymax - ymin) * 0.05;
        String sampler = showPhases ? buffer.samplerId() : null;
        List<TuningPhases.Segment> phases = TuningPhases.reportsPhases(sampler) && buffer.hasExtras()
                ? TuningPhases.segments(buffer, 0, lo, hi) : List.of();
        Legend phaseLegend = phaseLegend(sampler, phases, ts);
        // the stages' legend above the plot, where the plot keeps room under it; in a short view it is left out (the
        // shading and the x axis's label still say what is shaded): at 16 px text in a 1280 x 720 window it took all
        // of the trace's height, and of each Sampler-over-time plot's, and no trace was drawn
        phaseLegendLeftOut = !phaseLegend.isEmpty()
                && h - (top + phaseLegend.inlineHeight(plotW) + 2) - bottom < MIN_PLOT * ts;
        if (!phaseLegend.isEmpty() && !phaseLegendLeftOut) {
            top += phaseLegend.drawInline(g, left, top, plotW) + 2;
        }
        if (h - top - bottom < 10) {
            return;
        }
        // the marks and their count as the caller read them, or the buffer's now (read once: the count matches them)
        RunDraws.Divergences counts = counted != null ? counted : buffer.divergenceSnapshot();
        List<RunDraws.DivergenceMark> divs = showDivergences ? counts.marks() : List.of();
        double plotH = h - top - bottom;
        double band = anyIn(divs, lo, hi) ? rugBand(chains, plotH, ts) : 0;
        // the traces stay clear of the rug: the padding below them is at least its height
        double padBelow = Math.max(pad, (band + 1) * (ymax - ymin + pad) / Math.max(1, plotH - band - 1));
        PlotArea a = new PlotArea(left, top, plotW, plotH, lo, lo + span, ymin - padBelow, ymax + pad)
                .wholeNumbersOnX();
        long warm = buffer.warmup(0);
        if (!phases.isEmpty()) {
            drawPhases(g, a, sampler, phases);
        } else if (warm > lo) {
            g.setFill(Color.rgb(250, 240, 215));
            double x1 = Math.min(a.left() + a.width(), a.px(warm));
            g.fillRect(a.left(), a.top(), x1 - a.left(), a.height());
        }
        a.drawGrid(g, true, true);
        if (g == pen && hi - lo > cols) {
            drawRaster(g, a, chains, lo);
        } else {
            drawPaths(g, a, chains, lo);
        }
        Rug rug = drawDivergenceRug(g, a, divs, chains, lo, hi, ts);
        List<RunDraws.EventMark> events = buffer.events();
        g.setFont(PlotArea.TICK_FONT);
        boolean anySetting = false;
        boolean anyAdded = false;
        for (RunDraws.EventMark e : events) {
            boolean added = RunEvent.CHAIN_ADDED.equals(e.event().kind());
            if ((e.chain() == 0 || added) && e.iteration() >= lo) {
                anySetting |= !added;
                anyAdded |= added;
            }
        }
        // the ticks count what this range of iterations shows; where that is not all of the run's (an earlier part no
        // longer kept, or the buffer kept only the latest marks), the run's count beside it:
        // "divergent after warmup (20000)" read against the table line's 322 113
        long allWarmup = counts.inWarmup();
        long allAfter = counts.total() - allWarmup;
        boolean chainRows = showLegend && chains > 1;
        // the legend stands in the plot's top-left corner and ends above the rug: with 16 chains its rows ran over the
        // rug's right end in a short trace. Where the whole legend is too tall, or would cover more of the plot than
        // the projection's legend may (a 1280 x 720 window), it folds (one row for the chains, one for the
        // divergences); where that is still too tall, its rows stand side by side or it keeps the rows that fit; and
        // where what is left still covers too much, it is one small box that a click unfolds
        double rugTop = a.top() + a.height() - (rug.all() > 0 ? band : 0);
        double room = rugTop - 2 - (a.top() + 4);
        double plotArea = a.width() * a.height();
        boolean bySize = fold.choice() == null;
        Legend legend = null;
        double[] legendBox = null; // left, top, width, height of the chain legend, or null
        boolean inline = false;
        boolean small = false;
        List<String> rows = List.of();
        List<String> whole = List.of();
        if (chainRows || rug.all() > 0) {
            legend = traceLegend(g.textScale(), false, chainRows, chains, anySetting, anyAdded, rug, allAfter, allWarmup);
            rows = legend.texts();
            whole = rows;
            // a row too wide for a narrow plot wraps rather than running over the axis
            legend.fitWidth(a.width() - 8);
            if (legend.size()[1] > room || bySize && covers(legend.size(), plotArea) > ProjectionView.LEGEND_MAX_SHARE) {
                legend = traceLegend(g.textScale(), true, chainRows, chains, anySetting, anyAdded, rug, allAfter,
                        allWarmup);
                rows = legend.texts();
                legend.fitWidth(a.width() - 8);
                // a short, wide trace: the folded rows side by side across the plot's top
                inline = legend.size()[1] > room && legend.inlineHeight(a.width() - 20) + 8 <= room;
                if (!inline) {
                    int wrapped = legend.texts().size();
                    legend.fitHeight(room, "\u22ef more in a taller view");
                    if (legend.texts().size() != wrapped) {
                        rows = legend.texts();
                    }
                }
            }
            double[] size = inline ? new double[] {a.width() - 8, legend.inlineHeight(a.width() - 20) + 8}
                    : legend.size();
            small = !legend.isEmpty() && (bySize ? covers(size, plotArea) > ProjectionView.LEGEND_MAX_SHARE
                    : fold.choice());
            if (small) {
                legend = fold.box(g.textScale(), a.width() - 8);
                legend.fitHeight(room, "");
                inline = false;
            }
            if (legend.isEmpty()) {
                legend = null;
            }
        }
        boolean folded = small && legend != null;
        legendShown = legend == null ? List.of() : folded ? legend.texts() : rows;
        if (legend != null && inline) {
            legendBox = new double[] {a.left() + 4, a.top() + 4, a.width() - 8, legend.inlineHeight(a.width() - 20) + 8};
        } else if (legend != null) {
            double[] size = legend.size();
            // top-left, over the oldest iterations shown: top-right it covered the newest, where a run's trace moves
            legendBox = new double[] {a.left() + 4, a.top() + 4, size[0], size[1]};
        }
        fold.drawn(folded, legendBox, whole);
        plotRect = new double[] {a.left(), a.top(), a.width(), a.height()};
        if (g == pen) {
            // a screen reader hears the whole legend, folded or not, and the key that folds it
            String help = whole.isEmpty() ? null : "L folds the legend. Legend: " + String.join("; ", whole);
            if (!java.util.Objects.equals(help, getAccessibleHelp())) {
                setAccessibleHelp(help);
            }
        }
        g.setLineDashes(5, 4);
        g.setLineWidth(1.2);
        g.setTextBaseline(VPos.TOP);
        // the marks this range shows, oldest first: settings where chain 1 saw them; an added chain where chain 1 was
        // when it started
        List<RunDraws.EventMark> marked = new ArrayList<>();
        for (RunDraws.EventMark e : events) {
            boolean added = RunEvent.CHAIN_ADDED.equals(e.event().kind());
            if ((e.chain() == 0 || added) && e.iteration() >= lo) {
                marked.add(e);
            }
        }
        int nMarked = marked.size();
        double[] labelX = new double[nMarked];
        double[] labelWidths = new double[nMarked];
        String[] labels = new String[nMarked];
        g.setStroke(Color.rgb(120, 0, 140));
        for (int i = 0; i < nMarked; i++) {
            RunDraws.EventMark e = marked.get(i);
            double x = Math.round(a.px(e.iteration())) + 0.5;
            g.strokeLine(x, a.top(), x, a.top() + a.height());
            labels[i] = RunEvent.CHAIN_ADDED.equals(e.event().kind()) ? "+chain " + (e.chain() + 1)
                    : eventLabel(e.event());
            labelX[i] = x + 3;
            labelWidths[i] = 7 * ts * labels[i].length();
        }
        // every dashed line stays; its label only where it overlaps no other label nor the legend: sixteen step sizes
        // set by hand within 100 iterations ran together into one smear of digits. The newest are placed first
        double[][] labelBoxes = placeEventLabels(labelX, labelWidths, a.top() + 2, PlotArea.labelHeight() * ts,
                legendBox);
        g.setFill(Color.rgb(120, 0, 140));
        for (int i = 0; i < nMarked; i++) {
            if (labelBoxes[i] != null) {
                g.fillText(labels[i], labelBoxes[i][0], labelBoxes[i][1]);
            }
        }
        g.setLineDashes();
        if (!phases.isEmpty() && warm > lo && warm < hi) {
            // the end of warmup as a thin line, since the shading shows the stages now
            double x = Math.round(a.px(warm)) + 0.5;
            g.setStroke(Color.rgb(90, 90, 90));
            g.setLineWidth(1);
            g.strokeLine(x, a.top(), x, a.top() + a.height());
        }
        double centre = a.left() + a.width() / 2;
        a.drawXAxis(g, fittedXLabel(!phases.isEmpty() ? 2 : warm > lo ? 1 : 0, 2 * Math.min(centre, w - centre), ts),
                true);
        a.drawYAxis(g, null);
        if (legend != null && inline) {
            g.setFill(Palette.LEGEND_BACKGROUND);
            g.fillRect(legendBox[0], legendBox[1], legendBox[2], legendBox[3]);
            g.setStroke(Color.rgb(0, 0, 0, 0.25));
            g.setLineWidth(1);
            g.strokeRect(legendBox[0] + 0.5, legendBox[1] + 0.5, legendBox[2] - 1, legendBox[3] - 1);
            legend.drawInline(g, legendBox[0] + 6, legendBox[1] + 4, legendBox[2] - 12);
        } else if (legend != null) {
            legend.draw(g, legendBox[0] + legendBox[2], legendBox[1]); // its right edge, as the box says
        }
    }

    /** The legend's rows as last drawn (tests): folded where the whole legend would have run over the rug. */
    private List<String> legendShown = List.of();

    /**
     * The chain legend's rows as last drawn, top to bottom, a wrapped row whole; empty without a legend, and
     * {@link #FOLDED} alone where it was folded to one small box.
     */
    public List<String> legendTexts() {
        return legendShown;
    }

    /** What the legend folded to one small box says. */
    public static final String FOLDED = LegendFold.FOLDED;
    /** The plot's box {x, y, width, height} as last drawn (the rug included), or null. */
    private double[] plotRect;
    /** The legend's fold: the user's choice, and whether and where it was last drawn. */
    private final LegendFold fold = new LegendFold();

    /** The share of a plot {@code plotArea} square pixels that a legend box of {@code size} covers. */
    private static double covers(double[] size, double plotArea) {
        return plotArea <= 0 ? 1 : size[0] * size[1] / plotArea;
    }

    /**
     * Folds the legend to one small box (true) or unfolds it (false), from now on whatever the view's size; a click on
     * the legend does the same. Until then it is folded while even its folded rows would cover more than
     * {@link ProjectionView#LEGEND_MAX_SHARE} of the plot. Unfolded, it still ends above the rug.
     */
    public void setLegendFolded(boolean folded) {
        if (fold.choose(folded)) {
            dirty = true;
        }
    }

    /** Whether the legend was last drawn folded to one small box. */
    public boolean legendFolded() {
        return fold.folded();
    }

    /** The legend's box {x, y, width, height} in view pixels as last drawn, or null. */
    public double[] legendBounds() {
        return fold.bounds();
    }

    /** What the tooltip over the folded legend says (that it is folded, then its rows), or null while it is whole. */
    String legendTip() {
        return fold.tipText();
    }

    /** The plot's box {x, y, width, height} in view pixels as last drawn, or null (tests). */
    double[] plotBounds() {
        return plotRect == null ? null : plotRect.clone();
    }

    /**
     * The trace's legend: the chains (a row each, or folded to one), the dashed marks, and the divergence ticks (a row
     * for those after warmup and one for warmup's, folded to one row).
     */
    private static Legend traceLegend(double ts, boolean folded, boolean chainRows, int chains, boolean anySetting,
                                      boolean anyAdded, Rug rug, long allAfter, long allWarmup) {
        Legend legend = new Legend(ts);
        if (chainRows) {
            if (folded) {
                legend.addChainsRow(chains, "");
            } else {
                legend.addChains(Legend.Symbol.LINE, chains, "");
            }
            if (anySetting) {
                legend.add(Legend.Symbol.DASH, Color.rgb(120, 0, 140), "setting changed");
            }
            if (anyAdded) {
                legend.add(Legend.Symbol.DASH, Color.rgb(120, 0, 140), "chain added (clicked)");
            }
        }
        if (folded && rug.after() > 0 && rug.warmup() > 0) {
            legend.add(Legend.Symbol.TICKS, Palette.DIVERGENCE, "divergent: " + shownOf(rug.after(), allAfter)
                    + " after warmup, " + shownOf(rug.warmup(), allWarmup) + " in warmup (lighter)");
        } else {
            if (rug.after() > 0) {
                legend.add(Legend.Symbol.TICKS, Palette.DIVERGENCE, "divergent after warmup ("
                        + shownOf(rug.after(), allAfter) + ")");
            }
            if (rug.warmup() > 0) {
                legend.add(Legend.Symbol.TICKS, WARMUP_DIVERGENCE, "divergent in warmup ("
                        + shownOf(rug.warmup(), allWarmup) + ", lighter)");
            }
        }
        if (rug.all() > 0 && rug.rows() > 1) {
            legend.add(Legend.Symbol.NONE, Palette.DIVERGENCE, folded ? "ticks: a row per chain"
                    : "ticks: a row per chain, chain 1 at the top");
        } else if (rug.all() > 0 && chains > 1) {
            legend.add(Legend.Symbol.NONE, Palette.DIVERGENCE, "ticks: all " + chains + " chains in one row");
        }
        return legend;
    }

    /**
     * The height of each chain's row of the divergence rug on a plot {@code plotHeight} high: {@link #RUG_ROW}, less
     * where the rows would take more than a quarter of the plot; 0 where they would be lower than
     * {@link #RUG_ROW_MIN} or there is one chain (one row for all).
     */
    private static double rugPitch(int chains, double plotHeight, double ts) {
        double pitch = Math.floor(Math.min(RUG_ROW * ts, plotHeight / 4 / Math.max(1, chains)));
        return chains > 1 && pitch >= RUG_ROW_MIN ? pitch : 0;
    }

    /** The height of the divergence rug on a plot {@code plotHeight} high. */
    private static double rugBand(int chains, double plotHeight, double ts) {
        double pitch = rugPitch(chains, plotHeight, ts);
        return pitch > 0 ? chains * pitch : Math.min(RUG_TICK * ts, plotHeight / 3);
    }

    /** Whether any of the divergences lies in the iterations from {@code lo} to {@code hi}. */
    private static boolean anyIn(List<RunDraws.DivergenceMark> divs, long lo, long hi) {
        for (RunDraws.DivergenceMark d : divs) {
            if (d.iteration() >= lo && d.iteration() < hi) {
                return true;
            }
        }
        return false;
    }

    /**
     * What the rug drew: how many divergences after warmup and in warmup lie in the range, and in how many rows (one
     * per chain, or one for all).
     */
    /** A count of ticks, with the run's where that is more: "2584 shown of 11151". */
    static String shownOf(long shown, long all) {
        return all > shown ? shown + " shown of " + all : Long.toString(shown);
    }

    private record Rug(long after, long warmup, int rows) {
        long all() {
            return after + warmup;
        }
    }

    /**
     * The iterations of the divergences among {@code divs} from {@code lo} to {@code hi} as short ticks up from the
     * plot's bottom edge, in one thin row per chain (chain 1 at the top, the last chain's on the bottom edge, each with
     * a short mark in its chain's colour in the right margin) so that a chain that diverges alone is told from all of
     * them diverging; the ticks stay in the divergence colour, apart from the chains' traces. Where the rows would be
     * thinner than {@link #RUG_ROW_MIN} (many chains, a short plot) all chains share one row. At most one tick per pixel
     * column, row and kind (thousands of divergences cost one pass and a few hundred lines), warmup ones lighter, drawn
     * first so that a column with both shows the solid one.
     */
    private static Rug drawDivergenceRug(Pen g, PlotArea a, List<RunDraws.DivergenceMark> divs, int chains, long lo,
                                         long hi, double ts) {
        if (divs.isEmpty()) {
            return new Rug(0, 0, 0);
        }
        double pitch = rugPitch(chains, a.height(), ts);
        int rows = pitch > 0 ? chains : 1;
        int cols = Math.max(1, (int) Math.ceil(a.width()));
        boolean[][] after = new boolean[rows][cols];
        boolean[][] warm = new boolean[rows][cols];
        long[] counts = new long[2];
        for (RunDraws.DivergenceMark d : divs) {
            if (d.iteration() < lo || d.iteration() >= hi) {
                continue;
            }
            int col = Math.max(0, Math.min(cols - 1, (int) Math.floor(a.px(d.iteration()) - a.left())));
            int row = rows == 1 ? 0 : Math.max(0, Math.min(rows - 1, d.chain()));
            if (d.warmup()) {
                warm[row][col] = true;
                counts[1]++;
            } else {
                after[row][col] = true;
                counts[0]++;
            }
        }
        double bottom = a.top() + a.height();
        double len = rows == 1 ? Math.min(RUG_TICK * ts, a.height() / 3) : pitch - 1;
        g.setLineDashes();
        g.setLineWidth(1);
        for (int r = 0; r < rows; r++) {
            double rowBottom = bottom - (rows - 1 - r) * pitch;
            g.setStroke(WARMUP_DIVERGENCE);
            for (int col = 0; col < cols; col++) {
                if (warm[r][col] && !after[r][col]) {
                    g.strokeLine(a.left() + col + 0.5, rowBottom - len, a.left() + col + 0.5, rowBottom);
                }
            }
            g.setStroke(Palette.DIVERGENCE);
            for (int col = 0; col < cols; col++) {
                if (after[r][col]) {
                    g.strokeLine(a.left() + col + 0.5, rowBottom - len, a.left() + col + 0.5, rowBottom);
                }
            }
            if (rows > 1) {
                // the row's chain: a short mark in its colour just right of the plot, level with the row's ticks
                g.setFill(Palette.chain(r));
                g.fillRect(a.left() + a.width() + 2, rowBottom - len, RUG_MARK, len);
            }
        }
        return new Rug(counts[0], counts[1], rows);
    }

    /** One row per stage present, in code order. */
    private static Legend phaseLegend(String sampler, List<TuningPhases.Segment> phases, double textScale) {
        Legend legend = new Legend(textScale);
        java.util.TreeSet<Double> codes = new java.util.TreeSet<>();
        for (TuningPhases.Segment s : phases) {
            codes.add(s.code());
        }
        for (double c : codes) {
            Color shade = TuningPhases.shade(sampler, c);
            legend.add(Legend.Symbol.BOX, shade.getOpacity() == 0 ? Color.WHITE : shade,
                    TuningPhases.name(sampler, c) + (shade.getOpacity() == 0 ? " (unshaded)" : ""));
        }
        return legend;
    }

    /** The stages as shaded bands behind the traces. */
    private static void drawPhases(Pen g, PlotArea a, String sampler, List<TuningPhases.Segment> phases) {
        double xl = a.left();
        double xr = a.left() + a.width();
        for (TuningPhases.Segment s : phases) {
            Color shade = TuningPhases.shade(sampler, s.code());
            if (shade.getOpacity() == 0) {
                continue;
            }
            double x0 = Math.max(xl, a.px(s.start()));
            double x1 = Math.min(xr, a.px(s.end()));
            if (x1 > x0) {
                g.setFill(shade);
                g.fillRect(x0, a.top(), Math.max(1, x1 - x0), a.height());
            }
        }
    }

    /** Vector form (few iterations, or export): one path per chain through each bucket's min and max. */
    private void drawPaths(Pen g, PlotArea a, int chains, long lo) {
        long half = bins.bucketSize() / 2;
        double xl = a.left();
        double xr = a.left() + a.width();
        for (int c = 0; c < chains; c++) {
            g.setStroke(Palette.chain(c).deriveColor(0, 1, 1, chains > 1 ? 0.75 : 1));
            g.setLineWidth(1);
            g.beginPath();
            boolean startPath = true;
            boolean up = true;
            for (int s = 0; s < bins.used(); s++) {
                double mn = bins.min(c, s);
                if (Double.isNaN(mn) || bins.start(s) + bins.bucketSize() <= lo) {
                    continue;
                }
                double x = Math.min(xr, Math.max(xl, a.px(bins.start(s) + half)));
                double y0 = a.py(up ? mn : bins.max(c, s));
                double y1 = a.py(up ? bins.max(c, s) : mn);
                if (startPath) {
                    g.moveTo(x, y0);
                    startPath = false;
                } else {
                    g.lineTo(x, y0);
                }
                g.lineTo(x, y1 == y0 ? y0 + 0.01 : y1);
                up = !up;
            }
            g.stroke();
        }
    }

    /**
     * Screen form of a dense trace: each chain's bucket ranges (joined to the previous bucket's
     * middle) filled as pixel spans into one image, drawn at once; a path of thousands of
     * near-vertical segments costs the software renderer far more than this.
     */
    private void drawRaster(Pen g, PlotArea a, int chains, long lo) {
        int w = Math.max(1, (int) Math.floor(a.width()));
        int h = Math.max(1, (int) Math.floor(a.height()));
        int[] img = new int[w * h];
        long half = bins.bucketSize() / 2;
        double alpha = chains > 1 ? 0.75 : 1;
        for (int c = 0; c < chains; c++) {
            Color col = Palette.chain(c);
            int r = (int) Math.round(col.getRed() * 255);
            int gr = (int) Math.round(col.getGreen() * 255);
            int bl = (int) Math.round(col.getBlue() * 255);
            double prevMid = Double.NaN;
            int prevX = Integer.MIN_VALUE;
            for (int s = 0; s < bins.used(); s++) {
                double mn = bins.min(c, s);
                if (Double.isNaN(mn) || bins.start(s) + bins.bucketSize() <= lo) {
                    continue;
                }
                int x = (int) Math.floor(a.px(bins.start(s) + half) - a.left());
                x = Math.max(0, Math.min(w - 1, x));
                double yTop = a.py(bins.max(c, s)) - a.top();
                double yBot = a.py(mn) - a.top();
                double mid = (yTop + yBot) / 2;
                if (!Double.isNaN(prevMid) && x - prevX <= 1) {
                    yTop = Math.min(yTop, prevMid);
                    yBot = Math.max(yBot, prevMid);
                } else if (!Double.isNaN(prevMid)) {
                    // a gap of several columns: a straight segment from the previous middle, joined to this bucket
                    double end = joinGap(img, w, h, prevX, prevMid, x, mid, r, gr, bl, alpha);
                    yTop = Math.min(yTop, end);
                    yBot = Math.max(yBot, end);
                }
                span(img, w, h, x, yTop, yBot, r, gr, bl, alpha);
                prevMid = mid;
                prevX = x;
            }
        }
        unpremultiply(img);
        g.drawPixels(img, w, h, a.left(), a.top(), w, h);
    }

    /**
     * Fills columns {@code prevX + 1 .. x - 1} of a premultiplied ARGB image with a straight segment from row
     * {@code prevMid} at column {@code prevX} to row {@code mid} at column {@code x}, each column's span reaching the
     * row where the column before it ended, so a steep segment is a line and not a trail of dots (buckets of a few
     * hundred iterations, such as those of SMILE's kept steps, lie many columns apart). Returns the row where the last
     * filled column ended ({@code prevMid} when there is none), for column {@code x} to join.
     */
    static double joinGap(int[] img, int w, int h, int prevX, double prevMid, int x, double mid, int r, int g, int b,
                          double alpha) {
        double yPrev = prevMid;
        for (int xx = prevX + 1; xx < x; xx++) {
            double y = prevMid + (mid - prevMid) * (xx - prevX) / (x - prevX);
            span(img, w, h, xx, Math.min(y, yPrev), Math.max(y, yPrev), r, g, b, alpha);
            yPrev = y;
        }
        return yPrev;
    }

    /**
     * Composites colour (r, g, b) at {@code alpha} over column x from row yTop to row yBot (at least
     * one pixel) of a premultiplied ARGB image.
     */
    private static void span(int[] img, int w, int h, int x, double yTop, double yBot, int r, int g, int b, double alpha) {
        int y0 = (int) Math.max(0, Math.min(h - 1, Math.floor(yTop)));
        int y1 = (int) Math.max(0, Math.min(h - 1, Math.floor(yBot)));
        int sa = (int) Math.round(alpha * 255);
        int keep = 255 - sa;
        int sr = r * sa / 255;
        int sg = g * sa / 255;
        int sb = b * sa / 255;
        for (int y = y0; y <= y1; y++) {
            int i = y * w + x;
            int d = img[i];
            if (d == 0) {
                img[i] = sa << 24 | sr << 16 | sg << 8 | sb;
            } else {
                int oa = sa + ((d >>> 24) * keep + 127) / 255;
                int or = sr + (((d >> 16) & 255) * keep + 127) / 255;
                int og = sg + (((d >> 8) & 255) * keep + 127) / 255;
                int ob = sb + ((d & 255) * keep + 127) / 255;
                img[i] = oa << 24 | or << 16 | og << 8 | ob;
            }
        }
    }

    /** Premultiplied ARGB to plain ARGB, in place. */
    private static void unpremultiply(int[] img) {
        for (int i = 0; i < img.length; i++) {
            int d = img[i];
            int a = d >>> 24;
            if (a != 0 && a != 255) {
                int r = Math.min(255, (((d >> 16) & 255) * 255 + a / 2) / a);
                int g = Math.min(255, (((d >> 8) & 255) * 255 + a / 2) / a);
                int b = Math.min(255, ((d & 255) * 255 + a / 2) / a);
                img[i] = a << 24 | r << 16 | g << 8 | b;
            }
        }
    }

    /** The least room between two of the dashed marks' labels, in pixels. */
    static final double EVENT_LABEL_GAP = 4;

    /**
     * Where the dashed marks' labels go. Each label's box is {@code widths[i]} by {@code height}, its left edge at
     * {@code xs[i]}, its top at {@code top}, or just below the legend where it would run under it. The labels are taken
     * newest (the last) first, and one whose box would come within {@link #EVENT_LABEL_GAP} of a label already placed,
     * or overlap the legend, is left out; so is one of no width (an empty label).
     *
     * @param xs      each label's left edge, the marks in the order they came
     * @param widths  each label's width
     * @param top     the top of a label at the plot's top
     * @param height  a label's height
     * @param legend  the legend's box {left, top, width, height}, or null
     * @return each label's box {left, top, width, height}, or null where it is left out
     */
    static double[][] placeEventLabels(double[] xs, double[] widths, double top, double height, double[] legend) {
        double[][] boxes = new double[xs.length][];
        List<double[]> placed = new ArrayList<>();
        for (int i = xs.length - 1; i >= 0; i--) {
            if (!(widths[i] > 0) || !Double.isFinite(xs[i])) {
                continue;
            }
            double[] box = {xs[i], top, widths[i], height};
            if (legend != null && overlaps(box, legend, 0)) {
                box[1] = legend[1] + legend[3] + 3;
            }
            boolean free = legend == null || !overlaps(box, legend, 0);
            for (int k = 0; free && k < placed.size(); k++) {
                free = !overlaps(box, placed.get(k), EVENT_LABEL_GAP);
            }
            if (free) {
                boxes[i] = box;
                placed.add(box);
            }
        }
        return boxes;
    }

    /** Whether two boxes {left, top, width, height} come closer than {@code gap} pixels side by side, or overlap. */
    static boolean overlaps(double[] p, double[] q, double gap) {
        return p[0] < q[0] + q[2] + gap && q[0] < p[0] + p[2] + gap && p[1] < q[1] + q[3] && q[1] < p[1] + p[3];
    }

    static String eventLabel(RunEvent e) {
        return switch (e.kind()) {
            case RunEvent.STEP_SIZE -> "\u03b5=" + Ticks.number(e.value());
            case RunEvent.BETA -> "\u03b2=" + Ticks.number(e.value());
            case RunEvent.ADAPTATION_ENDED -> "";
            default -> e.kind();
        };
    }

}
