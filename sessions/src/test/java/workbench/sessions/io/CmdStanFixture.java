package workbench.sessions.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a CmdStan-layout CSV (config comments, header, optional warmup rows, adaptation block,
 * draws, timing comments) from a seeded generator, and keeps the values written so tests can
 * compare what the reader returns with what is in the file.
 */
final class CmdStanFixture {
    static final String[] STATS = {"lp__", "accept_stat__", "stepsize__", "treedepth__", "n_leapfrog__",
            "divergent__", "energy__"};
    static final String[] PARAMS = {"mu", "theta.1", "theta.2", "a.1.1", "a.2.1"};

    int numWarmup = 10;
    int numSamples = 20;
    int thin = 1;
    boolean saveWarmup;
    boolean adaptationBlock = true;
    String eol = "\n";
    long seed = 1;
    int id = 1;
    /** Every this many cells, write nan / inf / -inf instead (0: never). */
    int specialEvery;

    /** Post-warmup values written: [row][column], columns as STATS then PARAMS. */
    double[][] draws;
    /** Warmup values written. */
    double[][] warmup;

    int warmupRows() {
        return saveWarmup ? (numWarmup + thin - 1) / thin : 0;
    }

    int drawRows() {
        return (numSamples + thin - 1) / thin;
    }

    Path write(Path file) throws IOException {
        SplittableRandom rng = new SplittableRandom(seed);
        StringBuilder sb = new StringBuilder();
        String[] config = {
            "stan_version_major = 2", "stan_version_minor = 36", "model = fixture_model",
            "method = sample (Default)", "  sample", "    num_samples = " + numSamples,
            "    num_warmup = " + numWarmup, "    save_warmup = " + (saveWarmup ? 1 : 0),
            "    thin = " + thin, "    adapt", "      engaged = " + (adaptationBlock ? 1 : 0),
            "      delta = 0.80000000000000004 (Default)", "    algorithm = hmc (Default)", "      hmc",
            "        engine = nuts (Default)", "          nuts", "            max_depth = 10 (Default)",
            "        metric = diag_e (Default)", "        stepsize = 1 (Default)", "id = " + id,
            "random", "  seed = " + seed, "output", "  file = output.csv (Default)"};
        for (String c : config) {
            sb.append("# ").append(c).append(eol);
        }
        sb.append(String.join(",", STATS)).append(',').append(String.join(",", PARAMS)).append(eol);
        int[] cell = {0};
        warmup = new double[warmupRows()][];
        for (int i = 0; i < warmup.length; i++) {
            warmup[i] = row(rng, 2.0 / (i + 1), cell);
            append(sb, warmup[i]);
        }
        if (adaptationBlock) {
            sb.append("# Adaptation terminated").append(eol).append("# Step size = 0.61").append(eol)
                    .append("# Diagonal elements of inverse mass matrix:").append(eol)
                    .append("# 1.1, 0.5, 0.25, 2, 3").append(eol);
        }
        draws = new double[drawRows()][];
        for (int i = 0; i < draws.length; i++) {
            draws[i] = row(rng, 0.61, cell);
            append(sb, draws[i]);
        }
        sb.append("# ").append(eol).append("#  Elapsed Time: 0.01 seconds (Warm-up)").append(eol)
                .append("#                0.02 seconds (Sampling)").append(eol)
                .append("#                0.03 seconds (Total)").append(eol).append("# ").append(eol);
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
        return file;
    }

    private double[] row(SplittableRandom rng, double step, int[] cell) {
        double[] r = new double[STATS.length + PARAMS.length];
        int depth = 1 + rng.nextInt(5);
        r[0] = -3 - 5 * rng.nextDouble();
        r[1] = rng.nextDouble();
        r[2] = step;
        r[3] = depth;
        r[4] = (1 << depth) - 1;
        r[5] = rng.nextInt(20) == 0 ? 1 : 0;
        r[6] = -r[0] + rng.nextDouble();
        for (int p = 0; p < PARAMS.length; p++) {
            r[STATS.length + p] = rng.nextGaussian() * Math.pow(10, rng.nextInt(7) - 3);
            cell[0]++;
            if (specialEvery > 0 && cell[0] % specialEvery == 0) {
                int k = cell[0] / specialEvery % 3;
                r[STATS.length + p] = k == 0 ? Double.NaN : k == 1 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            }
        }
        return r;
    }

    private void append(StringBuilder sb, double[] r) {
        for (int j = 0; j < r.length; j++) {
            if (j > 0) {
                sb.append(',');
            }
            double v = r[j];
            if (Double.isNaN(v)) {
                sb.append("nan");
            } else if (Double.isInfinite(v)) {
                sb.append(v > 0 ? "inf" : "-inf");
            } else if (j >= 3 && j <= 5) {
                sb.append((long) v);
            } else {
                sb.append(v);
            }
        }
        sb.append(eol);
    }
}
