package workbench.sessions;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import workbench.core.BadInputException;
import workbench.core.run.RunOutcome;

/** Writes and reads the manifest as JSON (field by field, so the file stays stable and readable). */
final class ManifestJson {
    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ManifestJson() {
    }

    static byte[] write(SessionManifest m) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format_version", m.formatVersion());
        root.put("status", m.status());
        ObjectNode sw = root.putObject("software");
        sw.put("name", "MCMC Workbench");
        sw.put("version", m.softwareVersion());
        sw.put("java", m.javaVersion());
        sw.put("os", m.os());
        root.put("created", m.created().toString());
        if (m.finished() == null) {
            root.putNull("finished");
        } else {
            root.put("finished", m.finished().toString());
        }
        ObjectNode model = root.putObject("model");
        model.put("id", m.modelId());
        textMap(model.putObject("settings"), m.modelSettings());
        model.put("parameters", m.parameterCount());
        ObjectNode sampler = root.putObject("sampler");
        sampler.put("id", m.samplerId());
        textMap(sampler.putObject("settings"), m.samplerSettings());
        root.put("chains", m.chains());
        root.put("warmup", m.warmup());
        root.put("draws", m.draws());
        root.put("seed", m.seed());
        root.put("threads", m.threads());
        if (m.nd4jThreads() != null) {
            root.put("nd4j_threads", m.nd4jThreads());
        }
        if (m.divergenceTrajectoryBudget() != null) {
            root.put("divergence_trajectory_budget", m.divergenceTrajectoryBudget());
        }
        if (m.init() == null) {
            root.putNull("init");
        } else {
            doubles(root.putArray("init"), m.init());
        }
        ObjectNode rng = root.putObject("rng");
        rng.put("algorithm", m.rngAlgorithm());
        rng.put("streams", "chain k (1-based) uses the generator seeded with 'seed' and jumped k-1 times (2^64 steps per jump)");
        ArrayNode names = root.putArray("outputs");
        m.names().forEach(names::add);
        ArrayNode stats = root.putArray("stat_columns");
        m.statColumns().forEach(stats::add);
        root.put("chunk_rows", m.chunkRows());
        root.put("events_file", m.eventsFile());
        if (!m.dataFiles().isEmpty()) {
            ArrayNode data = root.putArray("data_files");
            for (DataFingerprint d : m.dataFiles()) {
                ObjectNode o = data.addObject();
                o.put("setting", d.setting());
                o.put("path", d.path());
                o.put("bytes", d.bytes());
                o.put("sha256", d.sha256());
            }
        }
        ArrayNode chains = root.putArray("chain_files");
        for (int c = 0; c < m.chains(); c++) {
            ObjectNode ch = chains.addObject();
            ch.put("chain", c + 1);
            ch.put("draws", m.drawsFiles().get(c));
            ch.put("divergences", m.divergencesFiles().get(c));
            ch.put("rng_stream", m.chainStreams().get(c));
        }
        ArrayNode added = root.putArray("added_chains");
        for (AddedChain a : m.addedChains()) {
            ObjectNode o = added.addObject();
            o.put("chain", a.chain() + 1);
            o.put("iteration", a.iteration());
            doubles(o.putArray("position"), a.position());
        }
        ArrayNode results = root.putArray("chain_results");
        for (ChainResult r : m.chainResults()) {
            if (r == null) {
                continue;
            }
            ObjectNode o = results.addObject();
            o.put("chain", r.chain() + 1);
            o.put("iterations", r.iterations());
            putDouble(o, "final_step_size", r.stepSize());
            if (r.inverseMetric() == null) {
                o.putNull("final_inverse_metric");
            } else {
                doubles(o.putArray("final_inverse_metric"), r.inverseMetric());
            }
        }
        if (m.outcome() == null) {
            root.putNull("outcome");
        } else {
            RunOutcome out = m.outcome();
            ObjectNode o = root.putObject("outcome");
            o.put("status", statusText(out.status()));
            putDouble(o, "wall_seconds", out.wallSeconds());
            putDouble(o, "warmup_seconds", out.warmupSeconds());
            putDouble(o, "sampling_seconds", out.samplingSeconds());
            if (out.error() == null) {
                o.putNull("error");
            } else {
                o.put("error", out.error());
            }
        }
        if (m.distilled() != null) {
            DistilledFrom d = m.distilled();
            ObjectNode o = root.putObject("distilled");
            ObjectNode src = o.putObject("source");
            src.put("path", d.sourcePath());
            src.put("model", d.sourceModel());
            src.put("sampler", d.sourceSampler());
            textMap(src.putObject("sampler_settings"), d.sourceSettings());
            src.put("seed", d.sourceSeed());
            src.put("draws", d.sourceDraws());
            o.put("method", d.method());
            o.put("size", d.size());
            o.put("seed", d.seed());
            putDouble(o, "mmd2", d.mmd2());
            putDouble(o, "mmd2_se", d.mmd2Se());
            if (d.mmd2Against() != null) {
                o.put("mmd2_against", d.mmd2Against());
            }
            putDouble(o, "ksd", d.ksd());
            o.put("kernel", d.kernel());
            putDouble(o, "bandwidth", d.bandwidth());
            o.put("scale", d.scale());
            o.put("weights", "stat column " + DistilledFrom.WEIGHT_COLUMN + ": repeats collapsed, weight = count / size");
        }
        return MAPPER.writeValueAsBytes(root);
    }

    static String statusText(RunOutcome.Status s) {
        return s.name().toLowerCase(Locale.ROOT);
    }

    private static void textMap(ObjectNode o, Map<String, String> m) {
        m.forEach(o::put);
    }

    private static void doubles(ArrayNode a, double[] v) {
        for (double x : v) {
            if (Double.isFinite(x)) {
                a.add(x);
            } else {
                a.add(Double.toString(x));
            }
        }
    }

    private static void putDouble(ObjectNode o, String key, double v) {
        if (Double.isFinite(v)) {
            o.put(key, v);
        } else {
            o.put(key, Double.toString(v));
        }
    }

    // ---------------------------------------------------------------- reading

    static SessionManifest read(Path file) {
        // the manifest's whole path in every message, as its I/O errors give it: the bare name did not say which
        // session of several (a batch of opens, a folder of runs) has the malformed manifest
        String name = file.toString();
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file (a session directory holds " + SessionFiles.MANIFEST + ")");
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
            throw new BadInputException(name + ": not valid JSON" + where + ": " + SessionFiles.clip(e.getOriginalMessage()), e);
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new BadInputException(name + ": not a session manifest (expected a JSON object)");
        }
        Fields f = new Fields(name, root);
        JsonNode v = root.get("format_version");
        if (v == null || !v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new BadInputException(name + ": field 'format_version' is missing or not an integer");
        }
        int version = v.intValue();
        if (version != SessionFiles.FORMAT_VERSION) {
            throw new BadInputException(name + " has format_version " + version + "; this version of MCMC Workbench reads format_version "
                    + SessionFiles.FORMAT_VERSION + " only" + (version > SessionFiles.FORMAT_VERSION ? " (written by a newer version)" : ""));
        }
        JsonNode sw = f.object(root, "software");
        JsonNode model = f.object(root, "model");
        JsonNode sampler = f.object(root, "sampler");
        JsonNode rng = f.object(root, "rng");
        int chains = f.integer(root, "chains", 1, 1 << 20);
        List<String> names = f.strings(root, "outputs");
        int params = f.integer(model, "parameters", 0, names.size());
        JsonNode files = f.array(root, "chain_files");
        if (files.size() != chains) {
            throw f.bad("'chain_files' has " + files.size() + " entries but 'chains' is " + chains);
        }
        List<String> draws = new ArrayList<>();
        List<String> divs = new ArrayList<>();
        List<String> streams = new ArrayList<>();
        for (int c = 0; c < chains; c++) {
            JsonNode e = files.get(c);
            if (f.integer(e, "chain", 1, chains) != c + 1) {
                throw f.bad("'chain_files' entry " + (c + 1) + " names another chain");
            }
            draws.add(f.text(e, "draws"));
            divs.add(f.text(e, "divergences"));
            streams.add(f.text(e, "rng_stream"));
        }
        // each data file its own, and none of the files that are not data: the writer would append records to its
        // own lock file (and, on Linux, opening it drops the lock) or to the manifest
        // compared as a case-insensitive file system (macOS, Windows) would see them, trailing dots and spaces dropped
        java.util.Set<String> named = new java.util.HashSet<>();
        List<String> all = new ArrayList<>(draws);
        all.addAll(divs);
        all.add(f.text(root, "events_file"));
        String lock = SessionFiles.LOCK.toLowerCase(java.util.Locale.ROOT);
        String manifestName = SessionFiles.MANIFEST.toLowerCase(java.util.Locale.ROOT);
        for (String dataName : all) {
            String seen = dataName.toLowerCase(java.util.Locale.ROOT).replaceAll("[. ]+$", "");
            if (seen.equals(lock) || seen.equals(manifestName) || seen.endsWith(".tmp")) {
                throw f.bad("'" + SessionFiles.clip(dataName) + "' is named as a data file, but that name is the session's "
                        + (seen.endsWith(".tmp") ? "temporary files'" : "own " + (seen.equals(lock)
                        ? "lock file" : "manifest")));
            }
            if (!named.add(seen)) {
                throw f.bad("'" + SessionFiles.clip(dataName) + "' is named as two data files");
            }
        }
        List<ChainResult> results = new ArrayList<>(Collections.nCopies(chains, null));
        for (JsonNode r : f.array(root, "chain_results")) {
            int c = f.integer(r, "chain", 1, chains) - 1;
            JsonNode metric = r.get("final_inverse_metric");
            results.set(c, new ChainResult(c, f.longValue(r, "iterations"), f.real(r, "final_step_size"),
                    metric == null || metric.isNull() ? null : f.reals(r, "final_inverse_metric")));
        }
        List<AddedChain> added = new ArrayList<>();
        JsonNode addedNode = root.get("added_chains");
        if (addedNode != null && !addedNode.isNull()) {
            for (JsonNode a : f.array(root, "added_chains")) {
                int c = f.integer(a, "chain", 1, chains) - 1;
                if (c < 1) {
                    throw f.bad("'added_chains' names chain 1, which the run started with");
                }
                added.add(new AddedChain(c, f.longValue(a, "iteration"), f.reals(a, "position")));
            }
            for (int k = 0; k < added.size(); k++) {
                if (added.get(k).chain() != chains - added.size() + k) {
                    throw f.bad("'added_chains' must name the last " + added.size() + " of the " + chains
                            + " chains, in order");
                }
            }
        }
        List<DataFingerprint> dataFiles = new ArrayList<>();
        JsonNode dataNode = root.get("data_files");
        if (dataNode != null && !dataNode.isNull()) {
            for (JsonNode d : f.array(root, "data_files")) {
                String sha = f.text(d, "sha256");
                if (!sha.matches("[0-9a-fA-F]{64}")) {
                    throw f.bad("'data_files' entry for '" + SessionFiles.clip(f.text(d, "path"))
                            + "': 'sha256' is not 64 hex digits");
                }
                dataFiles.add(new DataFingerprint(f.text(d, "setting"), f.text(d, "path"),
                        f.longValue(d, "bytes"), sha));
            }
        }
        // written since ND4J's thread count was recorded; before, not known (null)
        JsonNode nd4jNode = root.get("nd4j_threads");
        Integer nd4jThreads = nd4jNode == null || nd4jNode.isNull() ? null
                : f.integer(root, "nd4j_threads", 0, workbench.core.model.bnn.Nd4jSetup.MAX_THREADS);
        // written since divergence trajectories were bounded per chain; before, every record kept its own (null)
        JsonNode budgetNode = root.get("divergence_trajectory_budget");
        Long trajectoryBudget = null;
        if (budgetNode != null && !budgetNode.isNull()) {
            trajectoryBudget = f.longValue(root, "divergence_trajectory_budget");
            if (trajectoryBudget < 1) {
                throw f.bad("field 'divergence_trajectory_budget' is " + trajectoryBudget + ", not a positive count");
            }
        }
        JsonNode initNode = root.get("init");
        double[] init = initNode == null || initNode.isNull() ? null : f.reals(root, "init");
        RunOutcome outcome = null;
        JsonNode out = root.get("outcome");
        if (out != null && !out.isNull()) {
            String st = f.text(out, "status");
            RunOutcome.Status status;
            try {
                status = RunOutcome.Status.valueOf(st.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw f.bad("outcome status '" + SessionFiles.clip(st) + "' is not finished, interrupted or failed");
            }
            JsonNode err = out.get("error");
            outcome = new RunOutcome(status, f.real(out, "wall_seconds"), f.real(out, "warmup_seconds"),
                    f.real(out, "sampling_seconds"), err == null || err.isNull() ? null : err.asText());
        }
        checkLengths(f, params, chains - added.size(), results, added, init);
        JsonNode fin = root.get("finished");
        DistilledFrom distilled = null;
        JsonNode dn = root.get("distilled");
        if (dn != null && !dn.isNull()) {
            JsonNode d = f.object(root, "distilled");
            JsonNode src = f.object(d, "source");
            distilled = new DistilledFrom(f.text(src, "path"), f.text(src, "model"), f.text(src, "sampler"),
                    f.textMap(src, "sampler_settings"), f.longValue(src, "seed"), f.longValue(src, "draws"),
                    f.text(d, "method"), f.integer(d, "size", 1, Integer.MAX_VALUE), f.longValue(d, "seed"),
                    f.real(d, "mmd2"), d.has("mmd2_se") ? f.real(d, "mmd2_se") : Double.NaN,
                    d.has("mmd2_against") ? f.text(d, "mmd2_against") : null, f.real(d, "ksd"), f.text(d, "kernel"),
                    f.real(d, "bandwidth"),
                    f.text(d, "scale"));
        }
        return new SessionManifest(version, f.text(root, "status"), f.text(sw, "version"), f.text(sw, "java"),
                f.text(sw, "os"), f.instant(root, "created"), fin == null || fin.isNull() ? null : f.instant(root, "finished"),
                f.text(model, "id"), f.textMap(model, "settings"), f.text(sampler, "id"), f.textMap(sampler, "settings"),
                chains, f.integer(root, "warmup", 0, Integer.MAX_VALUE), f.integer(root, "draws", 0, Integer.MAX_VALUE),
                f.longValue(root, "seed"), f.integer(root, "threads", 1, Integer.MAX_VALUE), init,
                f.text(rng, "algorithm"), List.copyOf(streams), names, params, f.strings(root, "stat_columns"),
                f.integer(root, "chunk_rows", 1, SessionFiles.MAX_CHUNK_ROWS), f.text(root, "events_file"),
                List.copyOf(draws), List.copyOf(divs), outcome, Collections.unmodifiableList(results), added,
                distilled, dataFiles, nd4jThreads, trajectoryBudget);
    }

    /**
     * Refuses per-parameter arrays whose length does not match the model's dimension ({@code model.parameters}, one
     * per unconstrained coordinate): a hand-edited or damaged manifest would otherwise be exported (CmdStan CSV's
     * adaptation block) and re-run with values that belong to no parameter.
     */
    private static void checkLengths(Fields f, int dim, int startedChains, List<ChainResult> results,
                                     List<AddedChain> added, double[] init) {
        if (dim == 0) {
            return;
        }
        for (ChainResult r : results) {
            double[] metric = r == null ? null : r.inverseMetric();
            if (metric != null && metric.length != dim && metric.length != (long) dim * dim) {
                throw f.bad("'final_inverse_metric' of chain " + (r.chain() + 1) + " in 'chain_results' has "
                        + metric.length + " values, expected " + dim + " (one per parameter, 'model.parameters' is "
                        + dim + ")" + (dim > 1 ? " or " + (long) dim * dim + " (dense, " + dim + " x " + dim + ")" : "")
                        + "; restore the manifest as the run wrote it");
            }
        }
        for (AddedChain a : added) {
            if (a.position().length != dim) {
                throw f.bad("'position' of added chain " + (a.chain() + 1) + " in 'added_chains' has "
                        + a.position().length + " values, expected " + dim + " (one per parameter, 'model.parameters'"
                        + " is " + dim + "); restore the manifest as the run wrote it");
            }
        }
        if (init != null && init.length != dim && (init.length % dim != 0 || init.length / dim < startedChains)) {
            throw f.bad("'init' has " + init.length + " values, expected " + dim + " (one per parameter, "
                    + "'model.parameters' is " + dim + ") or " + dim + " per chain for " + startedChains + " chains ("
                    + (long) dim * startedChains + "); restore the manifest as the run wrote it");
        }
    }

    /** Typed access with one-line errors naming the file and the field. */
    private record Fields(String file, JsonNode root) {
        BadInputException bad(String what) {
            return new BadInputException(file + ": " + what);
        }

        private BadInputException missing(String key, String type) {
            return bad("field '" + key + "' is missing or not " + type);
        }

        JsonNode object(JsonNode o, String key) {
            JsonNode n = o.get(key);
            if (n == null || !n.isObject()) {
                throw missing(key, "an object");
            }
            return n;
        }

        JsonNode array(JsonNode o, String key) {
            JsonNode n = o.get(key);
            if (n == null || !n.isArray()) {
                throw missing(key, "a list");
            }
            return n;
        }

        String text(JsonNode o, String key) {
            JsonNode n = o.get(key);
            if (n == null || !n.isTextual()) {
                throw missing(key, "text");
            }
            return n.asText();
        }

        int integer(JsonNode o, String key, int min, int max) {
            JsonNode n = o.get(key);
            if (n == null || !n.isIntegralNumber() || !n.canConvertToInt()) {
                throw missing(key, "an integer");
            }
            int v = n.intValue();
            if (v < min || v > max) {
                throw bad("field '" + key + "' is " + v + ", outside [" + min + ", " + max + "]");
            }
            return v;
        }

        long longValue(JsonNode o, String key) {
            JsonNode n = o.get(key);
            if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
                throw missing(key, "an integer");
            }
            return n.longValue();
        }

        double real(JsonNode o, String key) {
            return toDouble(o.get(key), key);
        }

        private double toDouble(JsonNode n, String key) {
            if (n != null && n.isNumber()) {
                return n.doubleValue();
            }
            if (n != null && n.isTextual()) {
                switch (n.asText()) {
                    case "NaN":
                        return Double.NaN;
                    case "Infinity":
                        return Double.POSITIVE_INFINITY;
                    case "-Infinity":
                        return Double.NEGATIVE_INFINITY;
                    default:
                        break;
                }
            }
            throw missing(key, "a number");
        }

        double[] reals(JsonNode o, String key) {
            JsonNode a = array(o, key);
            double[] v = new double[a.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = toDouble(a.get(i), key);
            }
            return v;
        }

        List<String> strings(JsonNode o, String key) {
            List<String> out = new ArrayList<>();
            for (JsonNode n : array(o, key)) {
                if (!n.isTextual()) {
                    throw missing(key, "a list of text");
                }
                out.add(n.asText());
            }
            return List.copyOf(out);
        }

        Map<String, String> textMap(JsonNode o, String key) {
            JsonNode m = object(o, key);
            Map<String, String> out = new LinkedHashMap<>();
            var it = m.fields();
            while (it.hasNext()) {
                var e = it.next();
                if (!e.getValue().isTextual()) {
                    throw bad("setting '" + SessionFiles.clip(e.getKey()) + "' in '" + key + "' is not text");
                }
                out.put(e.getKey(), e.getValue().asText());
            }
            return Collections.unmodifiableMap(out);
        }

        Instant instant(JsonNode o, String key) {
            String t = text(o, key);
            try {
                return Instant.parse(t);
            } catch (DateTimeParseException e) {
                throw bad("field '" + key + "' is not an ISO-8601 instant: '" + SessionFiles.clip(t) + "'");
            }
        }
    }
}
