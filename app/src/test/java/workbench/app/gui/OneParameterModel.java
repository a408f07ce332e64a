package workbench.app.gui;

import java.util.List;
import workbench.core.model.Model;

/** A test model of one parameter, x: its density is the subclass's (slow, refusing, …). */
abstract class OneParameterModel implements Model {
    @Override
    public int dim() {
        return 1;
    }

    @Override
    public List<String> parameterNames() {
        return List.of("x");
    }
}
