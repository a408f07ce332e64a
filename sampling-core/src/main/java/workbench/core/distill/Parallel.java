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
        int blocks = (n + BLOCK - 1) / BLOCK;
        if (blocks <= 1) {
            body.run(0, n);
            return;
        }
        IntStream.range(0, blocks).parallel().forEach(b -> body.run(b * BLOCK, Math.min(n, (b + 1) * BLOCK)));
    }
}
