import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough JSON for the example, so it needs nothing but the JDK: a parser into Map, List, String,
 * BigDecimal, Boolean and null, a path reader, and string quoting for request bodies. A real client
 * would use Jackson or Gson.
 */
final class Json {
    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        Json parser = new Json(text);
        Object value = parser.value();
        parser.space();
        if (parser.at != text.length()) throw parser.error("text after the value");
        return value;
    }

    /** The value at a path of member names and list indexes: get(body, "accounts", 0, "iban"). */
    static Object get(Object value, Object... path) {
        for (Object step : path) {
            if (step instanceof Integer index && value instanceof List<?> list) value = list.get(index);
            else if (step instanceof String name && value instanceof Map<?, ?> map) value = map.get(name);
            else throw new IllegalArgumentException("no " + step + " in " + value);
        }
        return value;
    }

    static String string(Object value, Object... path) {
        return (String) get(value, path);
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value, Object... path) {
        return (List<Object>) get(value, path);
    }

    /** A Java string as a JSON string, quotes included. */
    static String quote(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
                    else out.append(c);
                }
            }
        }
        return out.append('"').toString();
    }

    private Object value() {
        space();
        if (at >= text.length()) throw error("a value");
        char c = text.charAt(at);
        if (c == '{') return object();
        if (c == '[') return array();
        if (c == '"') return string();
        if (text.startsWith("true", at)) return literal("true", Boolean.TRUE);
        if (text.startsWith("false", at)) return literal("false", Boolean.FALSE);
        if (text.startsWith("null", at)) return literal("null", null);
        return number();
    }

    private Map<String, Object> object() {
        Map<String, Object> members = new LinkedHashMap<>();
        at++;
        space();
        if (peek('}')) return members;
        do {
            space();
            String name = string();
            space();
            expect(':');
            members.put(name, value());
            space();
        } while (take(','));
        expect('}');
        return members;
    }

    private List<Object> array() {
        List<Object> items = new ArrayList<>();
        at++;
        space();
        if (peek(']')) return items;
        do items.add(value());
        while (take(','));
        space();
        expect(']');
        return items;
    }

    private String string() {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') return out.toString();
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char escaped = text.charAt(at++);
            switch (escaped) {
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> out.append(escaped);
            }
        }
        throw error("the end of a string");
    }

    private Object number() {
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
        if (start == at) throw error("a value");
        return new java.math.BigDecimal(text.substring(start, at));
    }

    private Object literal(String word, Object value) {
        at += word.length();
        return value;
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }

    private boolean peek(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private boolean take(char c) {
        space();
        return peek(c);
    }

    private void expect(char c) {
        space();
        if (!peek(c)) throw error("'" + c + "'");
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("JSON: expected " + expected + " at " + at + " of " + text);
    }
}
