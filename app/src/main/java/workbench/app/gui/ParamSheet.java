package workbench.app.gui;

import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import org.controlsfx.control.PropertySheet;
import org.controlsfx.property.editor.PropertyEditor;
import workbench.core.spec.Described;
import workbench.core.spec.ParamSpec;

/**
 * The settings of one model or sampler as a ControlsFX {@link PropertySheet}, one row per
 * {@link ParamSpec}: a text field (a list for choices, a multi-line box for text such as a log
 * density), with the validation message right under it as the user types. A bad value is refused
 * by the view-model and explained; nothing throws.
 */
public final class ParamSheet extends PropertySheet {
    private final String idPrefix;

    /**
     * @param idPrefix node ids are {@code idPrefix + "-" + name} for the field and {@code ... + "-error"} for the message
     */
    public ParamSheet(String idPrefix) {
        this.idPrefix = idPrefix;
        setModeSwitcherVisible(false);
        setSearchBoxVisible(false);
        setMode(Mode.NAME);
        setPropertyEditorFactory(item -> ((SpecItem) item).editor());
        setFocusTraversable(false); // the sheet itself does nothing with a key: Tab goes straight to its fields
    }

    /**
     * Shows {@code d}'s settings; {@code current} gives each one's text, {@code set} stores a typed
     * value and returns its error (null when valid), {@code after} runs after each change.
     */
    public void show(Described d, Function<String, String> current, BiFunction<String, String, String> set,
                     Runnable after) {
        getItems().clear();
        if (d == null) {
            return;
        }
        for (ParamSpec spec : d.params()) {
            getItems().add(new SpecItem(spec, current, set, after));
        }
        // as high as its rows at the font in effect (a fixed 32 px a row cut the last rows off with larger text)
        setPrefHeight(USE_COMPUTED_SIZE);
        setMinHeight(USE_PREF_SIZE);
    }

    private final class SpecItem implements PropertySheet.Item {
        private final ParamSpec spec;
        private final Function<String, String> current;
        private final BiFunction<String, String, String> set;
        private final Runnable after;

        SpecItem(ParamSpec spec, Function<String, String> current, BiFunction<String, String, String> set, Runnable after) {
            this.spec = spec;
            this.current = current;
            this.set = set;
            this.after = after;
        }

        @Override
        public Class<?> getType() {
            return String.class;
        }

        @Override
        public String getCategory() {
            return "settings";
        }

        @Override
        public String getName() {
            return spec.name();
        }

        @Override
        public String getDescription() {
            return spec.description() + " (" + spec.rangeText()
                    + (spec.defaultValue() == null ? ", optional" : ", default " + spec.defaultValue()) + ")";
        }

        @Override
        public Object getValue() {
            String v = current.apply(spec.name());
            return v == null ? "" : v;
        }

        @Override
        public void setValue(Object value) {
            set.apply(spec.name(), value == null ? "" : value.toString());
        }

        @Override
        public Optional<ObservableValue<? extends Object>> getObservableValue() {
            return Optional.empty();
        }

        PropertyEditor<?> editor() {
            Label error = new Label();
            error.setId(idPrefix + "-" + spec.name() + "-error");
            error.getStyleClass().add("field-error");
            error.setWrapText(true);
            error.setManaged(false);
            error.setVisible(false);
            Node field;
            Tooltip tip = new Tooltip(getDescription());
            tip.setWrapText(true);
            tip.setMaxWidth(420);
            if (spec.kind() == ParamSpec.Kind.CHOICE) {
                ComboBox<String> box = new ComboBox<>();
                box.getItems().setAll(spec.choices());
                box.setValue((String) getValue());
                box.setOnAction(e -> changed(box.getValue(), error));
                box.setTooltip(tip);
                field = box;
            } else {
                TextInputControl text;
                // a formula gets a box of several lines; a file path, a data set's name or a column name one line,
                // as every other setting (a BNN's "data" and "target" in three-line boxes looked broken)
                if (spec.kind() == ParamSpec.Kind.TEXT && workbench.core.model.expr.ExprModel.DENSITY.equals(spec.name())) {
                    TextArea area = new TextArea();
                    area.setPrefRowCount(3);
                    area.setWrapText(true);
                    area.setStyle("-fx-font-family: monospace;");
                    text = area;
                } else {
                    text = new TextField();
                    if (spec.defaultValue() == null) {
                        // a text setting without a value for "unset" must be given (logistic's data file and column)
                        text.setPromptText(spec.kind() == ParamSpec.Kind.TEXT && !spec.description().contains("(unset:")
                                ? "required" : spec.unsetLabel());
                    }
                }
                text.setText((String) getValue());
                text.textProperty().addListener((o, a, b) -> changed(b, error));
                text.setTooltip(tip);
                field = text;
            }
            field.setId(idPrefix + "-" + spec.name());
            field.setAccessibleText(spec.name()); // the sheet's name column is not linked to the field
            VBox box = new VBox(2, field, error);
            String first = SetupViewModel.check(spec, "", (String) getValue());
            show(error, first == null ? null : first);
            return new PropertyEditor<String>() {
                @Override
                public Node getEditor() {
                    return box;
                }

                @Override
                public String getValue() {
                    return (String) SpecItem.this.getValue();
                }

                @Override
                public void setValue(String value) {
                    if (field instanceof TextInputControl t && !t.getText().equals(value)) {
                        t.setText(value);
                    } else if (field instanceof ComboBox<?> c) {
                        @SuppressWarnings("unchecked")
                        ComboBox<String> cs = (ComboBox<String>) c;
                        cs.setValue(value);
                    }
                }
            };
        }

        private void changed(String text, Label error) {
            String msg = set.apply(spec.name(), text == null ? "" : text);
            show(error, msg);
            after.run();
        }

        private void show(Label error, String msg) {
            boolean bad = msg != null;
            error.setText(bad ? strip(msg) : "");
            error.setVisible(bad);
            error.setManaged(bad);
        }
    }

    /** Drops the "model x: " prefix, which the sheet's title already says. */
    static String strip(String msg) {
        int i = msg.indexOf(": ");
        return i > 0 && i < 40 && (msg.startsWith("model ") || msg.startsWith("sampler ") || msg.startsWith(": "))
                ? msg.substring(i + 2) : msg.startsWith(": ") ? msg.substring(2) : msg;
    }
}
