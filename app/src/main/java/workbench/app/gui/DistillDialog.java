package workbench.app.gui;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import workbench.core.distill.Distiller;
import workbench.sessions.distill.SessionDistiller;

/**
 * File ▸ Distil…: method, size K and output folder for the shown session, validated as typed
 * ({@link DistillViewModel}); Run distills on a background thread with a progress bar and a
 * Cancel that stops the work; the result shows the quality figures and offers to open the set.
 */
final class DistillDialog {
    private final DistillViewModel vm;
    private final Stage stage = new Stage();
    private final ComboBox<Distiller.Method> method = new ComboBox<>();
    private final Label methodText = new Label();
    private final Label methodError = new Label();
    private final TextField size = new TextField();
    private final Label sizeError = new Label();
    private final TextField folder = new TextField();
    private final Label folderError = new Label();
    private final Label fileHint = new Label();
    private final Button choose = new Button("Choose\u2026");
    private final ProgressBar bar = new ProgressBar(0);
    private final Label state = new Label();
    private final Label result = new Label();
    private final Button run = new Button("Run");
    private final Button cancel = new Button("Cancel");
    private final Button open = new Button("Open distilled set");
    private final Button close = new Button("Close");
    private final Consumer<Path> opener;
    private Task<SessionDistiller.Outcome> task;

    /**
     * @param vm     the dialog's state (one session)
     * @param owner  the main window's stage, or null
     * @param opener opens a written set in the main window
     */
    DistillDialog(DistillViewModel vm, Window owner, Consumer<Path> opener) {
        this.vm = vm;
        this.opener = opener;
        stage.setTitle("Distil " + vm.session().getFileName());
        WorkbenchApp.setIcons(stage);
        stage.initModality(Modality.NONE);
        if (owner != null) {
            stage.initOwner(owner);
        }
        Scene scene = new Scene(layout(), WIDTH, Region.USE_COMPUTED_SIZE);
        scene.getStylesheets().add(DistillDialog.class.getResource("workbench.css").toExternalForm());
        stage.setScene(scene);
        FocusTips.install(scene); // Shift+F1: the focused control's tooltip
        stage.setOnCloseRequest(e -> stopWork());
        ScreenFit.install(stage);
        refresh();
        // View > Larger text while it is open: the dialog grows (or shrinks) with its text, as if opened at that size;
        // it kept its size, and at 20 px its lines were cut to one row each
        scene.getRoot().styleProperty().addListener((o, was, now) -> javafx.application.Platform.runLater(this::fitToText));
    }

    /** The dialog's width as opened at 12 px text; it scales with the text size. */
    private static final double WIDTH = 620;

    /** Sizes the dialog to its content at the text size in effect: {@link #WIDTH} scaled, and the height that needs. */
    private void fitToText() {
        Scene scene = stage.getScene();
        if (scene == null || !stage.isShowing()) {
            return;
        }
        scene.getRoot().applyCss();
        double px = javafx.scene.text.Font.getDefault().getSize();
        if (scene.getRoot().lookup(".label") instanceof Label l) {
            px = l.getFont().getSize();
        }
        double dx = stage.getWidth() - scene.getWidth();
        double dy = stage.getHeight() - scene.getHeight();
        double w = Math.ceil(WIDTH * px / TextSize.NORMAL);
        double h = Math.ceil(scene.getRoot().prefHeight(w));
        stage.setWidth(w + (dx > 0 ? dx : 0));
        stage.setHeight(h + (dy > 0 ? dy : 0));
        ScreenFit.keepOnScreen(stage);
    }

    Stage stage() {
        return stage;
    }

    DistillViewModel viewModel() {
        return vm;
    }

    void show() {
        stage.show();
    }

