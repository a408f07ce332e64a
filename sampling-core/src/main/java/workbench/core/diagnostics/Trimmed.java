package workbench.core.diagnostics;

/**
 * Chains cut to a common length by {@link Diagnostics#commonLength(double[][])}.
 *
 * @param draws   the chains, each holding its first {@code length} draws (fresh arrays)
 * @param length  the common length: the shortest chain's length
 * @param trimmed true when at least one chain was longer and lost draws
 * @param message a one-line note for the user when {@code trimmed}, else the empty string
 */
public record Trimmed(double[][] draws, int length, boolean trimmed, String message) {
}
