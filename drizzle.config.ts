import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used (it reads the schema, not a database). Migrations are applied by the
// app at start-up; never point drizzle-kit at a running app's PGlite folder (docs/stack.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/*.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
