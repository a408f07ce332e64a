package workbench.app.gui;

import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Stage;

/** Help ▸ Guide: what the views show, and one-click scenarios that set up and start a run. */
final class GuideDialog {
    private GuideDialog() {
    }

    static void show(MainWindow window) {
        Stage stage = new Stage();
        stage.setTitle("MCMC Workbench \u2014 Guide");
        WorkbenchApp.setIcons(stage);
        stage.initModality(Modality.NONE);
        if (window.getScene() != null) {
            stage.initOwner(window.getScene().getWindow());
        }
        VBox box = new VBox(8);
        box.setPadding(new Insets(12));
        Label intro = new Label("Pick a model and a sampler on the left and press Run. The projection shows the target's "
                + "density with the draws of each chain in its colour; green arrows are accepted proposals, red crosses "
                + "rejected ones, dots in a darker shade of each chain's colour its integrator path (at slow speeds), magenta triangles divergences (one outside "
                + "the view is an arrowhead on its edge, pointing the way its trajectory flew; click one to replay it). "
                + "Drag the step-size slider while it runs: the next transition uses it. "
                + "Step advances every chain by exactly one transition.");
        intro.setWrapText(true);
        box.getChildren().add(intro);
        for (Scenario s : Scenario.all()) {
            Label title = new Label(s.title());
            title.getStyleClass().add("section-title");
            Label text = new Label(s.explanation());
            text.setWrapText(true);
            Button go = new Button("Try it");
            boolean ok = window.available(s);
            go.setDisable(!ok);
            go.setTooltip(new Tooltip(ok ? "Set up this model and sampler and start the run"
                    : "This build lacks model " + s.modelIds() + " or sampler " + s.samplerIds()));
            go.setOnAction(e -> window.apply(s));
            go.setAccessibleText("Try it: " + s.title()); // eight buttons read "Try it" alike without it
            box.getChildren().addAll(title, text, go);
        }
        Label title = new Label("Four samplers side by side");
        title.getStyleClass().add("section-title");
        Label text = new Label("Random walk, HMC, NUTS and MCLMC on the same correlated Gaussian with the same seed, "
                + "in four panels moving at one speed: compare how far each moves per transition, how many proposals "
                + "are rejected, and the ESS each buys per 1000 gradients (under each panel). Any panel's sampler can "
                + "be changed; Run starts them all again.");
        text.setWrapText(true);
        Button go = new Button("Try it");
        go.setId("guideCompare");
        go.setAccessibleText("Try it: " + title.getText());
        go.setTooltip(new Tooltip("Set up the correlated Gaussian and open Run \u25b8 Compare samplers on it"));
        go.setOnAction(e -> window.applyCompareScenario());
        box.getChildren().addAll(title, text, go);
        ScrollPane scroll = new ScrollPane(box);
        scroll.setFitToWidth(true);
        double[] size = ScreenFit.sceneSize(stage.getOwner(), 520, 640);
        Scene scene = new Scene(scroll, size[0], size[1]);
        scene.getStylesheets().add(GuideDialog.class.getResource("workbench.css").toExternalForm());
        stage.setScene(scene);
        Keys.closeOnKeys(stage, scene, true); // Escape or Ctrl+W, as for any help window
        FocusTips.install(scene); // Shift+F1: the focused control's tooltip (its Escape before the window's)
        window.styleSecondary(stage);
        if (stage.getOwner() != null) {
            // over the window's right-hand charts, not over the projection a scenario is about to move on
            javafx.stage.Window owner = stage.getOwner();
            stage.setX(Math.max(owner.getX(), owner.getX() + owner.getWidth() - scene.getWidth() - 24));
            stage.setY(owner.getY() + 60);
        }
        ScreenFit.install(stage); // on a 720-pixel screen 60 px down put its bottom below the edge
        stage.show();
    }
}
