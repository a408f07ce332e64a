package workbench.sessions.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.ChainRunner;
import workbench.core.run.RunConfig;
import workbench.sessions.SessionReader;
import workbench.sessions.SessionWriter;

/**
 * The npz carried lp, accept_stat, step_size, energy and divergent but not CmdStan's other two sampler columns,
 * {@code treedepth__} and {@code n_leapfrog__} (ArviZ's {@code tree_depth} and {@code n_steps}; ESS per gradient needs
 * the latter), which the CmdStan CSV export writes: a NumPy user lost them. Now {@code treedepth} and
 * {@code n_leapfrog} are int64 (chains, rows) arrays holding the CSV's values.
 */
class NpzSamplerColumnsTest {
    @TempDir
    Path tmp;

    @Test
    void npzHoldsTreeDepthAndLeapfrogStepsAsTheCmdStanCsvDoes() throws Exception {
        Path session = tmp.resolve("nuts");
        RunConfig cfg = new RunConfig("eight-schools-noncentered", Map.of(), "nuts", Map.of(), 2, 100, 60, 3, 2, null);
        try (SessionWriter w = new SessionWriter(session, SessionWriter.Options.defaults())) {
            new ChainRunner(cfg, ModelRegistry.create(cfg.modelId(), cfg.modelSettings()),
                    SamplerRegistry.create("nuts", Map.of()), w).run();
        }
        Path npz = tmp.resolve("d.npz");
        try (SessionReader r = SessionReader.open(session)) {
            ExportSelection sel = ExportSelection.parse(r, null, "2", "11:60", true);
            ExportFormat.NPZ.write(r, sel, npz);
            try (ZipFile zip = new ZipFile(npz.toFile())) {
                for (String name : new String[] {"treedepth", "n_leapfrog"}) {
                    int k = name.equals("treedepth") ? 3 : 4;
                    var e = zip.getEntry(name + ".npy");
                    assertNotNull(e, name + ".npy missing");
                    ByteBuffer b = ByteBuffer.wrap(zip.getInputStream(e).readAllBytes()).order(ByteOrder.LITTLE_ENDIAN);
                    int headerLen = b.getShort(8) & 0xffff;
                    String header = new String(b.array(), 10, headerLen, StandardCharsets.ISO_8859_1);
                    assertTrue(header.startsWith("{'descr': '<i8', 'fortran_order': False, 'shape': (1, "
                            + sel.rows() + "), }"), header);
                    b.position(10 + headerLen);
                    long max = 0;
                    for (long row = 0; row < sel.rows(); row++) {
                        long want = (long) CmdStanCsvExport.samplerColumns(r, 1, sel.iteration(r, 1, row))[k];
                        long got = b.getLong();
                        assertEquals(want, got, name + " row " + row);
                        max = Math.max(max, got);
                    }
                    assertEquals(0, b.remaining(), name + ": rows x 8 bytes after the header");
                    assertTrue(max > 1, name + ": NUTS builds trees deeper than 1 here, " + max);
                }
            }
        }
    }
}
