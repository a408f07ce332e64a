package workbench.bench;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import workbench.core.diagnostics.RunSummary;
import workbench.core.kernel.ChainState;
import workbench.core.kernel.Sampler;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.kernel.Transition;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;
import workbench.core.run.RunInfo;
import workbench.core.run.RunOutcome;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;

/**
 * Session store throughput: writes DRAWS draws x PARAMS parameters (4 chains of DRAWS/4, each parameter an
 * AR(1) series like a sampler's output) through the SessionWriter, then the same number of bytes with a plain sequential FileChannel write, then
 * times opening the session (checksums verified) and summarizing it. Files are deleted afterwards.
 * Usage: {@code StorageBench [DRAWS=10000000] [PARAMS=100] [DIR=system temp]}.
 */
public final class StorageBench {
    private StorageBench() {
    }

    public static void main(String[] args) throws IOException {
        long draws = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        int params = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path base = Files.createTempDirectory(args.length > 2 ? Path.of(args[2]) : Path.of(System.getProperty("java.io.tmpdir")), "storagebench");
        try {
            Path session = base.resolve("session");
            Map<String, String> set = Map.of("dim", Integer.toString(params));
            var model = ModelRegistry.create("gaussian", set);
            Sampler sampler = SamplerRegistry.create("rwm", Map.of());
            int chains = 4;
            long perChain = draws / chains;
            RunConfig cfg = new RunConfig("gaussian", set, "rwm", sampler.settings().asText(), chains, 0, (int) perChain, 1, 1,
                    null);
            double[] out = new double[params];
            double[] grad = new double[params];
            ChainState state = new ChainState(out, -1.0, grad);
            Transition t = new Transition(state, true, 0.5, Double.NaN, Double.NaN, false, null, 0.1, 1, 0, 1, false,
                    null, Map.of());
            // Values like a sampler's: each parameter an AR(1) chain x ← 0.9·x + ε (integrated autocorrelation time 19),
            // ε from a pre-drawn table so that generating them costs next to nothing beside the write.
            double[] noise = new double[(1 << 20) + 1];
            java.util.SplittableRandom rng = new java.util.SplittableRandom(1);
            for (int k = 0; k < noise.length; k++) {
                noise[k] = rng.nextGaussian();
            }
            long t0 = System.nanoTime();
            try (SessionWriter w = new SessionWriter(session)) {
                w.start(new RunInfo(cfg, model, sampler, model.outputNames(), "XO_RO_SHI_RO_128_PP"));
                int k = 0;
                for (int c = 0; c < chains; c++) {
                    java.util.Arrays.fill(out, 0);
                    for (long i = 0; i < perChain; i++) {
                        for (int j = 0; j < params; j++) {
                            out[j] = 0.9 * out[j] + noise[k];
                            k = (k + 1) & ((1 << 20) - 1);
                        }
                        k = (k + 7919) & ((1 << 20) - 1); // shift the table between rows: no repeating pattern
                        w.transition(c, i, t, out);
                    }
                    w.chainEnded(c, perChain, 0.1, null);
                }
                w.finish(new RunOutcome(RunOutcome.Status.FINISHED, 0, 0, 0, null));
            }
            double writeS = (System.nanoTime() - t0) * 1e-9;
            long bytes = 0;
            try (Stream<Path> files = Files.list(session)) {
                for (Path f : files.toList()) {
                    bytes += Files.size(f);
                }
            }
            // the same bytes with a plain sequential write, 1 MiB buffers, forced to disk at the end like the store's close
            Path raw = base.resolve("raw.bin");
            ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
            t0 = System.nanoTime();
            try (FileChannel ch = FileChannel.open(raw, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                long left = bytes;
                while (left > 0) {
                    buf.clear();
                    int n = (int) Math.min(buf.capacity(), left);
                    while (buf.position() + 8 <= n) {
                        buf.putDouble(left);
                    }
                    buf.position(n).flip();
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                    left -= n;
                }
                ch.force(false);
            }
            double rawS = (System.nanoTime() - t0) * 1e-9;
            t0 = System.nanoTime();
            double openS;
            double summaryS;
            try (SessionReader r = SessionReader.open(session)) {
                openS = (System.nanoTime() - t0) * 1e-9;
                t0 = System.nanoTime();
                RunSummary s = RunSummary.of(r, 0);
                summaryS = (System.nanoTime() - t0) * 1e-9;
                if (s.parameters().size() != params) {
                    throw new IllegalStateException("summary has " + s.parameters().size() + " rows");
                }
            }
            double mb = bytes / 1e6;
            System.out.printf(Locale.ROOT, "| %,d x %d | %.0f MB | %.1f s (%.0f MB/s) | %.1f s (%.0f MB/s) | %.2f | %.2f s | %.1f s (%.2f s per parameter, %d threads) |%n",
                    chains * perChain, params, mb, writeS, mb / writeS, rawS, mb / rawS, writeS / rawS, openS, summaryS,
                    summaryS / params, Runtime.getRuntime().availableProcessors());
        } finally {
            List<Path> all = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(base)) {
                walk.sorted(Comparator.reverseOrder()).forEach(all::add);
            }
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        }
    }
}
