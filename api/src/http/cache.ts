import type { FastifyReply } from 'fastify';

/** Answers that carry a customer's purchase, tickets or session: never kept by a browser or proxy cache. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
