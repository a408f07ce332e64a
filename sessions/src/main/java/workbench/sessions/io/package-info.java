/**
 * Readers for draws written by other tools: CmdStan CSV (one file per chain) and long CSV
 * ({@code chain,draw,<param>...}). {@link workbench.sessions.io.DrawFiles#read(java.util.List)}
 * detects the format and returns a {@link workbench.sessions.io.DrawTable}.
 */
package workbench.sessions.io;
