package workbench.core.samplers.sg;

/**
 * The isokinetic (ESH) momentum update of MCLMC with unit momentum u, as SMILE uses it: for a
 * sub-step tau and gradient g, with e = g/|g|, delta = tau |g| / (d - 1), zeta = e^-delta,
 * u' = normalize(e (1 - zeta)(1 + zeta + (u.e)(1 - zeta)) + 2 zeta u), and the kinetic energy change
 * (d - 1)[delta - ln 2 + ln(1 + u.e + (1 - u.e) zeta^2)]. A zero u turns into e. (A minimal copy for
 * SMILE; MCLMC has its own integrator on another branch.)
 */
final class Isokinetic {
    /** Minimal-norm (McLachlan) integrator coefficient b: momentum b, position 1/2, momentum 1 - 2b, position 1/2, momentum b. */
    static final double B = 0.1931833275037836;
    private static final double LN2 = Math.log(2);

    private Isokinetic() {
    }

    /** Updates {@code u} in place over sub-step {@code tau} with gradient {@code g}; returns the kinetic energy change. */
    static double momentum(double[] u, double[] g, double tau) {
        int d = u.length;
        double gg = 0;
        for (double v : g) {
            gg += v * v;
        }
        double gn = Math.sqrt(gg);
        if (gn == 0) {
            return 0;
        }
        double ue = SgChain.dot(u, g) / gn;
        double delta = tau * gn / (d - 1);
        double zeta = Math.exp(-delta);
        double a = (1 - zeta) * (1 + zeta + ue * (1 - zeta)) / gn;
        double b = 2 * zeta;
        double nn = 0;
        for (int i = 0; i < d; i++) {
            u[i] = a * g[i] + b * u[i];
            nn += u[i] * u[i];
        }
        double inv = 1 / Math.sqrt(nn);
        for (int i = 0; i < d; i++) {
            u[i] *= inv;
        }
        return (d - 1) * (delta - LN2 + Math.log(1 + ue + (1 - ue) * zeta * zeta));
    }
}
