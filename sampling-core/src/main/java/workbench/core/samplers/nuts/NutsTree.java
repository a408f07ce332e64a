package workbench.core.samplers.nuts;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * One NUTS trajectory as Stan (2.21 and later) builds it in {@code base_nuts::transition}: the
 * trajectory doubles in a random direction until the generalized no-U-turn criterion fails, a
 * subtree diverges or the maximum depth is reached. Within a subtree the sample is multinomial
 * (the final half is taken with probability w_final / (w_init + w_final)); between a new subtree
 * and the old trajectory it is biased progressive (the new subtree is taken with probability
 * min(1, w_new / w_old)). The criterion p#_minus . rho &gt; 0 and p#_plus . rho &gt; 0 is checked over
 * every merged subtree and, across each merge, over the first half extended by the first point of
 * the second and the second half extended by the last point of the first. A step whose energy
 * error H - H0 exceeds 1000 (or whose H is not finite) is divergent and ends the trajectory; a
 * large energy drop is not divergent.
 *
 * <p>The uniform draws come from the given stream in Stan's order. All scratch is allocated once
 * (recursion levels lazily, once); a trajectory allocates only the optional path and, when it
 * diverges, the divergence record. Not thread-safe; one per chain.
 */
public final class NutsTree {
    /** Stan's divergence threshold on H - H0. */
    public static final double MAX_DELTA_H = 1000;

    private final Dynamics dyn;
    private final int dim;
    private int maxDepth;

    private final PhasePoint z;
    private final PhasePoint zFwd;
    private final PhasePoint zBck;
    private final PhasePoint zSample;
    private final PhasePoint zPropose;
    private final PhasePoint zReplay;
    private final double[] pFwdFwd;
    private final double[] vFwdFwd;
    private final double[] pFwdBck;
    private final double[] vFwdBck;
    private final double[] pBckFwd;
    private final double[] vBckFwd;
    private final double[] pBckBck;
    private final double[] vBckBck;
    private final double[] rho;
    private final double[] rhoFwd;
    private final double[] rhoBck;
    private Level[] levels;
    private int[] directions;
    private int[] stepsPerDoubling;

    private UniformRandomProvider rng;
    private double h0;
    private double subtreeLogWeight;
    private List<double[]> path;
    /** For each point of {@link #path}, the index of the point it was integrated from (-1 for the start). */
    private int[] pathFrom;
    /** The path's index of the trajectory's forward and backward ends, and of the latest leaf of this doubling. */
    private int pathFwd;
    private int pathBck;
    private int pathLast;

    // Results of the last run
    private int depth;
    private int doublings;
    private int nLeapfrog;
    private double sumMetroProb;
    private boolean divergent;
    private boolean moved;
    private double[] divQ;
    private double[] divP;
    private double divDeltaH;

    /** Scratch of one recursion level of {@link #buildTree}. */
    private static final class Level {
        final double[] pInitEnd;
        final double[] vInitEnd;
        final double[] rhoInit;
        final double[] pFinalBeg;
        final double[] vFinalBeg;
        final double[] rhoFinal;
        final PhasePoint proposeFinal;

        Level(int d) {
            pInitEnd = new double[d];
            vInitEnd = new double[d];
            rhoInit = new double[d];
            pFinalBeg = new double[d];
            vFinalBeg = new double[d];
            rhoFinal = new double[d];
            proposeFinal = new PhasePoint(d);
        }
    }

    public NutsTree(Dynamics dyn, int dim, int maxDepth) {
        this.dyn = dyn;
        this.dim = dim;
        z = new PhasePoint(dim);
        zFwd = new PhasePoint(dim);
        zBck = new PhasePoint(dim);
        zSample = new PhasePoint(dim);
        zPropose = new PhasePoint(dim);
        zReplay = new PhasePoint(dim);
        pFwdFwd = new double[dim];
        vFwdFwd = new double[dim];
        pFwdBck = new double[dim];
        vFwdBck = new double[dim];
        pBckFwd = new double[dim];
        vBckFwd = new double[dim];
        pBckBck = new double[dim];
        vBckBck = new double[dim];
        rho = new double[dim];
        rhoFwd = new double[dim];
        rhoBck = new double[dim];
        setMaxDepth(maxDepth);
    }

