package workbench.core.model.bnn;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import workbench.core.BadInputException;
import workbench.core.model.Model;
import workbench.core.model.ModelFactory;
import workbench.core.spec.ParamSpec;
import workbench.core.spec.ParamValues;

/** Catalog entries {@code bnn-regression} and {@code bnn-classification}. */
public final class Bnn {
    private Bnn() {
    }

    /**
     * Why a neural net's per-weight R-hat and ESS mislead: permuting hidden units (and, for tanh, flipping a unit's
     * signs) leaves the function unchanged, so chains in equivalent modes disagree on every weight while their
     * predictions agree. Izmailov et al. (2021) judge convergence in function space for this reason.
     */
    static final String WEIGHT_NOTE = "the network's weights are not identified (hidden units can swap places, and"
            + " with tanh flip sign, without changing the function), so chains that agree on the predictions can"
            + " disagree on every weight: R-hat above 1.01 and a low ESS of single weights are expected and say little"
            + " about convergence; judge it by the predictions (workbench evaluate DIR gives their R-hat; File >"
            + " Evaluate predictions)"
            + " and lp__ (under a minibatch sampler, a minibatch estimate)";

    private static List<ParamSpec> common() {
        List<ParamSpec> s = new ArrayList<>();
        s.add(ParamSpec.text("target", null, "for a CSV: the target column (unset: the last column)"));
        s.add(ParamSpec.integer("layers", 1, 1, 8, "hidden layers"));
        s.add(ParamSpec.integer("width", 20, 1, 4096, "units per hidden layer"));
        s.add(ParamSpec.choice("activation", "tanh", List.of("tanh", "relu"), "hidden-layer activation"));
        s.add(ParamSpec.positive("prior_scale", 1, 0, 1e3, "prior sd of every weight and bias: N(0, s^2)"));
        s.add(ParamSpec.choice("engine", "auto", List.of("auto", "plain", "nd4j"),
                "how the network is evaluated: plain loops, ND4J, or auto (by network and batch size)"));
        s.add(ParamSpec.integer("batch_size", 64, 1, 100_000_000,
                "rows per minibatch for stochastic-gradient samplers (all rows if larger than the data)"));
        s.add(ParamSpec.positive("beta", 1, 0, 1, "likelihood temperature: log p = log prior + beta * log likelihood, beta in (0, 1] (for a cold posterior, beta > 1 in effect, use the sgld, sghmc or csgld setting temperature < 1)"));
        return s;
    }

    /**
     * What the two entries share: a model of the user's data (no truth), the weights' note, the data setting that
     * names a built-in data set or a CSV file (recorded absolute), and the network's settings after it.
     */
    private abstract static class BnnFactory implements ModelFactory {
        private final String id;
        private final String description;
        private final Set<String> builtIn;
        private final ParamSpec data;

        BnnFactory(String id, String description, ParamSpec data, Set<String> builtIn) {
            this.id = id;
            this.description = description;
            this.data = data;
            this.builtIn = builtIn;
        }

        @Override
        public String id() {
            return id;
        }

        /** A model of the user's data: no truth to compare with (and no need to read the file for one). */
        @Override
        public boolean mayKnowTruth() {
            return false;
        }

        @Override
        public String description() {
            return description;
        }

        @Override
        public String parameterNote() {
            return WEIGHT_NOTE;
        }

        /** A CSV path absolute, as {@link ModelFactory#recorded} says; the built-in data sets by name. */
        @Override
        public Map<String, String> recorded(Map<String, String> settings) {
            return ModelFactory.absoluteDataPath(settings, builtIn);
        }

        /** The CSV file {@code data} names, if it names one rather than a built-in data set. */
        @Override
        public Map<String, Path> dataFiles(Map<String, String> settings) {
            return ModelFactory.dataFile(settings, builtIn);
        }

        /** The data setting, the network's, then {@link #headParams()}. */
        @Override
        public final List<ParamSpec> params() {
            List<ParamSpec> s = new ArrayList<>();
            s.add(data);
            s.addAll(common());
            s.addAll(headParams());
            return s;
        }

