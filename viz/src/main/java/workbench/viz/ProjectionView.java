package workbench.viz;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.input.MouseButton;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;
import workbench.core.model.Model;
import workbench.core.run.RunDraws;

/**
 * The posterior projected on two output coordinates: the target's density as filled contours
 * (2-D models), the draws of every chain in its colour with its recent path, the latest proposals
 * (accepted solid green, rejected dashed red), the integrator path of the current proposal drawn
 * step by step, and divergences where the energy error crossed the threshold. Scroll zooms, drag
 * pans, a double click fits the view again; clicking a divergence replays its trajectory.
 * Everything is redrawn from the buffer, so resizing loses nothing.
 */
public final class ProjectionView extends CanvasView {
    /** Above this many stored draws the cloud is drawn as a 2-D histogram. */
    public static final int DENSE_POINTS = 12_000;
    static final double LEFT = 58;
    static final double RIGHT = 10;
    private static final double TOP = 8;
    private static final double BOTTOM = 42;
    private static final int RECENT_PATH = 30;
    /** Line width of a chain's recent path. */
    private static final double RECENT_WIDTH = 1.2;
    /** Line width of an integrator path. */
    private static final double PATH_WIDTH = 1.3;
    /** Radius of a chain's current point (inside its black ring). */
    private static final double DOT_RADIUS = 5;
    /**
     * The most opacity a past (not the newest) proposal's arrow or cross keeps, the older the less: at up to 0.95 the
     * eleven before the newest hid the newest integrator paths under a green web.
     */
    static final double PAST_MOVE_ALPHA = 0.6;

    /**
     * Computes the density grid off the FX thread. Its one thread ends after {@value #DENSITY_IDLE_SECONDS} s without
     * work, so a view that is dropped (a closed Compare window's four panels) leaves no thread behind: views have no
     * close hook, and a thread that waited for work forever kept one thread per view ever made.
     */
    private final ExecutorService densityPool = densityPool();
    /** Seconds the density thread waits for the next grid before it ends. */
    static final long DENSITY_IDLE_SECONDS = 2;
    private final AtomicLong densityGeneration = new AtomicLong();