    public void setMaxDepth(int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("max tree depth must be at least 1, got " + maxDepth);
        }
        this.maxDepth = maxDepth;
        levels = new Level[maxDepth + 1];
        directions = new int[maxDepth + 1];
        stepsPerDoubling = new int[maxDepth + 1];
    }

    /**
     * Builds a trajectory from {@code start} (q, p, g, v, lp and h = H0 set; not modified).
     *
     * @param eps      the step size
     * @param withPath whether to record every visited position (start first, then in visit order)
     */
    public void run(PhasePoint start, double eps, UniformRandomProvider rng, boolean withPath) {
        this.rng = rng;
        this.h0 = start.h;
        this.path = withPath ? new ArrayList<>() : null;
        if (path != null) {
            path.add(start.q.clone());
            pathFrom = new int[16];
            pathFrom[0] = -1;
            pathFwd = 0;
            pathBck = 0;
        }
        zFwd.copyFrom(start);
        zBck.copyFrom(start);
        zSample.copyFrom(start);
        copy(start.p, pFwdFwd);
        copy(start.v, vFwdFwd);
        copy(start.p, pFwdBck);
        copy(start.v, vFwdBck);
        copy(start.p, pBckFwd);
        copy(start.v, vBckFwd);
        copy(start.p, pBckBck);
        copy(start.v, vBckBck);
        copy(start.p, rho);

        double logSumWeight = 0; // log(exp(H0 - H0))
        nLeapfrog = 0;
        sumMetroProb = 0;
        depth = 0;
        doublings = 0;
        divergent = false;
        moved = false;
        divQ = null;
        divP = null;
        divDeltaH = Double.NaN;

        while (depth < maxDepth) {
            boolean valid;
            int before = nLeapfrog;
            if (rng.nextDouble() > 0.5) {
                // extend forward: the old trajectory becomes the backward part
                z.copyFrom(zFwd);
                copy(rho, rhoBck);
                copy(pFwdFwd, pBckFwd);
                copy(vFwdFwd, vBckFwd);
                directions[doublings] = 1;
                pathLast = pathFwd;
                valid = buildTree(depth, zPropose, vFwdBck, vFwdFwd, rhoFwd, pFwdBck, pFwdFwd, eps);
                zFwd.copyFrom(z);
                pathFwd = pathLast;
            } else {
                // extend backward: the old trajectory becomes the forward part
                z.copyFrom(zBck);
                copy(rho, rhoFwd);
                copy(pBckBck, pFwdBck);
                copy(vBckBck, vFwdBck);
                directions[doublings] = -1;
                pathLast = pathBck;
                valid = buildTree(depth, zPropose, vBckFwd, vBckBck, rhoBck, pBckFwd, pBckBck, -eps);
                zBck.copyFrom(z);
                pathBck = pathLast;
            }
            stepsPerDoubling[doublings] = nLeapfrog - before;
            doublings++;
            if (!valid) {
                break;
            }
            depth++;

            // biased progressive sampling between the new subtree and the old trajectory
            double lw = subtreeLogWeight;
            if (lw > logSumWeight) {
                take(zPropose);
            } else if (rng.nextDouble() < Math.exp(lw - logSumWeight)) {
                take(zPropose);
            }
            logSumWeight = logSumExp(logSumWeight, lw);

            if (!topCriterion()) {
                break;
            }
        }
        this.rng = null;
    }

    /** The criterion over the whole trajectory and across its last merge (Stan's three checks). */
    private boolean topCriterion() {
        double a = 0;
        double b = 0;
        for (int i = 0; i < dim; i++) {
            double r = rhoBck[i] + rhoFwd[i];
            rho[i] = r;
            a += vBckBck[i] * r;
            b += vFwdFwd[i] * r;
        }
        if (!(a > 0 && b > 0)) {
            return false;
        }
        a = 0;
        b = 0;
        for (int i = 0; i < dim; i++) {
            double r = rhoBck[i] + pFwdBck[i];
            a += vBckBck[i] * r;
            b += vFwdBck[i] * r;
        }
        if (!(a > 0 && b > 0)) {
            return false;
        }
        a = 0;
        b = 0;
        for (int i = 0; i < dim; i++) {
            double r = rhoFwd[i] + pBckFwd[i];
            a += vBckFwd[i] * r;
            b += vFwdFwd[i] * r;
        }
        return a > 0 && b > 0;
    }

    private void take(PhasePoint propose) {
        zSample.copySampleFrom(propose);
        moved = true;
    }

    /**
     * Builds a subtree of 2^depth steps from {@link #z} in the direction of {@code eps}; leaves
     * {@link #subtreeLogWeight} set to its log total weight (log sum of exp(H0 - H)) when valid.
     * The arguments receive the subtree's sample, its end velocities, summed momentum and end momenta
     * ("beg" is the end nearer the start point).
     */
    private boolean buildTree(int depth, PhasePoint propose, double[] vBeg, double[] vEnd, double[] rhoOut,
                              double[] pBeg, double[] pEnd, double eps) {
        if (depth == 0) {
            boolean valid = leaf(propose, eps);
            copy(z.v, vBeg);
            copy(z.v, vEnd);
            copy(z.p, rhoOut);
            copy(z.p, pBeg);
            copy(z.p, pEnd);
            return valid;
        }
        if (depth == 1) {
            return twoLeaves(propose, vBeg, vEnd, rhoOut, pBeg, pEnd, eps);
        }
        Level lv = levels[depth];
        if (lv == null) {
            lv = new Level(dim);
            levels[depth] = lv;
        }
        if (!buildTree(depth - 1, propose, vBeg, lv.vInitEnd, lv.rhoInit, pBeg, lv.pInitEnd, eps)) {
            return false;
        }
        double lwInit = subtreeLogWeight;
        if (!buildTree(depth - 1, lv.proposeFinal, lv.vFinalBeg, vEnd, lv.rhoFinal, lv.pFinalBeg, pEnd, eps)) {
            return false;
        }
        double lwFinal = subtreeLogWeight;

        // multinomial sample between the two halves
        double lwSub = logSumExp(lwInit, lwFinal);
        if (lwFinal > lwSub) {
            propose.copySampleFrom(lv.proposeFinal);
        } else if (rng.nextDouble() < Math.exp(lwFinal - lwSub)) {
            propose.copySampleFrom(lv.proposeFinal);
        }
        subtreeLogWeight = lwSub;

        // the merged subtree, then across the merge: the first half plus the first point of the
        // second, and the second half plus the last point of the first (fused sums and dot products)
        final double[] ri = lv.rhoInit;
        final double[] rf = lv.rhoFinal;
        final double[] pfb = lv.pFinalBeg;
        final double[] vfb = lv.vFinalBeg;
        final double[] pie = lv.pInitEnd;
        final double[] vie = lv.vInitEnd;
        double a = 0;
        double b = 0;
        for (int i = 0; i < dim; i++) {
            double r = ri[i] + rf[i];
            rhoOut[i] = r;
            a += vBeg[i] * r;
            b += vEnd[i] * r;
        }
        if (!(a > 0 && b > 0)) {
            return false;
        }
        a = 0;
        b = 0;
        for (int i = 0; i < dim; i++) {
            double r = ri[i] + pfb[i];
            a += vBeg[i] * r;
            b += vfb[i] * r;
        }
        if (!(a > 0 && b > 0)) {
            return false;
        }
        a = 0;
        b = 0;
        for (int i = 0; i < dim; i++) {
            double r = rf[i] + pie[i];
            a += vie[i] * r;
            b += vEnd[i] * r;
        }
        return a > 0 && b > 0;
    }

    /** One integrator step from {@link #z}: energy bookkeeping, divergence check, the leaf as sample. */
    private boolean leaf(PhasePoint propose, double eps) {
        double h = dyn.step(z, eps);
        nLeapfrog++;
        if (Double.isNaN(h)) {
            h = Double.POSITIVE_INFINITY;
        }
        if (path != null && !workbench.core.kernel.Divergence.keepsTrajectory(path.size() + 1L, dim)) {
            // within a divergence trajectory's bounds or not at all (null, as at full speed): a Step at
            // max_treedepth 30 could record 2^30 positions
            path = null;
        }
        if (path != null) {
            // a subtree's leaves follow one another; its first one starts from the end of the trajectory it extends
            int i = path.size();
            if (i == pathFrom.length) {
                pathFrom = java.util.Arrays.copyOf(pathFrom, 2 * i);
            }
            pathFrom[i] = pathLast;
            pathLast = i;
            path.add(z.q.clone());
        }
        if (h - h0 > MAX_DELTA_H) {
            if (!divergent) {
                divQ = z.q.clone();
                divP = z.p.clone();
                divDeltaH = h - h0;
            }
            divergent = true;
        }
        double logW = h0 - h;
        subtreeLogWeight = logW;
        sumMetroProb += logW > 0 ? 1 : Math.exp(logW);
        propose.copySampleFrom(z);
        return !divergent;
    }

    /**
     * {@link #buildTree} at depth 1, the same computation with fewer copies: with one point per half
     * both checks across the merge reduce to the check over the merged pair (same sums, same vectors).
     */
    private boolean twoLeaves(PhasePoint propose, double[] vBeg, double[] vEnd, double[] rhoOut,
                              double[] pBeg, double[] pEnd, double eps) {
        if (!leaf(propose, eps)) {
            return false;
        }
        copy(z.v, vBeg);
        copy(z.p, pBeg);
        double lwInit = subtreeLogWeight;
        Level lv = levels[1];
        if (lv == null) {
            lv = new Level(dim);
            levels[1] = lv;
        }
        if (!leaf(lv.proposeFinal, eps)) {
            return false;
        }
        copy(z.v, vEnd);
        copy(z.p, pEnd);
        double lwFinal = subtreeLogWeight;
        double lwSub = logSumExp(lwInit, lwFinal);
        if (lwFinal > lwSub) {
            propose.copySampleFrom(lv.proposeFinal);
        } else if (rng.nextDouble() < Math.exp(lwFinal - lwSub)) {
            propose.copySampleFrom(lv.proposeFinal);
        }
        subtreeLogWeight = lwSub;
        double a = 0;
        double b = 0;
        for (int i = 0; i < dim; i++) {
            double r = pBeg[i] + pEnd[i];
            rhoOut[i] = r;
            a += vBeg[i] * r;
            b += vEnd[i] * r;
        }
        return a > 0 && b > 0;
    }

    static boolean criterion(double[] vMinus, double[] vPlus, double[] rho) {
        double a = 0;
        double b = 0;
        for (int i = 0; i < rho.length; i++) {
            a += vPlus[i] * rho[i];
            b += vMinus[i] * rho[i];
        }
        return a > 0 && b > 0;
    }

    static double logSumExp(double a, double b) {
        if (a == Double.NEGATIVE_INFINITY) {
            return b;
        }
        if (b == Double.NEGATIVE_INFINITY) {
            return a;
        }
        double m = Math.max(a, b);
        return m + Math.log1p(Math.exp(-Math.abs(a - b)));
    }

    private static void copy(double[] from, double[] to) {
        System.arraycopy(from, 0, to, 0, from.length);
    }

    /**
     * The positions from the start of the last trajectory to its divergent step along the line of leapfrog steps that
     * leads there: the start point, then every step in the direction of the doubling that diverged, recomputed by
     * integrating again from {@code start} (the same point, momentum and step size as in {@link #run}). The steps
     * taken the other way, which did not diverge, are left out: the rows are one line from the start to the crossing
     * (in visit order the first step of a doubling that turns back joins the two ends, a chord no step took). Costs
     * one more gradient per step; only for divergent trajectories. Null where
     * {@link workbench.core.kernel.Divergence#keepsTrajectory} keeps none.
     */
    public double[][] replayTrajectory(PhasePoint start, double eps) {
        int way = directions[doublings - 1];
        int steps = 0;
        for (int j = 0; j < doublings; j++) {
            if (directions[j] == way) {
                steps += stepsPerDoubling[j];
            }
        }
        if (!workbench.core.kernel.Divergence.keepsTrajectory(1L + steps, start.q.length)) {
            return null; // too long or too wide to keep: the divergence keeps its point and momentum
        }
        double[][] line = integrate(start, way * eps, steps);
        double[][] rows = new double[1 + steps][];
        rows[0] = start.q.clone();
        System.arraycopy(line, 0, rows, 1, steps);
        return rows;
    }

    private double[][] integrate(PhasePoint start, double eps, int steps) {
        double[][] out = new double[steps][];
        zReplay.copyFrom(start);
        for (int s = 0; s < steps; s++) {
            dyn.step(zReplay, eps);
            out[s] = zReplay.q.clone();
        }
        return out;
    }

    /** The kept point of the last trajectory: q, g, lp and h (p and v are not kept; scratch: copy what you keep). */
    public PhasePoint sample() {
        return zSample;
    }

    /** Whether the kept point is not the start point. */
    public boolean moved() {
        return moved;
    }

    /** Completed doublings (Stan's treedepth__). */
    public int depth() {
        return depth;
    }

    /** Leapfrog steps taken (Stan's n_leapfrog__). */
    public int leapfrogSteps() {
        return nLeapfrog;
    }

    /** Stan's accept_stat__: the mean over all steps taken of min(1, exp(H0 - H)). */
    public double acceptStat() {
        return nLeapfrog == 0 ? Double.NaN : sumMetroProb / nLeapfrog;
    }

    public boolean divergent() {
        return divergent;
    }

    /** Position at the first divergent step, or null. */
    public double[] divergencePosition() {
        return divQ;
    }

    /** Momentum at the first divergent step, or null. */
    public double[] divergenceMomentum() {
        return divP;
    }

    /** H - H0 at the first divergent step (+infinity for a non-finite H), NaN when none. */
    public double divergenceEnergyError() {
        return divDeltaH;
    }

    /**
     * Every visited position when asked for, start first, else null; null too when the trajectory passed a divergence
     * trajectory's bounds ({@link workbench.core.kernel.Divergence#keepsTrajectory}).
     */
    public double[][] path() {
        return path == null ? null : path.toArray(new double[0][]);
    }

    /**
     * For each point of {@link #path()}, the index of the point its leapfrog step started from (-1 for the start):
     * the one before it, except for the first leaf of a doubling, which extends the trajectory's forward or backward
     * end. Null when no path was asked for.
     */
    public int[] pathFrom() {
        return path == null ? null : java.util.Arrays.copyOf(pathFrom, path.size());
    }
}