        /** The likelihood's own settings, after the network's. */
        List<ParamSpec> headParams() {
            return List.of();
        }
    }

    /** {@code bnn-regression}: MLP with a Gaussian likelihood. */
    public static final ModelFactory REGRESSION = new BnnFactory("bnn-regression",
            "Bayesian neural network regression (MLP, Gaussian noise): toy1d, boston or your CSV; test split held out",
            ParamSpec.text("data", "toy1d", "toy1d (y = x^3 + noise), boston (Boston housing) or a CSV path"),
            Set.of("toy1d", "boston")) {
        @Override
        List<ParamSpec> headParams() {
            return List.of(ParamSpec.optionalPositive("sigma", 0, 1e3,
                    "fixed noise sd on the standardized target (unset: sampled, with log sigma ~ N(0, 1))"));
        }

        @Override
        public Model create(ParamValues v) {
            String owner = "model bnn-regression";
            BnnData d = BnnData.regression(v.text("data"), v.text("target"), owner);
            Mlp net = Mlp.of(d.p, v.integer("width"), v.integer("layers"), 1, activation(v));
            requireHeap(owner, net.params() + 1L, Runtime.getRuntime().maxMemory());
            double sigma = v.has("sigma") ? v.real("sigma") : Double.NaN;
            Head head = new Head.Gaussian(sigma, net.params());
            return new BnnModel(net, head, d, v.real("prior_scale"), v.real("beta"), new EngineChoice(v.text("engine")),
                    v.integer("batch_size"));
        }
    };

    /** {@code bnn-classification}: MLP with a softmax likelihood. */
    public static final ModelFactory CLASSIFICATION = new BnnFactory("bnn-classification",
            "Bayesian neural network classification (softmax MLP): moons, pima or your CSV; test split held out",
            ParamSpec.text("data", "moons", "moons (two-moons, 2-D), pima (Pima diabetes) or a CSV path (labels 0..C-1)"),
            Set.of("moons", "pima")) {
        @Override
        public Model create(ParamValues v) {
            String owner = "model bnn-classification";
            BnnData d = BnnData.classification(v.text("data"), v.text("target"), owner);
            Mlp net = Mlp.of(d.p, v.integer("width"), v.integer("layers"), d.classes, activation(v));
            requireHeap(owner, net.params(), Runtime.getRuntime().maxMemory());
            return new BnnModel(net, new Head.Softmax(d.classes), d, v.real("prior_scale"), v.real("beta"),
                    new EngineChoice(v.text("engine")), v.integer("batch_size"));
        }
    };

    /**
     * What a network holds per parameter once built, before any chain: its name ({@code w3[1024,17]}, a String) and
     * its slots in the model's lists and arrays; measured 61-65 bytes for widths 256 to 2048.
     */
    static final long BYTES_PER_PARAMETER = 64;

    /**
     * Refuses, before anything is built, a network whose parameters alone would take more than a Java heap of
     * {@code heap} bytes: width 4096 with 8 layers (117 million parameters, about 7.5 GB) spent 45 s building its names
     * and then ran out of a 6 GiB heap (the window froze that long, then showed an internal error). A network that
     * fits may still need more for its chains; those are sized where they are made.
     */
    static void requireHeap(String owner, long parameters, long heap) {
        double need = (double) parameters * BYTES_PER_PARAMETER;
        if (heap == Long.MAX_VALUE || need <= heap) {
            return;
        }
        throw new BadInputException(String.format(java.util.Locale.ROOT, "%s: a network of %d parameters would hold"
                + " about %.1f GB for their names and values alone, more than this Java heap (%d MiB): give a smaller"
                + " width or fewer layers, or give Java a larger heap", owner, parameters, need / 1e9, heap >> 20));
    }

    private static Activation activation(ParamValues v) {
        return "relu".equals(v.text("activation")) ? Activation.RELU : Activation.TANH;
    }
}
