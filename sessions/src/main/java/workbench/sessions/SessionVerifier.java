package workbench.sessions;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;

/**
 * A sink that compares a re-run with a stored session: each transition at an iteration the session
 * holds for its chain is turned into a row as the writer would store it and compared with the stored
 * row, every column, bit for bit ({@code Double.doubleToLongBits}, so only NaN payloads may differ).
 * A divergent transition's record (where the energy error crossed 1000, its momentum, energy error and
 * trajectory) is compared with the stored record at its iteration, bit for bit, too.
 * Transitions beyond the stored rows are ignored. It keeps the first difference per chain; with
 * {@code stopAtFirst} it throws {@link SessionMismatchException} there, which ends the run.
 */
public final class SessionVerifier implements DrawSink {
    private final SessionReader stored;
    private final boolean stopAtFirst;
    private final AtomicReferenceArray<Mismatch> first;
    private final AtomicLongArray compared;
    private final ThreadLocal<double[][]> rows;

    /** Per chain, the iterations of its stored divergence records, ascending, and a digest of each record's values. */
    private final long[][] recordIterations;
    private final long[][] recordDigests;
    /**
     * Per chain, the trajectory values the re-run's records hold so far as the writer would store them, within the
     * session's bound ({@link SessionManifest#divergenceTrajectoryBudget}); each chain's element is its thread's.
     */
    private final long[] rerunTrajectoryValues;

    public SessionVerifier(SessionReader stored, boolean stopAtFirst) {
        this.stored = stored;
        this.stopAtFirst = stopAtFirst;
        this.first = new AtomicReferenceArray<>(stored.chains());
        this.compared = new AtomicLongArray(stored.chains());
        int cols = stored.columns();
        this.rows = ThreadLocal.withInitial(() -> new double[][] {new double[cols], new double[cols]});
        // the divergence records are stored values too (where H - H0 crossed 1000, its momentum, energy error and
        // trajectory, which summary lists and the window replays): a record altered with its checksums redone passed
        // the check, and resume kept it. One pass over each file keeps 16 bytes a record, not the records.
        rerunTrajectoryValues = new long[stored.chains()];
        recordIterations = new long[stored.chains()][];
        recordDigests = new long[stored.chains()][];
        for (int c = 0; c < stored.chains(); c++) {
            long[][] acc = {new long[16], new long[16]};
            int[] n = {0};
            stored.forEachDivergence(c, r -> {
                if (n[0] == acc[0].length) {
                    acc[0] = java.util.Arrays.copyOf(acc[0], n[0] * 2);
                    acc[1] = java.util.Arrays.copyOf(acc[1], n[0] * 2);
                }
                acc[0][n[0]] = r.iteration();
                acc[1][n[0]] = digest(r.position(), r.momentum(), r.energyError(), r.trajectory());
                n[0]++;
            });
            recordIterations[c] = java.util.Arrays.copyOf(acc[0], n[0]);
            recordDigests[c] = java.util.Arrays.copyOf(acc[1], n[0]);
        }
        recordsDamaged = new boolean[stored.chains()];
        for (int c = 0; c < stored.chains(); c++) {
            String file = stored.manifest().divergencesFiles().get(c) + ":";
            for (workbench.core.BadInputException e : stored.errors()) {
                recordsDamaged[c] |= String.valueOf(e.getMessage()).startsWith(file);
            }
        }
    }

    /** Per chain, whether its divergences file is damaged: records missing there are the damage's, said by the reader. */
    private final boolean[] recordsDamaged;

    /** A 64-bit digest of a divergence record's values, bit for bit (FNV-1a over their bits and the arrays' lengths). */
    static long digest(double[] position, double[] momentum, double energyError, double[][] trajectory) {
        long h = 0xcbf29ce484222325L;
        h = mix(h, Double.doubleToLongBits(energyError));
        h = mix(mix(h, position.length), position);
        h = momentum == null ? mix(h, -1) : mix(mix(h, momentum.length), momentum);
        if (trajectory == null) {
            return mix(h, -1);
        }
        h = mix(h, trajectory.length);
        for (double[] p : trajectory) {
            h = mix(mix(h, p.length), p);
        }
        return h;
    }

