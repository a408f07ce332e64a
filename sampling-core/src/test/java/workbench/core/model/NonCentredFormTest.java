package workbench.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The catalog's word on centred and non-centred forms, which the advice against divergences and a low E-BFMI reads:
 * a named form is a catalog model that is non-centred, and it is the same posterior.
 */
class NonCentredFormTest {

    @Test
    void everyNamedFormIsACatalogModelInNonCentredForm() {
        int named = 0;
        for (ModelFactory f : ModelRegistry.all()) {
            String form = f.nonCentredForm();
            if (form == null) {
                continue;
            }
            named++;
            assertFalse(f.nonCentred(), f.id() + " names a non-centred form and says it is one");
            assertTrue(ModelRegistry.nonCentred(form), f.id() + " names " + form + ", not a non-centred catalog model");
            assertEquals(form, ModelRegistry.nonCentredForm(f.id()));
        }
        assertEquals(1, named);
        assertEquals("eight-schools-noncentered", ModelRegistry.nonCentredForm("eight-schools-centered"));
        assertTrue(ModelRegistry.nonCentred("eight-schools-noncentered"));
        assertNull(ModelRegistry.nonCentredForm("banana"));
        assertFalse(ModelRegistry.nonCentred("banana"));
        assertNull(ModelRegistry.nonCentredForm("no-such-model"));
        assertFalse(ModelRegistry.nonCentred(null));
    }

    /**
     * The same posterior: with theta = mu + tau theta_tilde the non-centred log density is the centred one plus the
     * Jacobian's J log tau, up to one constant, at points spread over the space (the constant agrees to 1e-9).
     */
    @Test
    void eightSchoolsNonCentredIsTheCentredPosteriorThroughItsJacobian() {
        Model centred = ModelRegistry.create("eight-schools-centered", Map.of());
        Model nc = ModelRegistry.create(ModelRegistry.nonCentredForm("eight-schools-centered"), Map.of());
        assertEquals(centred.dim(), nc.dim());
        int j = centred.dim() - 2;
        SplittableRandom rng = new SplittableRandom(7);
        Double constant = null;
        for (int k = 0; k < 20; k++) {
            double[] qnc = new double[nc.dim()];
            for (int i = 0; i < qnc.length; i++) {
                qnc[i] = rng.nextDouble(-2, 2);
            }
            double mu = qnc[0];
            double logTau = qnc[1];
            double[] qc = new double[centred.dim()];
            qc[0] = mu;
            qc[1] = logTau;
            for (int i = 0; i < j; i++) {
                qc[2 + i] = mu + Math.exp(logTau) * qnc[2 + i];
            }
            double diff = nc.logDensity(qnc, new double[nc.dim()]) - centred.logDensity(qc, new double[centred.dim()])
                    - j * logTau;
            if (constant == null) {
                constant = diff;
            }
            assertEquals(constant, diff, 1e-9, "at point " + k);
        }
        assertNotNull(constant);
        List<String> names = centred.outputNames();
        assertEquals(names.subList(0, 2), nc.outputNames().subList(0, 2));
    }
}
