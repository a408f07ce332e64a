package workbench.app.gui;

import java.util.List;
import java.util.Map;

/**
 * A one-click teaching scenario from Help ▸ Guide: which model and sampler (the first id present
 * in this build is used), their settings, the speed, and optionally a step size set by hand.
 *
 * @param stepSize a step size set by hand once the run starts, or NaN to let it adapt
 */
public record Scenario(String title, String explanation, List<String> modelIds, Map<String, String> modelSettings,
                       List<String> samplerIds, Map<String, String> samplerSettings, double speed, double stepSize) {

    /** The built-in scenarios. */
    public static List<Scenario> all() {
        return List.of(
                new Scenario("Random walk on a correlated Gaussian",
                        "Random-walk Metropolis takes blind steps, scaled for the whole target (about 1.2 here), not "
                                + "for its narrow ridge: proposals off the ridge are rejected (red crosses) and the chains "
                                + "crawl along it. Then try the next scenario with the same seed.",
                        List.of("gaussian-2d"), Map.of("rho", "0.95"), List.of("rwm"), Map.of(), 20, Double.NaN),
                new Scenario("HMC on the same correlated Gaussian",
                        "Hamiltonian Monte Carlo follows the gradient: the integrator path (dots) glides along the "
                                + "ridge and proposals land far away yet are accepted. While warmup tunes the step size, "
                                + "some trajectories diverge (hollow marks, often outside the view).",
                        List.of("gaussian-2d"), Map.of("rho", "0.95"), List.of("hmc", "nuts"), Map.of(), 2, Double.NaN),
                new Scenario("Step size too large on the banana",
                        "With a step size set by hand far above what adaptation would pick, the leapfrog integrator "
                                + "overshoots the curved ridge: energy errors blow up, nearly every transition diverges "
                                + "(the marks; hollow for the run's warmup iterations) and the chains barely move.",
                        List.of("banana"), Map.of(), List.of("hmc", "nuts"), Map.of(), 2, 1.2),
                new Scenario("Divergences on Neal's funnel",
                        "The neck of the funnel is too narrow for one step size: trajectories blow up there. Each "
                                + "divergence is marked where the energy error crossed the threshold, far out along the "
                                + "trajectory that flew off; choose 'divergences at: transition start' above the plot to "
                                + "see where they began, in the neck. Click one to replay it.",
                        List.of("funnel"), Map.of("dim", "2"), List.of("nuts", "hmc"), Map.of(), 200, Double.NaN),
                new Scenario("Eight schools, centered",
                        "The centered parameterization has a funnel between tau and theta: expect divergences and "
                                + "low ESS for tau. Compare tau's mean with the true mean (a long reference run) beside "
                                + "it: chains that miss the neck put it too high, and the table flags it once it is more "
                                + "than 5 standard errors away. Compare with the non-centered one.",
                        List.of("eight-schools-centered"), Map.of(), List.of("nuts", "hmc"), Map.of(), 500, Double.NaN),
                new Scenario("Eight schools, non-centered",
                        "The same model written so the sampler sees independent standard normals: the divergences "
                                + "after warmup all but vanish (a few come while warmup tunes the step size), and every "
                                + "mean and sd in the table lies within a few standard errors of the truth.",
                        List.of("eight-schools-noncentered"), Map.of(), List.of("nuts", "hmc"), Map.of(), 500, Double.NaN),
                new Scenario("A mixture NUTS cannot cross",
                        "Two well separated modes: each chain stays in the mode it started near, so the chains "
                                + "disagree and R-hat stays far above 1.01 however long it runs. Should every chain "
                                + "start near the same mode, R-hat looks fine: no diagnostic sees a mode no chain "
                                + "visited (press 'new' beside the seed and try again).",
                        // 10 apart along each axis (14 standard deviations): at 6 NUTS still crossed now and then
                        List.of("mixture-2d"), Map.of("spacing", "10"), List.of("nuts", "hmc"), Map.of(), 500,
                        Double.NaN));
    }
}
