package workbench.app.gui;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The GUI's own layering: view-models free of JavaFX, views free of sessions and of the app. */
class GuiLayersTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("workbench.app.gui", "workbench.viz");
    }

    @Test
    void viewModelsNeedNoToolkit() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel").or().haveSimpleName("RunController")
                .or().haveSimpleName("SummaryEngine").or().haveSimpleName("CoreSummaryEngine")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..", "org.jfree..")
                .because("view-models are tested with plain JUnit, without starting the FX toolkit")
                .check(classes);
    }

    @Test
    void viewsReadDrawsThroughTheCoreOnly() {
        noClasses().that().resideInAPackage("workbench.viz..")
                .should().dependOnClassesThat().resideInAnyPackage("workbench.sessions..", "workbench.app..")
                .because("views read draws through the core's DrawSource, which both the live buffer and the "
                        + "session reader implement")
                .check(classes);
    }
}
