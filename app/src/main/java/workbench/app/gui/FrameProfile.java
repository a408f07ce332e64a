package workbench.app.gui;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Time spent per section of the window's frame work, on when the system property
 * {@value #PROPERTY} is true (off: {@link #start} and {@link #stop} cost nothing). The hidden
 * benchmark prints the totals, so a slow frame can be traced to the view that makes it slow.
 * FX thread only.
 */
final class FrameProfile {
    /** The system property that turns the profile on. */
    static final String PROPERTY = "workbench.frame.profile";
    static final boolean ON = Boolean.getBoolean(PROPERTY);

    private static final Map<String, long[]> TOTALS = new LinkedHashMap<>();

    private FrameProfile() {
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static long cpu0;

    /** A start mark for {@link #stop} (this thread's CPU time); 0 when off. */
    static long start() {
        if (!ON) {
            return 0;
        }
        cpu0 = THREADS.getCurrentThreadCpuTime();
        return System.nanoTime();
    }

    /** Adds the wall and CPU time since the matching {@link #start} to {@code section}. */
    static void stop(String section, long t0) {
        if (ON) {
            long[] s = TOTALS.computeIfAbsent(section, k -> new long[3]);
            s[0] += System.nanoTime() - t0;
            s[1] += THREADS.getCurrentThreadCpuTime() - cpu0;
            s[2]++;
        }
    }

    /** Forgets the sections' totals (the benchmark drops its first seconds: start-up and compilation). */
    static void reset() {
        TOTALS.clear();
    }

    /**
     * One line per section (wall and CPU milliseconds in all and per call), then the CPU time of
     * every live thread by name, which shows what the sampler threads and the renderer took.
     */
    static String report() {
        StringBuilder sb = new StringBuilder();
        TOTALS.forEach((k, v) -> sb.append(String.format(Locale.ROOT,
                "frame-profile: %-12s %6d calls, wall %7.0f ms (%6.2f each), cpu %7.0f ms (%6.2f each)%n",
                k, v[2], v[0] * 1e-6, v[0] * 1e-6 / Math.max(1, v[2]), v[1] * 1e-6, v[1] * 1e-6 / Math.max(1, v[2]))));
        Map<String, Long> cpu = new TreeMap<>();
        for (long id : THREADS.getAllThreadIds()) {
            ThreadInfo ti = THREADS.getThreadInfo(id);
            long t = THREADS.getThreadCpuTime(id);
            if (ti != null && t > 0) {
                cpu.merge(ti.getThreadName(), t, Long::sum);
            }
        }
        cpu.forEach((k, v) -> {
            if (v > 50_000_000L) {
                sb.append(String.format(Locale.ROOT, "frame-profile: thread %-28s cpu %8.0f ms%n", k, v * 1e-6));
            }
        });
        return sb.toString();
    }
}
