/**
 * The SDK's public types as plain declarations (sdk/src/types.ts), printed once by the TypeScript
 * checker from the contract: every data type the contract exports (`Artifact`, `LearnJob`, ...) and,
 * per route, its flat input and the data of its success envelope (`ArtifactsListInput`,
 * `ArtifactsListData`). The SDK's resources and client use only these names, so the published
 * `.d.ts` neither imports the contract nor re-derives zod's inference at every use: a script using
 * the SDK type-checks in about a second (docs/decisions/sdk.md). The types stay the contract's: they
 * are printed from it, test/sdk/generated.test.ts fails when they are stale, and
 * test/sdk/lean-types.check.ts (type-checked with the repository) asserts each one equal to the
 * contract's inferred type.
 */
import { fileURLToPath } from 'node:url';
import type { AppRoute } from '@ts-rest/core';
import ts from 'typescript';
import { contract } from '../../contract/src/index.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const probePath = `${repoRoot}sdk/src/__lean_types_probe.ts`;

/** Contract exports that are not data shapes (the router itself). */
const SKIP = new Set(['Contract', 'ContractArea']);

export interface RouteTypes {
  area: string;
  name: string;
  /** Name of the flat input type (path params, query and body fields). */
  input: string;
  /** Name of the success data type. */
  data: string;
  /** Whether every input field is optional (the input argument may be left out). */
  optional: boolean;
  /** For cursor-paginated lists: the type of one item (a name, or `Data['key'][number]`). */
  item?: string;
}

export interface LeanTypes {
  /** The text of sdk/src/types.ts. */
  text: string;
  /** The text of test/sdk/lean-types.check.ts. */
  check: string;
  /** The contract's exported data type names, in order. */
  named: string[];
  routes: RouteTypes[];
}

const pascal = (s: string) => s[0]?.toUpperCase() + s.slice(1);
export const routeTypeName = (area: string, name: string, kind: 'Input' | 'Data') =>
  `${pascal(area)}${pascal(name)}${kind}`;

const isIdentifier = (s: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s);

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(`${repoRoot}tsconfig.json`, ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot);
  return { ...options, noEmit: true };
}

let cached: LeanTypes | undefined;

