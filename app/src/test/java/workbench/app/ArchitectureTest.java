package workbench.app;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The layering of the modules, checked on the compiled classes of all of them. */
class ArchitectureTest {
    private static final String[] GUI = {"javafx..", "org.jfree..", "org.controlsfx..", "java.awt..", "javax.swing.."};
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("workbench");
    }

    @Test
    void coreHasNoGui() {
        ArchRule rule = noClasses().that().resideInAPackage("workbench.core..")
                .should().dependOnClassesThat().resideInAnyPackage(GUI)
                .because("sampling-core runs headless in the CLI, in benchmarks and on servers; "
                        + "a GUI dependency would drag a toolkit into every batch job");
        rule.check(classes);
    }

    @Test
    void coreIsTheBottomLayer() {
        ArchRule rule = noClasses().that().resideInAPackage("workbench.core..")
                .should().dependOnClassesThat().resideInAnyPackage("workbench.sessions..", "workbench.viz..",
                        "workbench.app..")
                .because("every other module builds on sampling-core; a dependency upward would make a cycle");
        rule.check(classes);
    }

    @Test
    void sessionsHaveNoGui() {
        ArchRule rule = noClasses().that().resideInAPackage("workbench.sessions..")
                .should().dependOnClassesThat().resideInAnyPackage(GUI)
                .because("sessions are written and read by the headless CLI (run, export, replay) as well as the GUI");
        rule.check(classes);
    }

    @Test
    void noJavaSerialization() {
        noClasses().should().dependOnClassesThat().haveFullyQualifiedName("java.io.ObjectInputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.ObjectOutputStream")
                .because("sessions and exports travel between people: they are data only, never Java objects "
                        + "that could run code when read")
                .check(classes);
    }

    @Test
    void noScriptEngine() {
        noClasses().should().dependOnClassesThat().resideInAPackage("javax.script..")
                .because("a typed log density is parsed by our own parser into an expression tree; "
                        + "a script engine would run whatever a shared session or a pasted formula contains")
                .check(classes);
    }

    @Test
    void sessionsAndVizDoNotKnowEachOther() {
        noClasses().that().resideInAPackage("workbench.sessions..")
                .should().dependOnClassesThat().resideInAnyPackage("workbench.viz..", "workbench.app..")
                .because("the store must not depend on how draws are shown; the app wires the two together")
                .check(classes);
        noClasses().that().resideInAPackage("workbench.viz..")
                .should().dependOnClassesThat().resideInAnyPackage("workbench.sessions..", "workbench.app..")
                .because("views read draws through the core's DrawSource, which both the live buffer "
                        + "and the session reader implement, so a view works on either")
                .allowEmptyShould(true)
                .check(classes);
    }

    @Test
    void viewsReadARunThroughTheCoreInterface() {
        noClasses().that().resideInAPackage("workbench.viz..")
                .and(not(belongToAnyOf(workbench.viz.LiveBuffer.class)))
                .should().dependOnClassesThat(belongToAnyOf(workbench.viz.LiveBuffer.class))
                .because("the views take the core's RunDraws, which the live buffer implements, so a view reads a live "
                        + "run and a stored one the same way and never reaches into one store's internals")
                .check(classes);
    }
}
