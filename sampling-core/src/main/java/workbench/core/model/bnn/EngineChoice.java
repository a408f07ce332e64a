package workbench.core.model.bnn;

import java.util.Locale;

/**
 * Which engine evaluates the network: plain {@code double[]} loops, ND4J, or {@code auto}, which
 * picks ND4J when one call's work (rows x multiply-adds per row) reaches {@link #ND4J_MIN_WORK}.
 * The threshold comes from measurements recorded in docs/bnn-benchmarks.md.
 */
public record EngineChoice(String setting) {
    /** Work per call (rows x multiply-adds per row) from which ND4J is faster than plain loops on CPU. */
    public static final long ND4J_MIN_WORK = 200_000;

    public enum Kind { PLAIN, ND4J }

    public static final EngineChoice AUTO = new EngineChoice("auto");
    public static final EngineChoice PLAIN = new EngineChoice("plain");
    public static final EngineChoice ND4J = new EngineChoice("nd4j");

    public Kind kindFor(Mlp net, int rowsPerCall) {
        return switch (setting.toLowerCase(Locale.ROOT)) {
            case "plain" -> Kind.PLAIN;
            case "nd4j" -> Kind.ND4J;
            default -> (long) rowsPerCall * net.macsPerRow() >= ND4J_MIN_WORK ? Kind.ND4J : Kind.PLAIN;
        };
    }
}
