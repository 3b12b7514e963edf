/**
 * Secrets known by where they sit rather than by their own format: PEM blocks, URLs with a
 * password, `name = value` assignments in .env/YAML/JSON/code, HTTP Authorization headers, command
 * lines (`sshpass -p`, `mysql -p...`, `curl -u`, `--password=`) and a password said in a sentence.
 */
import { isCodeReference, isPlaceholder } from '../allowlist.js';
import { entropy, shape } from '../entropy.js';
import {
  isBasicCredential,
  isPasswordValue,
  isSecretValue,
  isTokenValue,
  decodeBasic,
  secretNameKind,
} from '../key-value.js';
import type { SecretRule, SecretType } from './rule.js';

/** The secret's span, and optionally the rule id to report (a password-named assignment says so). */
type Span = readonly [number, number, string?] | undefined;

/** Span of the named group `v` (bare value) or `q` (quoted value), whichever matched. */
function valueSpan(m: RegExpExecArray): readonly [number, number] | undefined {
  const g = m.indices?.groups;
  if (g) return g.q ?? g.v;
  // Without the \`d\` flag (it costs on every match): the value group ends the match, or its closing quote does.
  const end = m.index + m[0].length;
  const { q, v, open } = m.groups ?? {};
  if (q !== undefined) return [end - (open?.length ?? 1) - q.length, end - (open?.length ?? 1)];
  return v !== undefined ? [end - v.length, end] : undefined;
}

const trimBare = (text: string, [start, end]: readonly [number, number]): readonly [number, number] => {
  let e = end;
  let value = text.slice(start, e);
  // `a=b&c=d`, `Password=x;Database=y`: the next key ends the value.
  const next = /[&;,](?=\s*[A-Za-z_][\w.\- ]{0,40}=)/.exec(value);
  if (next) {
    e = start + next.index;
    value = text.slice(start, e);
  }
  // Sentence or list punctuation after a value, and closing brackets it did not open.
  for (;;) {
    const last = value[value.length - 1];
    if (last === undefined) break;
    const unbalanced =
      (last === ')' && !value.includes('(')) ||
      (last === ']' && !value.includes('[')) ||
      (last === '}' && !value.includes('{'));
    if (!(unbalanced || last === ',' || last === ';' || (last === '.' && !/\.\.$/.test(value)))) break;
    value = value.slice(0, -1);
    e--;
  }
  return [start, e];
};

/** Keywords of the name-based rules (`sig`, `sas`, `dsn` are left out: they fire on "design", "sass"...). */
const SECRET_NAME_KEYWORDS = ['pass', 'pwd', 'pw', 'secret', 'token', 'key', 'auth', 'cred', 'bearer', 'jwt', 'hmac'];
const NAME_CORE = String.raw`(?:pass|pwd|pw(?![a-z])|secret|token|key|auth|cred|sig|bearer|jwt|sas|hmac|dsn)`;

