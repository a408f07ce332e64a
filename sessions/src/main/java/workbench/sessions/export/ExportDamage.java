package workbench.sessions.export;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import workbench.core.BadInputException;
import workbench.sessions.SessionReader;

/**
 * What damage in a session means for an export; the command line's {@code export} and the window's File ▸ Export
 * draws both ask here. A chain whose draws file is corrupt before its end holds only the draws before the damage:
 * exported beside the other chains, that prefix would pass for the chain's draws and cut every other chain to its
 * length, so such a chain is refused ({@link #requireIntact}) or left out ({@link #readableChains}) and said.
 * Damage to what the export does not read (the event log) only needs saying ({@link #unread}).
 */
public final class ExportDamage {
    /** What follows damage to a file the export does not read, wherever it is said (command line and window). */
    private static final String NOT_READ = " (the export does not read it)";

    private final SessionReader reader;
    private final List<Integer> corrupt = new ArrayList<>();
    private final List<Integer> intact = new ArrayList<>();
    private final List<BadInputException> unread = new ArrayList<>();

    private ExportDamage(SessionReader reader) {
        this.reader = reader;
        Set<Object> chainErrors = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int c = 0; c < reader.chains(); c++) {
            if (reader.chainError(c) != null) {
                chainErrors.add(reader.chainError(c));
                corrupt.add(c);
            } else if (reader.size(c) > 0) {
                intact.add(c);
            }
        }
        for (BadInputException e : reader.errors()) {
            if (!chainErrors.contains(e)) {
                unread.add(e);
            }
        }
    }

    /** The damage {@code reader} found when it opened the session. */
    public static ExportDamage of(SessionReader reader) {
        return new ExportDamage(reader);
    }

    /** The intact chains, 1-based and separated by commas as {@code --chains} takes them ({@code 2,3}). */
    public String intactList() {
        return intact.stream().map(c -> String.valueOf(c + 1)).collect(Collectors.joining(","));
    }

    /**
     * Refuses a selection that holds a corrupt chain, in one line: the chain's damage, then {@code hint} of
     * {@link #intactList()} (what to do instead), or that no chain of the session is intact.
     */
    public void requireIntact(ExportSelection sel, UnaryOperator<String> hint) {
        for (int c : sel.chains()) {
            BadInputException e = reader.chainError(c);
            if (e != null) {
                throw new BadInputException(e.getMessage() + "; "
                        + (intact.isEmpty() ? "no chain of this session is intact" : hint.apply(intactList())));
            }
        }
    }

    /**
     * The chains an export without a chain selection (the window's) takes: every chain but the corrupt ones, as
     * {@code --chains} text, or null for all of them; refuses a session where every chain is corrupt or empty.
     */
    public String readableChains() {
        if (corrupt.isEmpty()) {
            return null;
        }
        if (intact.isEmpty()) {
            BadInputException e = reader.chainError(corrupt.get(0));
            throw new BadInputException(e.getMessage() + "; no chain of this session is intact: nothing exported");
        }
        List<String> rest = new ArrayList<>();
        for (int c = 0; c < reader.chains(); c++) {
            if (!corrupt.contains(c)) {
                rest.add(String.valueOf(c + 1));
            }
        }
        return String.join(",", rest);
    }

    /**
     * Damage to what the export does not read (the event log, a divergences file), one line each in the order found,
     * each ending "(the export does not read it)": the command line's {@code warning:} lines, the window's status line.
     */
    public List<String> unread() {
        return unread.stream().map(e -> e.getMessage() + NOT_READ).toList();
    }

    /**
     * The torn tails the reader dropped ({@link SessionReader#recovery()}), one line each: a draws file's as it is (the
     * chain is exported without its cut-off chunk), another file's (a divergences file's cut-off record, the event
     * log's last line) with "(the export does not read it)": the command line's {@code note:} lines, the window's
     * status line after what it exported.
     */
    public List<String> torn() {
        Set<String> drawsFiles = Set.copyOf(reader.manifest().drawsFiles());
        List<String> out = new ArrayList<>();
        for (String note : reader.recovery()) {
            int colon = note.indexOf(':');
            boolean draws = colon > 0 && drawsFiles.contains(note.substring(0, colon));
            out.add(draws ? note : note + NOT_READ);
        }
        return out;
    }

    /**
     * What an export of {@code sel} leaves out or cuts, and why, and the damage it does not read, as parts of one
     * line ("left out chain 1 (chain-1.draws: ... is corrupt ...)", "cut to the latest N post-warmup draws of each
     * chain (...)", "events.jsonl: ... (the export does not read it)"); empty when it writes every stored post-warmup
     * draw of an undamaged session.
     */
    public List<String> notes(ExportSelection sel) {
        List<String> out = new ArrayList<>();
        for (int c : corrupt) {
            if (!selected(sel, c)) {
                out.add("left out chain " + (c + 1) + " (" + reader.chainError(c).getMessage() + ")");
            }
        }
        if (sel.latest() && sel.draws() > 0 && sel.cutsChains(reader)) {
            long longest = 0;
            for (int c : sel.chains()) {
                longest = Math.max(longest, reader.size(c) - reader.warmup(c));
            }
            out.add("cut to the latest " + sel.draws() + " post-warmup draws of each chain (chains of unequal"
                    + " length; the longest holds " + longest + ")");
        }
        out.addAll(unread());
        return out;
    }

    private static boolean selected(ExportSelection sel, int chain) {
        for (int c : sel.chains()) {
            if (c == chain) {
                return true;
            }
        }
        return false;
    }
}
