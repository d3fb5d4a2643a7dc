import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects } from '#server/testing/test-database.ts';
import type { DatabaseHandle } from './database.ts';

/** Kysely's own bookkeeping, which schema.ts rightly does not declare. */
const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * The tables and columns a TypeScript source declares: each property of its `Database`
 * interface names a table, whose type is an interface in the same file listing the columns.
 */
function declaredTables(source: string): Map<string, string[]> {
  const file = ts.createSourceFile('schema.ts', source, ts.ScriptTarget.Latest);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const nameOf = (member: ts.TypeElement) => {
    if (!ts.isPropertySignature(member) || !member.name) throw new Error(`Not a property: ${member.getText(file)}`);
    return ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText(file);
  };
  const database = interfaces.get('Database');
  if (!database) throw new Error('No Database interface');
  const tables = new Map<string, string[]>();
  for (const member of database.members) {
    const table = nameOf(member);
    const type = (member as ts.PropertySignature).type;
    if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName))
      throw new Error(`${table}: its type is not an interface name`);
    const columns = interfaces.get(type.typeName.text);
    if (!columns) throw new Error(`${table}: no interface ${type.typeName.text} in the file`);
    if (columns.heritageClauses?.length)
      throw new Error(`${type.typeName.text}: extends another interface, which this reader does not follow`);
    tables.set(table, columns.members.map(nameOf).sort());
  }
  return tables;
}

/** The tables and columns of the connected database (for PostgreSQL, its current schema). */
async function migratedTables(handle: DatabaseHandle): Promise<Map<string, string[]>> {
  const rows =
    handle.dialect === 'sqlite'
      ? await sql<{ table_name: string; column_name: string }>`
          SELECT m.name AS table_name, c.name AS column_name FROM sqlite_master m, pragma_table_info(m.name) c
          WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`.execute(handle.db)
      : await sql<{ table_name: string; column_name: string }>`
          SELECT c.table_name, c.column_name FROM information_schema.columns c
          JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'`.execute(handle.db);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of rows.rows) {
    if (MIGRATOR_TABLES.has(table_name)) continue;
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  for (const columns of tables.values()) columns.sort();
  return tables;
}

const asObject = (tables: Map<string, string[]>) => Object.fromEntries([...tables].sort(([a], [b]) => a.localeCompare(b)));

describe('declaredTables', () => {
  it('reads the tables of the Database interface and the columns of each, quoted or not', () => {
    const source = `
      type Timestamp = string;
      /** a table */
      export interface PeopleTable { id: Generated<number>; 'full_name': string; born_at: Timestamp | null }
      interface NotATable { stray: string }
      export interface Database { people: PeopleTable; 'old_people': PeopleTable }`;
    expect(asObject(declaredTables(source))).toEqual({
      people: ['born_at', 'full_name', 'id'],
      old_people: ['born_at', 'full_name', 'id'],
    });
  });

  it('refuses a table whose type it cannot follow', () => {
    expect(() => declaredTables('export interface Database { people: { id: number } }')).toThrow(
      /people: its type is not an interface name/,
    );
    expect(() => declaredTables('export interface Database { people: PeopleTable }')).toThrow(/no interface PeopleTable/);
    expect(() =>
      declaredTables(
        'interface Base { id: number } interface PeopleTable extends Base { name: string } export interface Database { people: PeopleTable }',
      ),
    ).toThrow(/extends/);
  });
});

describe.each(testDialects())('the migrated database on %s', (dialect) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(dialect);
  });
  afterAll(() => handle.destroy());

  it('has exactly the tables and columns schema.ts declares', async () => {
    const declared = declaredTables(readFileSync(path.join(import.meta.dirname, 'schema.ts'), 'utf8'));
    expect(declared.size).toBeGreaterThan(30);
    const migrated = await migratedTables(handle);
    expect(asObject(migrated)).toEqual(asObject(declared));
  });
});
