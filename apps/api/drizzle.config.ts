import { defineConfig } from 'drizzle-kit';

// Each module keeps its tables in its own `<name>.schema.ts`; the tables every module joins are in
// src/platform/db/core.schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/*.schema.ts',
  out: './drizzle',
});
