import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

/**
 * better-sqlite3 for the Node running us (docs/decisions/034). Version 12 is built on V8's own API: on
 * Node 24 a statement collected by the garbage collector aborts the process (`RemoveEnvironmentCleanupHook`
 * asserts, WiseLibs/better-sqlite3#1515), in a server as much as at exit. Version 13 is built on
 * Node-API, ships its binary in the package, and needs Node 22 or newer, where version 12 is the one
 * that works on the build machines' Node 20. Both are installed (13 under the alias
 * `better-sqlite3-napi`); the same API, so one type serves both.
 */
export const SQLite: typeof BetterSqlite3 = require(nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
