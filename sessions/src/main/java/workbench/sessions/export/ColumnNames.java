package workbench.sessions.export;

/** Output names in the forms other tools use. */
public final class ColumnNames {
    private ColumnNames() {
    }

    /**
     * CmdStan's column form: {@code theta[1]} becomes {@code theta.1}, {@code a[1,2]} becomes
     * {@code a.1.2}; a name without brackets is kept.
     */
    public static String toCmdStan(String name) {
        int open = name.indexOf('[');
        if (open <= 0 || !name.endsWith("]")) {
            return name;
        }
        StringBuilder sb = new StringBuilder(name.substring(0, open));
        for (String idx : name.substring(open + 1, name.length() - 1).split(",")) {
            sb.append('.').append(idx.strip());
        }
        return sb.toString();
    }

    /** The container's name: {@code theta} for {@code theta[3]}; the name itself for a scalar. */
    public static String container(String name) {
        int open = name.indexOf('[');
        return open <= 0 || !name.endsWith("]") ? name : name.substring(0, open);
    }
}
