package workbench.core.spec;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import workbench.core.BadInputException;

/**
 * Validated settings for one model or sampler: every spec has a value (given or default), and a key
 * that no spec declares is refused. Immutable.
 */
public final class ParamValues {
    private final Map<String, Object> values;
    private final Map<String, String> texts;

    private ParamValues(Map<String, Object> values, Map<String, String> texts) {
        this.values = values;
        this.texts = texts;
    }

    /**
     * Validates {@code given} against {@code specs}.
     *
     * @param owner named in error messages, e.g. "model banana"
     */
    public static ParamValues of(String owner, List<ParamSpec> specs, Map<String, String> given) {
        Map<String, ParamSpec> byName = new LinkedHashMap<>();
        for (ParamSpec s : specs) {
            byName.put(s.name(), s);
        }
        for (String key : given.keySet()) {
            if (!byName.containsKey(key)) {
                String known = byName.isEmpty() ? "it takes none" : "known: " + String.join(", ", byName.keySet());
                throw new BadInputException(owner + ": unknown setting '" + ParamSpec.clip(key) + "' (" + known + ")");
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, String> texts = new LinkedHashMap<>();
        for (ParamSpec s : specs) {
            String text = given.containsKey(s.name()) ? given.get(s.name()) : s.defaultValue();
            if (text == null) {
                continue;
            }
            values.put(s.name(), s.parse(owner, text));
            texts.put(s.name(), text.trim());
        }
        return new ParamValues(Collections.unmodifiableMap(values), Collections.unmodifiableMap(texts));
    }

    public double real(String name) {
        return ((Number) require(name)).doubleValue();
    }

    public int integer(String name) {
        return ((Number) require(name)).intValue();
    }

    public String text(String name) {
        Object v = values.get(name);
        return v == null ? null : v.toString();
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    /** The values as text, in spec order: what a manifest records and what reproduces this object. */
    public Map<String, String> asText() {
        return texts;
    }

    private Object require(String name) {
        Object v = values.get(name);
        if (v == null) {
            throw new IllegalStateException("no setting '" + name + "'");
        }
        return v;
    }

    @Override
    public String toString() {
        return texts.toString();
    }
}
