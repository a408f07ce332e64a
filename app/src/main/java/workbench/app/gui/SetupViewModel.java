package workbench.app.gui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import workbench.app.cli.Launcher;
import workbench.core.BadInputException;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerFactory;
import workbench.core.model.DataModel;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.run.RunConfig;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/**
 * What the next run will be: model and sampler with their settings (kept as text, per id, so
 * switching back and forth keeps what was typed), chains, seed, warmup, draws and beta. Every
 * value is validated through the same {@link ParamSpec}s the CLI uses; a bad value gives a
 * one-line message, never an exception. No JavaFX here: plain JUnit tests drive it.
 *
 * <p>Each field keeps two things: the text as typed (what the window shows) and the value in
 * effect, the last valid one, from which the run, the model and the sampler are built. A refused
 * value leaves the one in effect as it was, and {@link #problems()} names it, so Run is refused
 * while a field shows a bad value. A setting that parses but stops a model (or sampler) that built
 * from building (a broken formula, a data file that cannot be read) is refused too.
 */
public final class SetupViewModel {
    /** The run-level fields, validated like settings. */
    public static final ParamSpec CHAINS = ParamSpec.integer("chains", 4, 1, RunConfig.MAX_CHAINS,
            "independent chains, each with its own random stream");
    public static final ParamSpec WARMUP = ParamSpec.integer("warmup", 1000, 0, 100_000_000,
            "iterations per chain spent tuning the step size (not used for estimates)");
    public static final ParamSpec DRAWS = ParamSpec.integer("draws", 5000, 0, 100_000_000,
            "iterations per chain kept after warmup");
    public static final ParamSpec SEED = ParamSpec.integer("seed", 1, 0, Integer.MAX_VALUE,
            "seed of the random streams: the same seed gives the same draws");

    private final List<ModelFactory> models;
    private final List<SamplerFactory> samplers;
    private String modelId;
    private String samplerId;
    private final Map<String, Map<String, String>> modelSettings = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> samplerSettings = new LinkedHashMap<>();
    private final Map<String, String> runFields = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> modelInEffect = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> samplerInEffect = new LinkedHashMap<>();
    private final Map<String, String> runInEffect = new LinkedHashMap<>();
    /** The message of each refused field, by "run.NAME", "model.ID.NAME" or "sampler.ID.NAME". */
    private final Map<String, String> refused = new LinkedHashMap<>();
    private double beta = 1;
    private Model lastBuilt;
    /**
     * The model last built from settings as typed, before beta, for the window's own use (a setting's check and the
     * preview), with the factory and settings it was built from: an edit built it to check the value, then again to
     * check the settings and a third time to preview it, and a move of the beta slider twice (a network of 12.6
     * million parameters takes some 3 s a build, on the window's thread). Never a run's model: a run builds its own.
     */
    private Model checked;
    private String checkedId;
    private Map<String, String> checkedSettings;

    public SetupViewModel(List<ModelFactory> models, List<SamplerFactory> samplers) {
        this.models = List.copyOf(models);
        this.samplers = List.copyOf(samplers);
        runFields.put(CHAINS.name(), CHAINS.defaultValue());
        runFields.put(WARMUP.name(), WARMUP.defaultValue());
        runFields.put(DRAWS.name(), DRAWS.defaultValue());
        runFields.put(SEED.name(), Integer.toString(ThreadLocalRandom.current().nextInt(1, 100_000)));
        runInEffect.putAll(runFields);
        modelId = pickDefault(models.stream().map(ModelFactory::id).toList(), "banana", "gaussian-2d");
        samplerId = pickDefault(samplers.stream().map(SamplerFactory::id).toList(), "nuts", "hmc", "mala", "rwm");
    }

    private static String pickDefault(List<String> ids, String... preferred) {
        for (String p : preferred) {
            if (ids.contains(p)) {
                return p;
            }
        }
        return ids.isEmpty() ? null : ids.get(0);
    }

    public List<ModelFactory> models() {
        return models;
    }

    public List<SamplerFactory> samplers() {
        return samplers;
    }

    public String modelId() {
        return modelId;
    }

    public String samplerId() {
        return samplerId;
    }

    public ModelFactory modelFactory() {
        return models.stream().filter(f -> f.id().equals(modelId)).findFirst().orElse(null);
    }

    public SamplerFactory samplerFactory() {
        return samplers.stream().filter(f -> f.id().equals(samplerId)).findFirst().orElse(null);
    }

