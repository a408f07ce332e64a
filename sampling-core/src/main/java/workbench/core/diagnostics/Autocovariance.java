package workbench.core.diagnostics;

/**
 * Autocovariance of chains by a zero-padded radix-2 FFT, as {@code posterior::autocovariance}:
 * {@code acov[k] = (1/N) Σ_{t<N-k} (x_t − x̄)(x_{t+k} − x̄)}, and all zeros for a chain whose sample
 * variance is exactly 0. Two real chains share one complex transform.
 */
final class Autocovariance {
    /** Lags computed by direct sums at least, before switching to the FFT for all lags. */
    static final int DIRECT_LAGS = 32;

    /**
     * Lags summed directly for chains of length n: {@value #DIRECT_LAGS}, or 8·log₂n when larger. A direct lag costs
     * n multiply-adds per chain, the FFT about 10·n·log₂(2n) per pair of chains, so for long chains that mix slowly
     * (autocorrelation still positive past lag 32) many more direct lags are cheaper than the transform.
     */
    static int directLags(int n) {
        int log2 = 32 - Integer.numberOfLeadingZeros(Math.max(1, n));
        return Math.max(DIRECT_LAGS, 8 * log2);
    }

    private Autocovariance() {
    }

    /**
     * The mean over chains of the autocovariance at each lag, computed on demand: direct sums for
     * the first {@link #directLags} lags (enough for well-mixing chains), the FFT for all lags
     * once a later lag is asked for. Both scale as {@code posterior} does.
     */
    static final class MeanOverChains {
        private final double[][] chains;
        private final double[][] centered;
        private final double[] scale;
        private final int n;
        private final double[] direct;
        private int computed;
        private double[] all;

        MeanOverChains(double[][] chains) {
            this.chains = chains;
            int m = chains.length;
            n = chains[0].length;
            direct = new double[Math.min(n, directLags(n))];
            centered = new double[m][];
            scale = new double[m];
            for (int c = 0; c < m; c++) {
                double var = Stats.variance(chains[c]);
                if (var == 0) {
                    continue; // a constant chain contributes zeros
                }
                double mean = Stats.mean(chains[c]);
                double[] y = new double[n];
                double ss = 0;
                for (int t = 0; t < n; t++) {
                    y[t] = chains[c][t] - mean;
                    ss += y[t] * y[t];
                }
                centered[c] = y;
                scale[c] = var * (n - 1) / n / ss;
            }
        }

        /** Mean autocovariance at lag k (0 ≤ k < n). */
        double at(int k) {
            if (all == null && k < direct.length) {
                while (computed <= k) {
                    direct[computed] = directLag(computed);
                    computed++;
                }
                return direct[k];
            }
            if (all == null) {
                double[][] ac = of(chains);
                all = new double[n];
                for (double[] a : ac) {
                    for (int j = 0; j < n; j++) {
                        all[j] += a[j];
                    }
                }
                for (int j = 0; j < n; j++) {
                    all[j] /= ac.length;
                }
            }
            return all[k];
        }

        private double directLag(int k) {
            double sum = 0;
            for (int c = 0; c < centered.length; c++) {
                double[] y = centered[c];
                if (y == null) {
                    continue;
                }
                double s = 0;
                for (int t = 0; t + k < n; t++) {
                    s += y[t] * y[t + k];
                }
                sum += s * scale[c];
            }
            return sum / centered.length;
        }
    }