/** `name <sep> value` with the value quoted (passphrases keep their spaces) or bare. */
const ASSIGNMENT =
  /(?<![\w$@.-])(?=(?<name>@?[A-Za-z_$][\w$.-]{0,80}))\k<name>[\\"'\]]{0,4}[ \t]{0,3}(?<sep>:=|=>|=(?![=~])|:(?![:/\\])|\((?=\s*\\?["'\x60]))[ \t]{0,6}(?:(?<open>\\?["'\x60])(?<q>.*?)\k<open>|(?<v>[^\s"'\x60<>([{][^\s"'\x60<>]*))/g;

function assignmentSecret(m: RegExpExecArray, text: string): Span {
  const name = m.groups!.name!;
  const kind = secretNameKind(name);
  // `${DB_PASSWORD:-default}` is a shell expansion with a default, not an assignment.
  if (!kind || text.slice(Math.max(0, m.index - 2), m.index).endsWith('{')) return undefined;
  const quoted = m.groups!.q !== undefined;
  let span = valueSpan(m);
  if (!span) return undefined;
  if (!quoted) {
    span = trimBare(text, span);
    const value = text.slice(span[0], span[1]);
    // `Password: forgotten, reset it` is prose: a bare word followed by more words on the line.
    if (/^[A-Za-z]+$/.test(value) && /^[ \t]+[A-Za-z]/.test(text.slice(span[1], span[1] + 3))) return undefined;
  } else if (m.groups!.sep === '(' && kind !== 'password') return undefined;
  const value = text.slice(span[0], span[1]);
  if (!isSecretValue(kind, value, quoted)) return undefined;
  return [span[0], span[1], kind === 'password' ? 'password_assignment' : 'secret_assignment'];
}

/** A context rule: keywords, a regex, and how to find and judge the secret in a match. */
function contextRule(
  id: string,
  type: SecretType,
  keywords: readonly string[],
  pattern: RegExp,
  extract: (m: RegExpExecArray, text: string) => Span,
): SecretRule {
  return { id, type, keywords, pattern, extract, priority: 1 };
}

/** A password given on a command line after a flag: judged as typed text, placeholders and `$VAR` excluded. */
function cliPassword(id: string, keywords: readonly string[], pattern: RegExp): SecretRule {
  return contextRule(id, 'password', keywords, pattern, (m, text) => {
    const span = valueSpan(m);
    if (!span) return undefined;
    const value = text.slice(span[0], span[1]);
    return isCliSecret(value) ? span : undefined;
  });
}

function isCliSecret(value: string): boolean {
  if (value.length < 4 || isPlaceholder(value) || isCodeReference(value) || /^[$%-]/.test(value)) return false;
  return isPasswordValue(value, true) || isTokenValue(value) || (value.length >= 4 && shape(value).classes >= 2);
}

/** The value a flag or option takes: quoted (spaces allowed) or one shell word. */
const CLI_VALUE = String.raw`(?:(?<open>["'])(?<q>.+?)\k<open>|(?<v>[^\s"'|;&]+))`;

const AWS_KEY_ID = /(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}/;

export const CONTEXT_RULES: readonly SecretRule[] = [
  contextRule(
    'private_key',
    'private_key',
    ['-----begin'],
    /-----BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\:,-]{40,})/g,
    (m) => {
      // A real body, not `...` or `<your key>`.
      const body = m[0].replace(/-----[A-Z ]+-----/g, '').replace(/\\n|\s|Proc-Type:[^\n]*|DEK-Info:[^\n]*/g, '');
      return /^[A-Za-z0-9+/=]{32,}$/.test(body) && entropy(body) > 4 ? [m.index, m.index + m[0].length] : undefined;
    },
  ),
  contextRule(
    'putty_private_key',
    'private_key',
    ['putty-user-key-file'],
    /PuTTY-User-Key-File-\d:[\s\S]*?Private-Lines:\s*\d+\s*(?:[A-Za-z0-9+/=]+\s*){1,40}/g,
    (m) => [m.index, m.index + m[0].length],
  ),
  contextRule(
    'connection_string',
    'connection_string',
    ['://'],
    // scheme://user:password@host...; the whole URL is the secret (the password alone means little without it).
    /(?<![\w+.-])[a-zA-Z][a-zA-Z0-9+.-]{1,30}:\/\/(?<user>[^\s:@/'"`<>]*):(?<pw>[^\s'"`<>]+)@[^\s'"`<>@]+/g,
    (m) => {
      const pw = m.groups!.pw!;
      if (pw.length < 3 || isPlaceholder(pw) || isCodeReference(pw) || pw === 'vault' || /^\$|^%24/.test(pw))
        return undefined;
      let end = m.index + m[0].length;
      while (/[.,;)\]]/.test(m[0][end - m.index - 1] ?? '')) end--;
      return [m.index, end];
    },
  ),
  contextRule(
    'aws_secret_access_key',
    'api_key',
    ['aws', 'secretaccesskey', 'secret_access_key'],
    /(?:aws[\w.-]{0,20}?secret|secret_?access_?key)[\w.-]{0,20}["']?\s*[:=]\s*["']?(?<v>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    (m, text) => {
      const span = valueSpan(m)!;
      const v = text.slice(span[0], span[1]);
      return entropy(v) >= 3.5 && !isPlaceholder(v) ? span : undefined;
    },
  ),
  contextRule(
    'aws_secret_near_key_id',
    'api_key',
    ['akia', 'asia', 'abia', 'acca'],
    // The 40-character secret written beside its key id (`AKIA... wJalr...`), with no name of its own.
    /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g,
    (m, text) => {
      const v = m[0];
      const s = shape(v);
      if (!(s.lower && s.upper && s.digit) || entropy(v) < 4.0 || isPlaceholder(v)) return undefined;
      const near = text.slice(Math.max(0, m.index - 300), m.index + v.length + 300);
      return AWS_KEY_ID.test(near) ? [m.index, m.index + v.length] : undefined;
    },
  ),
  contextRule(
    'authorization_header',
    'token',
    ['authorization', 'auth'],
    /\b(?:proxy-)?authori[sz]ation["']?\s*[:=]\s*["']?(?<scheme>Basic|Bearer|Token|Bot|ApiKey|Api-Key|SSWS|GenieKey|JWT|Splunk|OAuth|Key|Client-ID|token|Digest)\s+(?<v>[A-Za-z0-9._~+/=:%-]{6,})/gi,
    (m, text) => {
      const span = valueSpan(m)!;
      const v = text.slice(span[0], span[1]);
      if (isPlaceholder(v) || isCodeReference(v)) return undefined;
      if (m.groups!.scheme!.toLowerCase() === 'basic') return isBasicCredential(v) ? span : undefined;
      return isTokenValue(v) || (v.length >= 8 && entropy(v) >= 3 && shape(v).classes >= 2) ? span : undefined;
    },
  ),
  contextRule('bearer_token', 'token', ['bearer'], /\bbearer\s+(?<v>[A-Za-z0-9._~+/-]{16,}=*)/gi, (m, text) => {
    const span = valueSpan(m)!;
    return isTokenValue(text.slice(span[0], span[1])) ? span : undefined;
  }),
  contextRule(
    'docker_config_auth',
    'password',
    ['"auth"'],
    /"auth"\s*:\s*"(?<v>[A-Za-z0-9+/]{8,}={0,2})"/dg,
    (m, text) => {
      const span = valueSpan(m)!;
      const decoded = decodeBasic(text.slice(span[0], span[1]));
      return decoded?.includes(':') && isBasicCredential(text.slice(span[0], span[1])) ? span : undefined;
    },
  ),
  cliPassword(
    'sshpass_password',
    ['sshpass'],
    new RegExp(String.raw`\bsshpass\s+(?:-[a-oq-zA-Z]\S*\s+)*-p\s*${CLI_VALUE}`, 'g'),
  ),
  cliPassword(
    'mysql_password',
    ['mysql', 'mariadb'],
    // `-pSecret` only: with a space mysql prompts and the next word is the database.
    new RegExp(
      String.raw`\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mysqlcheck|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p${CLI_VALUE}`,
      'g',
    ),
  ),
  cliPassword(
    'registry_login_password',
    ['login'],
    new RegExp(
      String.raw`\b(?:docker|podman|helm|oras|skopeo|buildah|nerdctl|az|cf|oc)\s+(?:registry\s+)?login\b[^\n|;&]*?\s(?:-p|--password)(?:\s+|=)${CLI_VALUE}`,
      'g',
    ),
  ),
  cliPassword(
    'redis_cli_password',
    ['redis-cli'],
    new RegExp(String.raw`\bredis-cli\b[^\n|;&]*?\s(?:-a|--pass)\s+${CLI_VALUE}`, 'g'),
  ),
  cliPassword(
    'mongo_cli_password',
    ['mongo'],
    new RegExp(
      String.raw`\bmongo(?:sh|dump|restore|import|export)?\b[^\n|;&]*?\s(?:-p|--password)(?:\s+|=)${CLI_VALUE}`,
      'g',
    ),
  ),
  cliPassword(
    'sqlcmd_password',
    ['sqlcmd', 'bcp', 'osql'],
    new RegExp(String.raw`\b(?:sqlcmd|bcp|osql|isql)\b[^\n|;&]*?\s-P\s*${CLI_VALUE}`, 'g'),
  ),
  cliPassword(
    'ldap_bind_password',
    ['ldap'],
    new RegExp(String.raw`\bldap[a-z]{3,8}\b[^\n|;&]*?\s-w\s+${CLI_VALUE}`, 'g'),
  ),
  cliPassword('smb_credentials', ['-u'], /\s-U\s+["']?[^\s%"']+%(?<v>[^\s"']+)/g),
  cliPassword('openssl_passphrase', ['pass:'], /-(?:pass(?:in|out)?|passphrase|k)\s+["']?pass:(?<v>[^\s"']+)/g),
  cliPassword('htpasswd_password', ['htpasswd'], /\bhtpasswd\s+-\w*b\w*\s+(?:\S+\s+){2}(?<v>[^\s"']+)/g),
  contextRule(
    'curl_user_credentials',
    'password',
    ['curl', 'wget', 'http'],
    /\b(?:curl|wget|http|https)\b(?:[^\n]|\\\n)*?\s(?:-u|--user)(?:\s+|=)(?:(?<open>["'])[^"':\s]*:(?<q>.+?)\k<open>|[^\s"':]+:(?<v>[^\s"']+))/g,
    (m, text) => {
      const span = valueSpan(m);
      return span && isCliSecret(text.slice(span[0], span[1])) ? span : undefined;
    },
  ),
  contextRule(
    'cli_secret_flag',
    'password',
    SECRET_NAME_KEYWORDS,
    new RegExp(
      String.raw`(?<=^|[\s"'])--?(?<name>(?=[A-Za-z])[\w.-]{0,40}?${NAME_CORE}[\w.-]{0,40})(?:=|\s+)${CLI_VALUE}`,
      'gi',
    ),
    (m, text) => {
      const kind = secretNameKind(m.groups!.name!);
      const span = valueSpan(m);
      if (!kind || !span) return undefined;
      const value = text.slice(span[0], span[1]);
      if (value.startsWith('-')) return undefined;
      return isSecretValue(kind, value, m.groups!.q !== undefined) ? span : undefined;
    },
  ),
  contextRule('secret_assignment', 'token', SECRET_NAME_KEYWORDS, ASSIGNMENT, assignmentSecret),
  contextRule(
    'quoted_name_value_pair',
    'password',
    SECRET_NAME_KEYWORDS,
    // define('DB_PASSWORD', '...'), setenv("API_KEY", "..."), config.set('token', '...')
    new RegExp(
      String.raw`(?<q1>["'])(?<name>[\w.\-]{0,40}?${NAME_CORE}[\w.\-]{0,40})\k<q1>\s*,\s*(?<open>["'])(?<q>[^"'\n]{1,300})\k<open>`,
      'gi',
    ),
    (m, text) => {
      const kind = secretNameKind(m.groups!.name!);
      const span = valueSpan(m)!;
      return kind && isSecretValue(kind, text.slice(span[0], span[1]), true) ? span : undefined;
    },
  ),
  contextRule(
    'xml_secret_element',
    'password',
    SECRET_NAME_KEYWORDS,
    /<(?<name>(?:[\w.-]+:)?[A-Za-z_][\w.-]*)(?:\s[^>]*)?>(?<v>[^<\s][^<\n]{3,300}?)<\/\k<name>>/dg,
    (m, text) => {
      const kind = secretNameKind(m.groups!.name!);
      const span = valueSpan(m)!;
      return kind && isSecretValue(kind, text.slice(span[0], span[1]), true) ? span : undefined;
    },
  ),
  contextRule(
    'config_key_value_pair',
    'password',
    ['<add', 'key='],
    /\bkey\s*=\s*"(?<name>[^"]{1,80})"\s+value\s*=\s*"(?<v>[^"]{1,300})"/dgi,
    (m, text) => {
      const kind = secretNameKind(m.groups!.name!);
      const span = valueSpan(m)!;
      return kind && isSecretValue(kind, text.slice(span[0], span[1]), true) ? span : undefined;
    },
  ),
  contextRule(
    'netrc_password',
    'password',
    ['machine'],
    /\bmachine\s+\S+\s+(?:login\s+\S+\s+)?password\s+(?<v>\S+)/g,
    (m, text) => {
      const span = valueSpan(m)!;
      return isCliSecret(text.slice(span[0], span[1])) ? span : undefined;
    },
  ),
  contextRule(
    'secret_in_prose',
    'password',
    ['pass', 'pwd', 'key', 'secret', 'token', 'pin'],
    // "my password is Tr0ub4dor&3", "the API key was 9f2c...", "set the token to ...". The words
    // naming what it is for ("for the staging db") end inside the sentence: "a pin on your purse. Is
    // Spider-Man..." is two sentences, no PIN.
    /\b(?<name>pass(?:word|phrase|code)?|pwd|pin|api[ _-]?key|access[ _-]?key|secret(?:[ _-]?key)?|token|credentials?)(?:\s+(?:for|of|on|at|to)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?[\w@-](?:[\w.@-]{0,38}[\w@-])?(?:\s+[\w@-](?:[\w.@-]{0,38}[\w@-])?)?(?:\s+(?:is|was|are|now)\s+|\s*:\s*)|\s+(?:is|was|are|to|now)\s+|(?<bare>[ \t]+))(?:now\s+|still\s+|set\s+to\s+)?[`"'“]?(?<v>[^\s`"'”]{6,200})/gi,
    (m, text) => {
      let [start, end] = valueSpan(m)!;
      while (end > start && /[.,;:!?)]/.test(text[end - 1]!)) end--;
      const value = text.slice(start, end);
      const s = shape(value);
      // A sentence goes on with words; a secret has digits, symbols or mixed case.
      if (s.classes < 2 || /^[A-Z][a-z]+$/.test(value)) return undefined;
      const name = m.groups!.name!.toLowerCase();
      // "with password Winter2024!": no connector, so only a value that cannot be a word.
      if (
        m.groups!.bare !== undefined &&
        (s.classes < 3 || !s.digit || value.length < 8 || /[=&/]/.test(value) || !/^(?:pass|pwd)/.test(name))
      )
        return undefined;
      const ok = /^(?:pass|pwd|pin)/.test(name) ? isPasswordValue(value, false) : isTokenValue(value);
      return ok ? [start, end] : undefined;
    },
  ),
];
