package workbench.app.gui;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import workbench.viz.AutocorrelationView;
import workbench.viz.EnergyCharts;
import workbench.viz.Export;
import workbench.viz.PosteriorPane;
import workbench.viz.RankView;
import workbench.viz.TraceView;

/**
 * The export of single plots as PNG or SVG images: a file chooser for the name, then the plot written, the outcome put
 * in the window's status line; with the File menu's items for them and the right-click menu of a canvas view. The
 * session's draws are exported by {@link MainWindow#exportSession} instead.
 */
final class PlotExports {
    /** The window the file chooser belongs to (null: none yet). */
    private final Supplier<Window> window;
    /** The status line: a message, and whether it is an error. */
    private final BiConsumer<String, Boolean> message;

    PlotExports(Supplier<Window> window, BiConsumer<String, Boolean> message) {
        this.window = window;
        this.message = message;
    }

    /**
     * The File menu's items that export the plots, in the menu's order: the projection, the trace, the rank plot and the
     * autocorrelation as PNG and as SVG, the energy charts as PNG, and each of them as SVG.
     */
    List<MenuItem> menuItems(PosteriorPane posterior, TraceView trace, RankView rankView, AutocorrelationView acfView,
            EnergyCharts energy) {
        MenuItem pngPosterior = new MenuItem("Export _projection as PNG\u2026");
        pngPosterior.setOnAction(e -> exportPng("projection.png", f -> Export.png(posterior, f, PNG_SCALE)));
        MenuItem svgPosterior = new MenuItem("Export projection as S_VG\u2026");
        svgPosterior.setOnAction(e -> exportVector("projection.svg", f -> Export.svg(posterior, f)));
        MenuItem svgTrace = new MenuItem("Export trace as SV_G\u2026");
        svgTrace.setOnAction(e -> exportVector("trace.svg", f -> Export.svg(trace, f)));
        MenuItem pngTrace = new MenuItem("Export t_race as PNG\u2026");
        pngTrace.setOnAction(e -> exportPng("trace.png", f -> Export.png(trace, f, PNG_SCALE)));
        MenuItem pngRank = new MenuItem("Export r_ank plot as PNG\u2026");
        pngRank.setOnAction(e -> exportNode(rankView, "rank.png"));
        MenuItem svgRank = new MenuItem("Export ran_k plot as SVG\u2026");
        svgRank.setOnAction(e -> exportVector("rank.svg", f -> Export.svg(rankView, f)));
        MenuItem pngAcf = new MenuItem("Export a_utocorrelation as PNG\u2026");
        pngAcf.setOnAction(e -> exportNode(acfView, "autocorrelation.png"));
        MenuItem svgAcf = new MenuItem("E_xport autocorrelation as SVG\u2026");
        svgAcf.setOnAction(e -> exportVector("autocorrelation.svg", f -> Export.svg(acfView, f)));
        MenuItem pngEnergy = new MenuItem("Export energy _charts as PNG\u2026");
        pngEnergy.setOnAction(e -> exportNode(energy, "energy.png"));
        MenuItem svgError = new MenuItem("Export energy-error _histogram as SVG\u2026");
        svgError.setOnAction(e -> exportSvg(energy.errorChart(), "energy-error.svg"));
        MenuItem svgBfmi = new MenuItem("Export E-_BFMI chart (or the errors against the truth) as SVG\u2026");
        svgBfmi.setOnAction(e -> exportSvg(energy.rightChart(),
                energy.rightChart() == energy.bfmiChart() ? "ebfmi.svg" : "truth-errors.svg"));
        return List.of(pngPosterior, svgPosterior, pngTrace, svgTrace, pngRank, svgRank, pngAcf, svgAcf, pngEnergy,
                svgError, svgBfmi);
    }

    /** Right click on a canvas view: export it as PNG (the JFreeChart charts have their own menu with SVG). */
    void exportMenu(Node node, String name) {
        exportMenu(node, name, null);
    }

    /** As above, the PNG written by {@code writer} (a view drawn again at a larger scale) unless it is null. */
    void exportMenu(Node node, String name, Writer writer) {
        javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
        MenuItem png = new MenuItem("Export as PNG\u2026");
        png.setOnAction(e -> {
            if (writer != null) {
                exportPng(name, writer);
            } else {
                exportNode(node, name);
            }
        });
        menu.getItems().add(png);
        node.setOnContextMenuRequested(e -> menu.show(node, e.getScreenX(), e.getScreenY()));
    }

    /**
     * Why {@code f} could not be written, in words: ImageIO said only "Can't create an ImageOutputStream!" and an SVG
     * into a folder without write permission only the file's path.
     */
    static String cannotWrite(File f, Exception e) {
        java.nio.file.Path parent = f.toPath().toAbsolutePath().getParent();
        String why;
        if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
            why = "no folder " + parent;
        } else if (parent != null && !java.nio.file.Files.isWritable(parent)) {
            why = "the folder cannot be written into (permission denied or read-only); choose another";
        } else if (e instanceof IOException io) {
            why = workbench.sessions.IoErrors.describe(io);
        } else {
            why = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        }
        return "could not write " + f + ": " + why;
    }

    /** Canvas views are exported as PNG at this multiple of their size on screen, drawn again (for slides). */
    static final double PNG_SCALE = 2;

    void exportPng(String name, Writer writer) {
        File f = choose(name, "PNG image", "*.png");
        if (f != null) {
            try {
                writer.write(f.toPath());
                message.accept("wrote " + f + " (drawn at " + (int) PNG_SCALE + "\u00d7 its size on screen)", false);
            } catch (IOException | RuntimeException e) {
                message.accept(cannotWrite(f, e), true);
            }
        }
    }

    void exportNode(Node node, String name) {
        File f = choose(name, "PNG image", "*.png");
        if (f != null) {
            try {
                Export.png(node, f.toPath());
                message.accept("wrote " + f, false);
            } catch (IOException e) {
                message.accept(cannotWrite(f, e), true);
            }
        }
    }

    /** Writes a plot to a file. */
    interface Writer {
        void write(java.nio.file.Path file) throws IOException;
    }

    void exportVector(String name, Writer writer) {
        File f = choose(name, "SVG image", "*.svg");
        if (f != null) {
            try {
                writer.write(f.toPath());
                message.accept("wrote " + f, false);
            } catch (IOException e) {
                message.accept(cannotWrite(f, e), true);
            }
        }
    }

    void exportSvg(org.jfree.chart.JFreeChart chart, String name) {
        File f = choose(name, "SVG image", "*.svg");
        if (f != null) {
            try {
                Export.svg(chart, f.toPath(), 800, 500);
                message.accept("wrote " + f, false);
            } catch (IOException e) {
                message.accept(cannotWrite(f, e), true);
            }
        }
    }

    private File choose(String name, String kind, String pattern) {
        FileChooser fc = new FileChooser();
        fc.setInitialFileName(name);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        return fc.showSaveDialog(window.get());
    }

}
