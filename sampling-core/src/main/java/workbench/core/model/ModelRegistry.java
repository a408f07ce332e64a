package workbench.core.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.spec.ParamValues;

/** Every model the workbench offers, by stable id. The CLI, the GUI pickers and sessions read this list. */
public final class ModelRegistry {
    private static final Map<String, ModelFactory> FACTORIES = new LinkedHashMap<>();

    static {
        for (ModelFactory f : workbench.core.model.catalog.Catalog.all()) {
            FACTORIES.put(f.id(), f);
        }
    }

    private ModelRegistry() {
    }

    public static List<ModelFactory> all() {
        return new ArrayList<>(FACTORIES.values());
    }

    public static ModelFactory get(String id) {
        ModelFactory f = FACTORIES.get(id);
        if (f == null) {
            throw new BadInputException("unknown model '" + id + "' (known: " + String.join(", ", FACTORIES.keySet()) + ")");
        }
        return f;
    }

    /** {@code settings} as a session of model {@code id} records them ({@link ModelFactory#recorded}). */
    public static Map<String, String> recorded(String id, Map<String, String> settings) {
        return get(id).recorded(settings);
    }

    /**
     * The data files model {@code id} reads with these (recorded) settings ({@link ModelFactory#dataFiles}), by
     * setting name; empty when it reads none or no model has that id (a session of another version).
     */
    public static Map<String, java.nio.file.Path> dataFiles(String id, Map<String, String> settings) {
        ModelFactory f = id == null ? null : FACTORIES.get(id);
        return f == null ? Map.of() : f.dataFiles(settings);
    }

    /**
     * Model {@code id}'s caveat about its per-parameter diagnostics ({@link ModelFactory#parameterNote}), e.g. a
     * neural net's unidentified weights; null when it has none or no model has that id (a session of another version).
     */
    public static String parameterNote(String id) {
        ModelFactory f = id == null ? null : FACTORIES.get(id);
        return f == null ? null : f.parameterNote();
    }

    /**
     * Whether model {@code id} is already in a non-centred form ({@link ModelFactory#nonCentred}); false when no model
     * has that id.
     */
    public static boolean nonCentred(String id) {
        ModelFactory f = id == null ? null : FACTORIES.get(id);
        return f != null && f.nonCentred();
    }

    /**
     * The catalog's non-centred form of model {@code id} ({@link ModelFactory#nonCentredForm}); null when it has none
     * or no model has that id.
     */
    public static String nonCentredForm(String id) {
        ModelFactory f = id == null ? null : FACTORIES.get(id);
        return f == null ? null : f.nonCentredForm();
    }

    /** Looks up {@code id} and builds it from settings given as text. */
    public static Model create(String id, Map<String, String> settings) {
        ModelFactory f = get(id);
        return f.create(ParamValues.of("model " + id, f.params(), settings));
    }
}
