package workbench.core.model;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/** Builds a model from validated settings. One per model id, listed in {@link ModelRegistry}. */
public interface ModelFactory extends Described {

    /** Builds the model; throws {@link workbench.core.BadInputException} for settings that are valid one by one but not together, or unreadable data. */
    Model create(ParamValues values);

    /**
     * Whether models from this factory may know their truth ({@link Model#truth()}); false lets a caller that only
     * wants the truth skip building a model from a user's data file. True unless overridden.
     */
    default boolean mayKnowTruth() {
        return true;
    }

    /**
     * A caveat about reading this model's per-parameter diagnostics, shown under the summary table and the window's
     * diagnostics table; null (the default) when there is none.
     */
    default String parameterNote() {
        return null;
    }

    /**
     * Whether this model is already written in a non-centred form (its hierarchical scales multiply standardized
     * latents), so that advice to reparameterize it into one, against divergences or a low E-BFMI, would be wrong.
     * False unless overridden.
     */
    default boolean nonCentred() {
        return false;
    }

    /**
     * The id of the catalog model that is this model in its non-centred form (the same posterior), named in the
     * advice to reparameterize; null (the default) when the catalog has none.
     */
    default String nonCentredForm() {
        return null;
    }

    /**
     * The settings as a session records them: unchanged unless overridden. A model that reads a data file from a
     * {@code data} setting makes a relative path absolute ({@link #absoluteDataPath}), so that {@code evaluate},
     * {@code replay}, {@code resume} and the window read the same file from any working directory; before, a
     * session run with {@code data=train.csv} could not be evaluated from elsewhere, or silently read another
     * directory's {@code train.csv}.
     */
    default Map<String, String> recorded(Map<String, String> settings) {
        return settings;
    }

    /**
     * The settings among {@code settings} (as recorded) that name a data file the model reads, by setting name;
     * empty (the default) for a model without one, and for a shipped data set named instead of a file. A session
     * records each file's size and SHA-256, so that a file changed after the run is noticed when it is read again.
     */
    default Map<String, java.nio.file.Path> dataFiles(Map<String, String> settings) {
        return Map.of();
    }

    /**
     * {@code data}'s file, as {@link #dataFiles} gives it, for a model that reads one from its {@code data} setting:
     * none when the setting is unset, empty, one of {@code builtIn} or not a path at all.
     */
    static Map<String, java.nio.file.Path> dataFile(Map<String, String> settings, java.util.Set<String> builtIn) {
        String data = settings.get("data");
        if (data == null || data.isEmpty() || builtIn.contains(data)) {
            return Map.of();
        }
        try {
            return Map.of("data", java.nio.file.Path.of(data));
        } catch (java.nio.file.InvalidPathException e) {
            return Map.of();
        }
    }

    /**
     * {@code settings} with its {@code data} value made absolute (and normalized), in the same order, unless it is
     * unset, empty, one of {@code builtIn} (names of shipped data sets, which take precedence over files) or not a
     * path at all (the model refuses it when it reads it).
     */
    static Map<String, String> absoluteDataPath(Map<String, String> settings, java.util.Set<String> builtIn) {
        String data = settings.get("data");
        if (data == null || data.isEmpty() || builtIn.contains(data)) {
            return settings;
        }
        String absolute;
        try {
            absolute = java.nio.file.Path.of(data).toAbsolutePath().normalize().toString();
        } catch (java.nio.file.InvalidPathException | java.io.IOError | SecurityException e) {
            return settings;
        }
        Map<String, String> out = new java.util.LinkedHashMap<>(settings);
        out.put("data", absolute);
        return out;
    }

    /** A factory with this id, description and settings whose models {@code create} builds. */
    static Plain of(String id, String description, List<ParamSpec> params, Function<ParamValues, Model> create) {
        return new Plain(id, description, List.copyOf(params), create, false, null);
    }

    /**
     * The factory {@link #of} builds: an id, a description, settings and a function building the model; and what
     * the catalog says of its form ({@link #nonCentred}, {@link #nonCentredForm}), set by the two withers.
     */
    record Plain(String id, String description, List<ParamSpec> params, Function<ParamValues, Model> build,
                 boolean nonCentred, String nonCentredForm) implements ModelFactory {
        @Override
        public Model create(ParamValues values) {
            return build.apply(values);
        }

        /** This factory, saying its model is already in a non-centred form. */
        public Plain inNonCentredForm() {
            return new Plain(id, description, params, build, true, nonCentredForm);
        }

        /** This factory, naming the catalog model that is its model in a non-centred form. */
        public Plain withNonCentredForm(String modelId) {
            return new Plain(id, description, params, build, nonCentred, modelId);
        }
    }
}
