package workbench.app.gui;

import java.util.List;
import java.util.Map;

/**
 * A one-click teaching scenario from Help ▸ Guide: which model and sampler (the first id present
 * in this build is used), their settings, the run's length, the speed, and optionally a step size set by hand.
 * Each sets its own warmup and draws so that it fits a lecture at its speed (an HMC run at 3 transitions a second
 * with the window's default 1000 warmup iterations would spend five minutes in warmup).
 *
 * @param warmup warmup iterations per chain
 * @param draws draws per chain after warmup
 * @param speed transitions a second per chain
 * @param stepSize a step size set by hand once the run starts, or NaN to let it adapt
 */
public record Scenario(String title, String explanation, List<String> modelIds, Map<String, String> modelSettings,
                       List<String> samplerIds, Map<String, String> samplerSettings, int warmup, int draws,
                       double speed, double stepSize) {

    /** The built-in scenarios. */
    public static List<Scenario> all() {
        return List.of(
                new Scenario("Random walk on a correlated Gaussian",
                        "Random-walk Metropolis takes blind steps. Warmup scales them toward 23% acceptance, which "
                                + "here makes them about 1 to 2.5 long, far longer than the ridge is wide (its narrow "
                                + "standard deviation is 0.22): most proposals land off the ridge and are rejected (red "
                                + "crosses), and the chains crawl along it. Then try the next scenario with the same "
                                + "seed.",
                        List.of("gaussian-2d"), Map.of("rho", "0.95"), List.of("rwm"), Map.of(), 500, 5000, 20,
                        Double.NaN),
                new Scenario("HMC on the same correlated Gaussian",
                        "Hamiltonian Monte Carlo follows the gradient: the integrator path (dots) glides along the "
                                + "ridge and proposals land far away yet are accepted. In the 100 warmup iterations, "
                                + "while the step size is tuned, some trajectories diverge (hollow magenta marks; one "
                                + "outside the view is a hollow arrowhead on its edge); after warmup none do.",
                        List.of("gaussian-2d"), Map.of("rho", "0.95"), List.of("hmc", "nuts"), Map.of(), 100, 1000, 3,
                        Double.NaN),
                new Scenario("Push the step size until HMC diverges",
                        "HMC on the same Gaussian with the step size set by hand at 0.2 and nothing adapting it. "
                                + "Push it up a little at a time (click the knob of the step-size slider: each press "
                                + "of the right arrow key adds 5%; or type a value and press Enter): acceptance falls "
                                + "(the Sampler over time tab) and the energy errors spread on their histogram, until "
                                + "just past 0.45 most transitions diverge: their trajectories (dots in a darker shade "
                                + "of the chain's colour) fly out of the view, a magenta arrowhead on its edge points "
                                + "after each, the red dashed lines run to their rejected proposals, and the status "
                                + "bar's divergence count climbs. The leapfrog integrator is stable only "
                                + "while the step is below twice the narrowest standard deviation, 2 \u00d7 0.22 here. "
                                + "Bring it back below and the divergences stop.",
                        List.of("gaussian-2d"), Map.of("rho", "0.95"), List.of("hmc"), Map.of(), 0, 100_000, 10, 0.2),
                new Scenario("Step size too large on the banana",
                        "With a step size set by hand far above what adaptation would pick, the leapfrog integrator "
                                + "overshoots the curved ridge: energy errors blow up, half or more of the transitions "
                                + "diverge (the marks) and some chains barely move.",
                        List.of("banana"), Map.of(), List.of("hmc", "nuts"), Map.of(), 0, 1000, 2, 1.2),
                new Scenario("Divergences on Neal's funnel",
                        "The neck of the funnel is too narrow for one step size: trajectories blow up there. Each "
                                + "divergence is marked where the energy error crossed the threshold, far out along the "
                                + "trajectory that flew off; choose 'divergences at: transition start' above the plot to "
                                + "see where they began, in the neck. Click one to replay it.",
                        List.of("funnel"), Map.of("dim", "2"), List.of("nuts", "hmc"), Map.of(), 1000, 5000, 200,
                        Double.NaN),
                new Scenario("Eight schools, centered",
                        "The centered parameterization has a funnel between tau and theta: expect divergences and "
                                + "low ESS for tau. Compare tau's mean with the true mean (a long reference run) beside "
                                + "it: chains that miss the neck put it too high, and the table flags it once it is more "
                                + "than 5 standard errors away. Compare with the non-centered one.",
                        List.of("eight-schools-centered"), Map.of(), List.of("nuts", "hmc"), Map.of(), 1000, 5000, 500,
                        Double.NaN),
                new Scenario("Eight schools, non-centered",
                        "The same model written so the sampler sees independent standard normals: the divergences "
                                + "after warmup all but vanish (a few come while warmup tunes the step size), and every "
                                + "mean and sd in the table lies within a few standard errors of the truth.",
                        List.of("eight-schools-noncentered"), Map.of(), List.of("nuts", "hmc"), Map.of(), 1000, 5000,
                        500, Double.NaN),
                new Scenario("A mixture NUTS cannot cross",
                        "Two well separated modes: each chain stays in the mode it started near, so the chains "
                                + "disagree and R-hat stays far above 1.01 however long it runs. Should every chain "
                                + "start near the same mode, R-hat looks fine: no diagnostic sees a mode no chain "
                                + "visited (press 'new' beside the seed and try again).",
                        // 10 apart along each axis (14 standard deviations): at 6 NUTS still crossed now and then
                        List.of("mixture-2d"), Map.of("spacing", "10"), List.of("nuts", "hmc"), Map.of(), 1000, 5000,
                        500, Double.NaN));
    }
}
