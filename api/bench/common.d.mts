/** Types of bench/common.mjs for the benches written in TypeScript (cluster, disruptions). */
import type { ChildProcess } from 'node:child_process';
import type { Result } from 'autocannon';

/** Connections of every load the benches put on the API. */
export const CONNECTIONS: number;
/** The web channel of the search and of the seat routes. */
export const channel: { cusuario: number; coficina_venta: number };
export const seatChannel: { susuario: string; cusuario: number };
/** The date `days` after today in Lima, `YYYY-MM-DD`. */
export function limaDate(days: number): string;
/** Starts bench/server.ts on `port` with `env` added; answers once it is ready. */
export function startApi(port: number, env: Record<string, string>): Promise<ChildProcess>;
export function stopApi(child: ChildProcess): Promise<void>;
/** The address of the bench's `n`th customer. */
export function clientAddress(n: number): string;
export function post<T = unknown>(base: string, url: string, body: unknown, client?: number): Promise<T>;
/** An autocannon run of JSON POSTs to `path` at CONNECTIONS; answers its result and how long it took. */
export function load(base: string, options: Record<string, unknown> & { path: string }): Promise<{ result: Result; seconds: number }>;
/** Runs `run(url)` on a new database `<prefix><time>` of the server at `adminUrl`, dropped afterwards. */
export function withPostgresDatabase<T>(adminUrl: string, prefix: string, run: (url: string) => Promise<T>): Promise<T>;
/** Writes bench-results/<name>.json. */
export function writeResults(name: string, results: unknown): void;
