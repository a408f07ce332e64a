package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import workbench.core.BadInputException;
import workbench.core.kernel.SamplerRegistry;
import workbench.core.model.ModelRegistry;
import workbench.core.run.RunConfig;

class SetupViewModelTest {

    private final SetupViewModel vm = new SetupViewModel(ModelRegistry.all(), SamplerRegistry.all());

    @Test
    void opensOnBananaWithTheBestSamplerPresent() {
        assertEquals("banana", vm.modelId());
        assertNotNull(vm.samplerId());
        assertTrue(List.of("nuts", "hmc").contains(vm.samplerId()), vm.samplerId());
        assertEquals("4", vm.runField("chains"));
        assertTrue(vm.problems().isEmpty(), vm.problems().toString());
    }

    @Test
    void aBadValueIsRefusedWithAMessageNotAnException() {
        assertTrue(vm.selectModel("gaussian-2d"));
        String msg = vm.setModelSetting("rho", "abc");
        assertEquals("model gaussian-2d: 'rho' must be a number, got 'abc'", msg);
        assertEquals("model gaussian-2d: 'rho' must be in [-0.999, 0.999], got 2", vm.setModelSetting("rho", "2"));
        assertFalse(vm.problems().isEmpty());
        assertEquals("0.95", vm.modelSettingInEffect("rho"), "a refused value leaves the one in effect");
        assertEquals("2", vm.modelSetting("rho"), "the field keeps what was typed");
        assertNull(vm.setModelSetting("rho", "0.5"));
        assertTrue(vm.problems().isEmpty());
        assertEquals("run: 'chains' must be in [1, 1024], got 0", vm.setRunField("chains", "0"));
        assertEquals("run: 'chains' must be in [1, 1024], got 0", vm.problems().get(0));
    }

    @Test
    void severalSettingsAtOnceAndOneMessagePerRefusal() {
        assertTrue(vm.selectModel("noisy-gaussian"));
        assertTrue(vm.setSettings(true, "noise=diagonal, noise_design=data").isEmpty());
        assertEquals("data", vm.modelSettingInEffect("noise_design"));
        assertEquals("diagonal", vm.modelSettingInEffect("noise"));
        List<String> p = vm.setSettings(true, "noise=pink,cond,noise_scale=2");
        assertEquals(2, p.size(), p.toString());
        assertTrue(p.get(0).contains("'noise' must be one of"), p.get(0));
        assertEquals("model settings: expected NAME=VALUE, got 'cond'", p.get(1));
        assertEquals("2", vm.modelSettingInEffect("noise_scale"), "the good entries are taken");
        assertTrue(vm.selectSampler("smile"));
        assertTrue(vm.setSettings(false, "step_size=0.01").isEmpty());
        assertEquals("0.01", vm.samplerSettingInEffect("step_size"));
        assertTrue(vm.setSettings(false, "").isEmpty());
    }

    @Test
    void unknownIdsChangeNothing() {
        String before = vm.modelId();
        assertFalse(vm.selectModel("no-such-model"));
        assertEquals(before, vm.modelId());
        assertFalse(vm.selectSampler("no-such-sampler"));
    }

    @Test
    void settingsAreKeptPerIdAndBuildTheConfig() {
        vm.selectModel("gaussian-2d");
        vm.setModelSetting("rho", "0.3");
        vm.selectModel("banana");
        vm.selectModel("gaussian-2d");
        assertEquals("0.3", vm.modelSetting("rho"));
        vm.selectSampler("rwm");
        vm.setRunField("chains", "3");
        vm.setRunField("seed", "42");
        vm.setRunField("warmup", "10");
        vm.setRunField("draws", "20");
        RunConfig c = vm.config(8);
        assertEquals("gaussian-2d", c.modelId());
        assertEquals(Map.of("rho", "0.3"), c.modelSettings());
        assertEquals("rwm", c.samplerId());
        assertEquals(3, c.chains());
        assertEquals(3, c.threads(), "never more threads than chains");
        assertEquals(42, c.seed());
        assertEquals(30, c.iterations());
    }

    /**
     * A data file typed as a relative path is recorded absolute in the run's settings (and so in its session), as
     * the command line records it: the session then reads the same file from any working directory. A built-in
     * data set stays a name.
     */
    @Test
    void aRelativeDataPathIsRecordedAbsolute(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        java.nio.file.Path csv = tmp.resolve("xy.csv");
        StringBuilder rows = new StringBuilder("x,y\n");
        for (int i = 0; i < 20; i++) {
            rows.append(i).append(',').append(i * 0.5 + (i % 3)).append('\n');
        }
        java.nio.file.Files.writeString(csv, rows);
        String relative = java.nio.file.Path.of("").toAbsolutePath().relativize(csv).toString();
        assertFalse(java.nio.file.Path.of(relative).isAbsolute());
        assertTrue(vm.selectModel("bnn-regression"));
        assertNull(vm.setModelSetting("data", relative));
        assertEquals(csv.toAbsolutePath().normalize().toString(), vm.config(1).modelSettings().get("data"));
        assertNull(vm.setModelSetting("data", "boston"));
        assertEquals("boston", vm.config(1).modelSettings().get("data"));
    }

