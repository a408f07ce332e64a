package workbench.app;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sets the tries of every property of the bad-input suites from {@code -Dworkbench.badinput.tries=N} when that
 * is given (a longer run than the suite's 1000 per entry point); otherwise leaves the property's own.
 */
public final class BadInputTries implements AroundPropertyHook {
    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        String n = System.getProperty("workbench.badinput.tries");
        if (n != null && !n.isBlank()) {
            context.attributes().setTries(Integer.parseInt(n.trim()));
        }
        return property.execute();
    }

    @Override
    public int aroundPropertyProximity() {
        // outermost, so that the tries are set before the property starts generating
        return -100;
    }
}
