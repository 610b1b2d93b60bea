// SQL with its parameters, as the link list's policy writes it once for both databases (link-list.policy.ts):
// a fragment keeps its text pieces and its parameters apart, and each store renders the placeholders of its
// driver (`?` on SQLite, `$1` on PostgreSQL). A plan is a generator that yields the statements the policy runs,
// one step at a time, and gets each answer back: SQLite's store answers at once, so the list stays synchronous
// there (link-list.repo.ts), PostgreSQL's after a round trip (pg-link-list.repo.ts).

export class Sql {
  constructor(
    /** The text around the parameters: one piece more than there are parameters. */
    readonly strings: readonly string[],
    readonly params: readonly unknown[],
  ) {}
}

/** A fragment: `${value}` becomes a parameter, `${fragment}` is inlined with its parameters. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  const out = [strings[0] as string];
  const params: unknown[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Sql) {
      out[out.length - 1] += v.strings[0] as string;
      for (let j = 1; j < v.strings.length; j++) out.push(v.strings[j] as string);
      for (const p of v.params) params.push(p);
    } else {
      params.push(v);
      out.push('');
    }
    out[out.length - 1] += strings[i + 1] as string;
  }
  return new Sql(out, params);
}

/** Text written by the code itself (names, keywords), never a value. */
export const raw = (text: string): Sql => new Sql([text], []);

export function join(parts: readonly Sql[], separator: string): Sql {
  const strings = [''];
  const params: unknown[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as Sql;
    strings[strings.length - 1] += (i > 0 ? separator : '') + (part.strings[0] as string);
    for (let j = 1; j < part.strings.length; j++) strings.push(part.strings[j] as string);
    for (const p of part.params) params.push(p);
  }
  return new Sql(strings, params);
}

/** A fragment written once with a stand-in parameter, to be given its value per use (see `bind`). */
export const PLACEHOLDER: unique symbol = Symbol('placeholder');

/** `template` with its PLACEHOLDER parameters set to `value`. */
export function bind(template: Sql, value: unknown): Sql {
  return new Sql(template.strings, template.params.map((p) => (p === PLACEHOLDER ? value : p)));
}

/** Every condition (none: true). */
export const and = (parts: readonly Sql[]): Sql => (parts.length ? join(parts, ' AND ') : raw('1 = 1'));

/** Any of the conditions, each in parentheses (none: false). */
export const or = (parts: readonly Sql[]): Sql => (parts.length ? sql`(${join(parts.map((p) => sql`(${p})`), ' OR ')})` : raw('1 = 0'));

/** One statement of a plan: every row, the first column of every row, or the first column of the first row. */
export type Step = { kind: 'rows' | 'column' | 'value'; query: Sql } | { kind: 'values'; queries: readonly Sql[] };

/** A plan answering T: run by a store (SQLite at once, PostgreSQL with a promise). */
export type Plan<T> = Generator<Step, T, unknown>;

export function* rows<T>(query: Sql): Plan<T[]> {
  return (yield { kind: 'rows', query }) as T[];
}

export function* column<T>(query: Sql): Plan<T[]> {
  return (yield { kind: 'column', query }) as T[];
}

/** The first column of the first row (undefined: no row). */
export function* value<T>(query: Sql): Plan<T | undefined> {
  return (yield { kind: 'value', query }) as T | undefined;
}

/** A count (PostgreSQL answers count(*) as a string). */
export function* count(query: Sql): Plan<number> {
  return Number((yield* value<number | string>(query)) ?? 0);
}

/** The sum of counts that do not depend on each other: at once where the database can (several connections). */
export function* countSum(queries: readonly Sql[]): Plan<number> {
  const counts = (yield { kind: 'values', queries }) as (number | string | undefined)[];
  return counts.reduce<number>((sum, n) => sum + Number(n ?? 0), 0);
}