    /** Chooses a model by id; false (and no change) when the id is unknown. */
    public boolean selectModel(String id) {
        if (models.stream().noneMatch(f -> f.id().equals(id))) {
            return false;
        }
        modelId = id;
        return true;
    }

    /** Chooses a sampler by id; false (and no change) when the id is unknown. */
    public boolean selectSampler(String id) {
        if (samplers.stream().noneMatch(f -> f.id().equals(id))) {
            return false;
        }
        samplerId = id;
        return true;
    }

    /** The text of a model setting (the typed one, else the default). */
    public String modelSetting(String name) {
        return setting(modelSettings, modelFactory(), name);
    }

    public String samplerSetting(String name) {
        return setting(samplerSettings, samplerFactory(), name);
    }

    private static String setting(Map<String, Map<String, String>> all, Described d, String name) {
        if (d == null) {
            return null;
        }
        String typed = all.getOrDefault(d.id(), Map.of()).get(name);
        if (typed != null) {
            return typed;
        }
        for (ParamSpec s : d.params()) {
            if (s.name().equals(name)) {
                return s.defaultValue();
            }
        }
        return null;
    }

    /** The text of a model setting in effect: the last valid one typed, else the default. */
    public String modelSettingInEffect(String name) {
        return setting(modelInEffect, modelFactory(), name);
    }

    /** The text of a sampler setting in effect: the last valid one typed, else the default. */
    public String samplerSettingInEffect(String name) {
        return setting(samplerInEffect, samplerFactory(), name);
    }

    /**
     * Sets a model setting as typed; returns the message when it is not valid (the value in effect
     * stays), else null.
     */
    public String setModelSetting(String name, String text) {
        ModelFactory f = modelFactory();
        return put(modelSettings, modelInEffect, f, "model", name, text,
                f == null ? null : settings -> checkedBuild(f, settings));
    }

    /**
     * Sets a sampler setting as typed; returns the message when it is not valid (the value in
     * effect stays), else null.
     */
    public String setSamplerSetting(String name, String text) {
        SamplerFactory f = samplerFactory();
        return put(samplerSettings, samplerInEffect, f, "sampler", name, text,
                f == null ? null : settings -> f.create(ParamValues.of("sampler " + f.id(), f.params(), settings)));
    }

    /**
     * Sets several model ({@code model} true) or sampler settings typed as {@code NAME=VALUE,NAME=VALUE}; returns
     * one message per refused entry (empty when all were taken).
     */
    public List<String> setSettings(boolean model, String list) {
        List<String> problems = new java.util.ArrayList<>();
        for (String kv : list.split(",")) {
            if (kv.isBlank()) {
                continue;
            }
            int eq = kv.indexOf('=');
            if (eq <= 0) {
                problems.add((model ? "model" : "sampler") + " settings: expected NAME=VALUE, got '" + kv.trim() + "'");
                continue;
            }
            String name = kv.substring(0, eq).trim();
            String value = kv.substring(eq + 1).trim();
            String msg = model ? setModelSetting(name, value) : setSamplerSetting(name, value);
            if (msg != null) {
                problems.add(msg);
            }
        }
        return problems;
    }

    private String put(Map<String, Map<String, String>> typed, Map<String, Map<String, String>> inEffect, Described d,
                       String kind, String name, String text, java.util.function.Function<Map<String, String>, ?> build) {
        if (d == null) {
            return "no " + kind + " chosen";
        }
        ParamSpec spec = d.params().stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
        if (spec == null) {
            return Messages.oneLine(kind + " " + d.id() + ": unknown setting '" + name + "'");
        }
        String key = kind + "." + d.id() + "." + name;
        typed.computeIfAbsent(d.id(), k -> new LinkedHashMap<>()).put(name, text);
        String msg = check(spec, kind + " " + d.id(), text);
        Map<String, String> candidate = after(inEffect, d.id(), name, text);
        if (msg == null) {
            // a value that breaks what built is refused; one that does not build yet (other settings missing) is not
            String broken = buildError(build, typed(Map.of(d.id(), candidate), d), kind + " " + d.id());
            if (broken != null && buildError(build, typed(inEffect, d), "") == null) {
                msg = broken;
            }
        }
        if (msg != null) {
            refused.put(key, msg);
            return msg;
        }
        refused.remove(key);
        inEffect.put(d.id(), candidate);
        // a value refused only because of another setting (kernel=adjusted only ...) may be valid now
        String prefix = kind + "." + d.id() + ".";
        for (String k : List.copyOf(refused.keySet())) {
            String other = k.startsWith(prefix) ? k.substring(prefix.length()) : null;
            String t = other == null ? null : typed.getOrDefault(d.id(), Map.of()).get(other);
            ParamSpec os = other == null ? null
                    : d.params().stream().filter(p -> p.name().equals(other)).findFirst().orElse(null);
            if (os != null && check(os, kind + " " + d.id(), t) == null) {
                Map<String, String> again = after(inEffect, d.id(), other, t);
                if (buildError(build, typed(Map.of(d.id(), again), d), "") == null) {
                    inEffect.put(d.id(), again);
                    refused.remove(k);
                }
            }
        }
        return null;
    }

