package workbench.sessions;

import workbench.core.kernel.Transition;

/** The layout of one stored row: the outputs, then the transition statistics of {@link SessionFiles#STATS}, then the warmup flag. */
final class DrawRows {
    private DrawRows() {
    }

    /** Writes the row of a transition into {@code dest} from {@code off}; returns the values written. */
    static int fill(Transition t, double[] output, double[] dest, int off) {
        System.arraycopy(output, 0, dest, off, output.length);
        int s = off + output.length;
        dest[s] = t.state().logDensity();
        dest[s + 1] = t.acceptStat();
        dest[s + 2] = t.stepSize();
        dest[s + 3] = t.treeDepth();
        dest[s + 4] = t.leapfrogSteps();
        dest[s + 5] = t.divergent() ? 1 : 0;
        dest[s + 6] = t.energy();
        dest[s + 7] = t.energyError();
        dest[s + 8] = t.gradientEvaluations();
        dest[s + 9] = t.accepted() ? 1 : 0;
        dest[s + 10] = t.warmup() ? 1 : 0;
        return output.length + SessionFiles.STAT_COLUMNS;
    }
}
