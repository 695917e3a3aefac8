import type { SqlQuery } from '../review/filterQuery';

/**
 * The parameters of one statement being written in parts: each part adds its values and gets
 * their placeholders, and a part written elsewhere with its own $1, $2 ... (filterWhere's) is
 * renumbered to follow the ones before it.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder of a new value. */
  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }

  /** The text of a query written from $1, renumbered after the values so far, its values added. */
  embed(query: SqlQuery): string {
    const shift = this.values.length;
    this.values.push(...query.params);
    return query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
  }

  query(sql: string): SqlQuery {
    return { sql, params: this.values };
  }
}
