package workbench.sessions.export;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import workbench.core.BadInputException;
import workbench.sessions.SessionReader;

/** The formats a session can be exported to (see {@code sessions/EXPORT.md}). */
public enum ExportFormat {
    /** One CmdStan CSV per chain in a directory. */
    CMDSTAN_CSV("cmdstan-csv"),
    /** One NumPy {@code .npz} file. */
    NPZ("npz"),
    /** One long CSV file ({@code chain,draw,<params>}). */
    CSV("csv");

    private final String id;

    ExportFormat(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** The format named {@code id}; refuses an unknown name with one line listing the known ones. */
    public static ExportFormat of(String id) {
        for (ExportFormat f : values()) {
            if (f.id.equals(id)) {
                return f;
            }
        }
        throw new BadInputException("unknown export format '" + ExportSelection.shown(id) + "' (known: "
                + Arrays.stream(values()).map(ExportFormat::id).collect(Collectors.joining(", ")) + ")");
    }

    /** Writes the selection to {@code out}; returns the files written. Never replaces a file. */
    public List<Path> write(SessionReader src, ExportSelection sel, Path out) throws IOException {
        switch (this) {
            case CMDSTAN_CSV:
                return CmdStanCsvExport.write(src, sel, out);
            case NPZ:
                NpzExport.write(src, sel, out);
                return List.of(out);
            default:
                LongCsvExport.write(src, sel, out);
                return List.of(out);
        }
    }
}
