package workbench.viz;

import java.awt.Font;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.layout.Pane;
import javafx.scene.text.Text;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.event.ChartChangeEvent;
import org.jfree.chart.event.ChartChangeListener;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Layer;

/**
 * The lettering of JFreeChart charts scaled with the window's text (View ▸ Larger text), as {@link CanvasView} scales
 * the canvas plots': every font of a chart — title, subtitles, legend items, axis labels and tick labels, marker and
 * text-annotation labels — is drawn at the size its code gave it times the scale. A font the chart's code sets later
 * (a new title, a smaller tick font for many coordinates) is taken as that element's own size and scaled too, at
 * once: the chart is watched for changes. At scale 1 every font is exactly the one the code set.
 */
public final class ChartText {
    /**
     * What each chart follows: its scale, and per element the font its code set and the one put in its place (found by
     * the chart's identity: a chart's equals and hashCode compare its contents, which change). A state lives as long as
     * its chart, which holds it as a change listener. FX thread only.
     */
    private static final java.util.List<java.lang.ref.WeakReference<State>> STATES = new java.util.ArrayList<>();

    private ChartText() {
    }

    /**
     * Scales the lettering of {@code charts} with the font size the scene's CSS gives {@code host} (the root's
     * {@code -fx-font-size}: 12 px normally), from now on: a hidden text in {@code host} reads it.
     */
    public static void follow(Pane host, JFreeChart... charts) {
        follow(host, () -> { }, charts);
    }

    /** As {@link #follow(Pane, JFreeChart...)}, running {@code changed} after each change of the scale. */
    public static void follow(Pane host, Runnable changed, JFreeChart... charts) {
        Text probe = new Text();
        probe.setManaged(false);
        probe.setVisible(false);
        host.getChildren().add(probe);
        probe.fontProperty().addListener((o, a, b) -> {
            double s = b == null ? 1 : b.getSize() / CanvasView.NORMAL_FONT_SIZE;
            for (JFreeChart c : charts) {
                setScale(c, s);
            }
            changed.run();
        });
    }

    /** Draws every font of {@code chart} at its own size times {@code scale} (1: as its code set them). */
    public static void setScale(JFreeChart chart, double scale) {
        double s = Double.isFinite(scale) && scale > 0 ? scale : 1;
        State st = state(chart);
        if (st == null) {
            if (s == 1) {
                return; // nothing to change, nothing to watch
            }
            st = new State(chart);
            STATES.add(new java.lang.ref.WeakReference<>(st));
            chart.addChangeListener(st);
        }
        st.scale = s;
        st.apply();
    }

    /** The scale {@code chart}'s lettering is drawn at (1 unless {@link #setScale} or {@link #follow} set another). */
    public static double scale(JFreeChart chart) {
        State st = state(chart);
        return st == null ? 1 : st.scale;
    }

    private static State state(JFreeChart chart) {
        STATES.removeIf(r -> r.get() == null || r.get().chart.get() == null);
        for (java.lang.ref.WeakReference<State> r : STATES) {
            State st = r.get();
            if (st != null && st.chart.get() == chart) {
                return st;
            }
        }
        return null;
    }

    private static final class State implements ChartChangeListener {
        private final java.lang.ref.WeakReference<JFreeChart> chart;
        private double scale = 1;
        private boolean applying;
        /** Per element (by identity) and slot: {the font its code set, the font put in its place}. */
        private Map<Object, Font[][]> fonts = new IdentityHashMap<>();
        private Map<Object, Font[][]> seen = new IdentityHashMap<>();

        State(JFreeChart chart) {
            this.chart = new java.lang.ref.WeakReference<>(chart);
        }

        @Override
        public void chartChanged(ChartChangeEvent event) {
            if (!applying) {
                apply(); // a title, axis or legend the code just set or replaced: scaled too
            }
        }

        void apply() {
            JFreeChart c = chart.get();
            if (c == null || applying) {
                return;
            }
            applying = true;
            seen = new IdentityHashMap<>();
            try {
                title(c.getTitle());
                for (int i = 0; i < c.getSubtitleCount(); i++) {
                    title(c.getSubtitle(i));
                }
                if (c.getPlot() instanceof XYPlot p) {
                    for (int i = 0; i < p.getDomainAxisCount(); i++) {
                        axis(p.getDomainAxis(i));
                    }
                    for (int i = 0; i < p.getRangeAxisCount(); i++) {
                        axis(p.getRangeAxis(i));
                    }
                    for (Layer layer : new Layer[] {Layer.FOREGROUND, Layer.BACKGROUND}) {
                        markers(p.getDomainMarkers(layer));
                        markers(p.getRangeMarkers(layer));
                    }
                    for (XYAnnotation a : p.getAnnotations()) {
                        if (a instanceof XYTextAnnotation t) {
                            slot(t, 0, t::getFont, t::setFont);
                        }
                    }
                }
            } finally {
                fonts = seen; // elements no longer in the chart are forgotten
                applying = false;
            }
        }

        private void title(Title t) {
            if (t instanceof TextTitle tt) {
                slot(tt, 0, tt::getFont, tt::setFont);
            } else if (t instanceof LegendTitle lt) {
                slot(lt, 0, lt::getItemFont, lt::setItemFont);
            } else if (t instanceof PaintScaleLegend pl) {
                axis(pl.getAxis());
            }
        }

        private void axis(Axis a) {
            if (a != null) {
                slot(a, 0, a::getLabelFont, a::setLabelFont);
                slot(a, 1, a::getTickLabelFont, a::setTickLabelFont);
            }
        }

        private void markers(java.util.Collection<?> ms) {
            if (ms != null) {
                for (Object o : ms) {
                    if (o instanceof Marker m) {
                        slot(m, 0, m::getLabelFont, m::setLabelFont);
                    }
                }
            }
        }

        /** One font of one element: its own size (what its code last set) times the scale. */
        private void slot(Object owner, int k, Supplier<Font> get, Consumer<Font> set) {
            Font now = get.get();
            if (now == null) {
                return;
            }
            Font[][] known = fonts.get(owner);
            Font[] was = known == null ? null : known[k];
            // the font put here last time: its own is the one remembered; any other was set since by the chart's code
            Font own = was != null && now.equals(was[1]) ? was[0] : now;
            Font want = scale == 1 ? own : own.deriveFont((float) (own.getSize2D() * scale));
            if (!want.equals(now)) {
                set.accept(want);
            }
            Font[][] mine = seen.computeIfAbsent(owner, o -> new Font[2][]);
            mine[k] = new Font[] {own, want};
        }
    }
}
