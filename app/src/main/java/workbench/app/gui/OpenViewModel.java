package workbench.app.gui;

import java.nio.file.Path;
import java.util.List;
import workbench.core.BadInputException;
import workbench.core.model.Truth;
import workbench.core.run.RunDraws;
import workbench.sessions.SessionManifest;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionTruth;
import workbench.sessions.io.DrawFiles;
import workbench.sessions.io.DrawTable;
import workbench.sessions.io.TruthFile;
import workbench.viz.LiveBuffer;

/**
 * Opening draws from disk for the window: CmdStan CSV or long CSV files ("Open draws") and stored
 * sessions ("Open session"). Only reads; a file that cannot be read gives a one-line message and
 * leaves what was shown before in effect. No JavaFX here: the window calls it off the FX thread
 * and shows {@link #shown()} when a call succeeds.
 */
public final class OpenViewModel {
    /**
     * What is shown: the draws, a line saying what they are, and the session directory and its
     * manifest (both null for draws from another tool), the truth the diagnostics compare with (null: none),
     * and, for a session longer than the window keeps, which of its iterations are shown
     * ("latest 36363 of 501000 iterations per chain"; null when every stored iteration is).
     */
    /**
     * @param points a distilled set's weighted table ({@code DistilledSessions.pickTable}, as {@code workbench summary}
     *               gives it), which the window's table shows in place of one over its points as over a chain; null
     *               for anything else, or a set whose weights are not whole picks
     */
    public record Shown(LiveBuffer buffer, String description, Path session, SessionManifest manifest, Truth truth,
                        String kept, List<workbench.core.diagnostics.ParameterSummary> points) {
        public Shown(LiveBuffer buffer, String description, Path session, SessionManifest manifest, Truth truth,
                     String kept) {
            this(buffer, description, session, manifest, truth, kept, null);
        }
    }

    /**
     * Iterations per chain the window keeps of an opened session: the cap of a live run's buffer
     * ({@link RunController#BUFFER_CAPACITY}), fewer with many chains or coordinates ({@link LiveBuffer#keptPerChain}).
     */
    static final int SESSION_CAPACITY = RunController.BUFFER_CAPACITY;

    private final int sessionCapacity;

    /** Opens sessions keeping the latest {@link #SESSION_CAPACITY} iterations per chain at most. */
    public OpenViewModel() {
        this(SESSION_CAPACITY);
    }

    /** Opens sessions keeping the latest {@code sessionCapacity} iterations per chain at most (tests: a small cap). */
    OpenViewModel(int sessionCapacity) {
        this.sessionCapacity = sessionCapacity;
    }

    /**
     * The outcome of one open: {@code error} false, a status line and what is now shown, or
     * {@code error} true, the reason and null. {@code damaged}: shown, but the line warns of something the user
     * must know (a damaged file, a data file changed since the run) and is shown as a warning.
     */
    public record Result(boolean error, String message, Shown shown, boolean damaged) {
        /** A refusal ({@code error}) or a clean open. */
        public Result(boolean error, String message, Shown shown) {
            this(error, message, shown, false);
        }

        static Result refused(String message) {
            return new Result(true, Messages.oneLine(message), null);
        }
    }

    private volatile Shown shown;

    /** The draws last opened successfully; null before any. */
    public Shown shown() {
        return shown;
    }

