package workbench.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A factory that says its models cannot know a truth builds models without one (so skipping them loses nothing). */
class MayKnowTruthTest {

    @Test
    void factoriesThatSayNoBuildModelsWithoutATruth(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("d.csv");
        Files.writeString(csv, "a,b,y\n0.1,1,0\n-0.3,2,1\n0.7,0.5,1\n1.2,-1,0\n");
        List<String> no = ModelRegistry.all().stream().filter(f -> !f.mayKnowTruth()).map(ModelFactory::id).toList();
        assertEquals(List.of("logistic", "bnn-regression", "bnn-classification"), no);
        assertNull(ModelRegistry.create("logistic", Map.of("data", csv.toString(), "target", "y")).truth());
        assertNull(ModelRegistry.create("bnn-regression", Map.of()).truth());
        assertNull(ModelRegistry.create("bnn-classification", Map.of()).truth());
    }
}
