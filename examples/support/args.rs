//! Command-line options of the examples: `--name value` pairs among the arguments.

/// The value after `--name` among `args`, if it is there.
pub fn option(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}