    private static Map<String, String> after(Map<String, Map<String, String>> all, String id, String name, String text) {
        Map<String, String> m = new LinkedHashMap<>(all.getOrDefault(id, Map.of()));
        m.put(name, text);
        return m;
    }

    private static String buildError(java.util.function.Function<Map<String, String>, ?> build, Map<String, String> s,
                                     String owner) {
        try {
            build.apply(s);
            return null;
        } catch (BadInputException e) {
            return Messages.oneLine(Launcher.withHeapSetting(e.getMessage()));
        } catch (RuntimeException e) {
            return Messages.oneLine(owner + ": cannot be built with these settings (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    /** The message for an invalid value of {@code spec} (one line, bounded), or null when it parses. */
    public static String check(ParamSpec spec, String owner, String text) {
        if ((text == null || text.isBlank()) && spec.defaultValue() == null) {
            return null;
        }
        try {
            spec.parse(owner, text);
            return null;
        } catch (BadInputException e) {
            return Messages.oneLine(e.getMessage());
        }
    }

    /** The settings in effect for the current model (the valid ones typed; the rest take their defaults). */
    public Map<String, String> modelSettings() {
        return typed(modelInEffect, modelFactory());
    }

    /** The settings in effect for the current sampler. */
    public Map<String, String> samplerSettings() {
        return typed(samplerInEffect, samplerFactory());
    }

    private static Map<String, String> typed(Map<String, Map<String, String>> all, Described d) {
        if (d == null) {
            return Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        all.getOrDefault(d.id(), Map.of()).forEach((k, v) -> {
            ParamSpec spec = d.params().stream().filter(s -> s.name().equals(k)).findFirst().orElse(null);
            if (spec != null && v != null && !(v.isBlank() && spec.defaultValue() == null)) {
                out.put(k, v);
            }
        });
        return out;
    }

    /**
     * Sets chains, warmup, draws or seed as typed; returns the message when not valid (the value
     * in effect stays), else null.
     */
    public String setRunField(String name, String text) {
        ParamSpec spec = runSpec(name);
        runFields.put(name, text);
        String msg = check(spec, "run", text);
        if (msg == null) {
            runInEffect.put(name, text.trim());
            refused.remove("run." + name);
        } else {
            refused.put("run." + name, msg);
        }
        return msg;
    }

    /** A run field as typed. */
    public String runField(String name) {
        return runFields.get(name);
    }

    /** A run field's value in effect: the last valid one typed, else the default. */
    public String runValue(String name) {
        runSpec(name);
        return runInEffect.get(name);
    }

    private static ParamSpec runSpec(String name) {
        return switch (name) {
            case "chains" -> CHAINS;
            case "warmup" -> WARMUP;
            case "draws" -> DRAWS;
            case "seed" -> SEED;
            default -> throw new IllegalArgumentException("no run field " + name);
        };
    }

    /** A fresh random seed, set and returned. */
    public String newSeed() {
        String s = Integer.toString(ThreadLocalRandom.current().nextInt(1, 1_000_000));
        runFields.put("seed", s);
        runInEffect.put("seed", s);
        refused.remove("run.seed");
        return s;
    }

    public double beta() {
        return beta;
    }

    /** Sets the likelihood temperature; returns the message when it is not in (0, 1] (beta stays), else null. */
    public String setBeta(double beta) {
        if (!(beta > 0 && beta <= 1)) {
            return "beta (likelihood temperature) must be in (0, 1], got " + beta;
        }
        this.beta = beta;
        return null;
    }

    /** Builds the model from the current settings (at the current beta for data models); throws BadInputException. */
    public Model createModel() {
        ModelFactory f = modelFactory();
        if (f == null) {
            throw new BadInputException("no models available");
        }
        return atBeta(f.create(ParamValues.of("model " + f.id(), f.params(), modelSettings())));
    }

    /** {@code m} at the current beta (a data model's likelihood temperature; other models as they are). */
    private Model atBeta(Model m) {
        return m instanceof DataModel dm && beta != dm.beta() ? dm.withBeta(beta) : m;
    }

    /** {@code f}'s model of {@code settings}, kept as the one last built for the window's own use. */
    private Model checkedBuild(ModelFactory f, Map<String, String> settings) {
        checked = null;
        Model m = f.create(ParamValues.of("model " + f.id(), f.params(), settings));
        checked = m;
        checkedId = f.id();
        checkedSettings = new LinkedHashMap<>(settings);
        return m;
    }

    /**
     * The message that stops the model from being built from the settings in effect, or null when it builds (then
     * {@link #lastBuiltModel()} is it, at the current beta): the model a setting's check just built from these
     * settings is taken as it is.
     */
    public String modelError() {
        try {
            ModelFactory f = modelFactory();
            if (f == null) {
                throw new BadInputException("no models available");
            }
            Map<String, String> settings = modelSettings();
            Model m = checked != null && f.id().equals(checkedId) && settings.equals(checkedSettings) ? checked
                    : checkedBuild(f, settings);
            lastBuilt = atBeta(m);
            return null;
        } catch (BadInputException e) {
            return Messages.oneLine(Launcher.withHeapSetting(e.getMessage()));
        } catch (RuntimeException e) {
            return Messages.oneLine("model " + modelId + ": cannot be built (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    /** The model {@link #modelError()} last built (what the window previews); null before one built. */
    public Model lastBuiltModel() {
        return lastBuilt;
    }

    public Sampler createSampler() {
        SamplerFactory f = samplerFactory();
        if (f == null) {
            throw new BadInputException("no samplers available");
        }
        return f.create(ParamValues.of("sampler " + f.id(), f.params(), samplerSettings()));
    }

    /** The run as configured; throws BadInputException naming the first bad value. */
    public RunConfig config(int threads) {
        int chains = (Integer) CHAINS.parse("run", runInEffect.get("chains"));
        int warmup = (Integer) WARMUP.parse("run", runInEffect.get("warmup"));
        int draws = (Integer) DRAWS.parse("run", runInEffect.get("draws"));
        long seed = (Integer) SEED.parse("run", runInEffect.get("seed"));
        if (modelFactory() == null) {
            throw new BadInputException("no models available");
        }
        if (samplerFactory() == null) {
            throw new BadInputException("no samplers available");
        }
        // a data file's path recorded absolute, as the command line records it
        Map<String, String> recorded = workbench.core.model.ModelRegistry.recorded(modelId, modelSettings());
        return new RunConfig(modelId, recorded, samplerId, samplerSettings(), chains, warmup, draws, seed,
                Math.max(1, Math.min(threads, chains)), null);
    }

    /** Every problem that stops a run, one line each (empty: ready): refused fields first. */
    public List<String> problems() {
        List<String> out = new java.util.ArrayList<>();
        for (String f : List.of("chains", "warmup", "draws", "seed")) {
            String e = refused.get("run." + f);
            if (e != null) {
                out.add(e);
            }
        }
        refused.forEach((k, v) -> {
            if ((modelId != null && k.startsWith("model." + modelId + "."))
                    || (samplerId != null && k.startsWith("sampler." + samplerId + "."))) {
                out.add(v);
            }
        });
        if (samplerFactory() == null) {
            out.add("no samplers available");
        } else {
            try {
                createSampler();
            } catch (BadInputException e) {
                out.add(Messages.oneLine(e.getMessage()));
            }
        }
        String m = modelError();
        if (m != null) {
            out.add(m);
        }
        if (out.isEmpty()) {
            try {
                config(1);
            } catch (BadInputException e) {
                out.add(Messages.oneLine(e.getMessage()));
            }
        }
        return out;
    }

    /**
     * Sets model, sampler, all their settings and the run fields at once, as a stored run had them
     * (opening a session): a setting not given takes its default, so what is in effect is exactly
     * that run's configuration. All or nothing: when the model or sampler id is unknown, a setting or
     * run field is refused, or the model or sampler cannot be built, nothing changes and the one-line
     * reason is returned; else null.
     *
     * @param run chains, warmup, draws and seed as text (any of them may be missing: that field stays)
     */
    public String loadRun(String modelId, Map<String, String> modelSettings, String samplerId,
                          Map<String, String> samplerSettings, Map<String, String> run) {
        ModelFactory mf = models.stream().filter(f -> f.id().equals(modelId)).findFirst().orElse(null);
        if (mf == null) {
            return Messages.oneLine("model '" + modelId + "' is not in this build");
        }
        SamplerFactory sf = samplers.stream().filter(f -> f.id().equals(samplerId)).findFirst().orElse(null);
        if (sf == null) {
            return Messages.oneLine("sampler '" + samplerId + "' is not in this build");
        }
        Map<String, String> ms = modelSettings == null ? Map.of() : modelSettings;
        Map<String, String> ss = samplerSettings == null ? Map.of() : samplerSettings;
        String broken = buildError(s -> mf.create(ParamValues.of("model " + mf.id(), mf.params(), s)), ms,
                "model " + mf.id());
        if (broken == null) {
            broken = buildError(s -> sf.create(ParamValues.of("sampler " + sf.id(), sf.params(), s)), ss,
                    "sampler " + sf.id());
        }
        Map<String, String> runTexts = run == null ? Map.of() : run;
        for (Map.Entry<String, String> e : runTexts.entrySet()) {
            if (broken == null) {
                broken = check(runSpec(e.getKey()), "run", e.getValue());
            }
        }
        if (broken != null) {
            return broken;
        }
        this.modelId = mf.id();
        this.samplerId = sf.id();
        replaceSettings(allSettings(mf, ms), this.modelSettings, modelInEffect, "model." + mf.id() + ".", mf.id());
        replaceSettings(allSettings(sf, ss), this.samplerSettings, samplerInEffect, "sampler." + sf.id() + ".", sf.id());
        runTexts.forEach(this::setRunField);
        return null;
    }

    /** Every setting of {@code d} as text: the given one, else the default ("" for an optional one). */
    private static Map<String, String> allSettings(Described d, Map<String, String> given) {
        Map<String, String> all = new LinkedHashMap<>();
        for (ParamSpec s : d.params()) {
            String v = given.get(s.name());
            all.put(s.name(), v != null ? v : s.defaultValue() != null ? s.defaultValue() : "");
        }
        return all;
    }

    private void replaceSettings(Map<String, String> all, Map<String, Map<String, String>> typed,
                                 Map<String, Map<String, String>> inEffect, String refusedPrefix, String id) {
        typed.put(id, new LinkedHashMap<>(all));
        inEffect.put(id, new LinkedHashMap<>(all));
        refused.keySet().removeIf(k -> k.startsWith(refusedPrefix));
    }

    /** All typed settings, for saving as preferences: keys "model.ID.NAME" and "sampler.ID.NAME". */
    public Map<String, String> allTyped() {
        Map<String, String> out = new LinkedHashMap<>();
        modelSettings.forEach((id, m) -> m.forEach((k, v) -> out.put("model." + id + "." + k, v)));
        samplerSettings.forEach((id, m) -> m.forEach((k, v) -> out.put("sampler." + id + "." + k, v)));
        return out;
    }

    /** The settings in effect, keyed as {@link #allTyped} (what the window saves as preferences). */
    public Map<String, String> allInEffect() {
        Map<String, String> out = new LinkedHashMap<>();
        modelInEffect.forEach((id, m) -> m.forEach((k, v) -> out.put("model." + id + "." + k, v)));
        samplerInEffect.forEach((id, m) -> m.forEach((k, v) -> out.put("sampler." + id + "." + k, v)));
        return out;
    }

    /**
     * Restores typed settings saved by {@link #allTyped} or {@link #allInEffect}; unknown ids or
     * names are ignored, values that do not parse are kept as typed but not put in effect.
     */
    public void restoreTyped(Map<String, String> saved) {
        saved.forEach((key, v) -> {
            String[] parts = key.split("\\.", 3);
            if (parts.length != 3 || v == null) {
                return;
            }
            boolean model = parts[0].equals("model");
            if (!model && !parts[0].equals("sampler")) {
                return;
            }
            Described d = (model ? models.stream().map(f -> (Described) f) : samplers.stream().map(f -> (Described) f))
                    .filter(f -> f.id().equals(parts[1])).findFirst().orElse(null);
            ParamSpec spec = d == null ? null
                    : d.params().stream().filter(s -> s.name().equals(parts[2])).findFirst().orElse(null);
            if (spec == null) {
                return;
            }
            (model ? modelSettings : samplerSettings).computeIfAbsent(parts[1], k -> new LinkedHashMap<>()).put(parts[2], v);
            String msg = check(spec, parts[0] + " " + parts[1], v);
            if (msg == null) {
                (model ? modelInEffect : samplerInEffect).computeIfAbsent(parts[1], k -> new LinkedHashMap<>())
                        .put(parts[2], v);
                refused.remove(key);
            } else {
                refused.put(key, msg);
            }
        });
    }
}
