import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/** Told which tables a committed change wrote to. */
export type WriteListener = (tables: ReadonlySet<string>) => void;

/** `insert into "products"`, `update "vendors"`, `delete from "product_attributes"`: the table written. */
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;

/** `update "products" set "stock" = "stock" - ? where …`: an order or a return, nothing else changes. */
const STOCK_ONLY = /^\s*update\s+"products"\s+set\s+"stock"\s*=\s*"stock"\s*[-+]\s*(?:\?|\$\d+)\s+where\b/i;

/** The table a statement writes, or `products.stock` for a change of stock alone. */
export function writtenTable(sql: string): string | undefined {
  if (STOCK_ONLY.test(sql)) return 'products.stock';
  return WRITE.exec(sql)?.[1];
}

/** A connection that remembers what it wrote until its transaction ends. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  readonly written = new Set<string>();
  readonly inner: DatabaseConnection;
  private readonly committed: WriteListener;

  constructor(inner: DatabaseConnection, committed: WriteListener) {
    this.inner = inner;
    this.committed = committed;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    const table = writtenTable(query.sql);
    if (table) {
      if (this.inTransaction) this.written.add(table);
      else this.committed(new Set([table]));
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * Passes every call through, and reports writes once they are committed: after the statement
 * outside a transaction, after COMMIT inside one, never after a rollback. Readers that started
 * before the commit may still hold old rows; listeners deal with that (see the response cache).
 */
class WatchedDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();
  private readonly inner: Driver;
  private readonly committed: WriteListener;

  constructor(inner: Driver, committed: WriteListener) {
    this.inner = inner;
    this.committed = committed;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) {
      wrapper = new WatchedConnection(connection, this.committed);
      this.wrappers.set(connection, wrapper);
    }
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = connection as WatchedConnection;
    await this.inner.beginTransaction(watched.inner, settings);
    watched.inTransaction = true;
    watched.written.clear();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.commitTransaction(watched.inner);
    } finally {
      watched.inTransaction = false;
    }
    if (watched.written.size > 0) {
      const tables = new Set(watched.written);
      watched.written.clear();
      this.committed(tables);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const watched = connection as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(watched.inner);
    } finally {
      watched.inTransaction = false;
      watched.written.clear();
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.required('savepoint')((connection as WatchedConnection).inner, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.required('rollbackToSavepoint')((connection as WatchedConnection).inner, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.required('releaseSavepoint')((connection as WatchedConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as WatchedConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private required(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const fn = this.inner[method];
    if (!fn) throw new Error(`The database driver does not support ${method}`);
    return fn.bind(this.inner);
  }
}

/** The same dialect, reporting committed writes to `committed`. */
export function watchWrites(dialect: Dialect, committed: WriteListener): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new WatchedDriver(dialect.createDriver(), committed),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