    private VBox layout() {
        Label intro = new Label("Compress the session's " + vm.draws() + " post-warmup draws (" + vm.chains() + " chain"
                + (vm.chains() == 1 ? "" : "s") + " pooled) to K points that stand for them, and measure how well they do.");
        intro.setWrapText(true);
        intro.setId("distillIntro");
        intro.setMinHeight(Region.USE_PREF_SIZE); // its lines whole: at 20 px text it was one line cut at "stand for the…"

        method.setId("distillMethod");
        method.getItems().setAll(Distiller.Method.values());
        method.setCellFactory(l -> new MethodCell());
        method.setButtonCell(new MethodCell());
        method.getSelectionModel().select(vm.method());
        method.valueProperty().addListener((o, a, b) -> {
            vm.setMethod(b);
            refresh();
        });
        methodText.setId("distillMethodText");
        methodText.getStyleClass().add("description");
        methodText.setWrapText(true);
        methodError.setId("distillMethodError");

        size.setId("distillSize");
        size.setText(vm.sizeText());
        size.setPrefColumnCount(8);
        size.textProperty().addListener((o, a, b) -> {
            vm.setSizeText(b);
            refresh();
        });
        sizeError.setId("distillSizeError");

        folder.setId("distillFolder");
        folder.setText(vm.folderText());
        folder.textProperty().addListener((o, a, b) -> {
            vm.setFolderText(b);
            refresh();
        });
        folderError.setId("distillFolderError");
        choose.setOnAction(e -> chooseFolder());
        for (Label l : List.of(methodError, sizeError, folderError)) {
            l.getStyleClass().add("field-error");
            l.setWrapText(true);
        }

        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(4);
        ColumnConstraints c0 = new ColumnConstraints();
        c0.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints c1 = new ColumnConstraints();
        c1.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(c0, c1);
        grid.add(new Label("Method"), 0, 0);
        grid.add(method, 1, 0);
        grid.add(methodText, 1, 1);
        grid.add(methodError, 1, 2);
        grid.add(new Label("Size K"), 0, 3);
        Label range = new Label("2 to " + vm.draws());
        range.setId("distillRange");
        range.getStyleClass().add("hint");
        // the field and its range keep their widths, and the error goes under them, wrapped, as the other fields'
        // errors do: beside them it cut the range to "2 …" and itself to "… from 2 to ..." at 20 px text
        size.setMinWidth(Region.USE_PREF_SIZE);
        range.setMinWidth(Region.USE_PREF_SIZE);
        HBox sizeRow = new HBox(8, size, range);
        sizeRow.setAlignment(Pos.CENTER_LEFT);
        grid.add(sizeRow, 1, 3);
        grid.add(sizeError, 1, 4);
        grid.add(new Label("Output folder"), 0, 5);
        HBox folderRow = new HBox(8, folder, choose);
        HBox.setHgrow(folder, Priority.ALWAYS);
        grid.add(folderRow, 1, 5);
        grid.add(folderError, 1, 6);
        fileHint.setId("distillFileHint");
        fileHint.getStyleClass().add("hint");
        // whole: at 16 px text the one line was cut at "…eight-schools-cente…"; the full path in its tooltip
        fileHint.setWrapText(true);
        fileHint.setTooltip(new javafx.scene.control.Tooltip());
        grid.add(fileHint, 1, 7);

        bar.setId("distillProgress");
        bar.setMaxWidth(Double.MAX_VALUE);
        state.setId("distillState");
        result.setId("distillResult");
        result.setWrapText(true);
        result.setMinHeight(Region.USE_PREF_SIZE);

        run.setId("distillRun");
        run.setDefaultButton(true);
        run.setOnAction(e -> start());
        cancel.setId("distillCancel");
        cancel.setOnAction(e -> stopWork());
        open.setId("distillOpen");
        open.setOnAction(e -> {
            SessionDistiller.Outcome o = vm.outcome();
            if (o != null) {
                opener.accept(o.out());
            }
        });
        close.setId("distillClose");
        close.setCancelButton(true);
        close.setOnAction(e -> {
            stopWork();
            stage.close();
        });
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, run, cancel, gap, open, close);
        buttons.setAlignment(Pos.CENTER_LEFT);

