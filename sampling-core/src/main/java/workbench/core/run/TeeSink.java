package workbench.core.run;

import java.util.List;
import workbench.core.kernel.Transition;

/** Sends everything to several sinks, in order. */
public final class TeeSink implements DrawSink {
    private final List<DrawSink> sinks;

    public TeeSink(DrawSink... sinks) {
        this.sinks = List.of(sinks);
    }

    @Override
    public void start(RunInfo info) {
        for (DrawSink s : sinks) {
            s.start(info);
        }
    }

    @Override
    public void transition(int chain, long iteration, Transition t, double[] output) {
        for (DrawSink s : sinks) {
            s.transition(chain, iteration, t, output);
        }
    }

    @Override
    public void event(int chain, long iteration, RunEvent event) {
        for (DrawSink s : sinks) {
            s.event(chain, iteration, event);
        }
    }

    @Override
    public void chainEnded(int chain, long iterations, double stepSize, double[] inverseMetric) {
        for (DrawSink s : sinks) {
            s.chainEnded(chain, iterations, stepSize, inverseMetric);
        }
    }

    @Override
    public void finish(RunOutcome outcome) {
        for (DrawSink s : sinks) {
            s.finish(outcome);
        }
    }
}
