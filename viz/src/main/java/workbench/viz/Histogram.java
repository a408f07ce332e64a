package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import org.jfree.data.xy.AbstractIntervalXYDataset;

/**
 * A JFreeChart dataset of one or more histograms over plain arrays (no per-bin objects), replaced
 * wholesale by {@link #set}, which notifies the chart once.
 */
public final class Histogram extends AbstractIntervalXYDataset {
    private record Series(String key, double lo, double width, double[] heights) {
    }

    private List<Series> series = List.of();

    /**
     * Bins {@code values} into {@code bins} equal bins over [lo, hi] (values outside are dropped),
     * as a density when {@code density}, else as counts.
     */
    public static double[] bin(double[] values, int n, double lo, double hi, int bins, boolean density) {
        double[] h = new double[bins];
        double w = (hi - lo) / bins;
        for (int i = 0; i < n; i++) {
            if (!(values[i] >= lo && values[i] <= hi)) {
                continue; // outside, or NaN: (int) Math.floor(NaN) is 0, the first bin
            }
            int k = (int) Math.floor((values[i] - lo) / w);
            if (k == bins && values[i] == hi) {
                k = bins - 1;
            }
            if (k >= 0 && k < bins) {
                h[k]++;
            }
        }
        if (density && n > 0) {
            for (int k = 0; k < bins; k++) {
                h[k] /= n * w;
            }
        }
        return h;
    }

    /** Replaces every series: keys[i] with bins of width {@code width} starting at {@code lo[i]}. */
    public void set(String[] keys, double[] lo, double width, double[][] heights) {
        List<Series> s = new ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            s.add(new Series(keys[i], lo[i], width, heights[i].clone()));
        }
        this.series = s;
        fireDatasetChanged();
    }

    @Override
    public int getSeriesCount() {
        return series.size();
    }

    @Override
    public Comparable<?> getSeriesKey(int s) {
        return series.get(s).key();
    }

    @Override
    public int getItemCount(int s) {
        return series.get(s).heights().length;
    }

    @Override
    public Number getX(int s, int i) {
        Series r = series.get(s);
        return r.lo() + (i + 0.5) * r.width();
    }

    @Override
    public Number getY(int s, int i) {
        return series.get(s).heights()[i];
    }

    @Override
    public Number getStartX(int s, int i) {
        Series r = series.get(s);
        return r.lo() + i * r.width();
    }

    @Override
    public Number getEndX(int s, int i) {
        Series r = series.get(s);
        return r.lo() + (i + 1) * r.width();
    }

    @Override
    public Number getStartY(int s, int i) {
        return getY(s, i);
    }

    @Override
    public Number getEndY(int s, int i) {
        return getY(s, i);
    }
}
