package workbench.core.adapt;

/**
 * Stan's warmup schedule: an initial fast window (75 iterations: step size only), slow windows
 * doubling from 25 in which the metric is estimated too, the last one stretched to meet a terminal
 * fast window (50). With fewer than 150 + 20 warmup iterations it falls back as Stan does: 15% / 75%
 * / 10%. Pure: the end of each slow window is computed from the iteration index.
 */
public final class WindowSchedule {
    private final int warmup;
    private final int initBuffer;
    private final int termBuffer;
    private final int baseWindow;

    public WindowSchedule(int warmup) {
        this(warmup, 75, 50, 25);
    }

    public WindowSchedule(int warmup, int initBuffer, int termBuffer, int baseWindow) {
        this.warmup = warmup;
        if (warmup < 20) {
            this.initBuffer = warmup;
            this.termBuffer = 0;
            this.baseWindow = 0;
        } else if (initBuffer + baseWindow + termBuffer > warmup) {
            this.initBuffer = (int) (0.15 * warmup);
            this.termBuffer = (int) (0.1 * warmup);
            this.baseWindow = warmup - (this.initBuffer + this.termBuffer);
        } else {
            this.initBuffer = initBuffer;
            this.termBuffer = termBuffer;
            this.baseWindow = baseWindow;
        }
    }

    /** Whether iteration {@code i} (0-based) is in a slow window, where draws feed the metric estimate. */
    public boolean inSlowWindow(int i) {
        return baseWindow > 0 && i >= initBuffer && i < warmup - termBuffer;
    }

    /** Whether iteration {@code i} is the last of a slow window (the metric is updated after it). */
    public boolean endOfSlowWindow(int i) {
        if (!inSlowWindow(i)) {
            return false;
        }
        int start = initBuffer;
        int size = baseWindow;
        int slowEnd = warmup - termBuffer;
        while (true) {
            int end = start + size;
            int nextEnd = end + 2 * size;
            if (nextEnd > slowEnd) {
                end = slowEnd; // stretch the last slow window to the terminal buffer
            }
            if (i == end - 1) {
                return true;
            }
            if (i < end - 1 || end >= slowEnd) {
                return false;
            }
            start = end;
            size *= 2;
        }
    }

    public int warmup() {
        return warmup;
    }
}
