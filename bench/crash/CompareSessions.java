import java.nio.file.Path;
import workbench.sessions.SessionReader;

/**
 * Compares two sessions value by value, bit for bit (used by bench/crash-stress.sh).
 * Usage: CompareSessions REF DIR [--prefix]. With --prefix each chain of DIR may be shorter than
 * REF's; without, the lengths must be equal. Prints the rows per chain of DIR; exit 0 when equal,
 * 1 at the first difference (printed), 2 when a session cannot be read.
 */
public final class CompareSessions {
    public static void main(String[] args) {
        boolean prefix = args.length > 2 && args[2].equals("--prefix");
        try (SessionReader ref = SessionReader.open(Path.of(args[0])); SessionReader s = SessionReader.open(Path.of(args[1]))) {
            ref.requireIntact();
            s.requireIntact();
            if (ref.chains() != s.chains() || ref.columns() != s.columns()) {
                System.out.println("different shapes");
                System.exit(1);
            }
            double[] a = new double[ref.columns()];
            double[] b = new double[ref.columns()];
            StringBuilder rows = new StringBuilder();
            for (int c = 0; c < ref.chains(); c++) {
                long n = s.size(c);
                if (prefix ? n > ref.size(c) : n != ref.size(c)) {
                    System.out.println("chain " + (c + 1) + ": " + n + " rows, reference " + ref.size(c));
                    System.exit(1);
                }
                for (long i = 0; i < n; i++) {
                    ref.readRow(c, i, a);
                    s.readRow(c, i, b);
                    for (int k = 0; k < a.length; k++) {
                        if (Double.doubleToLongBits(a[k]) != Double.doubleToLongBits(b[k])) {
                            System.out.println("chain " + (c + 1) + " iteration " + i + " column " + ref.columnName(k)
                                    + ": " + a[k] + " vs " + b[k]);
                            System.exit(1);
                        }
                    }
                }
                rows.append(c == 0 ? "" : "/").append(n);
            }
            System.out.println(rows);
        } catch (RuntimeException e) {
            System.out.println("unreadable: " + e.getMessage());
            System.exit(2);
        }
    }
}