        VBox box = new VBox(10, intro, grid, bar, state, result, buttons);
        box.setPadding(new Insets(14));
        return box;
    }

    private final class MethodCell extends ListCell<Distiller.Method> {
        @Override
        protected void updateItem(Distiller.Method m, boolean empty) {
            super.updateItem(m, empty);
            setText(empty || m == null ? null : m.id());
        }
    }

    private void chooseFolder() {
        DirectoryChooser dc = new DirectoryChooser();
        dc.setTitle("Folder for the distilled set");
        Path p = Path.of(vm.folderText().isBlank() ? "." : vm.folderText().trim());
        while (p != null && !Files.isDirectory(p)) {
            p = p.toAbsolutePath().getParent();
        }
        if (p != null) {
            dc.setInitialDirectory(p.toFile());
        }
        File d = dc.showDialog(stage);
        if (d != null) {
            folder.setText(d.getPath());
        }
    }

    /** Starts the distillation on a background thread. */
    void start() {
        if (!vm.canRun()) {
            refresh();
            return;
        }
        bar.setProgress(0);
        result.setText("");
        state.setText("Reading the draws\u2026");
        task = new Task<>() {
            @Override
            protected SessionDistiller.Outcome call() {
                return vm.run(f -> updateProgress(f, 1));
            }
        };
        bar.progressProperty().bind(task.progressProperty());
        task.progressProperty().addListener((o, a, b) -> {
            if (vm.state() == DistillViewModel.State.RUNNING && b.doubleValue() > 0) {
                state.setText(String.format(java.util.Locale.ROOT, "Distilling\u2026 %.0f%%", 100 * b.doubleValue()));
            }
        });
        task.setOnSucceeded(e -> finished());
        task.setOnFailed(e -> finished());
        Thread t = new Thread(task, "distill");
        t.setDaemon(true);
        t.start();
        refresh();
    }

    /** Asks a running distillation to stop (it stops at its next progress step). */
    void stopWork() {
        if (task != null && task.isRunning()) {
            vm.cancel();
            state.setText("Cancelling\u2026");
            cancel.setDisable(true);
        }
    }

    private void finished() {
        bar.progressProperty().unbind();
        bar.setProgress(vm.state() == DistillViewModel.State.DONE ? 1 : vm.progress());
        if (task.getState() == javafx.concurrent.Worker.State.FAILED && vm.state() == DistillViewModel.State.RUNNING) {
            // vm.run never throws; this is a defect, still shown as one line
            state.setText("Failed");
            result.setText("distillation failed: " + task.getException());
        } else {
            state.setText(switch (vm.state()) {
                case DONE -> "Done";
                case CANCELLED -> "Cancelled";
                case FAILED -> "Failed";
                default -> "";
            });
            result.setText(String.join("\n", vm.resultLines()));
        }
        result.getStyleClass().remove("status-error");
        if (vm.state() == DistillViewModel.State.FAILED) {
            result.getStyleClass().add("status-error");
        }
        task = null;
        refresh();
        stage.sizeToScene();
        ScreenFit.keepOnScreen(stage); // the result's chart makes it taller
    }

    private void refresh() {
        boolean running = task != null;
        methodText.setText(DistillViewModel.describe(vm.method()));
        methodError.setText(vm.methodError());
        sizeError.setText(vm.sizeError());
        folderError.setText(vm.folderError());
        for (Label l : List.of(methodError, sizeError, folderError)) {
            l.setManaged(!l.getText().isEmpty());
            l.setVisible(!l.getText().isEmpty());
        }
        boolean writes = vm.sizeError().isEmpty() && vm.folderError().isEmpty();
        fileHint.setText(writes
                ? "Run writes the session " + vm.outputFile().getFileName() + " (one chain, weights per draw)"
                : "");
        fileHint.getTooltip().setText(writes ? "Run writes the session " + vm.outputFile().toAbsolutePath() : "");
        method.setDisable(running);
        size.setDisable(running);
        folder.setDisable(running);
        choose.setDisable(running);
        run.setDisable(running || !vm.canRun());
        cancel.setDisable(!running);
        open.setDisable(running || vm.state() != DistillViewModel.State.DONE);
    }
}
