package workbench.sessions;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;

/**
 * A sink that compares a re-run with a stored session: each transition at an iteration the session
 * holds for its chain is turned into a row as the writer would store it and compared with the stored
 * row, every column, bit for bit ({@code Double.doubleToLongBits}, so only NaN payloads may differ).
 * Transitions beyond the stored rows are ignored. It keeps the first difference per chain; with
 * {@code stopAtFirst} it throws {@link SessionMismatchException} there, which ends the run.
 */
public final class SessionVerifier implements DrawSink {
    private final SessionReader stored;
    private final boolean stopAtFirst;
    private final AtomicReferenceArray<Mismatch> first;
    private final AtomicLongArray compared;
    private final ThreadLocal<double[][]> rows;

    public SessionVerifier(SessionReader stored, boolean stopAtFirst) {
        this.stored = stored;
        this.stopAtFirst = stopAtFirst;
        this.first = new AtomicReferenceArray<>(stored.chains());
        this.compared = new AtomicLongArray(stored.chains());
        int cols = stored.columns();
        this.rows = ThreadLocal.withInitial(() -> new double[][] {new double[cols], new double[cols]});
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        if (iteration >= stored.size(chain) || first.get(chain) != null) {
            return;
        }
        double[][] buf = rows.get();
        double[] mine = buf[0];
        double[] theirs = buf[1];
        int n = DrawRows.fill(t, output, mine, 0);
        if (n != stored.columns()) {
            throw new IllegalStateException("the re-run has " + n + " columns per row, the session " + stored.columns());
        }
        stored.readRow(chain, iteration, theirs);
        for (int col = 0; col < n; col++) {
            if (Double.doubleToLongBits(mine[col]) != Double.doubleToLongBits(theirs[col])) {
                Mismatch m = new Mismatch(chain, iteration, stored.manifest().warmup(), stored.columnName(col),
                        theirs[col], mine[col]);
                first.compareAndSet(chain, null, m);
                if (stopAtFirst) {
                    throw new SessionMismatchException(m);
                }
                return;
            }
        }
        compared.incrementAndGet(chain);
    }

    /** The first difference of the lowest chain that has one, or null. */
    public Mismatch mismatch() {
        for (int c = 0; c < first.length(); c++) {
            if (first.get(c) != null) {
                return first.get(c);
            }
        }
        return null;
    }

    /** Rows of the chain found equal so far. */
    public long compared(int chain) {
        return compared.get(chain);
    }

    /** Whether every stored row of every chain was compared and found equal. */
    public boolean allEqual() {
        for (int c = 0; c < first.length(); c++) {
            if (compared.get(c) != stored.size(c)) {
                return false;
            }
        }
        return true;
    }

    /** Stored rows compared and found equal, over all chains. */
    public long comparedTotal() {
        long s = 0;
        for (int c = 0; c < first.length(); c++) {
            s += compared.get(c);
        }
        return s;
    }
}
