/** The CLI's version, shown by `hx --version` and sent nowhere else. */
export const VERSION = '0.1.0';
