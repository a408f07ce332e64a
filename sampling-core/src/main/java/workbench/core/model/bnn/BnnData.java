package workbench.core.model.bnn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import workbench.core.BadInputException;
import workbench.core.model.catalog.NumericCsv;

/**
 * A data set split into training and held-out test rows. Inputs are row-major n x p. For
 * regression the training targets are standardized (mean {@link #yMean}, sd {@link #ySd} of the
 * training rows) and the test targets kept in the data's own units; for classification targets are
 * class labels 0..C-1.
 *
 * <p>Built-in sets: {@code toy1d} (y = x^3 + N(0, 3^2), 20 training points in [-4, 4], 200 test
 * points; Hernandez-Lobato and Adams 2015), {@code boston} (506 rows, 12 predictors, target medv),
 * {@code moons} (two interleaved half circles, noise sd 0.1, 200 + 200 points) and {@code pima}
 * (532 rows, 7 standardized predictors). Real data sets are split 80/20 by a fixed permutation.
 */
public final class BnnData {
    /** Seed of the fixed train/test permutation and of the generated sets. */
    static final long SPLIT_SEED = 20_240_611L;

    final String name;
    final int p;
    final double[] xTrain;
    final double[] yTrain;
    final double[] xTest;
    final double[] yTest;
    final double yMean;
    final double ySd;
    final int classes;
    /** Per input column: the raw value is xMean + xScale * (the model's value); 0 and 1 when not standardized. */
    final double[] xMean;
    final double[] xScale;

    private BnnData(String name, int p, double[] xTrain, double[] yTrain, double[] xTest, double[] yTest,
                    double yMean, double ySd, int classes, double[] xMean, double[] xScale) {
        this.name = name;
        this.p = p;
        this.xTrain = xTrain;
        this.yTrain = yTrain;
        this.xTest = xTest;
        this.yTest = yTest;
        this.yMean = yMean;
        this.ySd = ySd;
        this.classes = classes;
        this.xMean = xMean;
        this.xScale = xScale;
    }

    public int trainSize() {
        return yTrain.length;
    }

    public int testSize() {
        return yTest.length;
    }

    public int inputs() {
        return p;
    }

    /** The regression data set named by {@code data}: toy1d, boston or a CSV path. */
    static BnnData regression(String data, String target, String owner) {
        return switch (data) {
            case "toy1d" -> toy1d();
            case "boston" -> fromTable(resource("boston.csv", owner), target == null ? "medv" : target, false, true, owner);
            default -> fromTable(file(data, owner), target, false, true, owner);
        };
    }

    /** The classification data set named by {@code data}: moons, pima or a CSV path. */
    static BnnData classification(String data, String target, String owner) {
        return switch (data) {
            case "moons" -> moons();
            case "pima" -> fromTable(resource("/workbench/core/model/catalog/pima_standardized.csv", owner),
                    target == null ? "y" : target, true, false, owner);
            default -> fromTable(file(data, owner), target, true, true, owner);
        };
    }

    /** y = x^3 + eps, eps ~ N(0, 9), x ~ U(-4, 4): 20 training points, 200 test points; x and y standardized. */
    static BnnData toy1d() {
        Random r = new Random(SPLIT_SEED);
        int nTrain = 20;
        int nTest = 200;
        double[] x = new double[nTrain + nTest];
        double[] y = new double[nTrain + nTest];
        for (int i = 0; i < x.length; i++) {
            x[i] = -4 + 8 * r.nextDouble();
            y[i] = x[i] * x[i] * x[i] + 3 * r.nextGaussian();
        }
        return split("toy1d", 1, x, y, nTrain, false, true, null);
    }

    /** Two interleaving half circles (as scikit-learn's make_moons), noise sd 0.1: 200 training and 200 test points. */
    static BnnData moons() {
        Random r = new Random(SPLIT_SEED + 1);
        int n = 400;
        double[] x = new double[2 * n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            int label = i % 2;
            double t = Math.PI * r.nextDouble();
            double a = label == 0 ? Math.cos(t) : 1 - Math.cos(t);
            double b = label == 0 ? Math.sin(t) : 0.5 - Math.sin(t);
            x[2 * i] = a + 0.1 * r.nextGaussian();
            x[2 * i + 1] = b + 0.1 * r.nextGaussian();
            y[i] = label;
        }
        BnnData d = split("moons", 2, x, y, 200, true, false, null);
        return d;
    }

    private record Table(String source, List<String> columns, double[] cells, int rows, int[] lines) {
        int column(String name, String owner) {
            int i = columns.indexOf(name);
            if (i < 0) {
                throw new BadInputException(owner + ": " + source + " has no column '" + name + "' (columns: "
                        + String.join(", ", columns) + ")");
            }
            return i;
        }
    }

