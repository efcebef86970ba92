/** The environment holds a setting the server cannot start with; the message names it. */
export class ConfigError extends Error {}
