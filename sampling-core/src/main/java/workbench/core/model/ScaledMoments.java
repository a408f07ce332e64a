package workbench.core.model;

/**
 * The mean and sample sd of {@code n} values, computed on the values divided by {@code scale}, their largest
 * |value|, so that neither sum can overflow where the plain sums would (a data column of values near 1e307): the
 * values' own mean is {@code mean * scale} and their sd {@code sd * scale}. Used to standardize such data columns.
 *
 * @param scale the largest |value|
 * @param mean  the mean of value / scale
 * @param sd    the sample sd of value / scale
 */
public record ScaledMoments(double scale, double mean, double sd) {

    /** Of the {@code n} values {@code a[offset]}, {@code a[offset + stride]}, … (a row-major or column-major column). */
    public static ScaledMoments of(double[] a, int offset, int stride, int n) {
        double scale = 0;
        for (int i = 0; i < n; i++) {
            scale = Math.max(scale, Math.abs(a[offset + i * stride]));
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += a[offset + i * stride] / scale;
        }
        mean /= n;
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double d = a[offset + i * stride] / scale - mean;
            ss += d * d;
        }
        return new ScaledMoments(scale, mean, Math.sqrt(ss / (n - 1)));
    }
}
