package workbench.app.gui;

/**
 * The numbers of the live diagnostics table for one parameter, computed from post-warmup draws
 * ({@code double[chains][draws]}), and E-BFMI from one chain's energies. The window depends on
 * this small interface, not on how the numbers are computed.
 */
public interface SummaryEngine {

    /** One parameter's row. */
    record Row(String name, double mean, double sd, double rhat, double essBulk, double essTail, double mcseMean,
               double mcseSd) {
        /** A row of unknowns, for a parameter without enough draws yet. */
        static Row unknown(String name) {
            return new Row(name, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
    }

    Row summarize(String name, double[][] draws);

    double ebfmi(double[] energy);
}
