import { timestamp } from 'drizzle-orm/pg-core';

/** An instant (`timestamptz`), read and written as a Date: every time a table stores. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
