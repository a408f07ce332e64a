package workbench.sessions;

import workbench.core.run.RunEvent;

/**
 * An event read back from a session's event log: what happened to chain {@code chain} (0-based) at
 * {@code iteration} (0-based, the first transition that saw it).
 */
public record EventRecord(int chain, long iteration, RunEvent event) {
}
