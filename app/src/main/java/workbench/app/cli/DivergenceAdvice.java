package workbench.app.cli;

import java.util.List;
import java.util.Map;
import workbench.core.model.ModelRegistry;

/**
 * What to change against divergences after warmup, for `workbench summary` and the window's diagnostics alike: the
 * decision is one, the wording names a command-line option or a setting in the window's sampler sheet.
 *
 * <p>Where warmup tuned the step size toward an acceptance target ({@code adapt_delta}, {@code target_accept}) the
 * {@code step_size} setting is only where that tuning starts, so lowering it changes little: the target is what to
 * raise. A step size set by hand during the run ended the tuning, and then the step size is what to lower. The advice
 * to reparameterize follows the model catalog: it names a centred model's non-centred form, and is not given for a
 * model already non-centred.
 */
public final class DivergenceAdvice {

    /**
     * The run the advice is for: its model (null: not known), sampler and settings as recorded, whether it had a
     * warmup, and whether a step size was set by hand (before or during the run).
     */
    public record Run(String modelId, String samplerId, Map<String, String> samplerSettings, boolean warmup,
                      boolean stepSizeSetByHand) {
        public Run {
            samplerSettings = samplerSettings == null ? Map.of() : samplerSettings;
        }
    }

    /** Who reads the advice: the command line (options) or the window (the sampler's settings). */
    public enum Audience {
        CLI, WINDOW
    }

    private DivergenceAdvice() {
    }

    /** The advice for {@code run}, worded for {@code audience}: "lower the step size", "raise adapt_delta …". */
    public static String of(Run run, Audience audience) {
        Map<String, String> settings = run.samplerSettings();
        if ("sghmc".equals(run.samplerId())) {
            // friction damps the heating by minibatch noise (about eps Var(g) / (2 friction)); at 1 or more that is
            // small already, more of it narrows the stable step sizes (friction x step_size must stay below 2), and
            // the example, friction=1, would not raise it: a run with friction=300 was told to set friction=1
            double friction = 0.01; // the default, where the session does not record it
            try {
                friction = Double.parseDouble(settings.getOrDefault("friction", "0.01"));
            } catch (NumberFormatException e) {
                // a stored setting that no longer parses: the advice as for the default
            }
            return friction >= 1 ? "lower the step size"
                    : "lower the step size or raise the friction (e.g. " + setting("friction", "1", audience) + ")";
        }
        if (run.warmup() && !run.stepSizeSetByHand() && !"off".equals(settings.get("tune"))) {
            for (String target : List.of("adapt_delta", "target_accept")) {
                // mile's unadjusted kernel has no acceptance target to tune toward
                String v = "unadjusted".equals(settings.get("kernel")) ? null : settings.get(target);
                if (v != null) {
                    String next = "0.95";
                    try {
                        double now = Double.parseDouble(v);
                        next = now < 0.95 ? "0.95" : now < 0.99 ? "0.99" : "0.999";
                    } catch (NumberFormatException e) {
                        // a stored setting that no longer parses: the first suggestion
                    }
                    String reparameterize = reparameterize(run.modelId(), audience);
                    return "raise " + target + " toward 1 (now " + v + "; e.g. " + setting(target, next, audience)
                            + ", so that warmup adapts a smaller step size; step_size only sets where warmup starts)"
                            + (reparameterize == null ? "" : " or " + reparameterize);
                }
            }
        }
        // the step size given was used throughout: name it and half of it, and where the sampler tunes it in a warmup
        // and the run had none, that warmup (before: "lower the step size" alone, with no option or value)
        // (only without a warmup: a warmup may have tuned it away from the setting, as mclmc's does)
        String given = settings.get("step_size");
        if (!run.warmup() && !run.stepSizeSetByHand() && given != null) {
            try {
                double now = Double.parseDouble(given);
                if (now > 0 && Double.isFinite(now)) {
                    boolean tunes = !"unadjusted".equals(settings.get("kernel"))
                            && (settings.containsKey("adapt_delta") || settings.containsKey("target_accept"))
                            && !"off".equals(settings.get("tune"));
                    return "lower the step size (now " + given + "; e.g. " + setting("step_size", compact(now / 2),
                            audience) + ")" + (tunes ? " or give the run a warmup, which tunes it (e.g. "
                            + (audience == Audience.CLI ? "--warmup 1000" : "warmup = 1000 in the run's settings") + ")"
                            : "");
                }
            } catch (NumberFormatException e) {
                // a stored setting that no longer parses: the advice without a value
            }
        }
        return "lower the step size";
    }

    /** Three significant digits without trailing zeros: 0.4, 0.0125, 2.5e-05. */
    static String compact(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toString()
                .replace("E", "e");
    }

    /**
     * The advice to reparameterize model {@code modelId} (null: not known), naming the catalog's non-centred form of
     * a centred model; null for a model already non-centred ({@code eight-schools-noncentered} was once told to take
     * "a non-centred form"). Which is which the model catalog says ({@link ModelRegistry#nonCentred},
     * {@link ModelRegistry#nonCentredForm}).
     */
    public static String reparameterize(String modelId, Audience audience) {
        if (ModelRegistry.nonCentred(modelId)) {
            return null;
        }
        String form = ModelRegistry.nonCentredForm(modelId);
        return form == null ? "reparameterize (e.g. a non-centred form)"
                : "reparameterize (e.g. its non-centred form, " + (audience == Audience.CLI ? "--model " : "the model ")
                        + form + ")";
    }

    private static String setting(String name, String value, Audience audience) {
        return audience == Audience.CLI ? "--sampler-set " + name + "=" + value
                : name + " = " + value + " in the sampler's settings";
    }
}