    @Test
    void aBrokenFormulaNamesTheColumnAndAGoodOneBuilds() {
        assertTrue(vm.selectModel("expr"));
        String err = vm.setModelSetting("density", "-0.5*(x^2 + y^2");
        assertNotNull(err);
        assertTrue(err.contains("column"), err);
        assertNull(vm.modelError(), "the formula in effect (the default) still builds");
        assertEquals(err, vm.problems().get(0), "but Run is refused while the editor shows the broken one");
        assertNull(vm.setModelSetting("density", "-0.5*(x^2 + y^2)"));
        assertNull(vm.modelError());
        assertEquals(2, vm.createModel().dim());
    }

    @Test
    void aValueRefusedBecauseOfAnotherSettingIsTakenOnceThatOneChanges() {
        assertTrue(vm.selectModel("gaussian-2d"));
        assertTrue(vm.selectSampler("mile"));
        String msg = vm.setSamplerSetting("max_steps", "20");
        assertNotNull(msg, "max_steps is a setting of kernel=adjusted only");
        assertEquals("1024", vm.samplerSettingInEffect("max_steps"));
        assertTrue(vm.problems().contains(msg));
        assertNull(vm.setSamplerSetting("kernel", "adjusted"));
        assertEquals("20", vm.samplerSettingInEffect("max_steps"));
        assertTrue(vm.problems().isEmpty(), vm.problems().toString());
    }

    @Test
    void betaTempersDataModelsOnly() {
        assertTrue(vm.selectModel("logistic-pima"));
        vm.setBeta(0.25);
        workbench.core.model.Model m = vm.createModel();
        assertTrue(m instanceof workbench.core.model.DataModel);
        assertEquals(0.25, ((workbench.core.model.DataModel) m).beta());
        vm.selectModel("gaussian-2d");
        assertFalse(vm.createModel() instanceof workbench.core.model.DataModel);
        assertNotNull(vm.setBeta(0));
        assertNotNull(vm.setBeta(1.5));
        assertEquals(0.25, vm.beta(), "a refused beta leaves the last one in effect");
    }

    @Test
    void typedSettingsRoundTripThroughPreferencesKeys() {
        vm.selectModel("gaussian-2d");
        vm.setModelSetting("rho", "0.7");
        vm.selectSampler("rwm");
        SetupViewModel other = new SetupViewModel(ModelRegistry.all(), SamplerRegistry.all());
        other.restoreTyped(vm.allTyped());
        other.selectModel("gaussian-2d");
        assertEquals("0.7", other.modelSetting("rho"));
    }

    @Test
    void aStoredRunIsLoadedWholeOrNotAtAll() {
        vm.selectModel("gaussian-2d");
        assertNull(vm.setModelSetting("rho", "0.3"));
        vm.selectModel("banana");
        Map<String, String> run = Map.of("chains", "2", "seed", "77", "warmup", "10", "draws", "20");

        // refused: an unknown id, a bad setting, a bad run field; nothing changes
        assertEquals("model 'no-such-model' is not in this build",
                vm.loadRun("no-such-model", Map.of(), "rwm", Map.of(), run));
        assertEquals("model gaussian-2d: 'rho' must be in [-0.999, 0.999], got 2",
                vm.loadRun("gaussian-2d", Map.of("rho", "2"), "rwm", Map.of(), run));
        assertEquals("run: 'chains' must be in [1, 1024], got 0",
                vm.loadRun("gaussian-2d", Map.of(), "rwm", Map.of(), Map.of("chains", "0")));
        assertEquals("banana", vm.modelId());
        assertEquals("4", vm.runField("chains"));
        assertEquals("0.3", vm.allTyped().get("model.gaussian-2d.rho"));

        // accepted: the settings not given go back to their defaults, the run fields are set
        assertNull(vm.loadRun("gaussian-2d", Map.of(), "rwm", Map.of(), run));
        assertEquals("gaussian-2d", vm.modelId());
        assertEquals("rwm", vm.samplerId());
        assertEquals("0.95", vm.modelSetting("rho"));
        RunConfig c = vm.config(1);
        assertEquals(List.of(2, 10, 20, 77L), List.of(c.chains(), c.warmup(), c.draws(), c.seed()));
        assertTrue(vm.problems().isEmpty(), vm.problems().toString());
    }

    /**
     * A network too large for the heap is refused as its width is typed, in the field's own message, which says how to
     * give Java more (the suite's heap is 2 GiB; 117 million parameters need about 7.5 GB), and the width in effect
     * stays.
     */
    @Test
    void aNetworkTooLargeForTheHeapIsRefusedAsItIsTyped() {
        SetupViewModel vm = new SetupViewModel(ModelRegistry.all(), SamplerRegistry.all());
        assertTrue(vm.selectModel("bnn-regression"));
        assertNull(vm.setModelSetting("layers", "8"));
        String msg = vm.setModelSetting("width", "4096");
        assertNotNull(msg);
        assertTrue(msg.startsWith("model bnn-regression: a network of "), msg);
        assertTrue(msg.endsWith("or give Java a larger heap (WORKBENCH_JAVA_OPTS=-Xmx<size>)"), msg);
        assertEquals("20", vm.modelSettingInEffect("width"));
        assertNull(vm.modelError(), "the settings in effect build");
    }
}
