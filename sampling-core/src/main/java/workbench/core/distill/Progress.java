package workbench.core.distill;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;

/**
 * Progress and cancellation for a distillation. The routines call {@link #step} from the thread
 * that called them (never from pool threads) every few iterations, with the fraction done so far
 * (0 to 1, not decreasing); once {@link #cancelled} is true, the next step throws
 * {@link CancellationException} and the routine stops.
 */
public interface Progress {
    /** No reporting and no cancellation. */
    Progress NONE = new Progress() {
        @Override
        public void report(double fraction) {
        }

        @Override
        public Progress part(double from, double to) {
            return this;
        }
    };

    /** The fraction done, 0 to 1. */
    void report(double fraction);

    /** Whether the caller asked the work to stop. */
    default boolean cancelled() {
        return false;
    }

    /** Throws {@link CancellationException} when cancelled, else reports {@code fraction}. */
    default void step(double fraction) {
        if (cancelled()) {
            throw new CancellationException("distillation cancelled");
        }
        report(fraction);
    }

    /** A progress whose 0..1 maps onto {@code from..to} of this one, with the same cancellation. */
    default Progress part(double from, double to) {
        Progress outer = this;
        return new Progress() {
            @Override
            public void report(double fraction) {
                outer.report(from + (to - from) * Math.min(1, Math.max(0, fraction)));
            }

            @Override
            public boolean cancelled() {
                return outer.cancelled();
            }
        };
    }

    /** A progress from a fraction callback and a cancellation flag (either may be null). */
    static Progress of(DoubleConsumer onFraction, BooleanSupplier cancelled) {
        return new Progress() {
            @Override
            public void report(double fraction) {
                if (onFraction != null) {
                    onFraction.accept(fraction);
                }
            }

            @Override
            public boolean cancelled() {
                return cancelled != null && cancelled.getAsBoolean();
            }
        };
    }
}
