package workbench.app.cli;

/**
 * How this process was started, for hints that name a command: the installed launcher (jpackage's, which sets the
 * system property {@value #APP_PATH}) or the {@code ./workbench} script of a source checkout. The two take JVM
 * options differently: the script reads {@code WORKBENCH_JAVA_OPTS}; the installed launcher has its options fixed in
 * its {@code .cfg} file, and only the JVM's own {@code JAVA_TOOL_OPTIONS} reaches it.
 */
public final class Launcher {
    /** Set by jpackage's launcher to its own path. */
    static final String APP_PATH = "jpackage.app-path";

    private Launcher() {
    }

    /** Whether this is the installed (jpackage) launcher rather than the source checkout's script. */
    public static boolean installed() {
        return System.getProperty(APP_PATH) != null;
    }

    /** What a user types to run this program: {@code workbench} when installed, {@code ./workbench} in a checkout. */
    public static String command() {
        return installed() ? "workbench" : "./workbench";
    }

    /** The environment setting that gives this launcher's JVM a larger heap, e.g. {@code JAVA_TOOL_OPTIONS=-Xmx4g}. */
    public static String moreHeap(String xmx) {
        return (installed() ? "JAVA_TOOL_OPTIONS=" : "WORKBENCH_JAVA_OPTS=") + xmx;
    }

    /**
     * {@code message} with the setting that gives Java a larger heap where it ends by asking for one (the core's
     * refusals of a run or a network larger than the heap say "give Java a larger heap" without knowing how this
     * program is started), else as it is.
     */
    public static String withHeapSetting(String message) {
        return message != null && message.endsWith("give Java a larger heap")
                ? message + " (" + moreHeap("-Xmx<size>") + ")" : message;
    }

    /**
     * A heap setting larger than {@code maxHeapBytes} (the heap that ran out): twice it, in whole GiB, at least 4 GiB.
     * Before, the advice was always -Xmx4g, less than a 6 GiB heap that had run out.
     */
    public static String largerHeap(long maxHeapBytes) {
        long gib = Math.max(4, (2 * maxHeapBytes + (1L << 30) - 1) >> 30);
        return "-Xmx" + gib + "g";
    }
}
