/** Secret detection for captured events: the ruleset and the pure scanner. */
export { type Detection, type Finding, findSecrets, replaceSecrets, scanText } from './scanner.js';
export { RULES, RULE_IDS, type SecretRule, type SecretType } from './rules/index.js';
export { entropy } from './entropy.js';
export { secretNameKind } from './key-value.js';
