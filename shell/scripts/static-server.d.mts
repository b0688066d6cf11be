/** Types of static-server.mjs (the remotes' origins of the local site). */
import type { FastifyInstance } from 'fastify';

export function registryOrigins(root: string, configured?: string[]): () => string[];
export function serveCdn(options: { root: string; port: number; host: string; allowedOrigins: string[] }): Promise<FastifyInstance>;
