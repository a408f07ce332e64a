package workbench.sessions;

import workbench.core.kernel.Transition;
import workbench.core.run.DrawSink;
import workbench.core.run.RunEvent;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;

/** A sink that passes every call on to another; tests override a method to change or watch what passes. */
public class ForwardingSink implements DrawSink {
    private final DrawSink to;

    public ForwardingSink(DrawSink to) {
        this.to = to;
    }

    @Override
    public void start(RunInfo info) {
        to.start(info);
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        to.transition(chain, iteration, t, output);
    }

    @Override
    public void event(int chain, long iteration, RunEvent event) {
        to.event(chain, iteration, event);
    }

    @Override
    public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
        to.chainEnded(chain, iterations, stepSize, inverseMetric);
    }

    @Override
    public void finish(RunOutcome outcome) {
        to.finish(outcome);
    }
}
