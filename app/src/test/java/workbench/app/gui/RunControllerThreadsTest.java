package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RunControllerThreadsTest {

    @Test
    void theWindowLeavesOneCoreToDrawingUnlessTold() {
        String old = System.getProperty(RunController.THREADS_PROPERTY);
        try {
            System.clearProperty(RunController.THREADS_PROPERTY);
            int cores = Runtime.getRuntime().availableProcessors();
            assertEquals(Math.max(1, cores - 1), RunController.samplerThreads());
            System.setProperty(RunController.THREADS_PROPERTY, "5");
            assertEquals(5, RunController.samplerThreads());
            System.setProperty(RunController.THREADS_PROPERTY, "0");
            assertEquals(Math.max(1, cores - 1), RunController.samplerThreads(), "a bad value is ignored");
        } finally {
            if (old == null) {
                System.clearProperty(RunController.THREADS_PROPERTY);
            } else {
                System.setProperty(RunController.THREADS_PROPERTY, old);
            }
        }
    }
}