    private static BnnData fromTable(Table t, String target, boolean classify, boolean standardizeX, String owner) {
        int cols = t.columns.size();
        if (cols < 2) {
            throw new BadInputException(owner + ": " + t.source + " needs a target column and at least one predictor");
        }
        int ty = target == null ? cols - 1 : t.column(target, owner);
        int n = t.rows;
        if (n < 5) {
            throw new BadInputException(owner + ": " + t.source + " needs at least 5 data rows, found " + n);
        }
        int p = cols - 1;
        double[] x = new double[n * p];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double v = t.cells[i * cols + ty];
            if (classify && (v != Math.rint(v) || v < 0 || v > 1000)) {
                throw new BadInputException(owner + ": " + t.source + " line " + t.lines[i] + ", column '"
                        + t.columns.get(ty) + "': a class label must be a whole number 0..1000, got " + v);
            }
            y[i] = v;
            int j = 0;
            for (int c = 0; c < cols; c++) {
                if (c != ty) {
                    x[i * p + j++] = t.cells[i * cols + c];
                }
            }
        }
        int[] perm = permutation(n);
        double[] xp = new double[n * p];
        double[] yp = new double[n];
        for (int i = 0; i < n; i++) {
            System.arraycopy(x, perm[i] * p, xp, i * p, p);
            yp[i] = y[perm[i]];
        }
        int nTrain = (int) Math.round(0.8 * n);
        String name = t.source;
        List<String> names = new ArrayList<>(t.columns);
        names.add(names.remove(ty)); // the predictors in their order in x, then the target
        return split(name, p, xp, yp, nTrain, classify, standardizeX, names);
    }

    /** A fixed permutation of 0..n-1 (Fisher-Yates with {@link #SPLIT_SEED}). */
    static int[] permutation(int n) {
        Random r = new Random(SPLIT_SEED);
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int s = perm[i];
            perm[i] = perm[j];
            perm[j] = s;
        }
        return perm;
    }

    /**
     * First nTrain rows train, the rest test; standardizes x (and y for regression) with training statistics.
     * {@code columns}: the predictors' names, then the target's, for messages (null for a generated set).
     */
    private static BnnData split(String name, int p, double[] x, double[] y, int nTrain, boolean classify,
                                 boolean standardizeX, List<String> columns) {
        int n = y.length;
        double[] xTrain = Arrays.copyOfRange(x, 0, nTrain * p);
        double[] xTest = Arrays.copyOfRange(x, nTrain * p, n * p);
        double[] yTrain = Arrays.copyOfRange(y, 0, nTrain);
        double[] yTest = Arrays.copyOfRange(y, nTrain, n);
        double[] xMean = new double[p];
        double[] xScale = new double[p];
        Arrays.fill(xScale, 1);
        if (standardizeX) {
            for (int k = 0; k < p; k++) {
                double mean = 0;
                for (int i = 0; i < nTrain; i++) {
                    mean += xTrain[i * p + k];
                }
                mean /= nTrain;
                double ss = 0;
                for (int i = 0; i < nTrain; i++) {
                    double d = xTrain[i * p + k] - mean;
                    ss += d * d;
                }
                double sd = Math.sqrt(ss / (nTrain - 1));
                if (!Double.isFinite(mean) || !Double.isFinite(sd)) {
                    // values so large (near 1e308) that the sum or the squares overflow: the column became NaN and
                    // no start point had a finite log density. Standardize on the scale of the largest |value|
                    // instead; the plain computation is kept for every other column, so sessions already made
                    // replay bit for bit
                    Scaled s = Scaled.of(xTrain, p, k, nTrain, name, columns == null ? null : columns.get(k));
                    double sdRel = s.sd > 0 ? s.sd : 1; // constant: centred only, as below
                    xMean[k] = s.mean * s.scale;
                    xScale[k] = s.checked(sdRel * s.scale);
                    for (int i = 0; i < nTrain; i++) {
                        xTrain[i * p + k] = (xTrain[i * p + k] / s.scale - s.mean) / sdRel;
                    }
                    for (int i = 0; i < n - nTrain; i++) {
                        xTest[i * p + k] = (xTest[i * p + k] / s.scale - s.mean) / sdRel;
                    }
                    continue;
                }
                if (!(sd > 0)) {
                    sd = 1;
                }
                xMean[k] = mean;
                xScale[k] = sd;
                for (int i = 0; i < nTrain; i++) {
                    xTrain[i * p + k] = (xTrain[i * p + k] - mean) / sd;
                }
                for (int i = 0; i < n - nTrain; i++) {
                    xTest[i * p + k] = (xTest[i * p + k] - mean) / sd;
                }
            }
        }
        if (classify) {
            int classes = 0;
            for (double v : y) {
                classes = Math.max(classes, (int) v + 1);
            }
            if (classes < 2) {
                throw new BadInputException("data " + name + ": a classification target needs at least 2 classes (labels 0..C-1)");
            }
            // labels 1..C (R's factor codes) would otherwise give a softmax class 0 that no row has, silently
            int[] count = new int[classes];
            for (double v : y) {
                count[(int) v]++;
            }
            List<String> empty = new ArrayList<>();
            for (int k = 0; k < classes; k++) {
                if (count[k] == 0) {
                    empty.add(Integer.toString(k));
                }
            }
            if (!empty.isEmpty()) {
                throw new BadInputException("data " + name + ": class label" + (empty.size() == 1 ? " " : "s ")
                        + String.join(", ", empty.subList(0, Math.min(5, empty.size()))) + (empty.size() > 5 ? ", ..." : "")
                        + " of 0.." + (classes - 1) + " never occur" + (empty.size() == 1 ? "s" : "")
                        + "; labels must be 0..C-1 with every class present (labels 1..C: subtract 1)");
            }
            return new BnnData(name, p, xTrain, yTrain, xTest, yTest, 0, 1, classes, xMean, xScale);
        }
        double mean = 0;
        for (double v : yTrain) {
            mean += v;
        }
        mean /= nTrain;
        double ss = 0;
        for (double v : yTrain) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / (nTrain - 1));
        if (!Double.isFinite(mean) || !Double.isFinite(sd)) {
            // a target near 1e308, whose sums overflow: on the scale of its largest |value|, as for x above
            Scaled s = Scaled.of(yTrain, 1, 0, nTrain, name, columns == null ? null : columns.get(p));
            if (!(s.sd > 0)) {
                throw new BadInputException("data " + name + ": the target is constant on the training rows");
            }
            double ySd = s.checked(s.sd * s.scale);
            for (int i = 0; i < nTrain; i++) {
                yTrain[i] = (yTrain[i] / s.scale - s.mean) / s.sd;
            }
            return new BnnData(name, p, xTrain, yTrain, xTest, yTest, s.mean * s.scale, ySd, 0, xMean, xScale);
        }
        if (!(sd > 0)) {
            throw new BadInputException("data " + name + ": the target is constant on the training rows");
        }
        for (int i = 0; i < nTrain; i++) {
            yTrain[i] = (yTrain[i] - mean) / sd;
        }
        return new BnnData(name, p, xTrain, yTrain, xTest, yTest, mean, sd, 0, xMean, xScale);
    }

    /**
     * Mean and sample sd of column {@code k} of the first {@code rows} rows of row-major {@code a} (width {@code p}),
     * computed on the values divided by {@code scale}, the largest |value|, so that neither sum can overflow: the
     * column's own mean is {@code mean * scale} and its sd {@code sd * scale}. {@code name} and {@code column} (null
     * for a generated set) are for the refusal of {@link #checked}.
     */
    private record Scaled(double scale, double mean, double sd, String name, String column) {
        static Scaled of(double[] a, int p, int k, int rows, String name, String column) {
            workbench.core.model.ScaledMoments m = workbench.core.model.ScaledMoments.of(a, k, p, rows);
            return new Scaled(m.scale(), m.mean(), m.sd(), name, column);
        }

        /**
         * {@code sd} in the data's units, which predictions and the window's axes are given back in; refused where
         * it is beyond the largest double (values of both signs near 1e308 spread by more than that), since the
         * predictions, or the input's axis, in those units would then be infinite.
         */
        double checked(double sd) {
            if (!Double.isFinite(sd)) {
                throw new BadInputException("data " + name + (column == null ? "" : ", column '" + column + "'")
                        + ": its values (largest |value| " + String.format(Locale.ROOT, "%.3g", scale)
                        + ") are too spread to standardize: their sd is beyond the largest number (about 1.8e308);"
                        + " rescale the column (e.g. divide it by 1e300)");
            }
            return sd;
        }
    }

    private static Table resource(String res, String owner) {
        try (InputStream raw = BnnData.class.getResourceAsStream(res)) {
            if (raw == null) {
                throw new IllegalStateException("missing resource " + res);
            }
            String name = res.substring(res.lastIndexOf('/') + 1);
            return read(new BufferedReader(new InputStreamReader(raw, StandardCharsets.UTF_8)), owner, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Table file(String path, String owner) {
        Path p;
        try {
            p = Path.of(path);
        } catch (InvalidPathException e) {
            throw new BadInputException(owner + ": cannot read data file '" + path + "': invalid path");
        }
        try (BufferedReader in = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            return read(in, owner, path);
        } catch (NoSuchFileException e) {
            // a relative path is read from the working directory: a session made elsewhere (before paths were
            // recorded absolute) needs the command run from the directory it was made in
            throw new BadInputException(owner + ": cannot read data file '" + path + "': no such file"
                    + (p.isAbsolute() ? "" : " in " + Path.of("").toAbsolutePath()
                    + " (a relative path is read from the current directory)"));
        } catch (CharacterCodingException e) {
            throw new BadInputException(owner + ": cannot read data file '" + path + "': not UTF-8 text");
        } catch (IOException e) {
            String why = Files.isDirectory(p) ? "it is a directory" : String.valueOf(e.getMessage());
            throw new BadInputException(owner + ": cannot read data file '" + path + "': " + why);
        }
    }

    private static Table read(BufferedReader in, String owner, String source) throws IOException {
        NumericCsv t = NumericCsv.read(in, owner, source);
        return new Table(t.source, t.columns, t.cells, t.rows, t.lines);
    }
}