    /** Reads draws made by another tool: one CmdStan CSV file per chain, or one long CSV. */
    public Result openDraws(List<Path> files) {
        if (files == null || files.isEmpty()) {
            return Result.refused("open draws: no file chosen");
        }
        try {
            DrawTable table = DrawFiles.read(files);
            LiveBuffer b = LiveBuffer.of(table);
            String what = files.size() == 1 ? String.valueOf(files.get(0).getFileName()) : files.size() + " files";
            String line = Messages.oneLine("showing draws from " + what + " (" + table.format().label() + ")");
            Shown s = new Shown(b, line, null, null, null, null);
            shown = s;
            return new Result(false, line, s);
        } catch (BadInputException e) {
            return Result.refused(e.getMessage());
        } catch (RuntimeException e) {
            return Result.refused("could not read the draws: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    /** A truth file read for the draws shown: {@code error} false with the truth and a status line, or the reason. */
    public record TruthRead(boolean error, String message, Truth truth) {
    }

    /**
     * Reads a truth file ({@link TruthFile}: variable, mean, sd and optionally the MCSEs) for draws with these
     * parameter {@code names}; one line on failure.
     */
    public static TruthRead readTruth(Path file, List<String> names) {
        if (file == null) {
            return new TruthRead(true, "compare with truth: no file chosen", null);
        }
        try {
            TruthFile.Read r = TruthFile.read(file, names);
            String line = "comparing with the truth in " + file.getFileName()
                    + (r.notes().isEmpty() ? "" : " (" + String.join("; ", r.notes()) + ")");
            return new TruthRead(false, Messages.oneLine(line), r.truth());
        } catch (BadInputException e) {
            return new TruthRead(true, Messages.oneLine(e.getMessage()), null);
        } catch (RuntimeException e) {
            return new TruthRead(true, Messages.oneLine("could not read the truth file: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage())), null);
        }
    }

    /**
     * The session's stored divergences as the window marks them during a run: where the energy error crossed the
     * threshold, where the transition began, and the trajectory to replay, on the output scale of the model rebuilt
     * from the manifest. Null (the buffer keeps its marks at the divergent draws) when there are none, the set is
     * distilled, or the model cannot be rebuilt here or does not fit the records.
     */
    static List<RunDraws.DivergenceMark> storedDivergences(SessionReader reader, LiveBuffer b) {
        return reader.manifest().distilled() != null ? null
                : storedDivergences(reader, b, shownDivergences(reader, r -> true));
    }

    /**
     * The most trajectory values (rows x dimension, all records together) an opened session's divergence marks keep:
     * records are read one at a time and, past this, keep their crossing and start but not their trajectory. A session
     * of 40 divergences of 20 MB each ran the window out of memory when opened.
     */
    static final long MAX_SHOWN_TRAJECTORY_VALUES = 1L << 23;

    /**
     * The session's divergence records that {@code keep} accepts, read one at a time (chain by chain), their
     * trajectories kept while they add up to at most {@link #MAX_SHOWN_TRAJECTORY_VALUES} values and dropped after.
     */
    static List<workbench.sessions.DivergenceRecord> shownDivergences(SessionReader reader,
            java.util.function.Predicate<workbench.sessions.DivergenceRecord> keep) {
        return shownDivergences(reader, keep, MAX_SHOWN_TRAJECTORY_VALUES);
    }

    /** {@link #shownDivergences(SessionReader, java.util.function.Predicate)} within {@code budget} values. */
    static List<workbench.sessions.DivergenceRecord> shownDivergences(SessionReader reader,
            java.util.function.Predicate<workbench.sessions.DivergenceRecord> keep, long budget) {
        List<workbench.sessions.DivergenceRecord> out = new java.util.ArrayList<>();
        long[] left = {budget};
        for (int c = 0; c < reader.chains(); c++) {
            reader.forEachDivergence(c, r -> {
                if (!keep.test(r)) {
                    return;
                }
                double[][] t = r.trajectory();
                long values = t == null || t.length == 0 ? 0 : (long) t.length * t[0].length;
                if (values > left[0]) {
                    out.add(new workbench.sessions.DivergenceRecord(r.chain(), r.iteration(), r.position(),
                            r.momentum(), r.energyError(), null));
                    left[0] = 0; // later ones too: the first trajectories in chain order are the ones shown
                } else {
                    left[0] -= values;
                    out.add(r);
                }
            });
        }
        return out;
    }

    private static List<RunDraws.DivergenceMark> storedDivergences(SessionReader reader, LiveBuffer b,
            List<workbench.sessions.DivergenceRecord> records) {
        SessionManifest m = reader.manifest();
        if (m.distilled() != null || records.isEmpty()) {
            return null;
        }
        workbench.core.model.Model model;
        try {
            model = workbench.core.model.ModelRegistry.create(m.modelId(), m.modelSettings());
        } catch (RuntimeException e) {
            return null;
        }
        if (model.outputDim() != b.names().size()) {
            return null;
        }
        List<RunDraws.DivergenceMark> marks = new java.util.ArrayList<>(records.size());
        for (workbench.sessions.DivergenceRecord r : records) {
            if (r.chain() < 0 || r.chain() >= b.chains() || r.position() == null || r.position().length != model.dim()) {
                return null;
            }
            double[] at = output(model, r.position());
            double[][] traj = null;
            if (r.trajectory() != null) {
                traj = new double[r.trajectory().length][];
                for (int i = 0; i < traj.length; i++) {
                    if (r.trajectory()[i].length != model.dim()) {
                        return null;
                    }
                    traj[i] = output(model, r.trajectory()[i]);
                }
            }
            double[] start = traj != null && traj.length > 0 ? traj[0] : drawAt(b, r.chain(), r.iteration() - 1);
            if (start == null) {
                start = drawAt(b, r.chain(), r.iteration());
            }
            marks.add(new RunDraws.DivergenceMark(r.chain(), r.iteration(), at, start == null ? at : start,
                    r.energyError(), traj, r.iteration() < b.warmup(r.chain()), true));
        }
        marks.sort(java.util.Comparator.comparingLong(RunDraws.DivergenceMark::iteration)
                .thenComparingInt(RunDraws.DivergenceMark::chain));
        return marks;
    }

    private static double[] output(workbench.core.model.Model model, double[] q) {
        double[] out = new double[model.outputDim()];
        model.toOutput(q, out);
        return out;
    }

    private static double[] drawAt(LiveBuffer b, int chain, long iteration) {
        if (iteration < b.first(chain) || iteration >= b.size(chain)) {
            return null;
        }
        double[] row = new double[b.names().size()];
        for (int p = 0; p < row.length; p++) {
            row[p] = b.value(chain, iteration, p);
        }
        return row;
    }

    /**
     * "latest 36363 of 501000 iterations per chain" when the buffer keeps fewer iterations of some chain than
     * the session stores, else null.
     */
    static String kept(SessionReader reader, LiveBuffer b) {
        long stored = 0;
        long kept = 0;
        boolean cut = false;
        for (int c = 0; c < b.chains(); c++) {
            stored = Math.max(stored, reader.size(c) - reader.first(c));
            kept = Math.max(kept, b.size(c) - b.first(c));
            cut |= b.first(c) > reader.first(c);
        }
        return cut ? "latest " + kept + " of " + stored + " iterations per chain" : null;
    }

    /** Reads a stored session (its directory or its {@code session.mcmcwb.json}), read-only. */
    /**
     * For a run that ended before its last iteration and can be continued (stopped, interrupted, failed, or killed:
     * its manifest still says running and no process holds it), the status line's "; the run was interrupted before
     * its end: Run ▸ Continue the shown session goes on from it"; else empty (finished, distilled, refused at its
     * start, written by a process now, or with chains added, which resume refuses).
     */
    static String stoppedNote(workbench.sessions.SessionReader reader) {
        var m = reader.manifest();
        if (m.distilled() != null || "finished".equals(m.status()) || !m.addedChains().isEmpty()) {
            return "";
        }
        workbench.core.run.RunOutcome o = reader.outcome();
        if (o != null && o.error() != null && o.error().startsWith(workbench.core.run.RunOutcome.REFUSED_AT_START)) {
            return "";
        }
        String why;
        if (workbench.sessions.SessionManifest.RUNNING.equals(m.status())) {
            if (workbench.sessions.SessionLock.writer(reader.directory()) != null) {
                return "";
            }
            why = "did not finish (killed or crashed)";
        } else {
            why = ("failed".equals(m.status()) ? "failed" : "was " + m.status()) + " before its end";
        }
        return "; the run " + why + ": Run \u25b8 " + MainWindow.CONTINUE_ITEM + " goes on from it";
    }

    public Result openSession(Path path) {
        if (path == null) {
            return Result.refused("open session: no directory chosen");
        }
        try (SessionReader reader = SessionReader.open(path)) {
            // only the latest iterations of each chain, read from the store: a 4 x 500 000 x 100 session copied
            // whole took 5.4 GB and about 100 s; a live run's buffer is capped the same way
            LiveBuffer b = LiveBuffer.latest(reader, sessionCapacity);
            for (workbench.sessions.EventRecord e : reader.events()) {
                b.event(e.chain(), e.iteration(), e.event()); // marks on the trace, as during the run
            }
            var m = reader.manifest();
            // the acceptance views ask whether the stored run's sampler had an accept/reject step
            // and the diagnostics table which post-warmup iterations are posterior draws (csgld: its sampling phases)
            b.setStoredSampler(m.samplerId(), workbench.core.kernel.AcceptStep.of(m.samplerId(), m.samplerSettings()),
                    reader.drawPhase());
            // and the projection what its divergences are: energy errors past 1000, or steps gone non-finite
            workbench.core.kernel.Sampler maker = workbench.core.kernel.StoredSampler.of(m.samplerId(),
                    m.samplerSettings());
            b.setStoredDivergesOnEnergy(maker == null || maker.divergesOnEnergy());
            // only the divergences of stored draws, as `workbench summary` counts them from the draws: a chain whose
            // draws file is corrupt keeps its divergences file whole, and its records past the damage counted as
            // post-warmup divergences of draws that are not there (11 where summary said 0)
            List<workbench.sessions.DivergenceRecord> records = m.distilled() != null ? List.of()
                    : shownDivergences(reader, r -> r.chain() < 0 || r.chain() >= reader.chains()
                            || r.iteration() < reader.size(r.chain()));
            List<RunDraws.DivergenceMark> stored = storedDivergences(reader, b, records);
            if (stored != null) {
                b.replaceDivergences(stored);
            } else if (records.size() > b.divergenceCount()) {
                // the marks cover the kept iterations; the count is the session's
                b.countDivergences(records.size(),
                        records.stream().filter(r -> r.iteration() < b.warmup(r.chain())).count());
            }
            String kept = kept(reader, b);
            Truth truth = SessionTruth.of(reader);
            String note = reader.recovery().isEmpty() ? "" : " (" + reader.recovery().get(0) + ")";
            // corruption (draws or divergences, read above) is shown, as `workbench summary` warns of it: a chain
            // cut short by it changes the table, and a damaged divergences file loses its marks
            List<BadInputException> damage = reader.errors();
            String warning = damage.isEmpty() ? "" : "; damaged: " + damage.get(0).getMessage()
                    + (damage.size() > 1 ? " (and " + (damage.size() - 1) + " more)" : "");
            // a finished run's chain short of its iterations lost its end after the run (the recovery note above reads
            // it as a crash's torn end, an emptied file as a chain that never drew): damage, as `workbench summary`
            // warns of it
            String cut = reader.cutAfterFinishing();
            if (cut != null) {
                // the window rebuilds them too (Continue resumes a finished run whose chain is short)
                warning += "; damaged: " + cut.replace("('workbench resume' rebuilds",
                        "(Run \u25b8 " + MainWindow.CONTINUE_ITEM + ", or 'workbench resume', rebuilds");
            }
            // a data file edited or removed since the run: the draws are as stored, but what reads the data again
            // (the predictive views, Evaluate) reads it as it is now, and resume is refused; summary says the same
            List<workbench.sessions.DataFiles.Change> changed = workbench.sessions.DataFiles.changes(m);
            if (!changed.isEmpty()) {
                workbench.sessions.DataFiles.Change c = changed.get(0);
                java.nio.file.Path file = java.nio.file.Path.of(c.recorded().path()).getFileName();
                warning += "; data file " + file + (c.missing() ? " is missing now" : " changed since the run")
                        + (changed.size() > 1 ? " (and " + (changed.size() - 1) + " more)" : "")
                        + ": `workbench summary` says what";
            }
            // the chains the table covers, as `workbench summary` decides it (one helper both ask): a chain without a
            // post-warmup draw (empty, corrupt from the start, cut in warmup) is left out and said in summary's terms;
            // its intact prefix, real draws, is still plotted
            String leftOutLine = null;
            if (m.distilled() == null) {
                workbench.sessions.TableChains chains = workbench.sessions.TableChains.of(reader);
                boolean none = chains.kept().isEmpty(); // no chain has draws: nothing to leave out, as in summary
                // the table's note gives each reason whole; the status line refers to the damage it has just said
                java.util.Map<Integer, String> reasons = new java.util.LinkedHashMap<>();
                java.util.Map<Integer, String> inLine = new java.util.LinkedHashMap<>();
                chains.leftOut().forEach((c, why) -> {
                    reasons.put(c, Messages.oneLine(why));
                    inLine.put(c, reader.chainError(c) != null && !damage.isEmpty()
                            && reader.chainError(c) == damage.get(0) ? "the damage above" : Messages.oneLine(why));
                });
                b.setTableChains(none ? java.util.Map.of() : reasons);
                leftOutLine = none ? null : chains.leftOutLine(inLine);
            }
            if (leftOutLine != null) {
                warning += "; " + leftOutLine;
            }
            warning += stoppedNote(reader);
            List<workbench.core.diagnostics.ParameterSummary> points = null;
            if (m.distilled() != null) {
                try {
                    points = workbench.sessions.DistilledSessions.pickTable(reader);
                } catch (BadInputException e) {
                    warning += "; " + e.getMessage() + " (the table is over its points, unweighted)";
                }
            }
            String line = Messages.oneLine((m.distilled() != null
                    ? "showing distilled set: " + m.modelId() + " \u00b7 " + m.distilled().method() + ", K = "
                            + m.distilled().size() + " (" + m.draws() + " weighted draws; plots unweighted, the table"
                            + " weighted as `workbench summary`),"
                            + " read-only" + note
                    : "showing stored session: " + m.modelId() + " \u00b7 " + m.samplerId() + " \u00b7 " + m.chains()
                            + " chain(s), read-only" + note)
                    + (kept == null ? "" : "; showing the " + kept + " (`workbench summary` covers them all)")
                    + warning, Messages.MAX_STATUS_LENGTH); // whole, for the status bar's tooltip
            Shown s = new Shown(b, line, reader.directory(), m, truth, kept, points);
            shown = s;
            return new Result(false, line, s, !damage.isEmpty() || cut != null || !changed.isEmpty());
        } catch (BadInputException e) {
            return Result.refused(e.getMessage());
        } catch (RuntimeException e) {
            return Result.refused("could not read the session: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }
}
