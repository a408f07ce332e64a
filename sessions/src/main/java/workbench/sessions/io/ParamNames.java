package workbench.sessions.io;

/**
 * Normalizes parameter names to bracket form: CmdStan's {@code theta.1} becomes {@code theta[1]}
 * and {@code a.1.2} becomes {@code a[1,2]}. Only trailing dot-separated positive integers are
 * indices; other names ({@code z.real}, {@code theta[1]}, {@code x}) are kept as they are, apart from
 * surrounding spaces.
 */
public final class ParamNames {
    private ParamNames() {
    }

    public static String normalize(String raw) {
        String name = raw.strip();
        int end = name.length();
        int cut = end;
        // walk back over ".<digits>" groups
        while (true) {
            int k = cut - 1;
            while (k >= 0 && name.charAt(k) >= '0' && name.charAt(k) <= '9') {
                k--;
            }
            if (k < 0 || k == cut - 1 || name.charAt(k) != '.' || k == 0) {
                break;
            }
            cut = k;
        }
        if (cut == end) {
            return name;
        }
        String base = name.substring(0, cut);
        String[] idx = name.substring(cut + 1).split("\\.");
        StringBuilder sb = new StringBuilder(base).append('[');
        for (int i = 0; i < idx.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(idx[i]);
        }
        return sb.append(']').toString();
    }
}
