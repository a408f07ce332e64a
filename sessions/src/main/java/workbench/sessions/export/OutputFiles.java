package workbench.sessions.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import workbench.core.BadInputException;

/**
 * Writes a file without ever replacing one: the content goes to a new temporary file beside the
 * target, which is then moved into place only if the target still does not exist. The file gets the
 * permissions of any newly created file (on POSIX 0666 less the umask, e.g. 0644), not a temporary
 * file's 0600.
 */
final class OutputFiles {
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /**
     * A seam for tests: consulted with the target before its temporary file is created ({@code CREATE}), before that
     * file is forced to disk ({@code FORCE}) and before it is moved into place ({@code RENAME}); what it throws fails
     * the write as the file system's own failure would (a full disk, a folder made read-only).
     */
    static volatile workbench.sessions.WriteFaults faults = workbench.sessions.WriteFaults.NONE;

    private OutputFiles() {
    }

    /** Writes the content given by {@code body}. */
    interface Body {
        void write(OutputStream out) throws IOException;
    }

    /** Refuses an existing path, with one line. */
    static void refuseExisting(Path target) {
        if (Files.exists(target)) {
            throw new BadInputException(target + " already exists; not overwriting it (give a new path)");
        }
    }

    static void write(Path target, Body body) throws IOException {
        refuseExisting(target);
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new BadInputException(target + ": " + (Files.exists(parent) ? parent + " is a file, not a folder"
                    : "the folder " + parent + " does not exist"));
        }
        removeStale(parent, target.getFileName().toString());
        Path tmp = null;
        try {
            OutputStream raw = null;
            java.nio.channels.FileChannel channel = null;
            while (raw == null) {
                // not Files.createTempFile: it makes the file 0600 whatever the umask, and the move keeps that mode;
                // a file created the ordinary way gets what any new file gets (0666 less the umask on POSIX)
                Path candidate = parent.resolve("." + target.getFileName() + "." + PID + "-"
                        + Long.toUnsignedString(RANDOM.nextLong(), 36) + ".tmp");
                try {
                    faults.check(target, workbench.sessions.WriteFaults.Op.CREATE, 0);
                    channel = java.nio.channels.FileChannel.open(candidate, StandardOpenOption.CREATE_NEW,
                            StandardOpenOption.WRITE);
                    raw = java.nio.channels.Channels.newOutputStream(channel);
                    tmp = candidate;
                } catch (FileAlreadyExistsException e) {
                    // another writer's temporary file: draw another name
                } catch (IOException e) {
                    if (notWritable(e)) {
                        throw cannotWriteThere(target, e);
                    }
                    throw cannotWrite(target, e);
                }
            }
            try (OutputStream out = new java.io.BufferedOutputStream(new Tagged(raw), 1 << 16)) {
                body.write(out);
                out.flush();
                // on the disk before it gets its name: a power cut after the move must not leave a named file whose
                // content never reached the disk (an empty or partly zero file that reads as a short export)
                try {
                    faults.check(target, workbench.sessions.WriteFaults.Op.FORCE, 0);
                    channel.force(true);
                } catch (IOException e) {
                    throw new Tagged.Failed(e);
                }
            } catch (Tagged.Failed e) {
                // a failure of the file being written (a full disk, say), not of what the body reads
                throw cannotWrite(target, (IOException) e.getCause());
            }
            try {
                faults.check(target, workbench.sessions.WriteFaults.Op.RENAME, 0);
                Files.move(tmp, target); // no REPLACE_EXISTING: fails rather than replace
            } catch (FileAlreadyExistsException e) {
                throw new BadInputException(target + " appeared while writing; not overwriting it");
            } catch (IOException e) {
                throw cannotWrite(target, e);
            }
            tmp = null;
            workbench.sessions.SessionFiles.syncDirectory(parent);
        } finally {
            if (tmp != null) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    private static final long PID = ProcessHandle.current().pid();

    /**
     * Deletes the temporary files an export to the same name left when its process was killed ({@code kill -9}, a
     * power cut: its {@code finally} never ran), told by the process id in their name: {@code .NAME.PID-RANDOM.tmp}
     * of a process that no longer runs, or whose id now belongs to a process started after the file was last
     * written (the id was reused: the writer is gone). A running writer's are left, and so are names without a
     * process id.
     */
    static void removeStale(Path parent, String name) {
        String prefix = "." + name + ".";
        try (java.util.stream.Stream<Path> files = Files.list(parent)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String f = p.getFileName().toString();
                if (!f.startsWith(prefix) || !f.endsWith(".tmp")) {
                    continue;
                }
                String mid = f.substring(prefix.length(), f.length() - ".tmp".length());
                int dash = mid.indexOf('-');
                if (dash <= 0 || !mid.substring(0, dash).matches("[0-9]{1,18}")) {
                    continue;
                }
                long pid = Long.parseLong(mid.substring(0, dash));
                if (pid != PID && writerGone(pid, Files.getLastModifiedTime(p).toInstant())) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // tidying only: a folder that cannot be listed fails the write itself, with its own message
        }
    }

    /** No process {@code pid} runs, or the one that does started after {@code lastWritten}, so it did not write it. */
    static boolean writerGone(long pid, java.time.Instant lastWritten) {
        java.util.Optional<ProcessHandle> p = ProcessHandle.of(pid);
        if (p.isEmpty()) {
            return true;
        }
        return p.get().info().startInstant().map(start -> start.isAfter(lastWritten)).orElse(false);
    }

    /**
     * One line naming the file the user asked for (not the temporary file beside it) and what went wrong, e.g.
     * {@code cannot write out.csv: No space left on device (nothing was written; free space or choose another --out)}.
     */
    static IOException cannotWrite(Path target, IOException e) {
        return new IOException("cannot write " + target + ": " + workbench.sessions.IoErrors.describe(e)
                + " (nothing was written; free space, make the folder writable or " + workbench.sessions.IoErrors.ANOTHER_OUT + ")", e);
    }

    /**
     * A folder the user cannot write into (permissions, a read-only file system): bad input, found before anything
     * was written, like an existing target (exit 2); a failure while writing (a full disk) stays an I/O failure.
     */
    static boolean notWritable(IOException e) {
        return workbench.sessions.IoErrors.notWritable(e);
    }

    /** One line for an output folder that cannot be written into. */
    static BadInputException cannotWriteThere(Path target, IOException e) {
        return new BadInputException("cannot write " + target + ": " + workbench.sessions.IoErrors.describe(e)
                + " (nothing was written; make the folder writable or " + workbench.sessions.IoErrors.ANOTHER_OUT + ")", e);
    }

    /** The output file's own stream: its failures are told apart from those of the body's reading. */
    private static final class Tagged extends java.io.FilterOutputStream {
        static final class Failed extends IOException {
            Failed(IOException cause) {
                super(cause);
            }
        }

        Tagged(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw new Failed(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new Failed(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw new Failed(e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw new Failed(e);
            }
        }
    }
}