    /** Autocovariances at lags 0..n-1 of each chain (all chains of equal length n ≥ 1). */
    static double[][] of(double[][] chains) {
        int m = chains.length;
        int n = chains[0].length;
        double[][] out = new double[m][];
        int size = 1;
        while (size < 2 * n) {
            size <<= 1;
        }
        Twiddles tw = new Twiddles(size);
        double[] re = new double[size];
        double[] im = new double[size];
        double[] pr = new double[size];
        double[] pi = new double[size];
        for (int c = 0; c < m; c += 2) {
            double[] x = chains[c];
            double[] y = c + 1 < m ? chains[c + 1] : null;
            double varX = Stats.variance(x);
            double varY = y == null ? 0 : Stats.variance(y);
            boolean useX = varX != 0;
            boolean useY = y != null && varY != 0;
            if (!useX) {
                out[c] = new double[n];
            }
            if (y != null && !useY) {
                out[c + 1] = new double[n];
            }
            if (!useX && !useY) {
                continue;
            }
            java.util.Arrays.fill(re, 0);
            java.util.Arrays.fill(im, 0);
            if (useX) {
                double mx = Stats.mean(x);
                for (int t = 0; t < n; t++) {
                    re[t] = x[t] - mx;
                }
            }
            if (useY) {
                double my = Stats.mean(y);
                for (int t = 0; t < n; t++) {
                    im[t] = y[t] - my;
                }
            }
            fft(re, im, tw, false);
            // Split Z = X + iY: X_k = (Z_k + conj Z_{-k})/2, Y_k = (Z_k − conj Z_{-k})/(2i).
            for (int k = 0; k < size; k++) {
                int j = (size - k) & (size - 1);
                double zr = re[k];
                double zi = im[k];
                double cr = re[j];
                double ci = -im[j];
                double xr = 0.5 * (zr + cr);
                double xi = 0.5 * (zi + ci);
                double dr = 0.5 * (zr - cr);
                double di = 0.5 * (zi - ci);
                pr[k] = xr * xr + xi * xi;
                pi[k] = dr * dr + di * di;
            }
            fft(pr, pi, tw, true);
            if (useX) {
                out[c] = normalise(pr, n, varX);
            }
            if (useY) {
                out[c + 1] = normalise(pi, n, varY);
            }
        }
        return out;
    }

    /** ac / ac[0] · var · (N − 1)/N, as posterior scales the raw FFT output. */
    private static double[] normalise(double[] raw, int n, double var) {
        double[] ac = new double[n];
        double scale = var * (n - 1) / n / raw[0];
        for (int k = 0; k < n; k++) {
            ac[k] = raw[k] * scale;
        }
        return ac;
    }

    /** cos and sin of 2πk/size for k < size/2. */
    private static final class Twiddles {
        final double[] cos;
        final double[] sin;

        Twiddles(int size) {
            int half = Math.max(1, size / 2);
            cos = new double[half];
            sin = new double[half];
            for (int k = 0; k < half; k++) {
                double a = 2 * Math.PI * k / size;
                cos[k] = Math.cos(a);
                sin[k] = Math.sin(a);
            }
        }
    }

    /** In-place iterative radix-2 FFT (unscaled in both directions). */
    private static void fft(double[] re, double[] im, Twiddles tw, boolean inverse) {
        int n = re.length;
        for (int i = 1, j = 0; i < n; i++) {
            int bit = n >> 1;
            for (; (j & bit) != 0; bit >>= 1) {
                j ^= bit;
            }
            j ^= bit;
            if (i < j) {
                double t = re[i];
                re[i] = re[j];
                re[j] = t;
                t = im[i];
                im[i] = im[j];
                im[j] = t;
            }
        }
        double sign = inverse ? 1 : -1;
        for (int len = 2; len <= n; len <<= 1) {
            int half = len >> 1;
            int step = n / len;
            for (int i = 0; i < n; i += len) {
                for (int k = 0; k < half; k++) {
                    double wr = tw.cos[k * step];
                    double wi = sign * tw.sin[k * step];
                    int a = i + k;
                    int b = a + half;
                    double tr = re[b] * wr - im[b] * wi;
                    double ti = re[b] * wi + im[b] * wr;
                    re[b] = re[a] - tr;
                    im[b] = im[a] - ti;
                    re[a] += tr;
                    im[a] += ti;
                }
            }
        }
    }
}
