package workbench.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.testfx.util.WaitForAsyncUtils;
import workbench.viz.Pen;
import workbench.viz.TraceView;

/** Before a run the trace says it has no draws yet (it was an empty white box under its title, unlike its neighbours). */
class TraceEmptyFxTest extends WindowFxBase {
    @Test
    void anEmptyTraceSaysSo() throws Exception {
        List<String> texts = new ArrayList<>();
        Pen pen = (Pen) Proxy.newProxyInstance(Pen.class.getClassLoader(), new Class<?>[] {Pen.class}, (p, m, a) -> {
            if (m.getName().equals("textScale")) {
                return 1.0; // the normal text size
            }
            if (m.getName().equals("fillText")) {
                texts.add((String) a[0]);
            }
            return null;
        });
        WaitForAsyncUtils.asyncFx(() -> new TraceView().paint(pen, 600, 250)).get(10, TimeUnit.SECONDS);
        assertEquals(List.of("trace", TraceView.NO_DRAWS), texts);
    }
}
