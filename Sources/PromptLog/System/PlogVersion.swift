/// The version `--version` prints.
public enum PlogVersion {
    public static let string = "0.1.0"
}
