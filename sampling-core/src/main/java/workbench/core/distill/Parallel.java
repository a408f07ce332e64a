package workbench.core.distill;

import java.util.stream.IntStream;

/** Splits a loop over 0..n-1 into blocks run on the common pool. */
final class Parallel {
    private static final int BLOCK = 2048;

    private Parallel() {
    }

    interface Range {
        void run(int from, int to);
    }

    static void forRange(int n, Range body) {
        forRange(0, n, BLOCK, body);
    }

    /** Runs {@code body} over from..to-1 in blocks of {@code block} on the common pool. */
    static void forRange(int from, int to, int block, Range body) {
        int n = to - from;
        int blocks = (n + block - 1) / block;
        if (blocks <= 1) {
            if (n > 0) {
                body.run(from, to);
            }
            return;
        }
        IntStream.range(0, blocks).parallel().forEach(b -> body.run(from + b * block, Math.min(to, from + (b + 1) * block)));
    }

    /**
     * Runs {@code body} over 0..n-1 in chunks of {@code chunk} rows, each chunk in parallel blocks,
     * calling {@code progress.step} with the fraction of rows done after each chunk (on the
     * calling thread). {@code body} must treat each row on its own, so the results do not depend
     * on the blocking.
     */
    static void forRange(int n, int chunk, Range body, Progress progress) {
        int block = Math.max(1, Math.min(BLOCK, chunk / 4));
        for (int lo = 0; lo < n; lo += chunk) {
            int hi = Math.min(n, lo + chunk);
            forRange(lo, hi, block, body);
            progress.step((double) hi / n);
        }
    }
}