/** Prints the SDK's public types from the contract (cached: one TypeScript program per process). */
export function renderLeanTypes(): LeanTypes {
  if (cached) return cached;
  const routes: Array<{ area: string; name: string; route: AppRoute }> = [];
  for (const [area, areaRoutes] of Object.entries(contract)) {
    for (const [name, route] of Object.entries(areaRoutes as Record<string, AppRoute>)) {
      routes.push({ area, name, route });
    }
  }
  const ref = (area: string, name: string) => `Contract['${area}']['${name}']`;
  const probe = [
    "import type { Contract } from '@hx-memory/contract';",
    "import type { RouteData, RouteInput } from './core/route-types.js';",
    ...routes.flatMap(({ area, name }) => [
      `type In__${area}__${name} = RouteInput<${ref(area, name)}>;`,
      `type Data__${area}__${name} = RouteData<${ref(area, name)}>;`,
      `type Opt__${area}__${name} = object extends RouteInput<${ref(area, name)}> ? true : false;`,
    ]),
  ].join('\n');

  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang, ...rest) =>
    file === probePath ? ts.createSourceFile(file, probe, lang, true) : getSourceFile(file, lang, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => file === probePath || fileExists(file);
  const program = ts.createProgram([probePath], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probePath);
  if (!source) throw new Error('lean types: probe not loaded');

  // The contract's exported type aliases and interfaces, by name.
  const importDecl = source.statements.find(ts.isImportDeclaration);
  const moduleSymbol = importDecl && checker.getSymbolAtLocation(importDecl.moduleSpecifier);
  if (!moduleSymbol) throw new Error('lean types: @hx-memory/contract not resolved');
  const named: Array<{ name: string; type: ts.Type }> = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(symbol.flags & (ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Interface))) continue;
    if (SKIP.has(exported.name)) continue;
    const decl = symbol.declarations?.[0];
    if (decl && (ts.isTypeAliasDeclaration(decl) || ts.isInterfaceDeclaration(decl)) && decl.typeParameters) continue;
    named.push({ name: exported.name, type: checker.getDeclaredTypeOfSymbol(symbol) });
  }

  // Which types print as a name: object types and unions of literals (never a primitive).
  const names = new Map<ts.Type, string>();
  const namedUnions: Array<{ name: string; members: Set<ts.Type> }> = [];
  const isLiteral = (t: ts.Type) => !!(t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral));
  for (const { name, type } of named) {
    if (names.has(type)) continue;
    if (type.flags & ts.TypeFlags.Object) names.set(type, name);
    else if (type.isUnion() && type.types.every(isLiteral)) {
      names.set(type, name);
      namedUnions.push({ name, members: new Set(type.types) });
    }
  }
  namedUnions.sort((a, b) => b.members.size - a.members.size);

  const NAMED = ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias;
  const fromLib = (symbol: ts.Symbol | undefined) =>
    !!symbol?.declarations?.some((d) => /typescript[\\/]lib[\\/]lib\.[^\\/]*\.d\.ts$/.test(d.getSourceFile().fileName));
  const stack = new Set<ts.Type>();
  const key = (k: string) => (isIdentifier(k) ? k : JSON.stringify(k));

  function print(type: ts.Type, indent: string, self?: string): string {
    const name = names.get(type);
    if (name && name !== self) return name;
    if (type.isUnion()) return printUnion(type, indent, self);
    // Kept an intersection (zod's passthrough objects are one): merged, it would not be identical.
    if (type.isIntersection()) return type.types.map((t) => wrap(print(t, indent))).join(' & ');
    if (type.flags & ts.TypeFlags.Object) {
      if (checker.isArrayType(type)) {
        const [element] = checker.getTypeArguments(type as ts.TypeReference);
        const readonly = type.symbol?.name === 'ReadonlyArray' ? 'readonly ' : '';
        return `${readonly}${wrap(print(element as ts.Type, indent))}[]`;
      }
      if (checker.isTupleType(type)) {
        const elements = checker.getTypeArguments(type as ts.TypeReference);
        return `[${elements.map((e) => print(e, indent)).join(', ')}]`;
      }
      if (type.getCallSignatures().length || type.getConstructSignatures().length) {
        throw new Error(`lean types: a function type in the contract (${checker.typeToString(type)})`);
      }
      // A class or interface of the TypeScript library (Date, ...) and `Record<...>` keep their names.
      if (fromLib(type.aliasSymbol) || (type.symbol && type.symbol.flags & NAMED && fromLib(type.symbol))) {
        return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
      }
      return printObject(type, indent);
    }
    return checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
  }

  function printUnion(type: ts.UnionType, indent: string, self?: string): string {
    let members = [...type.types];
    const parts: string[] = [];
    for (const { name, members: set } of namedUnions) {
      if (name !== self && set.size > 1 && [...set].every((m) => members.includes(m))) {
        parts.push(name);
        members = members.filter((m) => !set.has(m));
      }
    }
    const printed = members.map((m) => print(m, indent));
    if (printed.includes('true') && printed.includes('false')) {
      printed.splice(printed.indexOf('true'), 1, 'boolean');
      printed.splice(printed.indexOf('false'), 1);
    }
    const nullish = (p: string) => p === 'null' || p === 'undefined';
    return [...parts, ...printed.filter((p) => !nullish(p)), ...printed.filter(nullish)].map(wrap).join(' | ');
  }

  function printObject(type: ts.Type, indent: string): string {
    if (stack.has(type)) throw new Error(`lean types: recursive type ${checker.typeToString(type)}`);
    stack.add(type);
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const info of checker.getIndexInfosOfType(type)) {
      const keyType = checker.typeToString(info.keyType);
      lines.push(`${inner}${info.isReadonly ? 'readonly ' : ''}[key: ${keyType}]: ${print(info.type, inner)};`);
    }
    for (const prop of checker.getPropertiesOfType(type)) {
      const optional = prop.flags & ts.SymbolFlags.Optional ? '?' : '';
      const propType = checker.getTypeOfSymbol(prop);
      lines.push(`${inner}${key(prop.name)}${optional}: ${print(propType, inner)};`);
    }
    stack.delete(type);
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}';
  }

  // Unions and intersections inside an array or another union need parentheses.
  function wrap(text: string): string {
    let depth = 0;
    for (const ch of text) {
      if ('{[(<'.includes(ch)) depth += 1;
      else if ('}])>'.includes(ch)) depth -= 1;
      else if (depth === 0 && (ch === '|' || ch === '&')) return `(${text})`;
    }
    return text;
  }

  const aliasType = (alias: string) => {
    const decl = source.statements.find(
      (s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === alias,
    );
    if (!decl) throw new Error(`lean types: ${alias} missing from the probe`);
    return checker.getTypeAtLocation(decl.name);
  };

  const out: string[] = [
    '// Generated from the contract by sdk/scripts/write.ts (sdk/scripts/lean-types.ts); do not edit by hand.',
    '/**',
    " * The SDK's public types, printed once from the contract as plain declarations: the data types the",
    ' * contract exports and, per route, its flat input (path, query and body fields in one object) and',
    " * the data of its success envelope. test/sdk/lean-types.check.ts asserts each equal to the contract's.",
    ' */',
    '',
  ];
  const usedNames = new Set(named.map((n) => n.name));
  for (const { name, type } of named) out.push(`export type ${name} = ${print(type, '', name)};`, '');

  const result: RouteTypes[] = [];
  for (const { area, name, route } of routes) {
    const input = routeTypeName(area, name, 'Input');
    const data = routeTypeName(area, name, 'Data');
    for (const n of [input, data]) {
      if (usedNames.has(n)) throw new Error(`lean types: ${n} is both a contract type and a route type`);
      usedNames.add(n);
    }
    const inType = aliasType(`In__${area}__${name}`);
    const dataType = aliasType(`Data__${area}__${name}`);
    const optional = checker.typeToString(aliasType(`Opt__${area}__${name}`)) === 'true';
    const doc = `/** \`${route.method} ${route.path}\` */`;
    out.push(doc, `export type ${input} = ${print(inType, '')};`, '');
    out.push(doc, `export type ${data} = ${print(dataType, '')};`, '');
    let item: string | undefined;
    const paginated = checker.getPropertiesOfType(dataType).some((p) => p.name === 'pagination');
    if (paginated) {
      const items = checker
        .getPropertiesOfType(dataType)
        .find((p) => p.name !== 'pagination' && checker.isArrayType(checker.getTypeOfSymbol(p)));
      if (!items) throw new Error(`lean types: ${area}.${name} has pagination but no item array`);
      const [element] = checker.getTypeArguments(checker.getTypeOfSymbol(items) as ts.TypeReference);
      const printed = element ? print(element, '') : '';
      item = /^[A-Za-z]+$/.test(printed) ? printed : `${data}['${items.name}'][number]`;
    }
    result.push({ area, name, input, data, optional, item });
  }

  const check = [
    '// Generated by sdk/scripts/write.ts (sdk/scripts/lean-types.ts); do not edit by hand.',
    '/**',
    " * The SDK's plain types (sdk/src/types.ts) are the contract's: each is asserted identical to the type",
    ' * inferred from the contract, so `pnpm typecheck` fails when they drift. Not a vitest file: it is',
    ' * checked with the repository (tsconfig.json includes test/).',
    ' */',
    "import type * as C from '@hx-memory/contract';",
    "import type { Contract } from '@hx-memory/contract';",
    "import type { RouteData, RouteInput } from '../../sdk/src/core/route-types.js';",
    "import type * as L from '../../sdk/src/types.js';",
    '',
    'type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;',
    'type Assert<T extends true> = T;',
    '',
    'export type NamedTypesEqual = [',
    ...named.map(({ name }) => `  Assert<Equal<L.${name}, C.${name}>>,`),
    '];',
    '',
    'export type RouteTypesEqual = [',
    ...result.flatMap(({ area, name, input, data }) => [
      `  Assert<Equal<L.${input}, RouteInput<${ref(area, name)}>>>,`,
      `  Assert<Equal<L.${data}, RouteData<${ref(area, name)}>>>,`,
    ]),
    '];',
    '',
  ].join('\n');

  cached = { text: `${out.join('\n').trimEnd()}\n`, check, named: named.map((n) => n.name), routes: result };
  return cached;
}
