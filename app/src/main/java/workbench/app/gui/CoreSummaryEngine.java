package workbench.app.gui;

import workbench.core.diagnostics.Diagnostics;
import workbench.core.diagnostics.ParameterSummary;

/** The live table's numbers from the core diagnostics (the same functions as {@code summary} and {@code diagnose}). */
public final class CoreSummaryEngine implements SummaryEngine {
    @Override
    public Row summarize(String name, double[][] draws) {
        ParameterSummary s = ParameterSummary.of(name, draws);
        return new Row(name, s.mean(), s.sd(), s.rhat(), s.essBulk(), s.essTail(), s.mcseMean(), s.mcseSd());
    }

    @Override
    public double ebfmi(double[] energy) {
        return Diagnostics.ebfmi(energy);
    }
}
