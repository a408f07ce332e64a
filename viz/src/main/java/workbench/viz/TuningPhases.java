package workbench.viz;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.scene.paint.Color;
import workbench.core.run.RunDraws;
import workbench.core.samplers.mclmc.Phase;
import workbench.core.samplers.sg.Csgld;

/**
 * The tuning stages of one chain as runs of equal {@link RunDraws.Extra#PHASE} codes over
 * iterations, with a name and a shade per stage: the MCLMC family's {@link Phase} codes (MILE's
 * optimizer, step size, variance, step size again, L from ESS, fixed) and cyclical SGLD's
 * explore / sample.
 */
public final class TuningPhases {
    /** Samplers whose transitions report an MCLMC {@link Phase}. */
    public static final Set<String> MCLMC = Set.of("mclmc", "mclmc-adjusted", "mile");
    /** Cyclical SGLD's id (its phase codes are its own: explore, sample). */
    public static final String CSGLD = "csgld";

    /** Iterations {@code start} (inclusive) to {@code end} (exclusive) spent in phase {@code code}. */
    public record Segment(long start, long end, double code) {
    }

    private TuningPhases() {
    }

    /** Whether the sampler reports phases this class names. */
    public static boolean reportsPhases(String samplerId) {
        return samplerId != null && (MCLMC.contains(samplerId) || CSGLD.equals(samplerId));
    }

    /** The stage's name: {@link Phase#name} for the MCLMC family, explore / sample for csgld. */
    public static String name(String samplerId, double code) {
        if (CSGLD.equals(samplerId)) {
            return code == Csgld.SAMPLE ? "sample" : code == Csgld.EXPLORE ? "explore" : "unknown";
        }
        return Phase.name(code);
    }

    /** The shade drawn behind a stage (transparent for MCLMC's "fixed": the settings no longer change). */
    public static Color shade(String samplerId, double code) {
        if (CSGLD.equals(samplerId)) {
            return code == Csgld.SAMPLE ? Color.rgb(200, 235, 200) : Color.rgb(255, 222, 180);
        }
        return switch ((int) code) {
            case 0 -> Color.rgb(225, 205, 240);
            case 1 -> Color.rgb(195, 220, 250);
            case 2 -> Color.rgb(200, 238, 205);
            case 3 -> Color.rgb(170, 228, 232);
            case 4 -> Color.rgb(255, 225, 170);
            default -> Color.TRANSPARENT;
        };
    }

    /**
     * Chain {@code chain}'s stages between iterations {@code lo} and {@code hi} (clipped to what the
     * buffer holds), in order; iterations without a phase code end a segment and start none.
     */
    public static List<Segment> segments(RunDraws b, int chain, long lo, long hi) {
        List<Segment> out = new ArrayList<>();
        if (b == null || chain >= b.chains()) {
            return out;
        }
        long from = Math.max(lo, b.first(chain));
        long to = Math.min(hi, b.size(chain));
        long start = -1;
        double code = Double.NaN;
        for (long i = from; i < to; i++) {
            double p = b.extra(chain, i, RunDraws.Extra.PHASE);
            if (p == code) {
                continue;
            }
            if (start >= 0) {
                out.add(new Segment(start, i, code));
            }
            code = p;
            start = Double.isNaN(p) ? -1 : i;
        }
        if (start >= 0) {
            out.add(new Segment(start, to, code));
        }
        return out;
    }
}
