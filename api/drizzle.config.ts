import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` reads this: it diffs the schema against the committed migrations.
// Migrations are applied by the server itself at start (src/db/client.ts), on PGlite or PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
