/** Secret detection for captured events: the ruleset and the pure scanner. */
export { type Detection, findSecrets, replaceSecrets, scanText } from './scanner.js';
export { RULES, type SecretRule, type SecretType, entropy, isSecretName } from './rules.js';
