package workbench.sessions;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import workbench.core.run.RunConfig;
import workbench.core.run.RunOutcome;

/**
 * The contents of {@code session.mcmcwb.json}: what defines the run, where its files are, and how
 * it ended. Chain indices in this record are 0-based; list positions follow the chains.
 *
 * @param status           {@code running} while the writer works (or after a crash), then
 *                         {@code finished}, {@code interrupted} or {@code failed}
 * @param finished         when the outcome was written, or null
 * @param samplerSettings  the sampler's validated settings as text (defaults included)
 * @param init             the initial values given (constrained scale), or null
 * @param chainStreams     per chain, how its random stream derives from the seed
 * @param names            output names: parameters then derived quantities
 * @param parameterCount   how many of {@code names} are parameters
 * @param statColumns      names of the columns after the outputs in each draws row
 * @param chunkRows        most rows per draws chunk
 * @param outcome          how the run ended, or null while running
 * @param chainResults     per chain, its final adaptation, or null for a chain that has not ended
 * @param addedChains      chains started during the run, in order; {@code chains} counts them, and
 *                         the run was configured with {@code chains - addedChains.size()} chains
 * @param distilled        where a distilled set came from (written by {@code distill}), or null for a
 *                         sampler's run
 * @param dataFiles        the data files the model read, fingerprinted when the run started; empty for a model
 *                         that reads none, and in sessions written before fingerprints were recorded (not checked)
 * @param nd4jThreads      ND4J's native threads per op in the process that ran it ({@code Nd4jSetup#threads}; 0:
 *                         ND4J's own default), on which a network's draws on the ND4J engine depend in their last
 *                         digits; null in sessions written before it was recorded (they ran with 1 unless the
 *                         property was set)
 * @param divergenceTrajectoryBudget the most trajectory values (rows × parameters) each chain's divergence records hold
 *                         together: past it a chain's records are stored without their trajectory; null in sessions
 *                         written before the bound (no bound) and in distilled sets
 */
public record SessionManifest(int formatVersion, String status, String softwareVersion, String javaVersion,
                              String os, Instant created, Instant finished, String modelId,
                              Map<String, String> modelSettings, String samplerId, Map<String, String> samplerSettings,
                              int chains, int warmup, int draws, long seed, int threads, double[] init,
                              String rngAlgorithm, List<String> chainStreams, List<String> names, int parameterCount,
                              List<String> statColumns, int chunkRows, String eventsFile, List<String> drawsFiles,
                              List<String> divergencesFiles, RunOutcome outcome, List<ChainResult> chainResults,
                              List<AddedChain> addedChains, DistilledFrom distilled, List<DataFingerprint> dataFiles,
                              Integer nd4jThreads, Long divergenceTrajectoryBudget) {

    public static final String RUNNING = "running";

    public SessionManifest {
        addedChains = addedChains == null ? List.of() : List.copyOf(addedChains);
        dataFiles = dataFiles == null ? List.of() : List.copyOf(dataFiles);
    }

    /** This manifest with {@code files} as its data-file fingerprints. */
    public SessionManifest withDataFiles(List<DataFingerprint> files) {
        return new SessionManifest(formatVersion, status, softwareVersion, javaVersion, os, created, finished, modelId,
                modelSettings, samplerId, samplerSettings, chains, warmup, draws, seed, threads, init, rngAlgorithm,
                chainStreams, names, parameterCount, statColumns, chunkRows, eventsFile, drawsFiles, divergencesFiles,
                outcome, chainResults, addedChains, distilled, files, nd4jThreads, divergenceTrajectoryBudget);
    }

    /** This manifest as its writer records a state of the run: {@code status}, when it ended, how, each chain's result. */
    public SessionManifest withEnding(String status, Instant finished, RunOutcome outcome,
                                      List<ChainResult> chainResults) {
        return new SessionManifest(formatVersion, status, softwareVersion, javaVersion, os, created, finished, modelId,
                modelSettings, samplerId, samplerSettings, chains, warmup, draws, seed, threads, init, rngAlgorithm,
                chainStreams, names, parameterCount, statColumns, chunkRows, eventsFile, drawsFiles, divergencesFiles,
                outcome, chainResults, addedChains, distilled, dataFiles, nd4jThreads, divergenceTrajectoryBudget);
    }

    /**
     * This manifest with one more chain, started during the run: its random stream, its files, and where and when it
     * started ({@code chains} counts it).
     */
    public SessionManifest withAddedChain(String stream, String drawsFile, String divergencesFile, AddedChain added) {
        return new SessionManifest(formatVersion, status, softwareVersion, javaVersion, os, created, finished, modelId,
                modelSettings, samplerId, samplerSettings, chains + 1, warmup, draws, seed, threads, init, rngAlgorithm,
                append(chainStreams, stream), names, parameterCount, statColumns, chunkRows, eventsFile,
                append(drawsFiles, drawsFile), append(divergencesFiles, divergencesFile), outcome, chainResults,
                append(addedChains, added), distilled, dataFiles, nd4jThreads, divergenceTrajectoryBudget);
    }

    /**
     * This manifest reopened by {@code resume}: running again, {@code chains} chains to {@code draws} draws each, no
     * outcome yet, no added chains and no distilled block (resume continues a sampler's run). The chain results stay
     * until each chain ends again: a resume killed before then leaves the step sizes and metrics the session had.
     */
    public SessionManifest reopened(int chains, int draws) {
        return new SessionManifest(formatVersion, RUNNING, softwareVersion, javaVersion, os, created, null, modelId,
                modelSettings, samplerId, samplerSettings, chains, warmup, draws, seed, threads, init, rngAlgorithm,
                chainStreams, names, parameterCount, statColumns, chunkRows, eventsFile, drawsFiles, divergencesFiles,
                null, chainResults, List.of(), null, dataFiles, nd4jThreads, divergenceTrajectoryBudget);
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> out = new java.util.ArrayList<>(list);
        out.add(item);
        return List.copyOf(out);
    }

    /**
     * The engine the run's chains were advanced with, {@code plain} or {@code batched}: the sampler's
     * {@code engine} setting as the runner resolved and recorded it; {@code plain} for samplers without
     * the setting and for sessions written before it existed (they all ran per chain).
     */
    public String engine() {
        return samplerSettings.getOrDefault("engine", "plain");
    }

    /** Chains the run was configured with (those started during the run not counted). */
    public int startedChains() {
        return chains - addedChains.size();
    }

    /** The run configuration this session was made with (for replay and resume). */
    public RunConfig runConfig() {
        return new RunConfig(modelId, modelSettings, samplerId, samplerSettings, startedChains(), warmup, draws, seed,
                threads, init);
    }
}