    private static long mix(long h, double[] values) {
        for (double v : values) {
            h = mix(h, Double.doubleToLongBits(v));
        }
        return h;
    }

    private static long mix(long h, long v) {
        for (int i = 0; i < 8; i++) {
            h ^= (v >>> (8 * i)) & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /**
     * The difference between the re-run's divergence at {@code iteration} (null: none recorded) and the stored record
     * there, or null where they agree: the first value that differs, read again from the file.
     */
    private Mismatch divergenceMismatch(int chain, long iteration, workbench.core.kernel.Divergence rerun) {
        int i = java.util.Arrays.binarySearch(recordIterations[chain], iteration);
        if (rerun == null) {
            return null; // a record the re-run would not write is the reader's business (a record at an unflagged draw)
        }
        // the record as the writer stores it: without its trajectory past the chain's bound
        long kept = Divergences.keptTrajectoryValues(rerunTrajectoryValues[chain], rerun.trajectory(),
                stored.manifest().divergenceTrajectoryBudget());
        rerunTrajectoryValues[chain] += Math.max(0, kept);
        workbench.core.kernel.Divergence d = kept < 0
                ? new workbench.core.kernel.Divergence(rerun.position(), rerun.momentum(), rerun.energyError(), null)
                : rerun;
        int warmup = stored.manifest().warmup();
        if (i < 0) {
            if (recordsDamaged[chain]) {
                return null;
            }
            return new Mismatch(chain, iteration, warmup, "divergence record (none stored; the re-run's energy error)",
                    Double.NaN, d.energyError());
        }
        if (recordDigests[chain][i] == digest(d.position(), d.momentum(), d.energyError(), d.trajectory())) {
            return null;
        }
        Mismatch[] m = {null};
        stored.forEachDivergence(chain, r -> {
            if (m[0] == null && r.iteration() == iteration) {
                m[0] = firstDifference(chain, iteration, warmup, r, d);
            }
        });
        return m[0] != null ? m[0] : new Mismatch(chain, iteration, warmup, "divergence record", Double.NaN, Double.NaN);
    }

    private static Mismatch firstDifference(int chain, long iteration, int warmup, DivergenceRecord r,
                                            workbench.core.kernel.Divergence d) {
        if (Double.doubleToLongBits(r.energyError()) != Double.doubleToLongBits(d.energyError())) {
            return new Mismatch(chain, iteration, warmup, "divergence record's energy error", r.energyError(),
                    d.energyError());
        }
        Mismatch m = firstDifference(chain, iteration, warmup, "position", r.position(), d.position());
        if (m == null && r.momentum() != null && d.momentum() != null) {
            m = firstDifference(chain, iteration, warmup, "momentum", r.momentum(), d.momentum());
        }
        if (m == null && r.trajectory() != null && d.trajectory() != null) {
            for (int j = 0; m == null && j < Math.min(r.trajectory().length, d.trajectory().length); j++) {
                m = firstDifference(chain, iteration, warmup, "trajectory point " + (j + 1), r.trajectory()[j],
                        d.trajectory()[j]);
            }
        }
        return m != null ? m : new Mismatch(chain, iteration, warmup, "divergence record (its momentum or trajectory"
                + " is missing or of another length)", r.energyError(), d.energyError());
    }

    private static Mismatch firstDifference(int chain, long iteration, int warmup, String what, double[] a, double[] b) {
        for (int k = 0; k < Math.min(a.length, b.length); k++) {
            if (Double.doubleToLongBits(a[k]) != Double.doubleToLongBits(b[k])) {
                return new Mismatch(chain, iteration, warmup, "divergence record's " + what + "[" + (k + 1) + "]",
                        a[k], b[k]);
            }
        }
        return null;
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
        if (t.divergent()) {
            Mismatch m = divergenceMismatch(chain, iteration, t.divergence());
            if (m != null) {
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
