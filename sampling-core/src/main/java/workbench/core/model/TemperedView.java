package workbench.core.model;

import java.util.Map;

/**
 * The density a sampler at posterior temperature T draws from, p^(1/T) (log density divided by T), as a view of a
 * model for plots: the window draws this one behind a cold (T &lt; 1) or warm SGLD, SGHMC or cSGLD run instead of
 * the model's own density, whose spread the draws are not meant to match. It knows no truth and no closed-form
 * marginals (a plot of a 2-D target integrates its marginals numerically); names, transforms and the plot box are
 * the model's. Not the likelihood temperature beta of data models, which is part of the model itself.
 */
public final class TemperedView implements ForwardingModel {
    private final Model model;
    private final double temperature;

    private TemperedView(Model model, double temperature) {
        this.model = model;
        this.temperature = temperature;
    }

    /**
     * {@code model} seen by a sampler with these settings: its tempered view when they set a {@code temperature}
     * other than 1, else {@code model} itself (also for a temperature that does not parse: the sampler refuses it).
     */
    public static Model of(Model model, Map<String, String> samplerSettings) {
        double t = temperature(samplerSettings);
        return model == null || t == 1 ? model : new TemperedView(model, t);
    }

    /** The posterior temperature these sampler settings set: 1 when they set none or one that is not a positive number. */
    public static double temperature(Map<String, String> samplerSettings) {
        String text = samplerSettings == null ? null : samplerSettings.get("temperature");
        if (text == null) {
            return 1;
        }
        try {
            double t = Double.parseDouble(text.trim());
            return t > 0 && Double.isFinite(t) ? t : 1;
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The temperature T of this view. */
    public double temperature() {
        return temperature;
    }

    @Override
    public Model delegate() {
        return model;
    }

    /** None: the model's truth is not the tempered target's. */
    @Override
    public Truth truth() {
        return null;
    }

    @Override
    public double logDensity(double[] q, double[] grad) {
        double lp = model.logDensity(q, grad);
        for (int i = 0; i < grad.length; i++) {
            grad[i] /= temperature;
        }
        return lp / temperature;
    }

    @Override
    public Model forChain() {
        Model copy = model.forChain();
        return copy == model ? this : new TemperedView(copy, temperature);
    }
}
