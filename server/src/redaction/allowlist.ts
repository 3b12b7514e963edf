/**
 * What looks like a secret but is not one: placeholders people type where a secret goes, code that
 * reads a secret from somewhere else, documentation examples, and public identifiers that share a
 * secret's shape. A false positive rewrites a stored memory, so these are checked on every finding.
 */
import { isRepetitive } from './entropy.js';

/** Whole values that stand for "a secret goes here". */
const PLACEHOLDER_VALUE = new RegExp(
  [
    String.raw`^[*xX.#?_\-•·]+$`,
    String.raw`^(.)\1+$`,
    String.raw`^<[^<>]*>$`,
    String.raw`^\[[^\][]*\]$`,
    String.raw`^\$\{[^}]*\}?$`,
    String.raw`^\$\{\{.*\}\}$`,
    String.raw`^\$\(.*\)?$`,
    String.raw`^\$[A-Za-z_][A-Za-z0-9_]*$`,
    String.raw`^%[A-Za-z_][A-Za-z0-9_]*%$`,
    // format strings and bind parameters: %(password)s, :password, @password, ?password
    String.raw`^%\(\w+\)[sdr]$`,
    String.raw`^[:@?][A-Za-z_]\w*$`,
    String.raw`^\{\{.*\}\}$`,
    String.raw`^\{[A-Za-z_][\w.]*\}$`,
    String.raw`^#\{.*\}$`,
    String.raw`^@[A-Za-z_][A-Za-z0-9_]*@$`,
    String.raw`^__[A-Z0-9_]+__$`,
    String.raw`^<%.*%>$`,
    String.raw`^vault:\/\/`,
    String.raw`^(?:arn|op|sm|ssm|secretsmanager|keyvault|akv|gcpsm|awssm|file|env):`,
    String.raw`^!(?:vault|secret|env|ref|Ref|Sub|GetAtt)\b`,
  ].join('|'),
);

/** Words that fill a secret's place in docs, schemas and forms. */
const PLACEHOLDER_WORDS = new Set(
  `changeme change_me changeit password passwd pass pwd secret secrets token apikey api_key key value none null nil
  undefined empty true false yes no required optional string str int integer number bool boolean any object unknown
  todo tbd fixme n/a na default sample example dummy fake test testing mock placeholder redacted removed hidden masked
  omitted notset not_set unset blank basic bearer digest negotiate ntlm str| text varchar bytes secretstr secretstring
  password123 qwerty letmein admin root guest user username foo bar baz foobar hello hunter`.split(/\s+/),
);

/** Fragments that mark an example or an instruction rather than a value. */
const PLACEHOLDER_FRAGMENT =
  /(?:^|[^a-z])(?:your|my|insert|enter|replace|put|fill|paste|add|set)[_\- .]?(?:own[_\- .]?)?(?:[a-z]+[_\- .]?){0,4}(?:here|key|token|secret|password|pass|pwd|value|id|api)(?:$|[^a-z])|(?:^|[^a-z])(?:example|examples|sample|placeholder|dummy|redacted|changeme|change[_-]?me|not[_-]?a[_-]?real|fake[_-]?(?:key|token|secret|password)|xxxx|here$)|EXAMPLE|XXXX|\*\*\*\*|\.\.\.|…|^(?:replace|change|update|fill|set|edit)[_\- ]?(?:me|this|it)$/i;

/** Consecutive runs typed as filler: `abcdefgh`, `12345678`, `qwerty`. */
const SEQUENCE = /abcdefgh|bcdefghi|ABCDEFGH|12345678|23456789|01234567|98765432|qwertyui|asdfghjk|zyxwvuts/;

/** A value that stands for a secret instead of being one. */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  if (PLACEHOLDER_VALUE.test(v)) return true;
  if (PLACEHOLDER_WORDS.has(v.toLowerCase())) return true;
  if (PLACEHOLDER_FRAGMENT.test(v)) return true;
  return false;
}

/** The random part of a token is filler: repeated characters, an alphabet run, a short period. */
export function isFillerBody(body: string): boolean {
  if (/(.)\1{5,}/.test(body)) return true;
  if (SEQUENCE.test(body)) return true;
  return isRepetitive(body);
}

/** Code that fetches a secret (env lookups, prompts, config reads, calls, member paths, type names). */
const CODE_REFERENCE = new RegExp(
  [
    String.raw`^(?:process\.env|import\.meta\.env|os\.environ|os\.getenv|getenv|System\.getenv|Environment\.|ENV\[|ENV\.fetch|env\(|env\.|config\(|settings\.|Deno\.env|Bun\.env|secrets\.|vars\.|inputs\.|self\.|this\.|cls\.|request\.|req\.|params\[|args\.|opts\.|options\.|props\.|ctx\.|context\.|config\.|cfg\.|conf\.|app\.|data\.|form\.|values\.|Secret\(|SecretStr\(|getpass|input\(|prompt\(|keyring\.|vault\.|kms\.|ssm\.)`,
    // a call: name(...) or a.b.c(...)
    String.raw`^(?=[A-Za-z_$][\w$.:]{2,}\()[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*\(`,
    // a member path of plain identifiers: settings.SECRET_KEY, cfg.db.password
    String.raw`^[A-Za-z_$][A-Za-z_$]*(?:\.[A-Za-z_$][A-Za-z_$]*\d?)+$`,
    // an index into a container: config["api_key"], os.environ['X']
    String.raw`^[A-Za-z_$][\w$.]*\[`,
    // type annotations and generics: Optional[str], string | undefined, Record<string, string>
    String.raw`^(?:Optional|Union|List|Dict|Record|Promise|Array|Map|Set|Partial|Readonly)[[<]`,
    String.raw`^(?:string|number|boolean|str|int|bytes|SecretStr|String|Buffer|Uint8Array)\s*(?:[|;,)\]=]|$)`,
    // shell: $(cat /run/secrets/x), `cmd`, <(...)
    String.raw`^[\x60]`,
    // paths to files that hold a secret (lower case segments: a base64 key with slashes has capitals)
    String.raw`^(?:~|\.{1,2})?\/[a-z0-9_.\-/~]+$`,
    String.raw`^\/(?:Users|home|etc|var|opt|tmp|run|usr|mnt|srv)\/`,
    String.raw`^[A-Za-z]:\\`,
  ].join('|'),
);

export function isCodeReference(value: string): boolean {
  return CODE_REFERENCE.test(value.trim());
}

/** Public values shaped like secrets: publishable keys, public SSH keys, famous documentation examples. */
const PUBLIC_VALUE =
  /^(?:pk_(?:live|test)_|pk\.eyJ|ssh-(?:rsa|ed25519|dss) |ecdsa-sha2-|sk-(?:ecdsa|ssh-ed25519)@openssh\.com |AAAAB3NzaC1|AAAAC3NzaC1|AAAAE2VjZHNh|-----BEGIN (?:PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY|PGP PUBLIC KEY BLOCK|OPENSSH PUBLIC KEY)|6L[\w-]{38}$)/;

/** Exact strings published as examples in vendor docs and the JWT debugger. */
const KNOWN_EXAMPLES = [
  'AKIAIOSFODNN7EXAMPLE',
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY',
  'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe',
  // RFC 6750's bearer token example
  'mF_9.B5f-4.1JqM',
  // Azurite / the Azure storage emulator's published account key
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==',
];

export function isPublicValue(value: string): boolean {
  if (PUBLIC_VALUE.test(value)) return true;
  return KNOWN_EXAMPLES.some((e) => value.includes(e));
}
