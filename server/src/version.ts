/** The running deployment's version, reported by /health and the OpenAPI document. */
export const VERSION = process.env.HX_VERSION ?? '0.1.0';