    private static ExecutorService densityPool() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, DENSITY_IDLE_SECONDS, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, "density-grid");
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
    private RunDraws buffer;
    private Model densityModel;
    private int xParam;
    private int yParam = 1;
    private List<String> names = List.of();
    private static final double[] DEFAULT_BOX = {-3, 3, -3, 3};
    private double[] box = DEFAULT_BOX.clone();
    private boolean userBox;
    /** The last model given that was not null: a switch to another kind of target drops the user's zoom. */
    private Model lastModel;
    private boolean boxFromModel;
    private long lastVersion = -1;
    private boolean dirty = true;
    private DensityGrid densityImage;
    private int[] densityArgb;
    private String densityKey = "";
    private long lastAutoFit;
    /** The buffer's version when the box was last fitted to the draws (a later version is due a refit). */
    private long fitVersion = Long.MIN_VALUE;
    private double pathSeconds;
    private RunDraws.DivergenceMark replay;
    private boolean divergencesAtStart;
    private long replayStart;
    private Consumer<RunDraws.DivergenceMark> onDivergenceClicked = d -> { };
    private Consumer<double[]> onPointClicked = p -> { };
    /** Whether a point action was set: only then do Enter and A act and the focused plot mark its centre. */
    private boolean pointAction;
    /** A single click waits this long for a second one (a double click fits the view instead). */
    private final javafx.animation.PauseTransition singleClick =
            new javafx.animation.PauseTransition(javafx.util.Duration.millis(CLICK_WAIT_MS));
    /** How long a plain click waits to be sure it is not the first of a double click. */
    public static final double CLICK_WAIT_MS = 260;
    private Runnable onViewChanged = () -> { };
    private double dragX = Double.NaN;
    private double dragY;
    private boolean dragged;
    private PlotArea area;
    /** The legend's fold: the user's choice, and whether and where it was last drawn. */
    private final LegendFold fold = new LegendFold();

    public ProjectionView() {
        getStyleClass().add("projection-view");
        setMinSize(200, 160);
        // the keyboard does what the mouse does (zoom, pan, fit, fold the legend) once Tab has reached the plot
        setFocusTraversable(true);
        getChildren().add(fold.tipArea());
        focusedProperty().addListener((o, was, now) -> dirty = true);
        addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, this::keyPressed);
        setOnScroll(e -> {
            if (area == null || e.getDeltaY() == 0) {
                return;
            }
            double f = Math.exp(-e.getDeltaY() / 300);
            double cx = area.dataX(e.getX());
            double cy = area.dataY(e.getY());
            box = new double[] {cx + (box[0] - cx) * f, cx + (box[1] - cx) * f, cy + (box[2] - cy) * f, cy + (box[3] - cy) * f};
            userBox = true;
            viewChanged();
        });
        setOnMousePressed(e -> {
            dragX = e.getX();
            dragY = e.getY();
            dragged = false;
        });
        setOnMouseDragged(e -> {
            if (area == null || Double.isNaN(dragX)) {
                return;
            }
            double dx = (e.getX() - dragX) / area.width() * (box[1] - box[0]);
            double dy = (e.getY() - dragY) / area.height() * (box[3] - box[2]);
            if (Math.abs(e.getX() - dragX) + Math.abs(e.getY() - dragY) > 2) {
                dragged = true;
            }
            box = new double[] {box[0] - dx, box[1] - dx, box[2] + dy, box[3] + dy};
            dragX = e.getX();
            dragY = e.getY();
            userBox = true;
            viewChanged();
        });
        setOnMouseClicked(e -> {
            if (e.getButton() != MouseButton.PRIMARY || dragged) {
                return;
            }
            if (e.getClickCount() == 2) {
                singleClick.stop();
                fitView();
                return;
            }
            if (fold.contains(e.getX(), e.getY())) {
                setLegendFolded(!fold.folded()); // a click on the legend folds it away (small windows) or back
                return;
            }
            RunDraws.DivergenceMark hit = divergenceAt(e.getX(), e.getY());
            if (hit != null) {
                replay(hit);
                onDivergenceClicked.accept(hit);
                return;
            }
            double[] at = pointAt(e.getX(), e.getY());
            if (at != null && e.getClickCount() == 1) {
                singleClick.setOnFinished(f -> onPointClicked.accept(at));
                singleClick.playFromStart();
            }
        });
    }

    /** The share of the view one arrow key moves it by. */
    public static final double KEY_PAN = 0.1;
    /** The factor one + or - key zooms by. */
    public static final double KEY_ZOOM = 1.25;

    /**
     * + / - zoom about the centre, the arrow keys pan a tenth of the view, Home fits the view, L folds or unfolds
     * the legend, Enter or A does what a plain click at the centre of the view does (where the focused plot draws
     * a small cross); with Ctrl, Alt or Meta the key is left to the window's accelerators.
     */
    private void keyPressed(javafx.scene.input.KeyEvent e) {
        if (e.isShortcutDown() || e.isControlDown() || e.isAltDown() || e.isMetaDown()) {
            return;
        }
        double w = box[1] - box[0];
        double h = box[3] - box[2];
        switch (e.getCode()) {
            case PLUS, ADD, EQUALS -> zoomAboutCentre(1 / KEY_ZOOM);
            case MINUS, SUBTRACT -> zoomAboutCentre(KEY_ZOOM);
            case LEFT -> moveBox(-KEY_PAN * w, 0);
            case RIGHT -> moveBox(KEY_PAN * w, 0);
            case UP -> moveBox(0, KEY_PAN * h);
            case DOWN -> moveBox(0, -KEY_PAN * h);
            case HOME -> fitView();
            case L -> setLegendFolded(!fold.folded());
            case ENTER, A -> {
                if (!pointAction) {
                    return;
                }
                onPointClicked.accept(centre());
            }
            default -> {
                return;
            }
        }
        e.consume(); // an arrow key would otherwise move the focus on
    }

    /** The data point {x, y} at the centre of the view: where Enter (or A) acts, as a click would there. */
    public double[] centre() {
        return new double[] {(box[0] + box[1]) / 2, (box[2] + box[3]) / 2};
    }

    void zoomAboutCentre(double f) {
        double cx = (box[0] + box[1]) / 2;
        double cy = (box[2] + box[3]) / 2;
        box = new double[] {cx + (box[0] - cx) * f, cx + (box[1] - cx) * f, cy + (box[2] - cy) * f, cy + (box[3] - cy) * f};
        userBox = true;
        viewChanged();
    }

    private void moveBox(double dx, double dy) {
        box = new double[] {box[0] + dx, box[1] + dx, box[2] + dy, box[3] + dy};
        userBox = true;
        viewChanged();
    }

    private void viewChanged() {
        dirty = true;
        onViewChanged.run();
    }

    /** Shows this buffer's draws (null: none). */
    public void setBuffer(RunDraws buffer) {
        this.buffer = buffer;
        this.replay = null;
        this.counted = null;
        this.lastVersion = -1;
        this.dirty = true;
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

    /** The divergence marks drawn: the caller's ({@link #setDivergences}), else the buffer's latest. */
    private List<RunDraws.DivergenceMark> divergenceMarks(RunDraws b) {
        RunDraws.Divergences d = counted;
        return d != null ? d.marks() : b.divergences();
    }

    /**
     * The model whose density is drawn behind the draws (2-D models only) and whose plot box
     * fits the view; null for none.
     */
    public void setModel(Model model) {
        if (model != null && lastModel != null && !sameKind(model, lastModel)) {
            // another target: the view zoomed or panned for the last one means nothing here (the funnel's box kept
            // over the banana showed an empty corner of it until Fit view), nor, with no draws and no 2-D density to fit
            // to, do the last target's ranges (the opening box until draws come)
            userBox = false;
            box = DEFAULT_BOX.clone();
        }
        this.densityModel = model;
        if (model != null) {
            lastModel = model; // kept through a null (settings being typed, not yet a model)
        }
        this.densityKey = "";
        this.densityImage = null;
        this.boxFromModel = false;
        if (model != null) {
            names = model.outputNames();
            if (xParam >= names.size() || yParam >= names.size()) {
                xParam = 0;
                yParam = Math.min(1, names.size() - 1);
            }
        }
        if (!userBox) {
            fitView();
        }
        dirty = true;
    }

    /**
     * Whether two models are the same target, perhaps tempered or with other settings: the same class under their
     * views and the same output names. A temperature or a setting changed keeps the user's zoom; a model switched
     * drops it.
     */
    static boolean sameKind(Model a, Model b) {
        return underViews(a).getClass() == underViews(b).getClass() && a.outputNames().equals(b.outputNames());
    }

    /** The model under its views (a tempered view's model). */
    private static Model underViews(Model m) {
        Model u = m;
        while (u instanceof workbench.core.model.ForwardingModel f) {
            u = f.delegate();
        }
        return u;
    }

    /** The model whose density is drawn (as {@link #setModel} gave it), or null. */
    public Model model() {
        return densityModel;
    }

    /** Names of the output coordinates when there is no model (draws read from files). */
    public void setNames(List<String> names) {
        this.names = List.copyOf(names);
        if (xParam >= names.size() || yParam >= names.size()) {
            xParam = 0;
            yParam = Math.min(1, Math.max(0, names.size() - 1));
        }
        dirty = true;
    }

    /** Chooses the projected output coordinates. */
    public void setAxes(int x, int y) {
        if (x != xParam || y != yParam) {
            xParam = x;
            yParam = y;
            densityKey = "";
            fitView();
        }
    }

    public int xParam() {
        return xParam;
    }

    public int yParam() {
        return yParam;
    }

    /** The visible box {xmin, xmax, ymin, ymax}. */
    public double[] box() {
        return box.clone();
    }

    /** How long the integrator path of a new proposal takes to draw, in seconds (0: at once). */
    public void setPathSeconds(double seconds) {
        this.pathSeconds = Math.max(0, seconds);
    }

    /** How long a new proposal's integrator path takes to draw, in seconds (0: at once). */
    public double pathSeconds() {
        return pathSeconds;
    }

    public void setOnDivergenceClicked(Consumer<RunDraws.DivergenceMark> action) {
        this.onDivergenceClicked = action;
    }

    /**
     * Called after a plain click (not a drag, not the first of a double click, not on a divergence
     * mark or the legend) inside the plot, with the data point {x, y} under it on the projected axes; and on Enter
     * or A while the plot has the focus, with the centre of the view (marked by a small cross while focused).
     */
    public void setOnPointClicked(Consumer<double[]> action) {
        this.onPointClicked = action == null ? p -> { } : action;
        this.pointAction = action != null;
        dirty = true;
    }

    /** The data point {x, y} under view position (x, y) when it is inside the plot and off the legend, else null. */
    public double[] pointAt(double x, double y) {
        PlotArea a = area;
        if (a == null || x < a.left() || x > a.left() + a.width() || y < a.top() || y > a.top() + a.height()) {
            return null;
        }
        if (fold.contains(x, y)) {
            return null;
        }
        return new double[] {a.dataX(x), a.dataY(y)};
    }

    /** Called when zoom or pan changed the box (the marginals follow). */
    public void setOnViewChanged(Runnable action) {
        this.onViewChanged = action;
    }

    /**
     * Marks divergences where their transitions began (true; the draw before the one flagged divergent, which Stan's
     * and ArviZ's plots mark; on a funnel they gather in the neck) or where the energy error crossed the threshold (false, the default).
     */
    public void setDivergencesAtStart(boolean atStart) {
        if (atStart != divergencesAtStart) {
            divergencesAtStart = atStart;
            dirty = true;
        }
    }

    public boolean divergencesAtStart() {
        return divergencesAtStart;
    }

    /** Replays a divergence's trajectory up to the point where it diverged. */
    public void replay(RunDraws.DivergenceMark mark) {
        this.replay = mark;
        this.replayStart = System.nanoTime();
        dirty = true;
    }

    public RunDraws.DivergenceMark replaying() {
        return replay;
    }

    /** Back to the model's plot box (2-D) or to the range of the draws. */
    public void fitView() {
        userBox = false;
        boolean twoD = densityModel != null && densityModel.dim() == 2 && densityModel.plotBox() != null
                && xParam == 0 && yParam == 1;
        if (twoD) {
            box = densityModel.plotBox().clone();
            boxFromModel = true;
        } else {
            boxFromModel = false;
            double[] fit = dataBox();
            if (fit != null) {
                box = fit;
                fitVersion = buffer.version();
            } else {
                fitVersion = Long.MIN_VALUE;
            }
        }
        lastAutoFit = System.nanoTime();
        viewChanged();
    }

    private double[] dataBox() {
        if (buffer == null || !buffer.started()) {
            return null;
        }
        double x0 = Double.POSITIVE_INFINITY;
        double x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY;
        double y1 = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < buffer.chains(); c++) {
            long hi = buffer.size(c);
            long lo = Math.max(buffer.first(c), hi - 4000);
            long burn = Math.min(hi, buffer.warmup(c) / 5);
            lo = Math.max(lo, Math.min(burn, hi - 1));
            for (long i = Math.max(lo, 0); i < hi; i++) {
                double x = buffer.value(c, i, xParam);
                double y = buffer.value(c, i, yParam);
                if (Double.isFinite(x) && Double.isFinite(y)) {
                    x0 = Math.min(x0, x);
                    x1 = Math.max(x1, x);
                    y0 = Math.min(y0, y);
                    y1 = Math.max(y1, y);
                }
            }
        }
        if (!(x1 >= x0) || !(y1 >= y0)) {
            return null;
        }
        double px = Math.max((x1 - x0) * 0.08, 1e-3);
        double py = Math.max((y1 - y0) * 0.08, 1e-3);
        return new double[] {x0 - px, x1 + px, y0 - py, y1 + py};
    }

    @Override
    protected void resized() {
        dirty = true;
    }

    /**
     * Redraws if the data, the view or an animation changed; called by the window's animation timer.
     * Returns whether it drew.
     */
    public boolean refresh(long now) {
        long v = buffer == null ? -1 : buffer.version();
        boolean animating = replay != null && (now - replayStart) < 2_500_000_000L || pathAnimating(now);
        // refit to the draws at most twice a second while they change, and once more after the last change (a run
        // that ends within half a second of its start would otherwise keep the previous model's box)
        boolean fitDue = buffer != null && !userBox && !boxFromModel && v != fitVersion
                && now - lastAutoFit > 500_000_000L;
        if (!dirty && v == lastVersion && !animating && !fitDue) {
            return false;
        }
        if (fitDue) {
            double[] fit = dataBox();
            if (fit != null) {
                box = fit;
                onViewChanged.run();
            }
            fitVersion = v;
            lastAutoFit = now;
        }
        lastVersion = v;
        dirty = false;
        draw(now);
        return true;
    }

    private boolean pathAnimating(long now) {
        if (buffer == null || !buffer.started() || pathSeconds <= 0) {
            return false;
        }
        for (int c = 0; c < buffer.chains(); c++) {
            List<RunDraws.Proposal> ps = buffer.recentProposals(c);
            if (!ps.isEmpty() && ps.get(ps.size() - 1).path() != null
                    && (now - ps.get(ps.size() - 1).arrivedNanos()) < pathSeconds * 1e9 + 1e8) {
                return true;
            }
        }
        return false;
    }

    /** Forces a full redraw at the next refresh. */
    public void invalidate() {
        dirty = true;
    }

    private void draw(long now) {
        paint(pen, canvas.getWidth(), canvas.getHeight(), now);
        fold.placeTip(); // the folded legend's tooltip, on the screen only
        if (isFocused()) { // on the screen only, never in an export
            pen.setStroke(FOCUS);
            pen.setLineWidth(2);
            pen.setLineDashes();
            pen.strokeRect(1, 1, canvas.getWidth() - 2, canvas.getHeight() - 2);
            PlotArea a = area;
            if (pointAction && a != null) { // where Enter acts: the centre of the view
                double cx = a.left() + a.width() / 2;
                double cy = a.top() + a.height() / 2;
                double r = CROSS * pen.textScale();
                pen.setStroke(Color.WHITE);
                pen.setLineWidth(4);
                pen.strokeLine(cx - r, cy, cx + r, cy);
                pen.strokeLine(cx, cy - r, cx, cy + r);
                pen.setStroke(FOCUS);
                pen.setLineWidth(2);
                pen.strokeLine(cx - r, cy, cx + r, cy);
                pen.strokeLine(cx, cy - r, cx, cy + r);
            }
        }
    }

    /** Half the length of the cross marking the centre of the focused view, in pixels at the normal text size. */
    static final double CROSS = 10;

    /** The frame around the plot while it has the keyboard focus (Modena's focus colour). */
    static final Color FOCUS = Color.web("#039ED3");

    /**
     * Where the bottom of the x axis's label lies, in this view's coordinates, at its present height and text scale (the
     * label is drawn on the canvas, so a layout cannot see it): what is laid out under the view must start below it.
     */
    public double xLabelBottom() {
        double s = textScale();
        return getHeight() - BOTTOM * s + PlotArea.xLabelBottom(s);
    }

    /** Paints the view at the given size with the given pen: the screen, or an SVG file. */
    public void paint(Pen g, double w, double h, long now) {
        g.setFill(Color.WHITE);
        g.fillRect(0, 0, w, h);
        // the margins that hold the lettering grow with it (View > Larger text); the same at the normal size
        double s = g.textScale();
        double left = LEFT * s;
        double top = TOP * s;
        double bottom = BOTTOM * s;
        if (w < left + RIGHT + 20 || h < top + bottom + 20) {
            return;
        }
        area = new PlotArea(left, top, w - left - RIGHT, h - top - bottom, box[0], box[1], box[2], box[3]);
        g.save();
        g.clipRect(area.left(), area.top(), area.width(), area.height());
        area.drawGrid(g, true, true);
        Legend legend = new Legend(s);
        boolean density = drawDensity(g);
        if (density) {
            legend.add(Legend.Symbol.BOX, Color.rgb(160, 175, 210), "target density (10\u201399% regions)");
        }
        drawDraws(g, legend, now);
        drawReplay(g, now, legend);
        g.restore();
        String xl = xParam < names.size() ? names.get(xParam) : "x";
        String yl = yParam < names.size() ? names.get(yParam) : "y";
        area.drawXAxis(g, xl, true);
        area.drawYAxis(g, yl);
        if (buffer == null || !buffer.started()) {
            g.setFill(Palette.INK);
            g.setTextAlign(TextAlignment.CENTER);
            g.setFont(PlotArea.LABEL_FONT);
            g.fillText(PlotArea.firstFitting(PRESS_RUN, area.width() - 8, s), area.left() + area.width() / 2,
                    area.top() + area.height() - 14 * s);
        }
        // in a narrow plot (1280 x 720) the divergence row ran past the plot's right edge, cut mid-word; its lines
        // wrap there, while the legend's rows as told (tests, a screen reader) stay whole
        List<String> rows = legend.texts();
        legend.fitWidth(area.width() - 12);
        legendShare = legend.isEmpty() ? 0 : share(legend.size());
        boolean folded = (fold.choice() != null ? fold.choice() : legendShare > LEGEND_MAX_SHARE) && !legend.isEmpty();
        if (folded) {
            legend = fold.box(s, area.width() - 12);
        }
        shownLegend = folded ? legend.texts() : rows;
        double[] legendRect = placeLegend(legend);
        fold.drawn(folded, legendRect, rows);
        if (legendRect != null) {
            legend.draw(g, legendRect[0] + legendRect[2], legendRect[1]);
        }
    }

    /**
     * What an empty projection says, longest first: the first that fits the plot's width is drawn (at 16 px text in a
     * 1280 x 720 window the plot, about 180 px wide, cut the first at "chai").
     */
    static final List<String> PRESS_RUN = List.of("Press Run to start the chains", "Press Run to start", "Press Run");

    /** The legend's rows as last drawn, a wrapped row whole (tests, and what a screen reader could say). */
    private List<String> shownLegend = List.of();

    /** Where each chain's dot was last drawn, {x, y} on the projected axes (null: not drawn). */
    private double[][] shownPositions = new double[0][];

    /** Where chain {@code c}'s dot was last drawn, {x, y} on the projected axes; null when it was not. */
    public double[] shownPosition(int c) {
        double[][] s = shownPositions;
        return c < s.length && s[c] != null ? s[c].clone() : null;
    }

    /** The legend's rows as last drawn. */
    public List<String> legendTexts() {
        return shownLegend;
    }

    /**
     * Most of the plot a whole legend may cover before it is drawn folded (until a click unfolds it): in the Compare
     * window's panels on a 1366 x 768 screen the legend hid over half of each projection.
     */
    public static final double LEGEND_MAX_SHARE = 0.4;
    /** The share of the plot the whole legend covered (or would have, folded) when last drawn. */
    private double legendShare;

    private double share(double[] size) {
        double plot = area.width() * area.height();
        return plot <= 0 ? 1 : size[0] * size[1] / plot;
    }

    /** The share of the plot the whole legend covers, or would cover unfolded, as last drawn; 0 without a legend. */
    public double legendShare() {
        return legendShare;
    }

    /**
     * Folds the legend to one small box (true) or shows it whole, from now on whatever its size; a click on the legend
     * does the same. Until then it is folded only while it would cover more than {@link #LEGEND_MAX_SHARE} of the plot.
     */
    public void setLegendFolded(boolean folded) {
        if (fold.choose(folded)) {
            dirty = true;
        }
    }

    /** Whether the legend was last drawn folded. */
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

    /** Puts the legend in the plot corner that hides the fewest draws and divergences. */
    private double[] placeLegend(Legend legend) {
        if (legend.isEmpty()) {
            return null;
        }
        double[] size = legend.size();
        double w = size[0];
        double h = size[1];
        double l = area.left() + 6;
        double r = area.left() + area.width() - 6 - w;
        double t = area.top() + 6;
        double b = area.top() + area.height() - 6 - h;
        double[][] corners = {{r, t}, {l, t}, {r, b}, {l, b}};
        int[] hidden = new int[4];
        RunDraws buf = buffer;
        if (buf != null && buf.started()) {
            for (int c = 0; c < buf.chains(); c++) {
                long hi = buf.size(c);
                long lo = Math.max(buf.first(c), hi - 2000);
                for (long i = lo; i < hi; i++) {
                    count(hidden, corners, w, h, area.px(buf.value(c, i, xParam)), area.py(buf.value(c, i, yParam)), 1);
                }
            }
            for (RunDraws.DivergenceMark d : divergenceMarks(buf)) {
                double[] at = d.at(divergencesAtStart);
                count(hidden, corners, w, h, area.px(at[xParam]), area.py(at[yParam]), 20);
            }
        }
        int best = 0;
        for (int k = 1; k < 4; k++) {
            if (hidden[k] < hidden[best]) {
                best = k;
            }
        }
        return new double[] {corners[best][0], corners[best][1], w, h};
    }

    private static void count(int[] hidden, double[][] corners, double w, double h, double x, double y, int weight) {
        for (int k = 0; k < 4; k++) {
            if (x >= corners[k][0] && x <= corners[k][0] + w && y >= corners[k][1] && y <= corners[k][1] + h) {
                hidden[k] += weight;
            }
        }
    }

    private boolean drawDensity(Pen g) {
        Model m = densityModel;
        if (m == null || m.dim() != 2 || m.outputDim() < 2 || xParam != 0 || yParam != 1) {
            return false;
        }
        int nx = Math.max(8, (int) (area.width() / 2));
        int ny = Math.max(8, (int) (area.height() / 2));
        String key = System.identityHashCode(m) + ":" + box[0] + ":" + box[1] + ":" + box[2] + ":" + box[3] + ":" + nx + ":" + ny;
        if (!key.equals(densityKey)) {
            densityKey = key;
            long gen = densityGeneration.incrementAndGet();
            double[] b = box.clone();
            densityPool.submit(() -> {
                if (gen != densityGeneration.get()) {
                    return;
                }
                DensityGrid grid;
                try {
                    grid = DensityGrid.compute(m, b, nx, ny);
                } catch (RuntimeException e) {
                    grid = null;
                }
                DensityGrid done = grid;
                Platform.runLater(() -> {
                    if (gen != densityGeneration.get()) {
                        return;
                    }
                    if (done == null) {
                        densityImage = null;
                    } else {
                        densityImage = done;
                        densityArgb = done.argb();
                        densityBox = b;
                    }
                    dirty = true;
                });
            });
        }
        DensityGrid img = densityImage;
        int[] argb = densityArgb;
        if (img == null || densityBox == null) {
            return false;
        }
        double x0 = area.px(densityBox[0]);
        double x1 = area.px(densityBox[1]);
        double y0 = area.py(densityBox[3]);
        double y1 = area.py(densityBox[2]);
        g.drawArgb(argb, img.nx(), img.ny(), x0, y0, x1 - x0, y1 - y0);
        return true;
    }

    private double[] densityBox;

    private void drawDraws(Pen g, Legend legend, long now) {
        RunDraws b = buffer;
        if (b == null || !b.started()) {
            return;
        }
        int chains = b.chains();
        long total = 0;
        for (int c = 0; c < chains; c++) {
            total += b.size(c) - b.first(c);
        }
        if (total > DENSE_POINTS) {
            drawHistogram2d(g, b);
            legend.add(Legend.Symbol.BOX, Color.rgb(40, 40, 40, 0.5), "draws (2-D histogram)");
        } else {
            workbench.core.draws.DrawPhase phase = b.drawPhase();
            g.setLineWidth(1);
            g.setLineDashes();
            for (int c = 0; c < chains; c++) {
                Color col = Palette.chain(c);
                // a light chain's draws (chain 7's peach at 1.43:1 on white) get a 1-px edge in a darker shade of
                // their colour (Palette.edge); a chain that reads without one is drawn as before, at no extra cost
                Color edge = Palette.chainEdge(c);
                Color drawEdge = edge.equals(col) ? null : edge.deriveColor(0, 1, 1, 0.7);
                long hi = b.size(c);
                long warm = b.warmup(c);
                for (long i = b.first(c); i < hi; i++) {
                    double x = area.px(b.value(c, i, xParam));
                    double y = area.py(b.value(c, i, yParam));
                    // warmup iterations and csgld's exploration steps pale: not posterior draws
                    boolean draw = i >= warm && phase.isDraw(i);
                    g.setFill(draw ? col.deriveColor(0, 1, 1, 0.7) : col.deriveColor(0, 0.6, 1, 0.35));
                    g.fillOval(x - 2, y - 2, 4, 4);
                    if (draw && drawEdge != null) {
                        g.setStroke(drawEdge);
                        g.strokeOval(x - 2, y - 2, 4, 4);
                    }
                }
            }
        }
        // In slow motion the latest draw is held back while its integrator path is still being drawn: the chain's
        // dot and recent path stay at the draw the transition set out from, so the path does not give away where
        // it ends.
        double[][] held = new double[chains][];
        long[] heldIteration = new long[chains]; // the held transition's iteration, where held[c] is set
        for (int c = 0; c < chains; c++) {
            List<RunDraws.Proposal> ps = b.recentProposals(c);
            if (ps.isEmpty() || pathSeconds <= 0) {
                continue;
            }
            RunDraws.Proposal p = ps.get(ps.size() - 1);
            if (p.path() != null && p.path().length > 1 && p.iteration() == b.size(c) - 1
                    && now - p.arrivedNanos() < pathSeconds * 1e9) {
                held[c] = p.from();
                heldIteration[c] = p.iteration();
            }
        }
        // recent path of each chain: every chain's light outline first, then every chain's line over the outlines
        // (Palette.OUTLINE: the lines read on white, on the densest shading and on the histogram's dark cells alike)
        for (boolean outline : new boolean[] {true, false}) {
            for (int c = 0; c < chains; c++) {
                long hi = held[c] != null ? b.size(c) - 1 : b.size(c);
                long lo = Math.max(b.first(c), hi - RECENT_PATH);
                if (hi - lo < 2) {
                    continue;
                }
                g.setStroke(outline ? Palette.OUTLINE : Palette.recentPath(c));
                g.setLineWidth(outline ? RECENT_WIDTH + Palette.OUTLINE_WIDTH : RECENT_WIDTH);
                g.beginPath();
                g.moveTo(area.px(b.value(c, lo, xParam)), area.py(b.value(c, lo, yParam)));
                for (long i = lo + 1; i < hi; i++) {
                    g.lineTo(area.px(b.value(c, i, xParam)), area.py(b.value(c, i, yParam)));
                }
                g.stroke();
            }
        }
        // the past proposals of every chain first, faded, under every chain's newest integrator path and then the
        // newest moves: drawn chain by chain, chain 2's past arrows covered chain 1's newest path
        boolean[] any = new boolean[3]; // accepted, rejected, a path
        for (int c = 0; c < chains; c++) {
            List<RunDraws.Proposal> ps = b.recentProposals(c);
            for (int k = 0; k < ps.size() - 1; k++) {
                drawMove(g, ps.get(k), PAST_MOVE_ALPHA * (0.4 + 0.6 * (k + 1.0) / ps.size()), false, any);
            }
        }
        double[] progress = new double[chains];
        // every newest integrator path's outline first, then every path over the outlines
        for (boolean outline : new boolean[] {true, false}) {
            for (int c = 0; c < chains; c++) {
                List<RunDraws.Proposal> ps = b.recentProposals(c);
                progress[c] = 1;
                RunDraws.Proposal p = ps.isEmpty() ? null : ps.get(ps.size() - 1);
                if (p != null && p.path() != null && p.path().length > 1) {
                    any[2] = true;
                    progress[c] = pathSeconds <= 0 ? 1 : Math.min(1, (now - p.arrivedNanos()) / (pathSeconds * 1e9));
                    drawPath(g, p, progress[c], c, outline);
                }
            }
        }
        for (int c = 0; c < chains; c++) {
            List<RunDraws.Proposal> ps = b.recentProposals(c);
            if (!ps.isEmpty() && progress[c] >= 1) {
                drawMove(g, ps.get(ps.size() - 1), 1, true, any);
            }
        }
        boolean anyAccept = any[0];
        boolean anyReject = any[1];
        boolean anyPath = any[2];
        // current positions on top
        double[][] shown = new double[chains][];
        for (int c = 0; c < chains; c++) {
            long hi = b.size(c);
            if (hi == 0) {
                continue;
            }
            double dx = held[c] != null ? held[c][xParam] : b.value(c, hi - 1, xParam);
            double dy = held[c] != null ? held[c][yParam] : b.value(c, hi - 1, yParam);
            shown[c] = new double[] {dx, dy};
            double x = area.px(dx);
            double y = area.py(dy);
            // a light ring round the black one: a dark chain's dot (5, 9, 12) vanished on the histogram's dark cells
            double r = DOT_RADIUS + Palette.OUTLINE_WIDTH;
            g.setFill(Palette.OUTLINE);
            g.fillOval(x - r, y - r, 2 * r, 2 * r);
            g.setFill(Palette.chain(c));
            g.fillOval(x - DOT_RADIUS, y - DOT_RADIUS, 2 * DOT_RADIUS, 2 * DOT_RADIUS);
            g.setStroke(Color.BLACK);
            g.setLineWidth(1);
            g.strokeOval(x - DOT_RADIUS, y - DOT_RADIUS, 2 * DOT_RADIUS, 2 * DOT_RADIUS);
        }
        shownPositions = shown;
        // the marks and their count as the caller read them, or the buffer's now (read once: the count matches them)
        RunDraws.Divergences counts = counted != null ? counted : b.divergenceSnapshot();
        List<RunDraws.DivergenceMark> divs = counts.marks();
        long divTotal = counts.total();
        long divInWarmup = counts.inWarmup();
        // in slow motion a held transition's divergence is held too, its mark (triangle or edge arrow) and its count
        // in the legend, until its path is drawn: they gave the ending away while the dot still waited at the start.
        // The status bar, the trace's rug and the divergence list count it when it comes, so for up to the path's
        // time (0.6 s at 1/s) they run one ahead of this legend; at full speed nothing is held and all agree
        boolean anyHeld = false;
        for (double[] h : held) {
            anyHeld |= h != null;
        }
        if (anyHeld) {
            List<RunDraws.DivergenceMark> kept = new java.util.ArrayList<>(divs.size());
            for (RunDraws.DivergenceMark d : divs) {
                if (d.chain() >= 0 && d.chain() < chains && held[d.chain()] != null
                        && d.iteration() == heldIteration[d.chain()]) {
                    divTotal--;
                    divInWarmup -= d.warmup() ? 1 : 0;
                } else {
                    kept.add(d);
                }
            }
            divs = kept;
        }
        int from = Math.max(0, divs.size() - MAX_DRAWN);
        g.setFill(Palette.DIVERGENCE);
        g.setStroke(Palette.DIVERGENCE);
        g.setLineWidth(1.4);
        g.setLineDashes();
        int outside = 0; // of those drawn: a legend that counts marks nobody can see says where they went
        int warmupDrawn = 0;
        // edge arrowheads already drawn, by EDGE_CELL-pixel cell and kind: hundreds of divergences leaving the view
        // at nearly one place drew a solid magenta wall along the edge; one arrowhead a cell says the same
        java.util.Set<Long> edgeCells = new java.util.HashSet<>();
        for (int k = from; k < divs.size(); k++) {
            RunDraws.DivergenceMark d = divs.get(k);
            double[] m = markAt(d);
            if (d.warmup()) {
                warmupDrawn++;
            }
            if (m == null) {
                outside++;
                continue;
            }
            if (!Double.isNaN(m[2])) {
                // far out (a pushed step size sends every one off the view): an arrowhead on the view's edge, where
                // the trajectory left it, pointing the way it flew, so the divergence is seen where it happens
                outside++;
                long cell = ((long) Math.floor(m[0] / EDGE_CELL) << 32) ^ ((long) Math.floor(m[1] / EDGE_CELL) << 1)
                        ^ (d.warmup() ? 1 : 0);
                if (edgeCells.add(cell)) {
                    edgeArrow(g, m[0], m[1], m[2], !d.warmup());
                }
                continue;
            }
            // warmup divergences (the step size still being tuned) hollow, those after warmup, which bias the
            // draws, filled: on a hard target the warmup ones are often half the marks
            if (d.warmup()) {
                Legend.openTriangle(g, m[0], m[1], 5);
            } else {
                Legend.triangle(g, m[0], m[1], 5);
            }
        }
        int drawn = divs.size() - from;
        legend.addChainsRow(chains, " (line: recent path)");
        // a sampler without an accept/reject step proposes nothing: its moves are steps, its crosses steps undone
        workbench.core.kernel.AcceptStep acceptStep = b.acceptStep();
        if (anyAccept) {
            legend.add(Legend.Symbol.LINE, Palette.ACCEPT, switch (acceptStep) {
                // NUTS proposes no one point: it picks the new draw among its trajectory's points
                case METROPOLIS -> b.picksFromTrajectory() ? "move to the draw picked from the trajectory"
                        : "accepted proposal";
                case TUNER_RESET -> "step kept";
                case NONE -> "step (no accept/reject)";
            });
        }
        if (anyReject) {
            legend.add(Legend.Symbol.CROSS, Palette.REJECT, switch (acceptStep) {
                case METROPOLIS -> "rejected proposal";
                case TUNER_RESET -> "step rejected and reset";
                case NONE -> "step undone (not finite)";
            });
        }
        if (anyPath) {
            // a random walk has no integrator: its path is the one step from the draw to the proposal
            // each chain's path in its own colour darkened: the swatch shows the first chains' path colours
            legend.addChainPathsRow(chains, ("rwm".equals(b.samplerId()) ? "random-walk proposal step"
                    : "integrator path") + " (darker)");
        }
        if (!divs.isEmpty()) {
            long all = divTotal;
            // draws from another tool (CmdStan's divergent__) say which draws were flagged, not where the energy error
            // crossed 1000, and carry no trajectory to replay
            boolean crossings = false;
            boolean replayable = false;
            for (int k = from; k < divs.size(); k++) {
                crossings |= divs.get(k).crossingKnown();
                replayable |= divs.get(k).trajectory() != null;
            }
            // a sampler without an energy threshold (MCLMC, SMILE, SGLD, …) flags a step whose density or gradient went
            // non-finite: its mark is where that happened, not where an energy error crossed 1000
            boolean onEnergy = b.divergesOnEnergy();
            String what = divergencesAtStart ? "divergent transition's start"
                    : crossings ? (onEnergy ? "divergence, where \u0394E > 1000" : "divergence, where a step went non-finite")
                    : onEnergy ? "draw flagged divergent (where \u0394E crossed 1000 is not recorded)"
                    : "draw flagged divergent (a non-finite step, undone)";
            // two rows, not three: the warmup ones and those outside the view share one (at 1280 x 720 the three rows
            // made the legend cover a quarter of the plot, or fold it). The filled row counts what it shows, the
            // divergences after warmup, as the status bar and the trace's rug do ("324 (+69 in warmup)"): it counted
            // them all (393) beside a hollow row of 69, and a run whose every divergence was in warmup showed a filled
            // triangle for marks that were all hollow. Thinned to the latest MAX_DRAWN, the counts are still the run's
            // as the status bar says them: "latest 2000 of 4025" mixed the funnel's 66 warmup ones into its 3959, and
            // the hollow row, counting only the warmup marks drawn (none), went
            String[] said = divergenceCounts(all, divInWarmup, drawn, warmupDrawn);
            boolean allWarmup = all == divInWarmup;
            legend.add(allWarmup ? Legend.Symbol.OPEN_TRIANGLE : Legend.Symbol.TRIANGLE, Palette.DIVERGENCE,
                    what + " (" + said[0] + (replayable ? "; click to replay)" : ")"));
            List<String> more = new java.util.ArrayList<>();
            if (said[1] != null) {
                more.add(said[1]);
            }
            if (outside > 0) {
                more.add(outside + " outside the view: arrows on its edge");
            }
            if (!more.isEmpty()) {
                legend.add(said[1] != null ? Legend.Symbol.OPEN_TRIANGLE : Legend.Symbol.NONE,
                        Palette.DIVERGENCE, String.join(" \u00b7 ", more));
            }
        }
    }

    /** The most divergence marks the projection draws: the latest of those kept. */
    static final int MAX_DRAWN = 2000;

    /**
     * What the divergence rows of the legend say, the counts as the status bar gives them ("3959 (+66 in warmup)"):
     * {@code total} divergences in the run, {@code inWarmup} of them in warmup, of which the latest {@code drawn} are
     * drawn, {@code warmupDrawn} of those in warmup. [0]: the first row's count, those after warmup ("3959 after
     * warmup", "latest 2000 of 3959 after warmup", "none drawn of 3959 after warmup"; without warmup ones "3959",
     * "latest 2000 of 3959"; all in warmup "66, all in warmup", "latest 50 of 66, all in warmup"). [1]: the hollow
     * row's, where some are in warmup and some not ("hollow: 66 in warmup", "hollow: 66 in warmup (none drawn)",
     * "hollow: 66 in warmup (12 drawn)"), else null.
     */
    static String[] divergenceCounts(long total, long inWarmup, long drawn, long warmupDrawn) {
        long after = total - inWarmup;
        long afterDrawn = drawn - warmupDrawn;
        if (after <= 0) {
            return new String[] {(drawn < inWarmup ? "latest " + drawn + " of " : "") + inWarmup + ", all in warmup",
                    null};
        }
        // the latest drawn all in warmup (a chain added late still warming up): none of those after it is drawn
        String thinned = afterDrawn <= 0 ? "none drawn of "
                : afterDrawn < after ? "latest " + afterDrawn + " of " : "";
        if (inWarmup <= 0) {
            return new String[] {thinned + after, null};
        }
        String hollow = "hollow: " + inWarmup + " in warmup" + (warmupDrawn >= inWarmup ? ""
                : warmupDrawn == 0 ? " (none drawn)" : " (" + warmupDrawn + " drawn)");
        return new String[] {thinned + after + " after warmup", hollow};
    }

    /**
     * One proposal as a move from where its transition set out: an arrow to an accepted proposal, a dashed line to a
     * cross at a rejected one, at {@code alpha}; the newest thicker. Nothing for a NUTS tree that kept its start point
     * (no single proposal). Notes in {@code any} whether an accepted [0] or rejected [1] one was drawn.
     */
    private void drawMove(Pen g, RunDraws.Proposal p, double alpha, boolean latest, boolean[] any) {
        if (p.to() == null) {
            return;
        }
        double fx = area.px(p.from()[xParam]);
        double fy = area.py(p.from()[yParam]);
        double tx = area.px(p.to()[xParam]);
        double ty = area.py(p.to()[yParam]);
        g.setLineWidth(latest ? 2 : 1.2);
        if (p.accepted()) {
            any[0] = true;
            if (Math.hypot(tx - fx, ty - fy) > 1) {
                g.setStroke(Palette.ACCEPT.deriveColor(0, 1, 1, alpha));
                g.setLineDashes();
                arrow(g, fx, fy, tx, ty);
            }
        } else {
            any[1] = true;
            g.setStroke(Palette.REJECT.deriveColor(0, 1, 1, alpha));
            if (Math.hypot(tx - fx, ty - fy) > 1) {
                g.setLineDashes(4, 3);
                g.strokeLine(fx, fy, tx, ty);
                g.setLineDashes();
            }
            Legend.cross(g, tx, ty, latest ? 5 : 3.5);
        }
    }

    /**
     * Chain {@code chain}'s integrator path, in its colour darkened ({@link Palette#path}), or ({@code outline}) the
     * light outline drawn under it, {@link Palette#OUTLINE_WIDTH} wider.
     */
    private void drawPath(Pen g, RunDraws.Proposal p, double progress, int chain, boolean outline) {
        double[][] path = p.path();
        int n = path.length;
        int shown = Math.max(1, Math.min(n, (int) Math.ceil(progress * n)));
        Color col = outline ? Palette.OUTLINE : Palette.path(chain);
        double grow = outline ? Palette.OUTLINE_WIDTH : 0;
        g.setStroke(col);
        g.setFill(col);
        g.setLineWidth(PATH_WIDTH + grow);
        g.setLineDashes();
        // each leapfrog step from the point it started at: NUTS's doublings go forward and backward, so the point
        // visited before is not always the one a step started from (joining them drew a chord across the trajectory
        // that no step took). A divergent path's last leapfrog steps can land hundreds of orders of magnitude out,
        // as a replayed divergence's do: each segment is clipped to the view first
        for (int i = 1; i < shown; i++) {
            int from = p.stepFrom(i);
            if (from >= 0) {
                strokeSegment(g, path[from], path[i]);
            }
        }
        for (int i = 0; i < shown; i++) {
            if (inView(path[i])) {
                double r = 2 + grow / 2;
                g.fillOval(area.px(path[i][xParam]) - r, area.py(path[i][yParam]) - r, 2 * r, 2 * r);
            }
        }
    }

    /**
     * The polyline through the first {@code shown} points, segment by segment, each clipped to the view first
     * ({@link PlotArea#clip}): a path through a point such as tau = 6e293 is otherwise not drawn at all.
     */
    private void strokeClipped(Pen g, double[][] points, int shown) {
        for (int i = 1; i < shown; i++) {
            strokeSegment(g, points[i - 1], points[i]);
        }
    }

    private void strokeSegment(Pen g, double[] a, double[] b) {
        double[] c = area.clip(a[xParam], a[yParam], b[xParam], b[yParam]);
        if (c != null) {
            g.strokeLine(area.px(c[0]), area.py(c[1]), area.px(c[2]), area.py(c[3]));
        }
    }

    /** Whether a point lies in the view (widened as {@link PlotArea#clip} widens it). */
    private boolean inView(double[] point) {
        return area.clip(point[xParam], point[yParam], point[xParam], point[yParam]) != null;
    }

    private void drawReplay(Pen g, long now, Legend legend) {
        RunDraws.DivergenceMark d = replay;
        if (d == null || d.trajectory() == null || d.trajectory().length == 0) {
            return;
        }
        double[][] t = d.trajectory();
        double progress = Math.min(1, (now - replayStart) / 2.0e9);
        int shown = Math.max(1, (int) Math.ceil(progress * t.length));
        g.setStroke(Palette.DIVERGENCE);
        g.setFill(Palette.DIVERGENCE);
        g.setLineWidth(2);
        // segment by segment, each clipped to the view first: a divergent trajectory's last step often lands
        // hundreds of orders of magnitude out, and a path through such a point is not drawn at all
        strokeClipped(g, t, shown);
        for (int i = 0; i < shown; i++) {
            if (inView(t[i])) {
                g.fillOval(area.px(t[i][xParam]) - 2.5, area.py(t[i][yParam]) - 2.5, 5, 5);
            }
        }
        g.setStroke(Color.BLACK);
        if (inView(d.position())) {
            g.strokeOval(area.px(d.position()[xParam]) - 8, area.py(d.position()[yParam]) - 8, 16, 16);
        }
        legend.add(Legend.Symbol.PATH, Palette.DIVERGENCE, "replayed divergent trajectory (chain " + (d.chain() + 1)
                + ", draw " + (buffer == null ? Long.toString(d.iteration() + 1) : buffer.drawLabel(d)) + ")");
    }

    /**
     * The cloud as a 2-D histogram of 4-pixel cells, one image. The counts are kept between frames
     * and only the draws new since the last frame are added; they are rebuilt from the stored
     * draws when the view, the axes, the size or the buffer change, or when a chain leaves warmup
     * (a chain counts its post-warmup draws, or all its draws while it has none).
     */
    /**
     * The 2-D histogram's cell (row-major, {@code nx} by {@code ny}) of a point {@code fx}, {@code fy} cell widths from
     * the plot's top-left corner, or -1 outside the grid. A NaN coordinate is in no cell ({@code (int) Math.floor(NaN)}
     * is 0: it counted in the corner cell).
     */
    static int histogramCell(double fx, double fy, int nx, int ny) {
        if (!(fx >= 0 && fx < nx && fy >= 0 && fy < ny)) {
            return -1;
        }
        return (int) fy * nx + (int) fx;
    }

    private void drawHistogram2d(Pen g, RunDraws b) {
        int cell = 4;
        int nx = Math.max(1, (int) (area.width() / cell));
        int ny = Math.max(1, (int) (area.height() / cell));
        int chains = b.chains();
        StringBuilder key = new StringBuilder().append(System.identityHashCode(b)).append(':').append(xParam)
                .append(':').append(yParam).append(':').append(nx).append(':').append(ny);
        for (double v : box) {
            key.append(':').append(v);
        }
        long[] from = new long[chains];
        key.append(':');
        for (int c = 0; c < chains; c++) {
            long hi = b.size(c);
            long lo = Math.max(b.first(c), Math.min(b.warmup(c), hi));
            if (hi - lo < 1) {
                lo = b.first(c);
                key.append('w');
            } else {
                key.append('s');
            }
            from[c] = lo;
        }
        String k = key.toString();
        if (!k.equals(histKey) || histCounts == null) {
            histKey = k;
            histCounts = new int[nx * ny];
            histMax = 0;
            histNext = new long[chains];
        }
        int[] counts = histCounts;
        boolean added = histArgb == null;
        // past warmup only the posterior draws (csgld's exploration steps are not), as the marginals and the table
        workbench.core.draws.DrawPhase phase = b.drawPhase();
        for (int c = 0; c < chains; c++) {
            long hi = b.size(c);
            boolean sampling = k.charAt(k.length() - chains + c) == 's';
            for (long i = Math.max(from[c], histNext[c]); i < hi; i++) {
                if (sampling && !phase.isDraw(i)) {
                    continue;
                }
                int at = histogramCell((area.px(b.value(c, i, xParam)) - area.left()) / cell,
                        (area.py(b.value(c, i, yParam)) - area.top()) / cell, nx, ny);
                if (at >= 0) {
                    int v = ++counts[at];
                    histMax = Math.max(histMax, v);
                    added = true;
                }
            }
            histNext[c] = Math.max(histNext[c], hi);
        }
        if (histMax == 0) {
            return;
        }
        if (added || histArgb.length != nx * ny) {
            // a new array each time: the pen keys its cached image on the array
            int[] argb = new int[nx * ny];
            double logMax = Math.log1p(histMax);
            for (int j = 0; j < argb.length; j++) {
                int v = counts[j];
                if (v > 0) {
                    int alpha = (int) Math.round(255 * (0.15 + 0.75 * Math.log1p(v) / logMax));
                    argb[j] = alpha << 24 | 30 << 16 | 30 << 8 | 40;
                }
            }
            histArgb = argb;
        }
        g.drawPixels(histArgb, nx, ny, area.left(), area.top(), nx * cell, ny * cell);
    }

    private String histKey;
    private int[] histCounts;
    private int histMax;
    private long[] histNext;
    private int[] histArgb;

    private static void arrow(Pen g, double fx, double fy, double tx, double ty) {
        g.strokeLine(fx, fy, tx, ty);
        double a = Math.atan2(ty - fy, tx - fx);
        double r = 7;
        g.strokeLine(tx, ty, tx - r * Math.cos(a - 0.4), ty - r * Math.sin(a - 0.4));
        g.strokeLine(tx, ty, tx - r * Math.cos(a + 0.4), ty - r * Math.sin(a + 0.4));
    }

    /**
     * Where a divergence's mark is drawn, in pixels, as {x, y, angle}: angle is NaN for a mark in the view; for one
     * outside it the mark sits on the view's edge, where the line from its transition's start to it leaves the view
     * (or, when the start is outside too, at the edge point nearest to it), and angle (radians, screen coordinates)
     * points from there towards it. Null when it has no finite place.
     */
    double[] markAt(RunDraws.DivergenceMark d) {
        double[] pos = d.at(divergencesAtStart);
        double px = pos[xParam];
        double py = pos[yParam];
        if (px >= area.xmin() && px <= area.xmax() && py >= area.ymin() && py <= area.ymax()) {
            return new double[] {area.px(px), area.py(py), Double.NaN};
        }
        double[] s = d.start();
        double[] e = s == null ? null : area.exit(s[xParam], s[yParam], px, py);
        double angle;
        if (e != null) {
            double dx = (px - s[xParam]) / (area.xmax() - area.xmin());
            double dy = (py - s[yParam]) / (area.ymax() - area.ymin());
            angle = Math.atan2(-dy * area.height(), dx * area.width());
        } else {
            e = new double[] {Math.max(area.xmin(), Math.min(area.xmax(), px)),
                Math.max(area.ymin(), Math.min(area.ymax(), py))};
            if (Double.isNaN(e[0]) || Double.isNaN(e[1])) {
                return null;
            }
            double cx = (area.xmin() + area.xmax()) / 2;
            double cy = (area.ymin() + area.ymax()) / 2;
            angle = Math.atan2(area.py(e[1]) - area.py(cy), area.px(e[0]) - area.px(cx));
        }
        if (Double.isNaN(angle)) {
            return null;
        }
        return new double[] {area.px(e[0]), area.py(e[1]), angle};
    }

    /** Edge arrowheads closer than this many pixels (same kind) are drawn once. */
    static final double EDGE_CELL = 8;

    /**
     * An arrow with its tip at (x, y) pointing along {@code angle}: a divergence beyond the view's edge. It has a shaft
     * and a narrow head: a bare arrowhead pointing up at the top edge was the divergence mark itself, so a row of them
     * read as divergences at the edge's value.
     */
    private static void edgeArrow(Pen g, double x, double y, double angle, boolean filled) {
        double r = 7;
        double shaft = 9;
        double bx = x - r * Math.cos(angle);
        double by = y - r * Math.sin(angle);
        g.strokeLine(bx, by, bx - shaft * Math.cos(angle), by - shaft * Math.sin(angle));
        double[] xs = {x, x - r * Math.cos(angle - 0.38) / Math.cos(0.38), x - r * Math.cos(angle + 0.38) / Math.cos(0.38)};
        double[] ys = {y, y - r * Math.sin(angle - 0.38) / Math.cos(0.38), y - r * Math.sin(angle + 0.38) / Math.cos(0.38)};
        if (filled) {
            g.fillPolygon(xs, ys, 3);
        } else {
            g.beginPath();
            g.moveTo(xs[0], ys[0]);
            g.lineTo(xs[1], ys[1]);
            g.lineTo(xs[2], ys[2]);
            g.lineTo(xs[0], ys[0]);
            g.stroke();
        }
    }

    /** The divergence mark within 8 pixels of (x, y), or null. */
    public RunDraws.DivergenceMark divergenceAt(double x, double y) {
        if (buffer == null || area == null) {
            return null;
        }
        RunDraws.DivergenceMark best = null;
        double bestD = 8;
        for (RunDraws.DivergenceMark d : divergenceMarks(buffer)) {
            double[] at = markAt(d);
            if (at == null) {
                continue;
            }
            double dd = Math.hypot(at[0] - x, at[1] - y);
            if (dd < bestD) {
                bestD = dd;
                best = d;
            }
        }
        return best;
    }

    /** Screen position (view coordinates) of a data point under the current view, or null before the first draw. */
    public double[] toView(double x, double y) {
        return area == null ? null : new double[] {area.px(x), area.py(y)};
    }

}
