/**
 * A configuration mistake found before any scenario runs (a bad or unreadable config, a flag that does
 * not fit, a certificate that cannot work, a target that cannot be reached as configured): the CLI
 * answers exit code 2 with its message as the one line, which names the config key or flag at fault.
 */
export class ConfigError extends Error {}
